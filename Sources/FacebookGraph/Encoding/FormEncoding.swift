import Foundation

/// The one percent-encoding of the package: query strings and
/// `application/x-www-form-urlencoded` bodies, in both directions.
///
/// Escaping keeps RFC 3986's unreserved characters (`A–Z a–z 0–9 - . _ ~`) and turns every other
/// byte of the UTF-8 form into `%XX` with upper-case hex. That is exactly the v2 SDK's table
/// (`CFURLCreateStringByAddingPercentEscapes` with `!*'();:@&=+$,/?%#[]` added), so the legacy
/// layer's byte-for-byte rules are options of this encoder, not a second one.
package enum FormEncoding {
    private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

    /// `text` with every byte outside the unreserved set escaped as `%XX`.
    package static func escape(_ text: String) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isUnreserved(byte) {
                output.append(byte)
            } else {
                output.append(UInt8(ascii: "%"))
                output.append(hexDigits[Int(byte >> 4)])
                output.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// True for `A–Z a–z 0–9 - . _ ~`.
    package static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    /// `key=value&…`, values escaped; keys escaped too unless `escapingKeys` is false (the v2 SDK
    /// sent keys as they were).
    package static func encode(_ pairs: [(String, String)], escapingKeys: Bool = true) -> String {
        var text = ""
        for (index, (key, value)) in pairs.enumerated() {
            if index > 0 { text += "&" }
            text += escapingKeys ? escape(key) : key
            text += "="
            text += escape(value)
        }
        return text
    }

    /// `url` with `pairs` added as its query: after `?`, or after `&` when the URL has a query
    /// already. With no pairs the URL is returned unchanged, unless `alwaysSeparator` is set (the v2
    /// SDK's `serializeURL:` always added the separator).
    package static func appending(
        _ pairs: [(String, String)],
        to url: String,
        escapingKeys: Bool = true,
        alwaysSeparator: Bool = false
    ) -> String {
        guard !pairs.isEmpty || alwaysSeparator else { return url }
        let hasQuery = url.firstIndex(of: "?").map { _ in true } ?? false
        return url + (hasQuery ? "&" : "?") + encode(pairs, escapingKeys: escapingKeys)
    }

    /// The pairs of a query string or form body, in order: split on `&`, each at its first `=` (a
    /// piece without one is a name with an empty value), `+` read as a space unless `plusAsSpace` is
    /// false, then percent-decoded. A malformed escape is kept as written rather than dropped.
    package static func decode(_ text: Substring, plusAsSpace: Bool = true) -> [(name: String, value: String)] {
        var pairs: [(name: String, value: String)] = []
        for piece in text.split(separator: "&", omittingEmptySubsequences: true) {
            let name: Substring
            let value: Substring
            if let equals = piece.firstIndex(of: "=") {
                name = piece[..<equals]
                value = piece[piece.index(after: equals)...]
            } else {
                name = piece
                value = ""
            }
            pairs.append((unescape(name, plusAsSpace: plusAsSpace), unescape(value, plusAsSpace: plusAsSpace)))
        }
        return pairs
    }

    /// The pairs of a query string or form body (see ``decode(_:plusAsSpace:)-(Substring,_)``).
    package static func decode(_ text: String, plusAsSpace: Bool = true) -> [(name: String, value: String)] {
        decode(text[...], plusAsSpace: plusAsSpace)
    }

    /// The pairs of the query of `url` (nothing when it has none); the fragment is not part of it.
    package static func queryPairs(of url: String, plusAsSpace: Bool = true) -> [(name: String, value: String)] {
        guard let question = url.firstIndex(of: "?") else { return [] }
        var query = url[url.index(after: question)...]
        if let hash = query.firstIndex(of: "#") { query = query[..<hash] }
        return decode(query, plusAsSpace: plusAsSpace)
    }

    /// `text` percent-decoded (with `+` as a space unless `plusAsSpace` is false). Bytes that do not
    /// form UTF-8 and malformed escapes are kept as written.
    package static func unescape(_ text: Substring, plusAsSpace: Bool = true) -> String {
        let utf8 = text.utf8
        guard utf8.contains(where: { $0 == UInt8(ascii: "%") || (plusAsSpace && $0 == UInt8(ascii: "+")) }) else {
            return String(text)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var index = utf8.startIndex
        while index != utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%"), let high = utf8.index(index, offsetBy: 1, limitedBy: utf8.endIndex),
                high != utf8.endIndex, let low = utf8.index(high, offsetBy: 1, limitedBy: utf8.endIndex),
                low != utf8.endIndex, let h = hexValue(utf8[high]), let l = hexValue(utf8[low])
            {
                bytes.append(h << 4 | l)
                index = utf8.index(after: low)
                continue
            }
            bytes.append(plusAsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            index = utf8.index(after: index)
        }
        return String(validating: bytes, as: UTF8.self) ?? String(text)
    }

    /// `text` percent-decoded (see ``unescape(_:plusAsSpace:)-(Substring,_)``).
    package static func unescape(_ text: String, plusAsSpace: Bool = true) -> String {
        unescape(text[...], plusAsSpace: plusAsSpace)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
