/// A small Swift lexer for `fbgraph migrate report`: enough to find call sites, not to compile.
///
/// It reads UTF-8 bytes and yields words (identifiers and keywords, backticks dropped), numbers,
/// string literals (one token each, with their text when they have no interpolation) and single
/// punctuation characters. Comments (`//`, nested `/* */`) and the insides of string literals —
/// single-line, multi-line (`"""`) and raw (`#"…"#`, `##"""…"""##`) — never produce words, while an
/// interpolation's code (`\(…)`, `\#(…)` in a raw string) is lexed as code, however deeply nested.
///
/// Hostile input is safe: the lexer is a loop over a byte index with an explicit stack (no
/// recursion), so it always ends, in time linear in the input; an unterminated string or comment
/// ends at the end of the input, and bytes that are not UTF-8 are read as identifier bytes.
struct SwiftLexer {
    /// One token and where it starts.
    struct Token: Equatable {
        /// What the token is.
        enum Kind: Equatable {
            /// An identifier or keyword (a backticked name without its backticks).
            case word
            /// A number literal.
            case number
            /// A string literal; `value` holds its text when it has no interpolation.
            case string
            /// One punctuation or operator character.
            case punctuation
        }

        /// The kind.
        var kind: Kind
        /// The word, the number, the punctuation character, or the string's text (nil for a
        /// string with interpolation).
        var value: String?
        /// The 1-based line.
        var line: Int
        /// The 1-based column, in UTF-8 bytes (as the compiler counts in its diagnostics).
        var column: Int

        /// The punctuation character's byte (0 for other kinds): compared without making a String.
        var byte: UInt8 = 0

        /// True for the punctuation character `character`.
        func isPunctuation(_ character: Character) -> Bool {
            kind == .punctuation && byte == character.asciiValue
        }

        /// True for the word `word`.
        func isWord(_ word: String) -> Bool {
            kind == .word && value == word
        }
    }

    /// What the lexer is inside of: the code of an interpolation (counting its open parentheses), or
    /// a string literal.
    private enum Context {
        case interpolation(openParentheses: Int)
        case string(hashes: Int, multiline: Bool, token: Int)
    }

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private var stack: [Context] = []
    private var tokens: [Token] = []
    /// The text so far of each string literal being read, by its index in `tokens`; gone once the
    /// string is known to have an interpolation.
    private var stringText: [Int: [UInt8]] = [:]

    /// The tokens of `source`.
    static func tokens(of source: [UInt8]) -> [Token] {
        var lexer = SwiftLexer(bytes: source)
        lexer.run()
        return lexer.tokens
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private var column: Int { index - lineStart + 1 }

    private func byte(at offset: Int) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    private mutating func advance() {
        if bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        index += 1
    }

    private mutating func run() {
        while index < bytes.count {
            if case .string(let hashes, let multiline, let token) = stack.last {
                readStringContent(hashes: hashes, multiline: multiline, token: token)
            } else {
                readCode()
            }
        }
    }

    // MARK: Code

    private mutating func readCode() {
        let current = bytes[index]
        switch current {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
            advance()
        case UInt8(ascii: "/") where byte(at: 1) == UInt8(ascii: "/"):
            while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { advance() }
        case UInt8(ascii: "/") where byte(at: 1) == UInt8(ascii: "*"):
            skipBlockComment()
        case UInt8(ascii: "\""):
            startString(hashes: 0)
        case UInt8(ascii: "#"):
            var hashes = 0
            while byte(at: hashes) == UInt8(ascii: "#") { hashes += 1 }
            if byte(at: hashes) == UInt8(ascii: "\"") {
                startString(hashes: hashes)
            } else {
                punctuation()
            }
        case UInt8(ascii: "`"):
            let (startLine, startColumn) = (line, column)
            advance()
            let start = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "`"), bytes[index] != UInt8(ascii: "\n") {
                advance()
            }
            tokens.append(Token(kind: .word, value: text(start..<index), line: startLine, column: startColumn))
            if index < bytes.count, bytes[index] == UInt8(ascii: "`") { advance() }
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            let (startLine, startColumn, start) = (line, column, index)
            while index < bytes.count, Self.isIdentifierByte(bytes[index]) || isDecimalPoint { advance() }
            tokens.append(Token(kind: .number, value: text(start..<index), line: startLine, column: startColumn))
        case _ where Self.isIdentifierByte(current) || current == UInt8(ascii: "$"):
            let (startLine, startColumn, start) = (line, column, index)
            advance()
            while index < bytes.count, Self.isIdentifierByte(bytes[index]) { advance() }
            tokens.append(Token(kind: .word, value: text(start..<index), line: startLine, column: startColumn))
        default:
            punctuation()
        }
    }

