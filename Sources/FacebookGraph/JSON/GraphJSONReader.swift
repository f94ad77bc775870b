/// What ``GraphJSONReader`` makes of the values it reads: `JSONSerialization`'s Foundation values
/// (``GraphJSON/parse(_:maximumDepth:)``), the tape ``GraphJSONDecoder`` decodes from, or the kit's
/// canonical form for request matching (through ``GraphJSON/read(_:maximumDepth:builder:)``).
///
/// The reader does every check (grammar, escapes, UTF-8, depth); a builder only stores what it is
/// handed, in document order.
@usableFromInline
package protocol GraphJSONBuilder {
    /// A finished value.
    associatedtype Value
    /// An object member's name.
    associatedtype Key
    /// An array being read.
    associatedtype ArrayState
    /// An object being read.
    associatedtype ObjectState

    /// `null` at byte `offset`.
    mutating func null(at offset: Int) -> Value
    /// `true` or `false` at byte `offset`.
    mutating func bool(_ value: Bool, at offset: Int) -> Value
    /// A number, checked against the grammar.
    mutating func number(_ number: GraphJSONNumberText, in bytes: UnsafeBufferPointer<UInt8>) -> Value
    /// A string value.
    mutating func string(_ text: GraphJSONStringText, in bytes: UnsafeBufferPointer<UInt8>) -> Value
    /// An object member's name; the member's value follows.
    mutating func key(_ text: GraphJSONStringText, in bytes: UnsafeBufferPointer<UInt8>) -> Key
    /// `[` at byte `offset`.
    mutating func beginArray(at offset: Int) -> ArrayState
    /// The next element of `array`.
    mutating func append(_ value: Value, to array: inout ArrayState)
    /// `]`.
    mutating func endArray(_ array: ArrayState) -> Value
    /// `{` at byte `offset`.
    mutating func beginObject(at offset: Int) -> ObjectState
    /// The next member of `object`.
    mutating func add(_ key: Key, _ value: Value, to object: inout ObjectState)
    /// `}`.
    mutating func endObject(_ object: ObjectState) -> Value
}

/// A string as the reader found it: plain ASCII without escapes (still in the input: `range`, the
/// bytes between the quotes), or anything else, already checked and decoded.
@usableFromInline
package enum GraphJSONStringText {
    /// ASCII without escapes: the bytes between the quotes.
    case ascii(Range<Int>)
    /// Escapes or non-ASCII UTF-8, decoded (lone surrogates and bad UTF-8 are errors before this).
    case decoded(String, at: Int)
}

/// A number the reader checked against the grammar, with its integer value when it has one.
@usableFromInline
package struct GraphJSONNumberText {
    /// The number's bytes.
    @usableFromInline package var range: Range<Int>
    /// A leading `-`.
    @usableFromInline package var negative: Bool
    /// The integer digits' value (meaningful when `isInteger` and not `overflow`).
    @usableFromInline package var magnitude: UInt64
    /// No fraction and no exponent.
    @usableFromInline package var isInteger: Bool
    /// The integer digits do not fit 64 bits.
    @usableFromInline package var overflow: Bool

    @inlinable
    package init(range: Range<Int>, negative: Bool, magnitude: UInt64, isInteger: Bool, overflow: Bool) {
        self.range = range
        self.negative = negative
        self.magnitude = magnitude
        self.isInteger = isInteger
        self.overflow = overflow
    }
}

/// The one-pass reader behind ``GraphJSON`` and ``GraphJSONDecoder``: RFC 8259, strict, depth-bounded,
/// handing each value to its builder.
///
/// Inlinable, so that a builder in another module (the legacy layer's `MutableJSONBuilder`, the kit's
/// canonical form) gets a reader specialized for it, as the core's own builders do: unspecialized, every
/// container stack is an `Array<Builder.…>` whose metadata is looked up at run time (docs/PERFORMANCE.md).
@usableFromInline
struct GraphJSONReader<Builder: GraphJSONBuilder> {
    @usableFromInline let bytes: UnsafeBufferPointer<UInt8>
    @usableFromInline let maximumDepth: Int
    @usableFromInline var builder: Builder
    @usableFromInline var index = 0
    @usableFromInline var depth = 0
    /// Scratch for strings with escapes.
    @usableFromInline var scratch: [UInt8] = []

