/// The characters of UTF-8 text as ICU's regular expressions classify them, read from the bytes:
/// what ``SecretTextPattern`` needs of `\s`, `\b` and `.`.
enum SecretTextScalars {
    /// The length of the UTF-8 sequence that starts at `position` (1 for a stray byte).
    static func length(in bytes: [UInt8], at position: Int) -> Int {
        let lead = bytes[position]
        let length = lead < 0xC0 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        return min(length, bytes.count - position)
    }

    /// The scalar that starts at `position`, or nil for a malformed sequence.
    static func scalar(in bytes: [UInt8], at position: Int) -> Unicode.Scalar? {
        let lead = bytes[position]
        if lead < 0x80 { return Unicode.Scalar(lead) }
        var decoder = UTF8()
        var iterator = bytes[position..<(position + length(in: bytes, at: position))].makeIterator()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return scalar }
        return nil
    }

    /// The length of the white-space character at `position` (`\s`: Unicode's `White_Space`, tab to
    /// carriage return, NEL and the separators included), or nil.
    static func whitespaceLength(in bytes: [UInt8], at position: Int) -> Int? {
        guard position < bytes.count else { return nil }
        switch bytes[position] {
        case 0x09...0x0D, 0x20: return 1
        case 0x00..<0x80: return nil
        default:
            guard let scalar = scalar(in: bytes, at: position), scalar.properties.isWhitespace else { return nil }
            return length(in: bytes, at: position)
        }
    }

    /// True when the character at `position` ends a line, which `.` does not match: LF, VT, FF, CR,
    /// NEL, LS or PS.
    static func isLineTerminator(in bytes: [UInt8], at position: Int) -> Bool {
        switch bytes[position] {
        case 0x0A...0x0D: return true
        case 0x00..<0x80: return false
        default: return scalar(in: bytes, at: position).map { [0x85, 0x2028, 0x2029].contains($0.value) } ?? false
        }
    }

    /// True when the character before `position`, combining marks skipped, is a word character
    /// (ICU's `\w`: alphabetic, a mark, a decimal digit, connector punctuation, ZWNJ or ZWJ).
    static func isWordCharacter(before position: Int, in bytes: [UInt8]) -> Bool {
        if position > 0, bytes[position - 1] < 0x80 {
            let byte = bytes[position - 1]
            return (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte == 0x5F
        }
        var end = position
        while end > 0 {
            var start = end - 1
            while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
            guard let scalar = scalar(in: bytes, at: start) else { return false }
            let properties = scalar.properties
            switch properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark:
                end = start
                continue
            case .decimalNumber, .connectorPunctuation: return true
            default: return properties.isAlphabetic || scalar.value == 0x200C || scalar.value == 0x200D
            }
        }
        return false
    }
}
