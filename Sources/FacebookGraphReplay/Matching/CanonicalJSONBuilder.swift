import FacebookGraph

/// Builds a ``CanonicalJSON`` value from what the package's one JSON reader (`GraphJSON.read`) hands
/// it: the reader does every check (grammar, escapes, UTF-8, depth), this only stores.
struct CanonicalJSONBuilder: GraphJSONBuilder {
    /// What the reader builds.
    typealias Value = CanonicalJSON

    func null(at offset: Int) -> CanonicalJSON { .null }

    func bool(_ value: Bool, at offset: Int) -> CanonicalJSON { .bool(value) }

    func number(_ number: GraphJSONNumberText, in bytes: UnsafeBufferPointer<UInt8>) -> CanonicalJSON {
        .number(Self.canonicalNumber(bytes[number.range]))
    }

    func string(_ text: GraphJSONStringText, in bytes: UnsafeBufferPointer<UInt8>) -> CanonicalJSON {
        .string(Self.text(text, in: bytes))
    }

    func key(_ text: GraphJSONStringText, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        Self.text(text, in: bytes)
    }

    func beginArray(at offset: Int) -> [CanonicalJSON] { [] }

    func append(_ value: CanonicalJSON, to array: inout [CanonicalJSON]) { array.append(value) }

    func endArray(_ array: [CanonicalJSON]) -> CanonicalJSON { .array(array) }

    func beginObject(at offset: Int) -> [String: CanonicalJSON] { [:] }

    /// A repeated name: the last value wins.
    func add(_ key: String, _ value: CanonicalJSON, to object: inout [String: CanonicalJSON]) { object[key] = value }

    func endObject(_ object: [String: CanonicalJSON]) -> CanonicalJSON { .object(object) }

    /// A string's value.
    private static func text(_ text: GraphJSONStringText, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        switch text {
        case .ascii(let range): String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        case .decoded(let value, _): value
        }
    }

    /// A number the reader checked (`-? int frac? exp?`), as ``CanonicalJSON/canonicalNumber(negative:digits:exponent:)``
    /// spells it. An exponent of more than nine significant digits is an absurd magnitude: it keeps
    /// its own spelling rather than being rounded to zero or infinity.
    private static func canonicalNumber(_ text: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        var digits: [UInt8] = []
        var exponent = 0
        var negative = false
        var index = text.startIndex
        if text[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        while index < text.endIndex, isDigit(text[index]) {
            digits.append(text[index])
            index += 1
        }
        if index < text.endIndex, text[index] == UInt8(ascii: ".") {
            index += 1
            while index < text.endIndex, isDigit(text[index]) {
                digits.append(text[index])
                exponent -= 1
                index += 1
            }
        }
        if index < text.endIndex {
            // `e` or `E`, an optional sign, digits.
            index += 1
            var exponentNegative = false
            if text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") {
                exponentNegative = text[index] == UInt8(ascii: "-")
                index += 1
            }
            let exponentDigits = text[index...].drop { $0 == UInt8(ascii: "0") }
            guard exponentDigits.count <= 9 else { return String(decoding: text, as: UTF8.self).lowercased() }
            let written = exponentDigits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
            exponent += exponentNegative ? -written : written
        }
        return CanonicalJSON.canonicalNumber(negative: negative, digits: digits, exponent: exponent)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
