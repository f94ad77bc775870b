import Foundation

/// The package's one JSON reader: RFC 8259 text to the Foundation values `JSONSerialization` gives
/// on Linux — `[String: Any]`, `[Any]`, `String`, `NSNumber` (an `Int64`, a `UInt64` or a `Double`
/// inside; `true`/`false` as `NSNumber(value: Bool)`, so `CFBoolean`), `NSDecimalNumber` for an
/// integer outside 64 bits or a number outside `Double`'s range, and `NSNull`.
///
/// It is strict where `JSONSerialization` is (every `y_` file of JSONTestSuite is accepted, every
/// `n_` file rejected), keeps 64-bit integers and unicode exact (escapes, surrogate pairs, raw UTF-8;
/// a lone surrogate or invalid UTF-8 is an error, never a replacement character), skips one leading
/// UTF-8 byte-order mark, allows any value at the top level (`fragmentsAllowed`), and stops at
/// ``maximumDepth`` nested arrays and objects with ``GraphJSONError/Reason/tooDeep``.
///
/// It reads bytes in one pass without an intermediate tree: about a quarter of `JSONSerialization`'s
/// instructions on Graph bodies (`fbbench parse`).
package enum GraphJSON {
    /// The deepest nesting of arrays and objects accepted (`JSONSerialization`'s limit).
    package static let maximumDepth = 512

    /// Parses `data` as one JSON value.
    ///
    /// - Throws: ``GraphJSONError`` naming the byte offset and what was wrong.
    package static func parse(_ data: Data, maximumDepth: Int = GraphJSON.maximumDepth) throws(GraphJSONError) -> Any {
        let result: Result<Any, GraphJSONError> = data.withUnsafeBytes { raw in
            var reader = GraphJSONReader(bytes: raw.bindMemory(to: UInt8.self), maximumDepth: maximumDepth)
            do throws(GraphJSONError) {
                return .success(try reader.parseDocument())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Parses `text` as one JSON value.
    package static func parse(_ text: String, maximumDepth: Int = GraphJSON.maximumDepth) throws(GraphJSONError) -> Any
    {
        try parse(Data(text.utf8), maximumDepth: maximumDepth)
    }
}

/// Why a text is not JSON, and where.
package struct GraphJSONError: Error, CustomStringConvertible, Equatable {
    /// What was wrong.
    package enum Reason: Equatable, Sendable {
        /// The text ends inside a value (or is empty).
        case unexpectedEnd
        /// A byte that cannot start or continue a value here.
        case unexpectedByte(UInt8)
        /// A malformed number.
        case invalidNumber
        /// A bad escape sequence in a string (unknown letter, bad hex, lone surrogate).
        case invalidEscape
        /// An unescaped control character (U+0000–U+001F) in a string.
        case controlCharacterInString
        /// Bytes in a string that are not UTF-8.
        case invalidUTF8
        /// More than the maximum depth of nested arrays and objects.
        case tooDeep(limit: Int)
        /// Text after the value.
        case trailingText
    }

    /// What was wrong.
    package let reason: Reason
    /// The byte offset where it was found.
    package let offset: Int

    package var description: String {
        let what: String
        switch reason {
        case .unexpectedEnd: what = "unexpected end of text"
        case .unexpectedByte(let byte):
            what =
                byte >= 0x20 && byte < 0x7F
                ? "unexpected character '\(Character(Unicode.Scalar(byte)))'"
                : "unexpected byte 0x\(String(byte, radix: 16))"
        case .invalidNumber: what = "malformed number"
        case .invalidEscape: what = "invalid escape sequence"
        case .controlCharacterInString: what = "unescaped control character in a string"
        case .invalidUTF8: what = "invalid UTF-8 in a string"
        case .tooDeep(let limit): what = "arrays and objects nested deeper than \(limit)"
        case .trailingText: what = "text after the JSON value"
        }
        return "not JSON: \(what) at byte \(offset)"
    }
}

/// The one-pass reader behind ``GraphJSON``.
private struct GraphJSONReader {
    let bytes: UnsafeBufferPointer<UInt8>
    let maximumDepth: Int
    var index = 0
    var depth = 0
    /// Scratch for strings with escapes.
    var scratch: [UInt8] = []

    init(bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    static let trueNumber = NSNumber(value: true)
    static let falseNumber = NSNumber(value: false)

    private func fail(_ reason: GraphJSONError.Reason, at offset: Int? = nil) -> GraphJSONError {
        GraphJSONError(reason: reason, offset: offset ?? index)
    }

    mutating func parseDocument() throws(GraphJSONError) -> Any {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        guard index == bytes.count else { throw fail(.trailingText) }
        return value
    }

    @inline(__always)
    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    /// One value, nested arrays and objects included. Iterative, with the open containers on heap
    /// stacks: the machine stack stays flat at any depth (a recursive reader overflowed a worker
    /// thread's stack at depth 512 in a debug build under ThreadSanitizer). Each open container is
    /// mutated in place (`arrays[last].append`), never copied.
    private mutating func parseValue() throws(GraphJSONError) -> Any {
        // Per open container, innermost last: true for an array. Arrays, objects and the pending
        // member keys are kept on their own stacks.
        var isArray: [Bool] = []
        var arrays: [[Any]] = []
        var objects: [[String: Any]] = []
        var keys: [String] = []
        nextValue: while true {
            guard index < bytes.count else { throw fail(.unexpectedEnd) }
            var value: Any
            switch bytes[index] {
            case UInt8(ascii: "\""): value = try parseString()
            case UInt8(ascii: "["):
                try enter()
                index += 1
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "]") else {
                    isArray.append(true)
                    arrays.append([])
                    continue nextValue
                }
                index += 1
                depth -= 1
                value = [Any]()
            case UInt8(ascii: "{"):
                try enter()
                index += 1
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "}") else {
                    keys.append(try parseKey())
                    isArray.append(false)
                    objects.append([:])
                    continue nextValue
                }
                index += 1
                depth -= 1
                value = [String: Any]()
            case UInt8(ascii: "t"):
                try expectLiteral("true")
                value = Self.trueNumber
            case UInt8(ascii: "f"):
                try expectLiteral("false")
                value = Self.falseNumber
            case UInt8(ascii: "n"):
                try expectLiteral("null")
                value = NSNull()
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): value = try parseNumber()
            case let byte: throw fail(.unexpectedByte(byte))
            }
            // A value is complete: put it in its container, closing every container that ends here.
            while let inArray = isArray.last {
                skipWhitespace()
                guard index < bytes.count else { throw fail(.unexpectedEnd) }
                let byte = bytes[index]
                if inArray {
                    arrays[arrays.count - 1].append(value)
                    switch byte {
                    case UInt8(ascii: ","):
                        index += 1
                        skipWhitespace()
                        continue nextValue
                    case UInt8(ascii: "]"):
                        index += 1
                        depth -= 1
                        isArray.removeLast()
                        value = arrays.removeLast()
                    default: throw fail(.unexpectedByte(byte))
                    }
                } else {
                    objects[objects.count - 1][keys.removeLast()] = value
                    switch byte {
                    case UInt8(ascii: ","):
                        index += 1
                        keys.append(try parseKey())
                        continue nextValue
                    case UInt8(ascii: "}"):
                        index += 1
                        depth -= 1
                        isArray.removeLast()
                        value = objects.removeLast()
                    default: throw fail(.unexpectedByte(byte))
                    }
                }
            }
            return value
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(GraphJSONError) {
        let count = literal.utf8CodeUnitCount
        let pointer = literal.utf8Start
        for offset in 0..<count {
            guard index + offset < bytes.count else { throw fail(.unexpectedEnd, at: bytes.count) }
            guard bytes[index + offset] == pointer[offset] else {
                throw fail(.unexpectedByte(bytes[index + offset]), at: index + offset)
            }
        }
        index += count
    }

    private mutating func enter() throws(GraphJSONError) {
        depth += 1
        guard depth <= maximumDepth else { throw fail(.tooDeep(limit: maximumDepth)) }
    }

    /// A member's key and its colon, whitespace around them skipped; `index` is before the key.
    private mutating func parseKey() throws(GraphJSONError) -> String {
        skipWhitespace()
        guard index < bytes.count else { throw fail(.unexpectedEnd) }
        guard bytes[index] == UInt8(ascii: "\"") else { throw fail(.unexpectedByte(bytes[index])) }
        let key = try parseString()
        skipWhitespace()
        guard index < bytes.count else { throw fail(.unexpectedEnd) }
        guard bytes[index] == UInt8(ascii: ":") else { throw fail(.unexpectedByte(bytes[index])) }
        index += 1
        skipWhitespace()
        return key
    }

    /// A string; `index` is at the opening quote.
    private mutating func parseString() throws(GraphJSONError) -> String {
        index += 1
        let start = index
        // Fast path: no escape; ASCII needs no validation.
        var ascii = true
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let span = UnsafeBufferPointer(rebasing: bytes[start..<index])
                let string = ascii ? String(decoding: span, as: UTF8.self) : try makeString(span, at: start)
                index += 1
                return string
            }
            if byte >= 0x80 { ascii = false }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw fail(.controlCharacterInString) }
            index += 1
        }
        guard index < bytes.count else { throw fail(.unexpectedEnd) }
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return try scratch.withUnsafeBufferPointer { buffer throws(GraphJSONError) in
                    try makeString(buffer, at: start)
                }
            case UInt8(ascii: "\\"):
                try parseEscape()
            case 0..<0x20:
                throw fail(.controlCharacterInString)
            default:
                scratch.append(byte)
                index += 1
            }
        }
        throw fail(.unexpectedEnd)
    }

    private func makeString(_ buffer: UnsafeBufferPointer<UInt8>, at offset: Int) throws(GraphJSONError) -> String {
        guard let string = String(validating: buffer, as: UTF8.self) else { throw fail(.invalidUTF8, at: offset) }
        return string
    }

    /// One escape; `index` is at the backslash. Appends its UTF-8 to `scratch`.
    private mutating func parseEscape() throws(GraphJSONError) {
        guard index + 1 < bytes.count else { throw fail(.unexpectedEnd) }
        let letter = bytes[index + 1]
        let simple: UInt8?
        switch letter {
        case UInt8(ascii: "\""): simple = 0x22
        case UInt8(ascii: "\\"): simple = 0x5C
        case UInt8(ascii: "/"): simple = 0x2F
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"): simple = nil
        default: throw fail(.invalidEscape)
        }
        if let simple {
            scratch.append(simple)
            index += 2
            return
        }
        let escapeStart = index
        var scalar = try hex4(at: index + 2)
        index += 6
        if (0xD800..<0xDC00).contains(scalar) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else { throw fail(.invalidEscape, at: escapeStart) }
            let low = try hex4(at: index + 2)
            guard (0xDC00..<0xE000).contains(low) else { throw fail(.invalidEscape, at: escapeStart) }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            index += 6
        } else if (0xDC00..<0xE000).contains(scalar) {
            throw fail(.invalidEscape, at: escapeStart)
        }
        guard let unicode = Unicode.Scalar(scalar) else { throw fail(.invalidEscape, at: escapeStart) }
        scratch.append(contentsOf: UTF8.encode(unicode)!)
    }

    private func hex4(at offset: Int) throws(GraphJSONError) -> UInt32 {
        guard offset + 4 <= bytes.count else { throw fail(.unexpectedEnd, at: bytes.count) }
        var value: UInt32 = 0
        for position in offset..<offset + 4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw fail(.invalidEscape, at: position)
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// A number: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    private mutating func parseNumber() throws(GraphJSONError) -> Any {
        let start = index
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        guard index < bytes.count else { throw fail(.invalidNumber, at: start) }
        let digitsStart = index
        var magnitude: UInt64 = 0
        var overflow = false
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            guard isDigit(bytes[index]) else { throw fail(.invalidNumber, at: start) }
            while index < bytes.count, isDigit(bytes[index]) {
                let (times, o1) = magnitude.multipliedReportingOverflow(by: 10)
                let (sum, o2) = times.addingReportingOverflow(UInt64(bytes[index] - UInt8(ascii: "0")))
                magnitude = sum
                overflow = overflow || o1 || o2
                index += 1
            }
        }
        _ = digitsStart
        var isInteger = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw fail(.invalidNumber, at: start) }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else { throw fail(.invalidNumber, at: start) }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if isInteger, !overflow {
            if negative {
                if magnitude <= UInt64(Int64.max) { return NSNumber(value: -Int64(magnitude)) }
                if magnitude == UInt64(Int64.max) + 1 { return NSNumber(value: Int64.min) }
            } else {
                if magnitude <= UInt64(Int64.max) { return NSNumber(value: Int64(magnitude)) }
                return NSNumber(value: magnitude)
            }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        if !isInteger, let double = Double(text), double.isFinite { return NSNumber(value: double) }
        return NSDecimalNumber(string: text, locale: Locale(identifier: "en_US_POSIX"))
    }

    @inline(__always)
    private func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }
}
