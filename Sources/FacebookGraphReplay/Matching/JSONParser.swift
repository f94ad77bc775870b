import FacebookGraph
import Foundation

/// A strict recursive-descent JSON parser over bytes, producing ``CanonicalJSON``.
struct JSONParser {
    /// The input.
    let bytes: [UInt8]
    /// The next byte to read.
    var index = 0

    /// JSON white space: space, tab, line feed, carriage return.
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// One value surrounded by optional white space, and nothing else.
    mutating func parseDocument() -> CanonicalJSON? {
        skipWhitespace()
        guard let value = parseValue(depth: 0) else { return nil }
        skipWhitespace()
        return index == bytes.count ? value : nil
    }

    /// Skips white space.
    private mutating func skipWhitespace() {
        while index < bytes.count, Self.isWhitespace(bytes[index]) { index += 1 }
    }

    /// True, consuming `byte`, when it is next.
    private mutating func consume(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// True, consuming it, when `literal` is next.
    private mutating func consume(literal: String) -> Bool {
        let literalBytes = Array(literal.utf8)
        guard bytes[index...].starts(with: literalBytes) else { return false }
        index += literalBytes.count
        return true
    }

    /// A value at `depth` (white space already skipped).
    private mutating func parseValue(depth: Int) -> CanonicalJSON? {
        guard depth <= CanonicalJSON.maximumDepth, index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "{"): return parseObject(depth: depth)
        case UInt8(ascii: "["): return parseArray(depth: depth)
        case UInt8(ascii: "\""): return parseString().map { .string($0) }
        case UInt8(ascii: "t"): return consume(literal: "true") ? .bool(true) : nil
        case UInt8(ascii: "f"): return consume(literal: "false") ? .bool(false) : nil
        case UInt8(ascii: "n"): return consume(literal: "null") ? .null : nil
        default: return parseNumber()
        }
    }

    /// `{ "key": value, … }`.
    private mutating func parseObject(depth: Int) -> CanonicalJSON? {
        index += 1
        var members: [String: CanonicalJSON] = [:]
        skipWhitespace()
        if consume(UInt8(ascii: "}")) { return .object(members) }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = parseString() else { return nil }
            skipWhitespace()
            guard consume(UInt8(ascii: ":")) else { return nil }
            skipWhitespace()
            guard let value = parseValue(depth: depth + 1) else { return nil }
            members[key] = value
            skipWhitespace()
            if consume(UInt8(ascii: "}")) { return .object(members) }
            guard consume(UInt8(ascii: ",")) else { return nil }
        }
    }

    /// `[ value, … ]`.
    private mutating func parseArray(depth: Int) -> CanonicalJSON? {
        index += 1
        var items: [CanonicalJSON] = []
        skipWhitespace()
        if consume(UInt8(ascii: "]")) { return .array(items) }
        while true {
            skipWhitespace()
            guard let value = parseValue(depth: depth + 1) else { return nil }
            items.append(value)
            skipWhitespace()
            if consume(UInt8(ascii: "]")) { return .array(items) }
            guard consume(UInt8(ascii: ",")) else { return nil }
        }
    }

    /// A string literal (at its opening quote); `nil` on a raw control character, a bad escape, a
    /// lone surrogate or invalid UTF-8 (``JSONString/unescapeStrictly(_:)``).
    private mutating func parseString() -> String? {
        index += 1
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
            index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        guard index < bytes.count else { return nil }
        index += 1
        return JSONString.unescapeStrictly(bytes[start..<(index - 1)])
    }

    /// `-? int frac? exp?` per RFC 8259, as canonical text.
    private mutating func parseNumber() -> CanonicalJSON? {
        let negative = consume(UInt8(ascii: "-"))
        var digits: [UInt8] = []
        guard index < bytes.count, isDigit(bytes[index]) else { return nil }
        if bytes[index] == UInt8(ascii: "0") {
            digits.append(bytes[index])
            index += 1
        } else {
            digits += readDigits()
        }
        var exponent = 0
        if consume(UInt8(ascii: ".")) {
            let fraction = readDigits()
            guard !fraction.isEmpty else { return nil }
            digits += fraction
            exponent -= fraction.count
        }
        if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
            var exponentNegative = false
            if consume(UInt8(ascii: "-")) {
                exponentNegative = true
            } else {
                _ = consume(UInt8(ascii: "+"))
            }
            let rawExponent = readDigits()
            let exponentDigits = rawExponent.drop { $0 == UInt8(ascii: "0") }
            // Beyond nine digits the magnitude is absurd; treat it as unparsable rather than round.
            guard !rawExponent.isEmpty, exponentDigits.count <= 9 else { return nil }
            let written = exponentDigits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
            exponent += exponentNegative ? -written : written
        }
        return .number(CanonicalJSON.canonicalNumber(negative: negative, digits: digits, exponent: exponent))
    }

    /// Consecutive ASCII digits.
    private mutating func readDigits() -> [UInt8] {
        let start = index
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        return Array(bytes[start..<index])
    }

    /// ASCII digit.
    private func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
