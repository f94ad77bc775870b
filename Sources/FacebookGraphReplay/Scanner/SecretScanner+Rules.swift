import FacebookGraph
import Foundation

extension SecretScanner {
    /// One shape: where its candidates stand in a text, and a check that trims or rejects each.
    struct Rule: Sendable {
        /// The finding's kind.
        var kind: String
        /// Each candidate secret's UTF-16 range in the text, with the parameter name that names the
        /// finding's kind (`access_token value`) when there is one.
        var candidates: @Sendable (String) -> [(range: NSRange, name: String?)]
        /// The secret's UTF-16 range within the candidate's text, or `nil` when it is not a secret.
        var secret: @Sendable (String) -> Range<Int>?

        /// A rule of `kind` whose `candidates` pass `secret`.
        init(
            kind: String,
            candidates: @escaping @Sendable (String) -> [(range: NSRange, name: String?)],
            secret: @escaping @Sendable (String) -> Range<Int>?
        ) {
            self.kind = kind
            self.candidates = candidates
            self.secret = secret
        }

        /// A rule matching `regex`, whose capture `group` (0 for the whole match) holds the candidate
        /// and `nameGroup`, if given, the parameter name.
        init(
            kind: String,
            regex: NSRegularExpression,
            group: Int = 0,
            nameGroup: Int? = nil,
            secret: @escaping @Sendable (String) -> Range<Int>?
        ) {
            self.kind = kind
            self.secret = secret
            candidates = { text in
                regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
                    let range = match.range(at: group)
                    guard range.location != NSNotFound else { return nil }
                    let name = nameGroup.flatMap { Range(match.range(at: $0), in: text) }.map { String(text[$0]) }
                    return (range, name)
                }
            }
        }

        /// A rule for one of the known secrets, in every form the redactor rewrites
        /// (`SecretSpanFinder.encodedForms(of:)`).
        static func known(_ secret: String) -> Rule? {
            let alternatives = SecretSpanFinder.encodedForms(of: secret).sorted { $0.count > $1.count }
                .map(NSRegularExpression.escapedPattern(for:))
            guard let regex = try? NSRegularExpression(pattern: alternatives.joined(separator: "|")) else { return nil }
            return Rule(kind: "known secret", regex: regex, secret: whole)
        }

        /// A rule whose candidates are byte ranges of the text's UTF-8 that `spans` finds, each with
        /// the parameter name that names the finding's kind, if any.
        private init(
            kind: String,
            spans: @escaping @Sendable ([UInt8]) -> [(value: Range<Int>, name: String?)],
            secret: @escaping @Sendable (String) -> Range<Int>?
        ) {
            self.init(
                kind: kind,
                candidates: { text in
                    let utf8 = text.utf8
                    return spans(Array(utf8)).map { span in
                        let start = utf8.index(utf8.startIndex, offsetBy: span.value.lowerBound)
                        let end = utf8.index(start, offsetBy: span.value.count)
                        return (NSRange(start..<end, in: text), span.name)
                    }
                }, secret: secret)
        }

        /// The values of the scanned names (``SecretRole/isScanned``) wherever the core's one finder
        /// sees them named (`name=value`, a JSON member, escaped or encoded): the spans the redactor
        /// rewrites.
        static func parameterValues(_ finder: SecretSpanFinder) -> Rule {
            Rule(
                kind: "parameter value",
                spans: { bytes in
                    finder.spans(in: bytes).filter(\.role.isScanned).map { ($0.value, $0.name) }
                }, secret: parameterValue)
        }

        /// The values of HAR name/value pairs naming a scanned name, with the members in `order`.
        static func nameValuePairs(_ finder: SecretSpanFinder, order: SecretSpanFinder.PairOrder) -> Rule {
            Rule(
                kind: "parameter value",
                spans: { bytes in
                    finder.nameValuePairSpans(in: bytes, order: order).filter(\.role.isScanned).map {
                        ($0.value, $0.name)
                    }
                }, secret: parameterValue)
        }

        /// The `Authorization` credentials the core's finder reads in `form`.
        static func authorization(_ form: SecretSpanFinder.AuthorizationForm) -> Rule {
            Rule(
                kind: "Authorization header",
                spans: { bytes in SecretSpanFinder.authorizationSpans(in: bytes, form: form).map { ($0, nil) } },
                secret: form == .headerLine ? notPlaceholder : credential)
        }

        /// The built-in shapes for ``SecretDefinition/roles``.
        static let builtIn = builtIn(roles: SecretDefinition.roles)

        /// The built-in shapes for the names of `roles`, in priority order: token shapes, the
        /// `Authorization` forms, then the parameter values (named as the finder sees them, then in
        /// HAR name/value pairs).
        static func builtIn(roles: SecretRoles) -> [Rule] {
            let finder = SecretSpanFinder(roles: roles)
            let shapes = TokenShape.all.map { shape in
                Rule(kind: shape.kind, regex: shape.regex) { shape.accepts($0) ? 0..<$0.utf16.count : nil }
            }
            return shapes + SecretSpanFinder.AuthorizationForm.allCases.map(authorization)
                + [parameterValues(finder)]
                + SecretSpanFinder.PairOrder.allCases.map { nameValuePairs(finder, order: $0) }
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

        /// A parameter value the finder cut where the redactor does, when it is at least 16
        /// characters, holds a digit and is not a placeholder.
        private static let parameterValue: @Sendable (String) -> Range<Int>? = { value in
            guard value.count >= 16, value.contains(where: \.isNumber), !SecretPlaceholder.isStandIn(value) else {
                return nil
            }
            return 0..<value.utf16.count
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
