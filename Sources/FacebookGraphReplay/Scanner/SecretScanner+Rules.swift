import FacebookGraph
import Foundation

extension SecretScanner {
    /// One shape: a pattern, the group holding the secret, and a check that trims or rejects it.
    struct Rule: Sendable {
        /// The finding's kind.
        var kind: String
        /// The pattern.
        var regex: NSRegularExpression
        /// The capture group holding the candidate secret (0 for the whole match).
        var group: Int = 0
        /// A capture group naming the parameter, which then names the kind (`access_token value`).
        var nameGroup: Int?
        /// The secret's UTF-16 range within the captured text, or `nil` when it is not a secret.
        var secret: @Sendable (String) -> Range<Int>?

        /// A rule for one of the known secrets, raw or percent-encoded.
        static func known(_ secret: String) -> Rule? {
            let encoded = secret.addingPercentEncoding(withAllowedCharacters: unreserved) ?? secret
            let forms = [secret, encoded, lowerHex(encoded)]
            let alternatives = Array(Set(forms)).sorted { $0.count > $1.count }
                .map(NSRegularExpression.escapedPattern(for:))
            guard let regex = try? NSRegularExpression(pattern: alternatives.joined(separator: "|")) else { return nil }
            return Rule(kind: "known secret", regex: regex, secret: whole)
        }

