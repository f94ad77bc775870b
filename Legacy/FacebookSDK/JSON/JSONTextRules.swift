import Foundation

/// json-framework 2.x's parsing rules, over the package's one JSON parser (Foundation's
/// `JSONSerialization`).
///
/// Foundation does the parsing. What json-framework added, or reported differently, is done here:
/// - a trailing comma before `]` or `}` is refused (``ETRAILCOMMA``; Foundation accepts it);
/// - a leading byte-order mark is refused (``EPARSE``; json-framework read bytes, not a BOM);
/// - nesting deeper than the caller's limit is refused (``EDEPTH``); Foundation itself stops at 512;
/// - Foundation's error becomes json-framework's code: end of text ``EEOF``, control character
///   ``ECTRL``, bad escape ``EESCAPE``, bad `\u` or surrogate ``EUNICODE``, malformed number
///   ``EPARSENUM``, text after the value ``ETRAILGARBAGE``, anything else ``EPARSE``.
enum JSONTextRules {
    /// Why a text is not accepted: a json-framework code and a description.
    struct Failure: Error, Equatable {
        var code: Int
        var description: String
    }

    /// Parses `text` (scalars allowed) under json-framework's rules, nesting at most `maxDepth`.
    static func parse(_ text: String, maxDepth: Int) -> Result<Any, Failure> {
        let bytes = Array(text.utf8)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            return .failure(Failure(code: EPARSE, description: "Unrecognised leading character (a byte-order mark)"))
        }
        let value: Any
        do {
            value = try JSONSerialization.jsonObject(
                with: Data(bytes), options: [.fragmentsAllowed, .mutableContainers])
        } catch {
            return .failure(failure(for: error as NSError, in: bytes))
        }
        if let comma = shape(of: bytes).trailingComma {
            return .failure(comma)
        }
        if maxDepth < SBJsonBase.depthCeiling, exceedsDepth(value, limit: maxDepth) {
            return .failure(Failure(code: EDEPTH, description: "Nested too deep"))
        }
        return .success(value)
    }

    /// Whether a value is a JSON array or object, in any of the forms Swift and Foundation give them.
    static func isContainer(_ value: Any) -> Bool {
        value is NSDictionary || value is NSArray || value is [AnyHashable: Any] || value is [Any]
    }

    /// What a pass over the bytes outside strings shows: the first trailing comma (a `,` whose
    /// next non-whitespace byte closes an array or object), and whether the text ends inside a
    /// string or an unclosed array or object. Not a parser: Foundation has parsed or refused the text.
    private struct Shape {
        var trailingComma: Failure?
        var endsInsideValue: Bool
    }

    private static func shape(of bytes: [UInt8]) -> Shape {
        var trailingComma: Failure?
        var inString = false
        var escaped = false
        var open = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
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
            case UInt8(ascii: "\""):
                inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                open += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                open -= 1
            case UInt8(ascii: ",") where trailingComma == nil:
                var next = index
                while next < bytes.count, isWhitespace(bytes[next]) { next += 1 }
                if next < bytes.count, bytes[next] == UInt8(ascii: "]") {
                    trailingComma = Failure(code: ETRAILCOMMA, description: "Trailing comma disallowed in array")
                } else if next < bytes.count, bytes[next] == UInt8(ascii: "}") {
                    trailingComma = Failure(code: ETRAILCOMMA, description: "Trailing comma disallowed in object")
                }
            default:
                break
            }
        }
        let blank = bytes.allSatisfy(isWhitespace)
        return Shape(trailingComma: trailingComma, endsInsideValue: blank || inString || open > 0)
    }

    /// Whether `value` nests arrays and objects deeper than `limit` (the top container is depth 1).
    private static func exceedsDepth(_ value: Any, limit: Int, depth: Int = 0) -> Bool {
        if let dictionary = value as? NSDictionary {
            guard depth < limit else { return true }
            return dictionary.allValues.contains { exceedsDepth($0, limit: limit, depth: depth + 1) }
        }
        if let array = value as? NSArray {
            guard depth < limit else { return true }
            return array.contains { exceedsDepth($0, limit: limit, depth: depth + 1) }
        }
        return false
    }

    /// json-framework's code for Foundation's parse error; the description keeps Foundation's
    /// words, which say where.
    private static func failure(for error: NSError, in bytes: [UInt8]) -> Failure {
        let message = (error.userInfo[NSDebugDescriptionErrorKey] as? String) ?? error.localizedDescription
        func failure(_ code: Int, _ description: String? = nil) -> Failure {
            Failure(code: code, description: description ?? message)
        }
        if message.contains("Too many nested") {
            return failure(EDEPTH, "Nested too deep")
        }
        if message.contains("surrogate") || message.contains("hex") || message.contains("unicode") {
            return failure(EUNICODE)
        }
        if message.contains("control character") {
            return failure(ECTRL)
        }
        if message.contains("escape sequence") {
            return failure(EESCAPE)
        }
        if message.contains("Number") || message.contains("number") {
            return failure(EPARSENUM)
        }
        if message.contains("end of file") {
            // Foundation also says so for a literal cut short inside the text (`[tru]`); only text
            // that stops inside a string, array or object ended early.
            var trimmed = bytes[...]
            while let last = trimmed.last, isWhitespace(last) { trimmed = trimmed.dropLast() }
            if endsIncompleteNumber(trimmed) {
                return failure(EPARSENUM)
            }
            return failure(shape(of: bytes).endsInsideValue ? EEOF : EPARSE)
        }
        guard let offset = characterOffset(in: message), offset < bytes.count else {
            return failure(EPARSE)
        }
        if bytes[offset] == UInt8(ascii: "+") {
            return failure(EPARSENUM, "Leading + disallowed in number")
        }
        if offset > 0, endsIncompleteNumber(bytes[..<offset]) {
            return failure(EPARSENUM)
        }
        if offset > 0,
            (try? JSONSerialization.jsonObject(with: Data(bytes[..<offset]), options: .fragmentsAllowed)) != nil
        {
            return failure(ETRAILGARBAGE, "Garbage after JSON")
        }
        return failure(EPARSE)
    }

    /// The byte offset in Foundation's "… around character N." message.
    private static func characterOffset(in message: String) -> Int? {
        guard let range = message.range(of: "character ", options: .backwards) else { return nil }
        return Int(message[range.upperBound...].prefix { $0.isASCII && $0.isNumber })
    }

    /// Whether the text before an error ends in a number that stops too early: `-`, `1.`, `1e`, `1e+`.
    private static func endsIncompleteNumber(_ prefix: ArraySlice<UInt8>) -> Bool {
        guard let last = prefix.last else { return false }
        let beforeLast = prefix.dropLast().last
        switch last {
        case UInt8(ascii: "-"):
            return true
        case UInt8(ascii: "."):
            return beforeLast.map(isDigit) ?? false
        case UInt8(ascii: "e"), UInt8(ascii: "E"):
            return beforeLast.map(isDigit) ?? false
        case UInt8(ascii: "+"):
            return beforeLast == UInt8(ascii: "e") || beforeLast == UInt8(ascii: "E")
        default:
            return false
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
