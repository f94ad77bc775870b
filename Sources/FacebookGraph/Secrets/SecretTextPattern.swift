/// A fixed shape of text, matched forward over UTF-8 bytes: the few shapes ``SecretSpanFinder``
/// reads beside `name=value` (a HAR name/value pair, an `Authorization` header), each read as ICU
/// reads the regular expression it replaced, so a finding stays where it was.
///
/// Matches are found as `NSRegularExpression` finds them: the leftmost match, then the next one
/// from its end. `\s` is ICU's (Unicode's `White_Space`); letters compare ASCII case-insensitively where
/// asked; a JSON string is `"((?:[^"\\]|\\.)*)"`, `.` being any character but a line terminator.
struct SecretTextPattern: Sendable {
    /// One step of the shape.
    enum Element: Sendable {
        /// `\b` before a word character: the character before (combining marks skipped) is not one
        /// of ICU's `\w`, or there is none.
        case notAfterWordCharacter
        /// These bytes; letters in any case when `ignoringCase`.
        case literal([UInt8], ignoringCase: Bool)
        /// The first alternative that lets the rest match; its index is the match's ``Match/alternative``
        /// when `capturing`.
        case oneOf([[UInt8]], ignoringCase: Bool, capturing: Bool)
        /// `\s*` (`minimum` 0) or `\s+` (`minimum` 1).
        case whitespace(minimum: Int)
        /// A JSON string: its contents, between the quotes, are the match's ``Match/value``.
        case jsonString
        /// `[^\s"'\\,;]+`: the match's ``Match/value``.
        case token
    }

    /// Where a match stands.
    struct Match: Sendable {
        /// The whole match.
        var whole: Range<Int>
        /// The captured value.
        var value: Range<Int>
        /// The index of the capturing alternative that matched, if any.
        var alternative: Int?
    }

    /// The steps, in order.
    let elements: [Element]
    /// For each byte, whether a match may start there (the first step's first bytes).
    private let starts: [Bool]
    /// The first step when it is a literal, checked before the steps are walked.
    private let firstLiteral: (bytes: [UInt8], ignoringCase: Bool)?

    /// A pattern of `elements`.
    init(elements: [Element]) {
        self.elements = elements
        var starts = [Bool](repeating: false, count: 256)
        func allow(_ literal: [UInt8], ignoringCase: Bool) {
            guard let first = literal.first else { return starts = [Bool](repeating: true, count: 256) }
            starts[Int(first)] = true
            if ignoringCase, first >= 0x41, first <= 0x5A { starts[Int(first | 0x20)] = true }
        }
        switch elements.first(where: { if case .notAfterWordCharacter = $0 { false } else { true } }) {
        case .literal(let literal, let ignoringCase): allow(literal, ignoringCase: ignoringCase)
        case .oneOf(let alternatives, let ignoringCase, _):
            for alternative in alternatives { allow(alternative, ignoringCase: ignoringCase) }
        case .jsonString: starts[Int(UInt8(ascii: "\""))] = true
        default: starts = [Bool](repeating: true, count: 256)
        }
        self.starts = starts
        if case .literal(let literal, let ignoringCase) = elements.first {
            firstLiteral = (literal, ignoringCase)
        } else {
            firstLiteral = nil
        }
    }

    /// A literal of `text`'s bytes (letters in any case when `ignoringCase`).
    static func literal(_ text: String, ignoringCase: Bool = false) -> Element {
        .literal(bytes(text, ignoringCase: ignoringCase), ignoringCase: ignoringCase)
    }

    /// One of `alternatives`, tried in order.
    static func oneOf(_ alternatives: [String], ignoringCase: Bool = false, capturing: Bool = false) -> Element {
        .oneOf(
            alternatives.map { bytes($0, ignoringCase: ignoringCase) }, ignoringCase: ignoringCase, capturing: capturing
        )
    }

    /// `text`'s bytes, upper-cased when compared ignoring case (as
    /// ``SecretDefinition/startsCaseInsensitively(_:at:with:)`` expects).
    private static func bytes(_ text: String, ignoringCase: Bool) -> [UInt8] {
        Array((ignoringCase ? text.uppercased() : text).utf8)
    }