        /// The built-in shapes, in priority order.
        static let builtIn: [Rule] = {
            let tokenNames = SecretDefinition.scannedParameterNames.joined(separator: "|")
            let jsonString = #""((?:[^"\\]|\\.)*)""#
            let authorizationName = #""(?:proxy-)?authorization""#
            let encodedQuote = #"(?:\\"|\\u0022|%22)"#
            let shapes = TokenShape.all.map { shape in
                Rule(kind: shape.kind, regex: shape.regex) { shape.accepts($0) ? 0..<$0.utf16.count : nil }
            }
            return shapes + [
                Rule(
                    kind: "Authorization header",
                    regex: pattern(#"(?i)\b(?:proxy-)?authorization\s*:\s*(?:bearer|oauth)\s+([^\s"'\\,;]+)"#),
                    group: 1,
                    secret: notPlaceholder
                ),
                Rule(
                    kind: "Authorization header",
                    regex: pattern("(?i)" + authorizationName + #"\s*:\s*"# + jsonString),
                    group: 1,
                    secret: credential
                ),
                Rule(
                    kind: "Authorization header",
                    regex: pattern(#"(?i)"name"\s*:\s*"# + authorizationName + #"\s*,\s*"value"\s*:\s*"# + jsonString),
                    group: 1,
                    secret: credential
                ),
                Rule(
                    kind: "Authorization header",
                    regex: pattern(#"(?i)"value"\s*:\s*"# + jsonString + #"\s*,\s*"name"\s*:\s*"# + authorizationName),
                    group: 1,
                    secret: credential
                ),
                Rule(
                    kind: "parameter value",
                    // After a delimiter or an escape (`%3Faccess_token`, `\u0026password`); `=` also
                    // percent-encoded once or twice, or JSON-escaped.
                    regex: pattern(
                        #"(?:(?<![A-Za-z0-9_])|(?<=%[0-9A-Fa-f]{2})|(?<=\\u00[0-9A-Fa-f]{2}))("# + tokenNames
                            + ")" + separator + "(" + valueClass + "+)"
                    ),
                    group: 2,
                    nameGroup: 1,
                    secret: parameterValue
                ),
                Rule(
                    kind: "parameter value",
                    regex: pattern(#""("# + tokenNames + #")"\s*:\s*"# + jsonString),
                    group: 2,
                    nameGroup: 1,
                    secret: parameterValue
                ),
                Rule(
                    kind: "parameter value",
                    // A JSON member whose quotes are escaped or percent-encoded (`\"`, `\u0022`, `%22`),
                    // inside a JSON string or an encoded `batch` item.
                    regex: pattern(
                        encodedQuote + "(" + tokenNames + ")" + encodedQuote + #"\s*(?::|%3[Aa]|\\u003[Aa])\s*"#
                            + encodedQuote + #"((?:[A-Za-z0-9._\-|]|%7[Cc])+)"#
                    ),
                    group: 2,
                    nameGroup: 1,
                    secret: parameterValue
                ),
                Rule(
                    kind: "parameter value",
                    regex: pattern(#""name"\s*:\s*"("# + tokenNames + #")"\s*,\s*"value"\s*:\s*"# + jsonString),
                    group: 2,
                    nameGroup: 1,
                    secret: parameterValue
                ),
                Rule(
                    kind: "parameter value",
                    regex: pattern(#""value"\s*:\s*"# + jsonString + #"\s*,\s*"name"\s*:\s*"("# + tokenNames + #")""#),
                    group: 1,
                    nameGroup: 2,
                    secret: parameterValue
                ),
            ]
        }()

        /// A compiled built-in pattern (a typo in one is a programming error).
        private static func pattern(_ text: String) -> NSRegularExpression {
            do {
                return try NSRegularExpression(pattern: text)
            } catch {
                preconditionFailure("SecretScanner pattern \(text) does not compile: \(error)")
            }
        }

        // MARK: Checks

        /// The whole capture.
        private static let whole: @Sendable (String) -> Range<Int>? = { 0..<$0.utf16.count }

        /// The whole capture unless it is a placeholder.
        private static let notPlaceholder: @Sendable (String) -> Range<Int>? = { text in
            SecretPlaceholder.isStandIn(text) ? nil : 0..<text.utf16.count
        }

        /// The credential of a header value (after its scheme), unless empty or a placeholder.
        private static let credential: @Sendable (String) -> Range<Int>? = { value in
            var start = value.startIndex
            if let space = value.firstIndex(of: " ") {
                start = value[space...].firstIndex { $0 != " " } ?? value.endIndex
            }
            let secret = value[start...]
            guard !secret.isEmpty, !SecretPlaceholder.isStandIn(String(secret)) else { return nil }
            let offset = value.utf16.distance(from: value.startIndex, to: start)
            return offset..<(offset + secret.utf16.count)
        }

        /// The core's `=` forms (`SecretDefinition.valueSeparators`), hex digits without case.
        private static let separator: String =
            "(?:"
            + SecretDefinition.valueSeparators.map { "(?i:" + NSRegularExpression.escapedPattern(for: $0) + ")" }
            .joined(separator: "|") + ")"

        /// A regular-expression class for the bytes a parameter value runs over: everything but what
        /// the core's one rule says ends it (`SecretDefinition.endsParameterValue`), so the scanner
        /// judges the span the redactor learns.
        private static let valueClass: String =
            "[^\\x{00}-\\x{20}"
            + SecretDefinition.valueDelimiters.map { "\\x{" + String($0, radix: 16) + "}" }.joined() + "]"

        /// A parameter value, cut at a percent-encoded delimiter (the core's list, once or twice
        /// encoded), when it is at least 16 characters, holds a digit and is not a placeholder. (A
        /// JSON escape such as `\u0026` or `\n` already ends it: the backslash is a delimiter.)
        private static let parameterValue: @Sendable (String) -> Range<Int>? = { value in
            var secret = Substring(value)
            for delimiter in SecretDefinition.encodedValueDelimiters {
                if let found = secret.range(of: delimiter, options: .caseInsensitive) {
                    secret = secret[..<found.lowerBound]
                }
            }
            guard secret.count >= 16, secret.contains(where: \.isNumber), !SecretPlaceholder.isStandIn(String(secret))
            else {
                return nil
            }
            return 0..<secret.utf16.count
        }

        /// The unreserved characters of RFC 3986.
        private static let unreserved = CharacterSet(
            charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
        )

        /// `text` with the hex digits of its `%XX` escapes in lower case.
        private static func lowerHex(_ text: String) -> String {
            var result = ""
            var remaining = Substring(text)
            while let percent = remaining.firstIndex(of: "%") {
                result += remaining[...percent]
                remaining = remaining[remaining.index(after: percent)...]
                result += remaining.prefix(2).lowercased()
                remaining = remaining.dropFirst(2)
            }
            return result + remaining
        }
    }

    /// Maps UTF-16 offsets to 1-based lines and character columns.
    struct LineTable {
        /// The text.
        private let text: String
        /// The UTF-16 offset where each line starts.
        private let starts: [Int]

        /// A table for `text`.
        init(_ text: String) {
            self.text = text
            var starts = [0]
            for (offset, unit) in text.utf16.enumerated() where unit == 0x0A { starts.append(offset + 1) }
            self.starts = starts
        }

        /// The line and column of `index`, whose UTF-16 offset is `utf16Offset`.
        func position(of index: String.Index, utf16Offset: Int) -> (line: Int, column: Int) {
            var low = 0
            var high = starts.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if starts[middle] <= utf16Offset { low = middle } else { high = middle - 1 }
            }
            let lineStart = String.Index(utf16Offset: starts[low], in: text)
            return (low + 1, text.distance(from: lineStart, to: index) + 1)
        }
    }
}
