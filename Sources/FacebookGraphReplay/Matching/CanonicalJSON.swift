import FacebookGraph
import Foundation

/// A JSON value (RFC 8259, strict) reduced for comparison: object members unordered (the last of
/// duplicate keys wins), numbers as one canonical decimal spelling (`1`, `1.0` and `10e-1` are all
/// `1`), array order kept. Its ``text`` is the canonical serialisation.
indirect enum CanonicalJSON: Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, as canonical text (see ``CanonicalJSON/canonicalNumber(negative:digits:exponent:)``).
    case number(String)
    /// A string.
    case string(String)
    /// An array.
    case array([CanonicalJSON])
    /// An object.
    case object([String: CanonicalJSON])

    /// The deepest nesting accepted; deeper input does not parse.
    static let maximumDepth = 200

    /// Parses a whole document (any value, surrounding white space allowed) with the package's one
    /// JSON reader (`GraphJSON.read`); `nil` when it is not valid JSON (including invalid UTF-8, lone
    /// surrogate escapes, nesting beyond ``maximumDepth``).
    init?(parsing bytes: [UInt8]) {
        guard let value = try? Self.read(bytes) else { return nil }
        self = value
    }

    /// Reads `bytes`, or says where and why they are not JSON.
    static func read(_ bytes: [UInt8]) throws(GraphJSONError) -> CanonicalJSON {
        try GraphJSON.read(bytes, maximumDepth: maximumDepth, builder: CanonicalJSONBuilder())
    }

    /// Parses a parameter value that is a JSON object or array; `nil` for anything else.
    init?(parameterValue: String) {
        guard let first = parameterValue.utf8.first(where: { !JSONString.isWhitespace($0) }),
            first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
        else { return nil }
        self.init(parsing: Array(parameterValue.utf8))
    }

    /// Canonical serialisation: no insignificant white space, object keys sorted, strings escaping
    /// only `"`, `\` and control characters.
    var text: String {
        switch self {
        case .null: "null"
        case .bool(let value): value ? "true" : "false"
        case .number(let text): text
        case .string(let value): JSONString.quoted(value)
        case .array(let items): "[" + items.map(\.text).joined(separator: ",") + "]"
        case .object(let members):
            "{"
                + members.sorted { $0.key < $1.key }.map { JSONString.quoted($0.key) + ":" + $0.value.text }
                .joined(separator: ",") + "}"
        }
    }

    /// The canonical spelling of the number `±digits × 10^exponent`: leading and trailing zeros
    /// removed, zero unsigned, plain decimal notation for moderate magnitudes and `d.ddde±N`
    /// otherwise.
    static func canonicalNumber(negative: Bool, digits: [UInt8], exponent: Int) -> String {
        var significant = digits.drop { $0 == UInt8(ascii: "0") }
        guard !significant.isEmpty else { return "0" }
        var exponent = exponent
        while significant.last == UInt8(ascii: "0") {
            significant.removeLast()
            exponent += 1
        }
        let text = String(decoding: significant, as: UTF8.self)
        let count = text.count
        let pointPosition = count + exponent
        let body: String
        if exponent >= 0, pointPosition <= 21 {
            body = text + String(repeating: "0", count: exponent)
        } else if exponent < 0, pointPosition > 0 {
            body = String(text.prefix(pointPosition)) + "." + String(text.dropFirst(pointPosition))
        } else if exponent < 0, pointPosition > -6 {
            body = "0." + String(repeating: "0", count: -pointPosition) + text
        } else {
            let mantissa = count > 1 ? String(text.prefix(1)) + "." + String(text.dropFirst()) : text
            body = mantissa + "e" + String(pointPosition - 1)
        }
        return negative ? "-" + body : body
    }
}