    @inlinable
    init(bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int, builder: Builder) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
        self.builder = builder
    }

    @inlinable
    func fail(_ reason: GraphJSONError.Reason, at offset: Int? = nil) -> GraphJSONError {
        GraphJSONError(reason: reason, offset: offset ?? index)
    }

    /// Reads the whole text as one value (a leading UTF-8 byte-order mark is skipped).
    @inlinable
    mutating func parseDocument() throws(GraphJSONError) -> Builder.Value {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        guard index == bytes.count else { throw fail(.trailingText) }
        return value
    }

    @inlinable @inline(__always)
    mutating func skipWhitespace() {
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
    /// mutated in place (`&arrays[last]`), never copied.
    @inlinable
    mutating func parseValue() throws(GraphJSONError) -> Builder.Value {
        // Per open container, innermost last: true for an array. Arrays, objects and the pending
        // member keys are kept on their own stacks.
        var isArray: [Bool] = []
        var arrays: [Builder.ArrayState] = []
        var objects: [Builder.ObjectState] = []
        var keys: [Builder.Key] = []
        nextValue: while true {
            guard index < bytes.count else { throw fail(.unexpectedEnd) }
            let start = index
            var value: Builder.Value
            switch bytes[index] {
            case UInt8(ascii: "\""): value = builder.string(try parseString(), in: bytes)
            case UInt8(ascii: "["):
                try enter()
                let array = builder.beginArray(at: index)
                index += 1
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "]") else {
                    isArray.append(true)
                    arrays.append(array)
                    continue nextValue
                }
                index += 1
                depth -= 1
                value = builder.endArray(array)
            case UInt8(ascii: "{"):
                try enter()
                let object = builder.beginObject(at: index)
                index += 1
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "}") else {
                    keys.append(try parseKey())
                    isArray.append(false)
                    objects.append(object)
                    continue nextValue
                }
                index += 1
                depth -= 1
                value = builder.endObject(object)
            case UInt8(ascii: "t"):
                try expectLiteral("true")
                value = builder.bool(true, at: start)
            case UInt8(ascii: "f"):
                try expectLiteral("false")
                value = builder.bool(false, at: start)
            case UInt8(ascii: "n"):
                try expectLiteral("null")
                value = builder.null(at: start)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                value = builder.number(try parseNumber(), in: bytes)
            case let byte: throw fail(.unexpectedByte(byte))
            }
            // A value is complete: put it in its container, closing every container that ends here.
            while let inArray = isArray.last {
                skipWhitespace()
                guard index < bytes.count else { throw fail(.unexpectedEnd) }
                let byte = bytes[index]
                if inArray {
                    builder.append(value, to: &arrays[arrays.count - 1])
                    switch byte {
                    case UInt8(ascii: ","):
                        index += 1
                        skipWhitespace()
                        continue nextValue
                    case UInt8(ascii: "]"):
                        index += 1
                        depth -= 1
                        isArray.removeLast()
                        value = builder.endArray(arrays.removeLast())
                    default: throw fail(.unexpectedByte(byte))
                    }
                } else {
                    builder.add(keys.removeLast(), value, to: &objects[objects.count - 1])
                    switch byte {
                    case UInt8(ascii: ","):
                        index += 1
                        keys.append(try parseKey())
                        continue nextValue
                    case UInt8(ascii: "}"):
                        index += 1
                        depth -= 1
                        isArray.removeLast()
                        value = builder.endObject(objects.removeLast())
                    default: throw fail(.unexpectedByte(byte))
                    }
                }
            }
            return value
        }
    }

    @inlinable
    mutating func expectLiteral(_ literal: StaticString) throws(GraphJSONError) {
        let count = literal.utf8CodeUnitCount
        let pointer = literal.utf8Start
        for offset in 0..<count {
            guard index + offset < bytes.count else { throw fail(.unexpectedEnd, at: bytes.count) }
            // A word that is not the literal is wrong where it starts (`nope`: the `n`).
            guard bytes[index + offset] == pointer[offset] else { throw fail(.unexpectedByte(bytes[index]), at: index) }
        }
        index += count
    }

    @inlinable
    mutating func enter() throws(GraphJSONError) {
        depth += 1
        guard depth <= maximumDepth else { throw fail(.tooDeep(limit: maximumDepth)) }
    }

    /// A member's key and its colon, whitespace around them skipped; `index` is before the key.
    @inlinable
    mutating func parseKey() throws(GraphJSONError) -> Builder.Key {
        skipWhitespace()
        guard index < bytes.count else { throw fail(.unexpectedEnd) }
        guard bytes[index] == UInt8(ascii: "\"") else { throw fail(.unexpectedByte(bytes[index])) }
        let key = builder.key(try parseString(), in: bytes)
        skipWhitespace()
        guard index < bytes.count else { throw fail(.unexpectedEnd) }
        guard bytes[index] == UInt8(ascii: ":") else { throw fail(.unexpectedByte(bytes[index])) }
        index += 1
        skipWhitespace()
        return key
    }

    /// A string; `index` is at the opening quote.
    @inlinable
    mutating func parseString() throws(GraphJSONError) -> GraphJSONStringText {
        index += 1
        let start = index
        // Fast path: no escape; ASCII needs no validation.
        var ascii = true
        while index < bytes.count {
            skipPlainASCII()
            guard index < bytes.count else { break }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let end = index
                index += 1
                if ascii { return .ascii(start..<end) }
                let raw = UnsafeBufferPointer(rebasing: bytes[start..<end])
                return .decoded(try makeString(raw, validating: true, at: start), at: start)
            }
            if byte >= 0x80 { ascii = false }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw fail(.controlCharacterInString) }
            index += 1
        }
        guard index < bytes.count else { throw fail(.unexpectedEnd) }
        // Escapes make valid UTF-8; only raw bytes above 0x7F need checking.
        var rawNonASCII = !ascii
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                let string = try scratch.withUnsafeBufferPointer { buffer throws(GraphJSONError) in
                    try makeString(buffer, validating: rawNonASCII, at: start)
                }
                return .decoded(string, at: start)
            case UInt8(ascii: "\\"):
                try parseEscape()
            case 0..<0x20:
                throw fail(.controlCharacterInString)
            default:
                // A run of plain bytes up to the next quote, backslash or control character.
                let run = index
                if byte >= 0x80 { rawNonASCII = true }
                index += 1
                skipPlainASCII()
                while index < bytes.count {
                    let next = bytes[index]
                    if next == UInt8(ascii: "\"") || next == UInt8(ascii: "\\") || next < 0x20 { break }
                    if next >= 0x80 { rawNonASCII = true }
                    index += 1
                }
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<index]))
            }
        }
        throw fail(.unexpectedEnd)
    }

    /// Moves `index` past whole 8-byte words of string bytes that need no look: ASCII, no quote,
    /// no backslash, no control character (most of a Graph body's strings).
    @inlinable @inline(__always)
    mutating func skipPlainASCII() {
        guard let base = bytes.baseAddress else { return }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        while index + 8 <= bytes.count {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            let quote = word ^ (ones &* 0x22)
            let backslash = word ^ (ones &* 0x5C)
            // A byte is zero (a quote, a backslash) or below 0x20 exactly when its high bit is set
            // here, given no byte above 0x7F (tested on its own).
            let special =
                ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((word &- ones &* 0x20) & ~word)
            let stops = (special | word) & highs
            // The lowest flagged byte is exact (a borrow only flags bytes above a real one).
            guard stops == 0 else {
                index += stops.trailingZeroBitCount >> 3
                return
            }
            index += 8
        }
    }

    /// The string of `buffer`; with `validating`, invalid UTF-8 is an error (decoding repairs it, so
    /// a repaired string differs from its bytes), else `buffer` is known to be valid.
    @inlinable
    func makeString(_ buffer: UnsafeBufferPointer<UInt8>, validating: Bool, at offset: Int)
        throws(GraphJSONError)
        -> String
    {
        let string = String(decoding: buffer, as: UTF8.self)
        guard !validating || string.utf8.elementsEqual(buffer) else { throw fail(.invalidUTF8, at: offset) }
        return string
    }

    /// One escape; `index` is at the backslash. Appends its UTF-8 to `scratch`.
    @inlinable
    mutating func parseEscape() throws(GraphJSONError) {
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
        if scalar < 0x80 {
            scratch.append(UInt8(scalar))
        } else {
            scratch.append(contentsOf: UTF8.encode(unicode)!)
        }
    }

    @inlinable
    func hex4(at offset: Int) throws(GraphJSONError) -> UInt32 {
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
    @inlinable
    mutating func parseNumber() throws(GraphJSONError) -> GraphJSONNumberText {
        let start = index
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        guard index < bytes.count else { throw fail(.invalidNumber, at: start) }
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
        return GraphJSONNumberText(
            range: start..<index, negative: negative, magnitude: magnitude, isInteger: isInteger, overflow: overflow)
    }

    @inlinable @inline(__always)
    func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }
}
