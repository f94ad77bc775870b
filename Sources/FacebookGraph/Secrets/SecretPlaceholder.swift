/// What a secret becomes once it is hidden, and what is already hidden.
///
/// Three levels, each a superset of the one before:
///
/// 1. **A placeholder** — what cassette redaction writes: `<KIND-n>` with an upper-case kind and a
///    decimal number (`<TOKEN-1>`, `<PROOF-2>`). Redaction never learns or replaces one, so redacting
///    twice changes nothing.
/// 2. **A marker** — any `<word>` of letters, digits, `-` and `_` up to 32 characters: a placeholder
///    or the `<redacted>` that error texts use. Text redaction leaves a value that is a marker alone.
/// 3. **A stand-in** — what hand-written fixtures use instead of a secret and the scanner lets pass:
///    a marker or any `<…>`, `%3C…%3E`, `{…}`, `[…]`, `${…`, `#{…`, a value naming itself a
///    placeholder (`placeholder`, `redacted`, `filtered`), or one character repeated (`xxxx`).
package enum SecretPlaceholder {
    /// The text that replaces a secret in error messages and logs.
    package static let redacted = "<redacted>"

    /// The placeholder for the `number`th secret of the kind named `kind` (upper-case letters):
    /// `<TOKEN-1>`.
    package static func placeholder(kind: String, number: Int) -> String {
        "<\(kind)-\(number)>"
    }

    /// The length in bytes of the placeholder (`<KIND-n>`) starting at `index`, or nil.
    package static func placeholderLength(in bytes: [UInt8], at index: Int) -> Int? {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "<") else { return nil }
        var cursor = index + 1
        while cursor < bytes.count, bytes[cursor] >= 0x41, bytes[cursor] <= 0x5A { cursor += 1 }
        guard cursor > index + 1, cursor < bytes.count, bytes[cursor] == UInt8(ascii: "-") else { return nil }
        cursor += 1
        let digitsStart = cursor
        while cursor < bytes.count, bytes[cursor] >= 0x30, bytes[cursor] <= 0x39 { cursor += 1 }
        guard cursor > digitsStart, cursor < bytes.count, bytes[cursor] == UInt8(ascii: ">") else { return nil }
        return cursor + 1 - index
    }

    /// True when `text` is exactly one placeholder such as `<TOKEN-1>`.
    package static func isPlaceholder(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return placeholderLength(in: bytes, at: 0) == bytes.count
    }

    /// The length in bytes of the marker (`<redacted>`, `<TOKEN-1>`) that starts at `index`, or nil.
    package static func markerLength(in bytes: [UInt8], at index: Int) -> Int? {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "<") else { return nil }
        var cursor = index + 1
        while cursor < bytes.count, cursor - index - 1 <= 32 {
            let byte = bytes[cursor]
            if byte == UInt8(ascii: ">") { return cursor > index + 1 ? cursor + 1 - index : nil }
            let isWordByte =
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
            guard isWordByte else { return nil }
            cursor += 1
        }
        return nil
    }

    /// The length in bytes of a percent-encoded marker (`%3CTOKEN-1%3E`, as a marker reads inside a
    /// URL) starting at `index`, or nil.
    package static func encodedMarkerLength(in bytes: [UInt8], at index: Int) -> Int? {
        func isEscape(_ at: Int, _ high: UInt8, _ low: UInt8) -> Bool {
            at + 2 < bytes.count && bytes[at] == UInt8(ascii: "%") && bytes[at + 1] == high
                && bytes[at + 2] | 0x20 == low | 0x20
        }
        guard isEscape(index, UInt8(ascii: "3"), UInt8(ascii: "c")) else { return nil }
        let decoded = [UInt8(ascii: "<")] + bytes[(index + 3)..<min(bytes.count, index + 3 + 34)]
        guard let close = decoded.firstIndex(of: UInt8(ascii: "%")), isEscape(index + 2 + close, 0x33, 0x65),
            markerLength(in: Array(decoded[..<close]) + [UInt8(ascii: ">")], at: 0) != nil
        else { return nil }
        return close + 5
    }

    /// True for stand-ins: `<…>`, `%3C…%3E`, `{…}`, `[…]`, `${…}`, `#{…}`, a value naming itself a
    /// placeholder, or one character repeated (`xxxx`, `****`).
    package static func isStandIn(_ value: String) -> Bool {
        let lowered = value.lowercased()
        let wrapped =
            (value.hasPrefix("<") && value.hasSuffix(">"))
            || (lowered.hasPrefix("%3c") && lowered.hasSuffix("%3e"))
            || (value.hasPrefix("{") && value.hasSuffix("}"))
            || (value.hasPrefix("[") && value.hasSuffix("]"))
            || value.hasPrefix("${") || value.hasPrefix("#{")
        let named = ["placeholder", "redacted", "filtered"].contains { lowered.contains($0) }
        return wrapped || named || Set(value).count <= 1
    }
}
