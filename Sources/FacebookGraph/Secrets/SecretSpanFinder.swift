import Foundation

/// Where the values of secret parameters stand in text, and every way a known secret is written:
/// the one finder that free-text redaction (``SecretPolicy``'s `redactSecrets`), cassette redaction
/// (the replay kit's `Redactor`) and the secret scanner all call, so what one rewrites the other
/// detects, span for span.
///
/// A name counts when a role of its table (``SecretRoles``, by default ``SecretDefinition/roles``)
/// names it, written as it is or with `_` percent-encoded (`access%5Ftoken`), and when it does not
/// continue a longer name (a letter, digit or `_` before it, unless that ends a `%XX` or `\u00XX`
/// escape: `%3Faccess_token`, `\u0026password`). Its value follows as
///
/// - **a parameter** in a query, form body, header, cookie or log line: `name` then one of
///   ``SecretDefinition/valueSeparators`` (`=`, `%3D`, `%253D`, `\u003D`); the value ends where
///   ``SecretDefinition/valueEnd(in:from:encoded:)`` says;
/// - **a JSON member**: `"name": "value"`, the value running to its closing quote;
/// - **an escaped JSON member** inside a JSON string or an encoded `batch` item: the quotes written
///   `\"`, `\u0022` or `%22` and the colon `:`, `%3A` or `\u003A`; the value ends as a parameter's
///   does (at the backslash of the closing `\"`, or at `%22` after an encoded quote).
package struct SecretSpanFinder: Sendable {
    /// The roles whose names this finder finds.
    package let roles: SecretRoles
    /// Every name as written (raw, `_` as `%5F` and `%5f`), with its name and role.
    private let nameForms: [(bytes: [UInt8], name: String, role: SecretRole)]

    /// The finder for ``SecretDefinition/roles``.
    package static let standard = SecretSpanFinder(roles: SecretDefinition.roles)

    /// A finder for the names of `roles`.
    package init(roles: SecretRoles) {
        self.roles = roles
        nameForms = roles.parameters.sorted { $0.key < $1.key }.flatMap { name, role in
            Set([
                name, name.replacingOccurrences(of: "_", with: "%5F"), name.replacingOccurrences(of: "_", with: "%5f"),
            ])
            .sorted().map { (bytes: Array($0.utf8), name: name, role: role) }
        }
    }

    /// Every secret value named in `bytes`, in order of its name's position (empty values included:
    /// callers decide what an empty one means).
    package func spans(in bytes: [UInt8]) -> [SecretSpan] {
        var found: [SecretSpan] = []
        for form in nameForms {
            for start in SecretPolicy.occurrences(of: form.bytes, in: bytes) where standsAlone(bytes, at: start) {
                guard let (value, syntax) = Self.value(in: bytes, afterNameAt: start, length: form.bytes.count)
                else { continue }
                found.append(
                    SecretSpan(name: form.name, role: form.role, nameStart: start, value: value, syntax: syntax))
            }
        }
        return found.sorted { $0.nameStart < $1.nameStart }
    }

    /// True when the name at `start` is not the tail of a longer name.
    private func standsAlone(_ bytes: [UInt8], at start: Int) -> Bool {
        guard start > 0, SecretPolicy.isNameByte(bytes[start - 1]) else { return true }
        let afterPercent = start >= 3 && bytes[start - 3] == UInt8(ascii: "%")
        let afterUnicode = start >= 6 && bytes[start - 6] == UInt8(ascii: "\\") && bytes[start - 5] == UInt8(ascii: "u")
        return afterPercent || afterUnicode
    }

    /// The quotes of a JSON member: raw, escaped, `\u`-escaped and percent-encoded.
    private static let quotes: [[UInt8]] = ["\"", "\\\"", "\\u0022", "%22"].map { Array($0.utf8) }
    /// The colons of a JSON member: raw, percent-encoded and `\u`-escaped.
    private static let colons: [[UInt8]] = [":", "%3A", "\\u003A"].map { Array($0.utf8) }

    /// The value that follows the name at `start` and how it is written, or nil when no separator
    /// follows the name.
    private static func value(
        in bytes: [UInt8],
        afterNameAt start: Int,
        length: Int
    ) -> (Range<Int>, SecretSpan.Syntax)? {
        let end = start + length
        if let separator = SecretDefinition.valueSeparatorLength(in: bytes, at: end) {
            let valueStart = end + separator
            let valueEnd = SecretDefinition.valueEnd(in: bytes, from: valueStart, encoded: separator > 1)
            return (valueStart..<valueEnd, .parameter(encodedSeparator: separator > 1))
        }
        for quote in quotes where SecretDefinition.startsCaseInsensitively(bytes, at: start - quote.count, with: quote)
        {
            guard SecretDefinition.startsCaseInsensitively(bytes, at: end, with: quote) else { continue }
            var cursor = skippingWhitespace(bytes, from: end + quote.count)
            guard
                let colon = colons.first(where: {
                    SecretDefinition.startsCaseInsensitively(bytes, at: cursor, with: $0)
                })
            else { continue }
            cursor = skippingWhitespace(bytes, from: cursor + colon.count)
            guard SecretDefinition.startsCaseInsensitively(bytes, at: cursor, with: quote) else { continue }
            let valueStart = cursor + quote.count
            guard quote.count == 1 else {
                let encoded = quote.first == UInt8(ascii: "%")
                return (
                    valueStart..<SecretDefinition.valueEnd(in: bytes, from: valueStart, encoded: encoded),
                    .escapedJSONMember
                )
            }
            var valueEnd = valueStart
            while valueEnd < bytes.count, bytes[valueEnd] != UInt8(ascii: "\"") {
                valueEnd += bytes[valueEnd] == UInt8(ascii: "\\") ? 2 : 1
            }
            return (valueStart..<min(valueEnd, bytes.count), .jsonMember)
        }
        return nil
    }

    /// The index of the first byte from `index` that is not JSON white space.
    private static func skippingWhitespace(_ bytes: [UInt8], from index: Int) -> Int {
        var cursor = index
        while cursor < bytes.count, JSONString.isWhitespace(bytes[cursor]) { cursor += 1 }
        return cursor
    }
}

/// One secret value that ``SecretSpanFinder`` found: whose it is, where it stands, how it is written.
package struct SecretSpan: Equatable, Sendable {
    /// How the value is written.
    package enum Syntax: Equatable, Sendable {
        /// `name=value`, the separator encoded (`%3D`, `%253D`, `\u003D`) or not.
        case parameter(encodedSeparator: Bool)
        /// `"name": "value"` in JSON text.
        case jsonMember
        /// A JSON member with escaped or encoded quotes, inside a string or an encoded item.
        case escapedJSONMember
    }

    /// The parameter name, as its role table spells it.
    package let name: String
    /// The name's role.
    package let role: SecretRole
    /// Where the name starts.
    package let nameStart: Int
    /// The value's bytes (possibly empty).
    package let value: Range<Int>
    /// How the value is written.
    package let syntax: Syntax

    /// The value as it reads decoded: a JSON member's string unescaped, any other value
    /// percent-decoded (and a parameter's `+` read as a space when `plusIsSpace`).
    package func decodedValue(in bytes: [UInt8], plusIsSpace: Bool) -> String {
        switch syntax {
        case .jsonMember: JSONString.unescape(bytes[value])
        case .parameter: FormEncoding.unescape(bytes: bytes[value], plusAsSpace: plusIsSpace)
        case .escapedJSONMember: FormEncoding.unescape(bytes: bytes[value], plusAsSpace: false)
        }
    }
}
