// The canonical form of a Graph API field-expansion list (`fields=`), for request matching.
//
// Graph reads `fields=id,name,friends.limit(5){name,picture.type(large)}` as a set of fields, each
// with optional modifiers (`.limit(5)`, `.as(alias)`, `.order(chronological)`) and an optional
// nested list in braces. Clients build the string from dictionaries or arrays, so the order of a
// list is an accident of the client; the canonical form sorts every list, at every level, and drops
// duplicates. Modifiers stay attached to their field exactly as written, so `.limit(5)` and
// `.limit(6)` stay different. Parentheses are opaque: commas and braces inside them are not
// structure. A list that does not parse (an unterminated `{` or `(`, a stray `}` or `)`) has no
// canonical form; callers then compare the text as written.

/// A Graph field-expansion list in canonical form: every list sorted, duplicates and empty items
/// dropped, whitespace around items removed, modifiers kept as written.
///
/// ```swift
/// FieldsExpression("name, id,friends.limit(5){name,id}")?.description
/// // "friends.limit(5){id,name},id,name"
/// ```
package struct FieldsExpression: Sendable, Hashable, CustomStringConvertible {
    /// One item of a list: a name with its modifiers, and an optional nested list.
    package struct Field: Sendable, Hashable, CustomStringConvertible {
        /// The name and the modifiers before the nested list, as written, e.g. `friends.limit(5)`.
        package let head: String
        /// The nested list (`{…}`), canonical; `nil` when the field has none. An empty list `{}` is
        /// kept as an empty array, distinct from no list.
        package let children: [Field]?
        /// Modifiers written after the nested list, as written (usually empty), e.g. `.limit(5)` in
        /// `friends{name}.limit(5)`.
        package let tail: String

        /// The field as canonical text.
        package var description: String {
            guard let children else { return head + tail }
            return head + "{" + children.map(\.description).joined(separator: ",") + "}" + tail
        }
    }

    /// The deepest nesting of braces accepted; deeper input is treated as malformed.
    package static let maximumDepth = 64

    /// The top-level fields, sorted by their canonical text, without duplicates.
    package let fields: [Field]

    /// Parses `text`; `nil` when it is malformed (unbalanced braces or parentheses, a second nested
    /// list on one field, nesting deeper than ``maximumDepth``).
    package init?(_ text: String) {
        var parser = Parser(scalars: Array(text.unicodeScalars))
        guard let fields = parser.parseList(depth: 0, closedByBrace: false) else { return nil }
        self.fields = fields
    }

    /// The canonical text: fields joined by commas, nested lists in braces.
    package var description: String {
        fields.map(\.description).joined(separator: ",")
    }

    /// The canonical text of `text`, or `text` unchanged when it does not parse (so malformed input
    /// still compares deterministically, as written).
    package static func canonicalize(_ text: String) -> String {
        FieldsExpression(text)?.description ?? text
    }
}

extension FieldsExpression {
    /// A recursive-descent parser over Unicode scalars.
    private struct Parser {
        /// The input.
        let scalars: [Unicode.Scalar]
        /// The next scalar to read.
        var index = 0

        /// Reads a list up to the end of input (`closedByBrace` false) or up to and including its
        /// closing `}` (`closedByBrace` true). Returns the canonical (sorted, unique) fields.
        mutating func parseList(depth: Int, closedByBrace: Bool) -> [Field]? {
            guard depth <= FieldsExpression.maximumDepth else { return nil }
            var fields: [Field] = []
            while true {
                guard let head = readText(stoppingAtBrace: true) else { return nil }
                var children: [Field]?
                var tail = ""
                if index < scalars.count, scalars[index] == "{" {
                    index += 1
                    guard let nested = parseList(depth: depth + 1, closedByBrace: true) else { return nil }
                    children = nested
                    guard let text = readText(stoppingAtBrace: false) else { return nil }
                    tail = text
                }
                let field = Field(head: Self.trimmed(head), children: children, tail: Self.trimmed(tail))
                if !(field.head.isEmpty && field.children == nil && field.tail.isEmpty) {
                    fields.append(field)
                }
                guard index < scalars.count else {
                    return closedByBrace ? nil : Self.canonical(fields)
                }
                let terminator = scalars[index]
                index += 1
                if terminator == "}" {
                    return closedByBrace ? Self.canonical(fields) : nil
                }
                // Otherwise a comma: the next item follows.
            }
        }

        /// Reads text up to a top-level `,`, `}` or end of input, and up to a top-level `{` when
        /// `stoppingAtBrace` (a `{` is an error otherwise: a second nested list). Parentheses nest and
        /// hide everything inside them. `nil` on a stray `)`, an unclosed `(`, or a forbidden `{`.
        private mutating func readText(stoppingAtBrace: Bool) -> String? {
            var text = String.UnicodeScalarView()
            var parentheses = 0
            while index < scalars.count {
                let scalar = scalars[index]
                if parentheses > 0 {
                    if scalar == "(" { parentheses += 1 }
                    if scalar == ")" { parentheses -= 1 }
                } else {
                    switch scalar {
                    case ",", "}":
                        return String(text)
                    case "{":
                        return stoppingAtBrace ? String(text) : nil
                    case "(":
                        parentheses += 1
                    case ")":
                        return nil
                    default:
                        break
                    }
                }
                text.append(scalar)
                index += 1
            }
            return parentheses == 0 ? String(text) : nil
        }

        /// `fields` sorted by canonical text, duplicates removed.
        private static func canonical(_ fields: [Field]) -> [Field] {
            var seen: Set<String> = []
            return
                fields
                .map { (text: $0.description, field: $0) }
                .sorted { $0.text < $1.text }
                .filter { seen.insert($0.text).inserted }
                .map(\.field)
        }

        /// `text` without leading and trailing white space.
        private static func trimmed(_ text: String) -> String {
            let scalars = text.unicodeScalars
            guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
                let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
            else { return "" }
            return String(scalars[first...last])
        }
    }
}
