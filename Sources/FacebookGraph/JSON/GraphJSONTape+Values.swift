import Foundation

/// Reading one value of a ``GraphJSONTape`` as a Swift type, with `JSONDecoder`'s rules and errors.
/// `path` is the coding path of the container the value is in and `key` the value's key there
/// (``GraphJSONNoKey`` for a container's own value); the full path is made only for an error. Keys
/// are never optional here: an `Optional<Key>` of a caller's key type costs a metadata look-up per
/// call in code that is not specialized for it.
extension GraphJSONTape {
    /// Decodes `type` from the value at `node`.
    func decode<T: Decodable, K: CodingKey>(_ node: Int, as type: T.Type, path: GraphJSONCodingPath?, key: K) throws
        -> T
    {
        // Common leaves without a nested decoder.
        if T.self == String.self { return unsafeBitCast(try string(node, path: path, key: key), to: T.self) }
        if T.self == Int.self { return unsafeBitCast(try integer(Int.self, node, path: path, key: key), to: T.self) }
        if T.self == Double.self {
            return unsafeBitCast(try floatingPoint(Double.self, node, path: path, key: key), to: T.self)
        }
        if T.self == Bool.self { return unsafeBitCast(try bool(node, path: path, key: key), to: T.self) }
        if T.self == Int64.self {
            return unsafeBitCast(try integer(Int64.self, node, path: path, key: key), to: T.self)
        }
        // JSONDecoder's default strategies for Foundation types.
        if T.self == Data.self {
            try checkNotNull(node, Data.self, path: path, key: key)
            let value = nodes[node]
            guard value.kind == .asciiString || value.kind == .decodedString else {
                throw typeMismatch(String.self, value, path: path, key: key)
            }
            guard let data = Data(base64Encoded: text(value)) else {
                throw corrupted("Encountered Data is not valid Base64.", path: path, key: key)
            }
            return unsafeBitCast(data, to: T.self)
        }
        if T.self == URL.self {
            try checkNotNull(node, URL.self, path: path, key: key)
            guard let url = URL(string: try string(node, path: path, key: key)) else {
                throw corrupted("Invalid URL string.", path: path, key: key)
            }
            return unsafeBitCast(url, to: T.self)
        }
        if T.self == Decimal.self {
            try checkNotNull(node, Decimal.self, path: path, key: key)
            let value = nodes[node]
            guard value.kind == .number else {
                throw DecodingError.typeMismatch(
                    Decimal.self,
                    DecodingError.Context(
                        codingPath: GraphJSONCodingPath.keys(path, appending: key), debugDescription: ""))
            }
            let text = numberText(value)
            guard let decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), !decimal.isNaN else {
                throw corrupted("Parsed JSON number <\(text)> does not fit in Decimal.", path: path, key: key)
            }
            return unsafeBitCast(decimal, to: T.self)
        }
        if T.self == Date.self { try checkNotNull(node, Date.self, path: path, key: key) }
        // The package's own model, read without a Decoder when its shape allows (see GraphJSONTape+GraphUser).
        if T.self == GraphUser.self, let user = try GraphUser(tape: self, object: node, path: path, key: key) {
            return unsafeBitCast(user, to: T.self)
        }
        let decoder = GraphJSONValueDecoder(tape: self, node: node, path: GraphJSONCodingPath.appending(path, key))
        return try T(from: decoder)
    }

    /// `valueNotFound` when the value at `node` is `null`.
    @inline(__always)
    func checkNotNull<K: CodingKey>(_ node: Int, _ type: Any.Type, path: GraphJSONCodingPath?, key: K) throws {
        guard nodes[node].kind == .null else { return }
        throw valueNotFound(type, path: path, key: key)
    }

    /// `JSONDecoder`'s `valueNotFound` for a `null` where a `type` was asked for.
    func valueNotFound<K: CodingKey>(_ type: Any.Type, path: GraphJSONCodingPath?, key: K) -> DecodingError {
        DecodingError.valueNotFound(
            type,
            DecodingError.Context(
                codingPath: GraphJSONCodingPath.keys(path, appending: key),
                debugDescription: "Cannot get value of type \(type) -- found null value instead"))
    }

    /// A string.
    func string<K: CodingKey>(_ node: Int, path: GraphJSONCodingPath?, key: K) throws -> String {
        let value = nodes[node]
        switch value.kind {
        case .asciiString, .decodedString: return text(value)
        case .null: throw valueNotFound(String.self, path: path, key: key)
        default: throw typeMismatch(String.self, value, path: path, key: key)
        }
    }

    /// `true` or `false` (`JSONDecoder` reports `null` as a type mismatch here, not a missing value).
    func bool<K: CodingKey>(_ node: Int, path: GraphJSONCodingPath?, key: K) throws -> Bool {
        let value = nodes[node]
        guard value.kind == .bool else { throw typeMismatch(Bool.self, value, path: path, key: key) }
        return value.flags != 0
    }

    /// An integer of type `T`, exactly: a number with a fraction or an exponent only when its value is
    /// a whole number; anything outside `T`'s range is an error.
    func integer<T: FixedWidthInteger, K: CodingKey>(
        _ type: T.Type, _ node: Int, path: GraphJSONCodingPath?, key: K
    ) throws -> T {
        let value = try number(node, T.self, path: path, key: key)
        let negative = value.flags & GraphJSONNode.negativeFlag != 0
        if value.flags & GraphJSONNode.integerFlag != 0 {
            if let result = Self.integer(T.self, negative: negative, magnitude: value.payload) { return result }
        } else if let (magnitude, fits) = Self.wholeMagnitude(numberText(value)), fits,
            let result = Self.integer(T.self, negative: negative, magnitude: magnitude)
        {
            return result
        }
        throw corrupted("Parsed JSON number <\(numberText(value))> does not fit in \(T.self).", path: path, key: key)
    }

    /// The number at `node`: `valueNotFound` for `null`, `typeMismatch` for anything else.
    @inline(__always)
    private func number<K: CodingKey>(_ node: Int, _ type: Any.Type, path: GraphJSONCodingPath?, key: K) throws
        -> GraphJSONNode
    {
        let value = nodes[node]
        guard value.kind == .number else {
            try checkNotNull(node, type, path: path, key: key)
            throw typeMismatch(type, value, path: path, key: key)
        }
        return value
    }

    /// `±magnitude` as `T`, or nil when it is outside `T`'s range.
    @inline(__always)
    static func integer<T: FixedWidthInteger>(_ type: T.Type, negative: Bool, magnitude: UInt64) -> T? {
        guard negative, magnitude != 0 else { return T(exactly: magnitude) }
        guard T.isSigned else { return nil }
        if magnitude <= UInt64(Int64.max) { return T(exactly: -Int64(magnitude)) }
        return magnitude == UInt64(Int64.max) + 1 ? T(exactly: Int64.min) : nil
    }

    /// The magnitude of a number with a fraction or an exponent when its value is whole: nil when it
    /// is not whole; `fits` false when it is whole but beyond 64 bits.
    static func wholeMagnitude(_ text: String) -> (magnitude: UInt64, fits: Bool)? {
        var digits: [UInt8] = []
        var exponent = 0
        var exponentValue = 0
        var exponentNegative = false
        var part = 0  // 0: integer digits, 1: fraction, 2: exponent
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                let digit = byte - UInt8(ascii: "0")
                switch part {
                case 0: digits.append(digit)
                case 1:
                    digits.append(digit)
                    exponent -= 1
                default: exponentValue = min(exponentValue * 10 + Int(digit), 1_000_000)
                }
            case UInt8(ascii: "."): part = 1
            case UInt8(ascii: "e"), UInt8(ascii: "E"): part = 2
            case UInt8(ascii: "-"): if part == 2 { exponentNegative = true }
            default: break
            }
        }
        exponent += exponentNegative ? -exponentValue : exponentValue
        while let last = digits.last, last == 0, exponent < 0 {
            digits.removeLast()
            exponent += 1
        }
        let significant = digits.drop(while: { $0 == 0 })
        if significant.isEmpty { return (0, true) }
        guard exponent >= 0 else { return nil }
        guard significant.count + exponent <= 20 else { return (0, false) }
        var magnitude: UInt64 = 0
        for digit in significant + [UInt8](repeating: 0, count: exponent) {
            let (times, o1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times.addingReportingOverflow(UInt64(digit))
            if o1 || o2 { return (0, false) }
            magnitude = sum
        }
        return (magnitude, true)
    }

    /// A `Double` or `Float`: a number whose value is finite in `T` and not a non-zero rounded to zero.
    func floatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible, K: CodingKey>(
        _ type: T.Type, _ node: Int, path: GraphJSONCodingPath?, key: K
    ) throws -> T {
        let value = try number(node, T.self, path: path, key: key)
        let negative = value.flags & GraphJSONNode.negativeFlag != 0
        if value.flags & GraphJSONNode.integerFlag != 0, value.payload < 1 << T.significandBitCount {
            let magnitude = T(value.payload)
            return negative ? -magnitude : magnitude
        }
        let text = numberText(value)
        if let result = T(text), result.isFinite {
            if result != 0 || Self.isZero(text) { return result }
        }
        throw corrupted("Parsed JSON number <\(text)> does not fit in \(T.self).", path: path, key: key)
    }

    /// True when a number's digits before any exponent are all zero.
    private static func isZero(_ text: String) -> Bool {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "1")...UInt8(ascii: "9"): return false
            case UInt8(ascii: "e"), UInt8(ascii: "E"): return true
            default: continue
            }
        }
        return true
    }

    /// `JSONDecoder`'s `typeMismatch` for a value of the wrong kind.
    func typeMismatch<K: CodingKey>(_ type: Any.Type, _ value: GraphJSONNode, path: GraphJSONCodingPath?, key: K)
        -> DecodingError
    {
        let found: String
        switch value.kind {
        case .null: found = "null"
        case .bool: found = "bool"
        case .number: found = "number"
        case .asciiString, .decodedString: found = "a string"
        case .array: found = "an array"
        case .object: found = "a dictionary"
        }
        return DecodingError.typeMismatch(
            type,
            DecodingError.Context(
                codingPath: GraphJSONCodingPath.keys(path, appending: key),
                debugDescription: "Expected to decode \(type) but found \(found) instead."))
    }

    /// `dataCorrupted` at `path` + `key`.
    func corrupted<K: CodingKey>(_ description: String, path: GraphJSONCodingPath?, key: K) -> DecodingError {
        DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: GraphJSONCodingPath.keys(path, appending: key), debugDescription: description))
    }
}
