// The one JSON string-literal escaping of the package, both directions (RFC 8259 §7).
//
// Escaping writes `\"`, `\\`, `\n`, `\r`, `\t`, `\b`, `\f`, every other control character as
// `\u00xx` (lower-case hex), and `/` as `\/` only when asked (Graph escapes it; JSONSerialization
// does unless told not to). Everything else, non-ASCII included, is written as it is.
//
// Unescaping (``JSONString/unescape(_:)``, over the bytes between the quotes) never fails:
// redaction reads whatever text it is given. An unknown escape yields the escaped character, a `\u`
// without four hex digits is dropped, a lone surrogate is dropped, invalid UTF-8 becomes U+FFFD.
// Reading strictly — JSON that must be valid — is the one reader's job (`GraphJSON`).
//
// The package's JSON white space (RFC 8259 §2) is here too: ``JSONString/isWhitespace(_:)``.

/// JSON string-literal escaping and unescaping.
package enum JSONString {
    /// `text` as the inside of a JSON string literal (no quotes added).
    package static func escape(_ text: String, escapingSlash: Bool = false) -> String {
        var output = ""
        output.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "/": output += escapingSlash ? "\\/" : "/"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            case let control where control.value < 0x20: output += unicodeEscape(control)
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// `scalar` (of the Basic Multilingual Plane) as a `\uXXXX` escape, lower-case hex: `\u001b`.
    package static func unicodeEscape(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16)
        return "\\u" + String(repeating: "0", count: max(4 - hex.count, 0)) + hex
    }

    /// `text` as a whole JSON string literal, in double quotes.
    package static func quoted(_ text: String, escapingSlash: Bool = false) -> String {
        "\"" + escape(text, escapingSlash: escapingSlash) + "\""
    }

    /// The value of a string literal's contents (the bytes between its quotes), leniently: never
    /// fails (see the file overview).
    package static func unescape(_ literal: some Collection<UInt8>) -> String {
        let bytes = Array(literal)
        guard bytes.contains(backslash) else { return String(decoding: bytes, as: UTF8.self) }
        return String(decoding: decode(bytes), as: UTF8.self)
    }

    /// True for JSON's insignificant white space: space, tab, line feed, carriage return.
    @inline(__always)
    package static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    private static let backslash = UInt8(ascii: "\\")

    /// The decoded bytes, leniently (see the file overview).
    private static func decode(_ literal: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(literal.count)
        var index = 0
        var pendingHighSurrogate: UInt32?
        while index < literal.count {
            let byte = literal[index]
            guard byte == backslash, index + 1 < literal.count else {
                output.append(byte)
                index += 1
                continue
            }
            let escape = literal[index + 1]
            index += 2
            switch escape {
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "\""), backslash, UInt8(ascii: "/"): output.append(escape)
            case UInt8(ascii: "u"):
                guard let code = hex4(literal, at: index) else { continue }
                index += 4
                switch code {
                case 0xD800..<0xDC00:
                    pendingHighSurrogate = code
                    continue
                case 0xDC00..<0xE000:
                    guard let high = pendingHighSurrogate else { continue }
                    pendingHighSurrogate = nil
                    let scalarValue = 0x10000 + ((high - 0xD800) << 10) + (code - 0xDC00)
                    if let scalar = Unicode.Scalar(scalarValue) { output.append(contentsOf: String(scalar).utf8) }
                default:
                    pendingHighSurrogate = nil
                    if let scalar = Unicode.Scalar(code) { output.append(contentsOf: String(scalar).utf8) }
                }
            default:
                output.append(escape)
            }
        }
        return output
    }

    /// The value of four hex digits at `index`, or `nil`.
    private static func hex4(_ bytes: [UInt8], at index: Int) -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for byte in bytes[index..<(index + 4)] {
            guard let digit = FormEncoding.hexValue(byte) else { return nil }
            value = value << 4 | UInt32(digit)
        }
        return value
    }
}
