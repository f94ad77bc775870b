import FacebookGraph
import Foundation

/// json-framework 2.x's parsing rules, over the package's one JSON parser (``GraphJSON``, the one
/// the modern core parses Graph bodies with).
///
/// `GraphJSON` does the parsing, nesting bounded by the caller's limit (``EDEPTH``). What
/// json-framework added, or reported differently, is done here:
/// - a leading byte-order mark is refused (``EPARSE``; json-framework read bytes, not a BOM, where
///   `GraphJSON` skips one);
/// - `GraphJSON`'s error becomes json-framework's code: a comma before `]` or `}` ``ETRAILCOMMA``,
///   end of text inside a string, array or object ``EEOF``, control character ``ECTRL``, unknown
///   escape ``EESCAPE``, bad `\u` or surrogate ``EUNICODE``, malformed number (a leading `+` or `0`
///   included) ``EPARSENUM``, text after the value ``ETRAILGARBAGE``, anything else ``EPARSE``; the
///   description keeps `GraphJSON`'s words, which name the byte offset;
/// - arrays and objects are `NSMutableArray` / `NSMutableDictionary`, as json-framework gave them,
///   built as the text is read (``MutableJSONBuilder``), and a number beyond `NSDecimalNumber`'s
///   range (`1e400`) is refused (``EPARSENUM``).
enum JSONTextRules {
    /// Why a text is not accepted: a json-framework code and a description.
    struct Failure: Error, Equatable {
        var code: Int
        var description: String
    }

    /// Parses `text` (scalars allowed) under json-framework's rules, nesting at most `maxDepth`.
    static func parse(_ text: String, maxDepth: Int) -> Result<Any, Failure> {
        let data = Data(text.utf8)
        if data.starts(with: [0xEF, 0xBB, 0xBF]) {
            return .failure(Failure(code: EPARSE, description: "Unrecognised leading character (a byte-order mark)"))
        }
        let parsed: MutableJSONBuilder.Parsed
        do {
            parsed = try MutableJSONBuilder.parse(data, maximumDepth: maxDepth)
        } catch {
            return .failure(failure(for: error, in: Array(data)))
        }
        guard !parsed.sawNumberOutOfRange else {
            return .failure(Failure(code: EPARSENUM, description: "Number out of range"))
        }
        return .success(parsed.value)
    }

    /// Whether a value is a JSON array or object, in any of the forms Swift and Foundation give them.
    static func isContainer(_ value: Any) -> Bool {
        value is NSDictionary || value is NSArray || value is [AnyHashable: Any] || value is [Any]
    }

    /// json-framework's code for `GraphJSON`'s error. The description is `GraphJSON`'s (what and at
    /// which byte), after json-framework's words where it had its own.
    private static func failure(for error: GraphJSONError, in bytes: [UInt8]) -> Failure {
        let offset = error.offset
        func failure(_ code: Int, _ words: String? = nil) -> Failure {
            Failure(code: code, description: words.map { "\($0): \(error.description)" } ?? error.description)
        }
        let byte = offset < bytes.count ? bytes[offset] : nil
        let previous = offset > 0 && offset <= bytes.count ? bytes[offset - 1] : nil
        // Digits stop only after a leading `0`, so a digit straight after one is that `0`'s.
        let leadingZero = byte.map(isDigit) == true && previous.map(isDigit) == true
        switch error.reason {
        case .tooDeep:
            return Failure(code: EDEPTH, description: "Nested too deep")
        case .unexpectedEnd:
            // `GraphJSON` also says so for a literal cut short (`t`); only text that stops inside
            // a string, array or object ended early.
            let shape = scan(bytes[...])
            return failure(bytes.allSatisfy(isWhitespace) || shape.inString || shape.innermost != nil ? EEOF : EPARSE)
        case .invalidNumber:
            return failure(EPARSENUM)
        case .controlCharacterInString:
            return failure(ECTRL)
        case .invalidUTF8:
            return failure(EUNICODE)
        case .invalidEscape:
            // At the backslash: an unknown letter, or a `\u` surrogate without its pair; elsewhere:
            // a byte of `\uXXXX` that is not hex.
            let unknownLetter =
                byte == UInt8(ascii: "\\") && offset + 1 < bytes.count && bytes[offset + 1] != UInt8(ascii: "u")
            return failure(unknownLetter ? EESCAPE : EUNICODE)
        case .trailingText:
            return leadingZero
                ? failure(EPARSENUM, "Leading 0 disallowed in number") : failure(ETRAILGARBAGE, "Garbage after JSON")
        case .unexpectedByte(let found):
            if found == UInt8(ascii: "+") {
                return failure(EPARSENUM, "Leading + disallowed in number")
            }
            if leadingZero {
                return failure(EPARSENUM, "Leading 0 disallowed in number")
            }
            if found == UInt8(ascii: "]") || found == UInt8(ascii: "}"),
                bytes[..<offset].last(where: { !isWhitespace($0) }) == UInt8(ascii: ",")
            {
                switch scan(bytes[..<offset]).innermost {
                case UInt8(ascii: "[") where found == UInt8(ascii: "]"):
                    return failure(ETRAILCOMMA, "Trailing comma disallowed in array")
                case UInt8(ascii: "{") where found == UInt8(ascii: "}"):
                    return failure(ETRAILCOMMA, "Trailing comma disallowed in object")
                default:
                    break
                }
            }
            return failure(EPARSE)
        }
    }

    /// Where a prefix of a text leaves off, read outside strings: inside a string, and the innermost
    /// array (`[`) or object (`{`) still open. Not a parser: `GraphJSON` has refused the text.
    private static func scan(_ bytes: ArraySlice<UInt8>) -> (inString: Bool, innermost: UInt8?) {
        var inString = false
        var escaped = false
        var open: [UInt8] = []
        for byte in bytes {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"): open.append(byte)
            case UInt8(ascii: "]"), UInt8(ascii: "}"): _ = open.popLast()
            default: break
            }
        }
        return (inString, open.last)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
