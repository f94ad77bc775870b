import Foundation

/// Keeping secrets out of free text: error messages, libcurl's detail, response excerpts.
extension SecretPolicy {
    /// `url` with the value of every secret parameter replaced by `<redacted>` and any user info
    /// (`user:password@`) removed. Works on text, so it never fails on a URL that does not parse.
    package static func redactedURL(_ url: String) -> String {
        var text = url
        if let schemeEnd = text.range(of: "://") {
            let authorityEnd = text[schemeEnd.upperBound...].firstIndex { "/?#".contains($0) } ?? text.endIndex
            if let at = text[schemeEnd.upperBound..<authorityEnd].lastIndex(of: "@") {
                text.removeSubrange(schemeEnd.upperBound...at)
            }
        }
        return redactSecrets(in: text)
    }

    /// `text` with the value of every secret parameter replaced by `<redacted>`: after `name=`, after
    /// a percent-encoded name or `=` (`access%5Ftoken=`, `access_token%3D` inside an encoded `batch`
    /// item or `next` URL), and as a JSON string member (`"access_token": "…"`, also escaped inside a
    /// JSON string). Names that merely end like one (`sso_access_token=`) and values that are already
    /// a marker (`<redacted>`, `<TOKEN-1>`, also percent-encoded: `%3CTOKEN-1%3E`) are left alone.
    /// Then every Graph token shape (``TokenShape``: `EAA…`, app tokens, 64-hex proofs) that stands
    /// anywhere else — a server echoing a bare token in its error text, a token in a path — becomes
    /// `<redacted>` as well: the one definition of a secret is its name or its shape.
    package static func redactSecrets(in text: String) -> String {
        redactTokenShapes(in: redactNamedSecrets(in: text))
    }

    /// `text` with every accepted match of a ``TokenShape`` replaced by `<redacted>`.
    private static func redactTokenShapes(in text: String) -> String {
        // Every shape starts with a letter or digit and is 16 characters or more: a short text
        // or one without such a run (most error texts) skips the regular expressions.
        guard text.utf8.count >= 16 else { return text }
        var result = text
        for shape in TokenShape.all {
            let whole = NSRange(result.startIndex..., in: result)
            for match in shape.regex.matches(in: result, range: whole).reversed() {
                guard let range = Range(match.range, in: result), shape.accepts(String(result[range])) else { continue }
                result.replaceSubrange(range, with: SecretPlaceholder.redacted)
            }
        }
        return result
    }

    /// `text` with the value of every secret parameter replaced by `<redacted>` (the first half of
    /// ``redactSecrets(in:)``).
    private static func redactNamedSecrets(in text: String) -> String {
        let bytes = Array(text.utf8)
        var edits: [Range<Int>] = []
        for form in nameForms {
            for start in occurrences(of: form, in: bytes) {
                // A name counts after a delimiter or a `%XX` escape (`%3Faccess_token%3D…`), not
                // inside a longer name.
                let afterEscape = start >= 3 && bytes[start - 3] == UInt8(ascii: "%")
                if start > 0, isNameByte(bytes[start - 1]), !afterEscape { continue }
                // An empty value (`access_token=&…`) holds no secret and stays as written.
                guard let value = valueRange(in: bytes, afterNameAt: start, length: form.count), !value.isEmpty
                else { continue }
                if SecretPlaceholder.markerLength(in: bytes, at: value.lowerBound) != nil
                    || SecretPlaceholder.encodedMarkerLength(in: bytes, at: value.lowerBound) == value.count
                {
                    continue
                }
                edits.append(value)
            }
        }
        guard !edits.isEmpty else { return text }
        var result = bytes
        var lastStart = Int.max
        for range in edits.sorted(by: { $0.lowerBound > $1.lowerBound }) where range.upperBound <= lastStart {
            result.replaceSubrange(range, with: Array(SecretPlaceholder.redacted.utf8))
            lastStart = range.lowerBound
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// Every secret parameter name as written raw and with `_` percent-encoded.
    private static let nameForms: [[UInt8]] = SecretDefinition.parameterNames.sorted().flatMap { name in
        Set([name, name.replacingOccurrences(of: "_", with: "%5F"), name.replacingOccurrences(of: "_", with: "%5f")])
            .sorted().map { Array($0.utf8) }
    }

    /// How a value follows its name, and how far it runs.
    private enum Separator {
        /// `=` or an encoded form (`SecretDefinition.valueSeparators`): the value runs to a delimiter,
        /// and after an encoded separator also to an encoded one.
        case equals(encoded: Bool)
        /// `"name": "` (or its escaped form `\"name\":\"`): the value runs to its closing quote.
        case json(escaped: Bool)
    }

    /// The value of the name at `start`, or nil when no separator follows it.
    private static func valueRange(in bytes: [UInt8], afterNameAt start: Int, length: Int) -> Range<Int>? {
        let end = start + length
        guard end < bytes.count else { return nil }
        var separator: Separator?
        var valueStart = end
        if let length = SecretDefinition.valueSeparatorLength(in: bytes, at: end) {
            separator = .equals(encoded: length > 1)
            valueStart = end + length
        }
        if separator == nil {
            for (opening, escaped) in [("\"", false), ("\\\"", true)] {
                let quote = Array(opening.utf8)
                guard start >= quote.count, bytes[(start - quote.count)..<start].elementsEqual(quote),
                    bytes[end...].starts(with: quote)
                else { continue }
                var cursor = end + quote.count
                while cursor < bytes.count, bytes[cursor] == 0x20 { cursor += 1 }
                guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: ":") else { continue }
                cursor += 1
                while cursor < bytes.count, bytes[cursor] == 0x20 { cursor += 1 }
                guard bytes[cursor...].starts(with: quote) else { continue }
                separator = .json(escaped: escaped)
                valueStart = cursor + quote.count
                break
            }
        }
        guard let separator else { return nil }
        var cursor = valueStart
        switch separator {
        case .equals(let encoded):
            cursor = SecretDefinition.valueEnd(in: bytes, from: valueStart, encoded: encoded)
        case .json(let escaped):
            while cursor < bytes.count {
                if escaped, bytes[cursor...].starts(with: Array("\\\"".utf8)) { break }
                if !escaped, bytes[cursor] == UInt8(ascii: "\"") { break }
                cursor += bytes[cursor] == UInt8(ascii: "\\") && !escaped ? 2 : 1
            }
            cursor = min(cursor, bytes.count)
        }
        return valueStart..<cursor
    }
}