    /// True at a `.` followed by a digit (`1.5`, not `1.description`).
    private var isDecimalPoint: Bool {
        bytes[index] == UInt8(ascii: ".")
            && byte(at: 1).map { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } == true
    }

    private mutating func punctuation() {
        let current = bytes[index]
        let value = String(UnicodeScalar(current))
        tokens.append(Token(kind: .punctuation, value: value, line: line, column: column, byte: current))
        advance()
        guard case .interpolation(let open) = stack.last else { return }
        if current == UInt8(ascii: "(") {
            stack[stack.count - 1] = .interpolation(openParentheses: open + 1)
        } else if current == UInt8(ascii: ")") {
            if open == 0 {
                stack.removeLast()  // the interpolation's own `)`: back into its string
                tokens.removeLast()
            } else {
                stack[stack.count - 1] = .interpolation(openParentheses: open - 1)
            }
        }
    }

    private mutating func skipBlockComment() {
        var depth = 0
        repeat {
            if bytes[index] == UInt8(ascii: "/"), byte(at: 1) == UInt8(ascii: "*") {
                depth += 1
                advance()
            } else if bytes[index] == UInt8(ascii: "*"), byte(at: 1) == UInt8(ascii: "/") {
                depth -= 1
                advance()
            }
            advance()
        } while depth > 0 && index < bytes.count
    }

    // MARK: Strings

    private mutating func startString(hashes: Int) {
        let (startLine, startColumn) = (line, column)
        for _ in 0..<hashes { advance() }
        let multiline = byte(at: 1) == UInt8(ascii: "\"") && byte(at: 2) == UInt8(ascii: "\"")
        for _ in 0..<(multiline ? 3 : 1) { advance() }
        tokens.append(Token(kind: .string, value: nil, line: startLine, column: startColumn))
        stringText[tokens.count - 1] = []
        stack.append(.string(hashes: hashes, multiline: multiline, token: tokens.count - 1))
    }

    private mutating func readStringContent(hashes: Int, multiline: Bool, token tokenIndex: Int) {
        let hashBytes = [UInt8](repeating: UInt8(ascii: "#"), count: hashes)
        let quotes = [UInt8](repeating: UInt8(ascii: "\""), count: multiline ? 3 : 1)
        let closing = quotes + hashBytes
        let escape = [UInt8(ascii: "\\")] + hashBytes
        while index < bytes.count {
            if matches(closing) {
                for _ in closing { advance() }
                stack.removeLast()
                finishString(tokenIndex)
                return
            }
            if !multiline, bytes[index] == UInt8(ascii: "\n") {
                stack.removeLast()  // an unterminated single-line string ends at its line
                finishString(tokenIndex)
                return
            }
            if matches(escape) {
                for _ in escape { advance() }
                guard index < bytes.count else { break }
                if bytes[index] == UInt8(ascii: "(") {
                    advance()
                    stringText[tokenIndex] = nil
                    stack.append(.interpolation(openParentheses: 0))
                    return
                }
                appendEscaped(tokenIndex)
                continue
            }
            stringText[tokenIndex]?.append(bytes[index])
            advance()
        }
        stack.removeAll()  // the input ended inside a string
    }

    private mutating func appendEscaped(_ tokenIndex: Int) {
        let escaped = bytes[index]
        advance()
        let replacement: [UInt8]
        switch escaped {
        case UInt8(ascii: "n"): replacement = [0x0A]
        case UInt8(ascii: "t"): replacement = [0x09]
        case UInt8(ascii: "r"): replacement = [0x0D]
        case UInt8(ascii: "0"): replacement = [0]
        case UInt8(ascii: "u"):
            // \u{XXXX}: kept as written; method names and FQL are ASCII.
            replacement = [UInt8(ascii: "\\"), escaped]
        default: replacement = [escaped]
        }
        stringText[tokenIndex]?.append(contentsOf: replacement)
    }

    private mutating func finishString(_ tokenIndex: Int) {
        if let text = stringText.removeValue(forKey: tokenIndex) {
            tokens[tokenIndex].value = String(decoding: text, as: UTF8.self)
        }
    }

    private func matches(_ sequence: [UInt8]) -> Bool {
        guard index + sequence.count <= bytes.count else { return false }
        return bytes[index..<(index + sequence.count)].elementsEqual(sequence)
    }

    private func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), 0x80...0xFF:
            return true
        default:
            return false
        }
    }
}