    /// Every match in `bytes`, leftmost first, none overlapping.
    func matches(in bytes: [UInt8]) -> [Match] {
        var found: [Match] = []
        var start = 0
        while start < bytes.count {
            guard starts[Int(bytes[start])],
                firstLiteral.map({ Self.starts(bytes, at: start, with: $0.bytes, ignoringCase: $0.ignoringCase) })
                    ?? true
            else {
                start += 1
                continue
            }
            var match = Match(whole: start..<start, value: start..<start, alternative: nil)
            if let end = self.match(bytes, element: 0, at: start, into: &match) {
                match.whole = start..<end
                found.append(match)
                start = max(end, start + 1)
            } else {
                start += 1
            }
        }
        return found
    }

    /// The end of the match of `elements[index...]` at `position`, or nil.
    private func match(_ bytes: [UInt8], element index: Int, at position: Int, into match: inout Match) -> Int? {
        guard index < elements.count else { return position }
        let next = index + 1
        switch elements[index] {
        case .notAfterWordCharacter:
            // The rest first: it fails cheaply far more often than a character's properties are read.
            guard let end = self.match(bytes, element: next, at: position, into: &match),
                !SecretTextScalars.isWordCharacter(before: position, in: bytes)
            else { return nil }
            return end
        case .literal(let literal, let ignoringCase):
            guard Self.starts(bytes, at: position, with: literal, ignoringCase: ignoringCase) else { return nil }
            return self.match(bytes, element: next, at: position + literal.count, into: &match)
        case .oneOf(let alternatives, let ignoringCase, let capturing):
            for (number, alternative) in alternatives.enumerated()
            where Self.starts(bytes, at: position, with: alternative, ignoringCase: ignoringCase) {
                if let end = self.match(bytes, element: next, at: position + alternative.count, into: &match) {
                    if capturing { match.alternative = number }
                    return end
                }
            }
            return nil
        case .whitespace(let minimum):
            var cursor = position
            var count = 0
            while let length = SecretTextScalars.whitespaceLength(in: bytes, at: cursor) {
                cursor += length
                count += 1
            }
            guard count >= minimum else { return nil }
            return self.match(bytes, element: next, at: cursor, into: &match)
        case .jsonString:
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { return nil }
            var cursor = position + 1
            while cursor < bytes.count, bytes[cursor] != UInt8(ascii: "\"") {
                if bytes[cursor] == UInt8(ascii: "\\") {
                    cursor += 1
                    guard cursor < bytes.count, !SecretTextScalars.isLineTerminator(in: bytes, at: cursor) else {
                        return nil
                    }
                }
                cursor += SecretTextScalars.length(in: bytes, at: cursor)
            }
            guard cursor < bytes.count else { return nil }
            match.value = (position + 1)..<cursor
            return self.match(bytes, element: next, at: cursor + 1, into: &match)
        case .token:
            var cursor = position
            while cursor < bytes.count, !Self.endsToken(bytes, at: cursor) {
                cursor += SecretTextScalars.length(in: bytes, at: cursor)
            }
            guard cursor > position else { return nil }
            match.value = position..<cursor
            return self.match(bytes, element: next, at: cursor, into: &match)
        }
    }

    /// True when `bytes` holds `literal` at `position` (ASCII letters in any case when `ignoringCase`).
    private static func starts(_ bytes: [UInt8], at position: Int, with literal: [UInt8], ignoringCase: Bool) -> Bool {
        if ignoringCase { return SecretDefinition.startsCaseInsensitively(bytes, at: position, with: literal) }
        guard position >= 0, bytes.count - position >= literal.count else { return false }
        return bytes[position..<(position + literal.count)].elementsEqual(literal)
    }

    /// True when the character at `position` ends a ``Element/token``: white space, `"`, `'`, `\`,
    /// `,` or `;`.
    private static func endsToken(_ bytes: [UInt8], at position: Int) -> Bool {
        switch bytes[position] {
        case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "\\"), UInt8(ascii: ","), UInt8(ascii: ";"): true
        default: SecretTextScalars.whitespaceLength(in: bytes, at: position) != nil
        }
    }
}
