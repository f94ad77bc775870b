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
    /// JSON string): the spans of the one finder (``SecretSpanFinder``). Names that merely end like one (`sso_access_token=`) and values that are already
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
        // An empty value (`access_token=&…`) holds no secret and stays as written; so does a marker.
        let edits = SecretSpanFinder.standard.spans(in: bytes).map(\.value).filter { value in
            !value.isEmpty && SecretPlaceholder.markerLength(in: bytes, at: value.lowerBound) == nil
                && SecretPlaceholder.encodedMarkerLength(in: bytes, at: value.lowerBound) != value.count
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
}
