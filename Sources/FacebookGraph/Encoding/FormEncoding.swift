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
        // Most values (ids, tokens, field lists of plain names) need no escape: no copy then.
        if text.utf8.allSatisfy(isUnreserved) { return text }
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count + 16)
        appendEscaped(text, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends `text` to `output`, every byte outside the unreserved set as `%XX`.
    static func appendEscaped(_ text: String, to output: inout [UInt8]) {
        var text = text
        // Each run of unreserved bytes (most of a token or a field list) is appended at once.
        text.withUTF8 { bytes in
            var runStart = 0
            for index in 0..<bytes.count where !isUnreserved(bytes[index]) {
                if runStart < index {
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                }
                let byte = bytes[index]
                output.append(UInt8(ascii: "%"))
                output.append(hexDigits[Int(byte >> 4)])
                output.append(hexDigits[Int(byte & 0x0F)])
                runStart = index + 1
            }
            if runStart < bytes.count { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...])) }
        }
    }

    /// `text` with every byte outside the unreserved set and `keeping` escaped as `%XX`, the hex in
    /// lower case when asked: the lenient and lower-case spellings other encoders write, which the
    /// secret finder's encoded forms list (``escape(_:)`` is this with nothing kept, upper case).
    package static func escape(_ text: String, keeping: (UInt8) -> Bool, lowercaseHex: Bool) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            if isUnreserved(byte) || keeping(byte) {
                output.append(byte)
            } else {
                output.append(UInt8(ascii: "%"))
                for digit in [hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]] {
                    output.append(lowercaseHex && digit >= UInt8(ascii: "A") ? digit + 0x20 : digit)
                }
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
        var output: [UInt8] = []
        appendEncoded(pairs, escapingKeys: escapingKeys, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends `key=value&…` (as ``encode(_:escapingKeys:)`` writes it) to `output`: one buffer for
    /// the whole text instead of a string per escape and per append.
    static func appendEncoded(_ pairs: [(String, String)], escapingKeys: Bool, to output: inout [UInt8]) {
        var size = 0
        for (key, value) in pairs { size += key.utf8.count + value.utf8.count + 2 }
        output.reserveCapacity(output.count + size + size / 4)
        for (index, (key, value)) in pairs.enumerated() {
            if index > 0 { output.append(UInt8(ascii: "&")) }
            if escapingKeys {
                appendEscaped(key, to: &output)
            } else {
                output.append(contentsOf: key.utf8)
            }
            output.append(UInt8(ascii: "="))
            appendEscaped(value, to: &output)
        }
    }

    /// `name=value&…` with only `%`, `&` and `=` escaped (as `%25`, `%26`, `%3D`): unambiguous,
    /// and readable in messages and canonical forms. Not for the wire.
    package static func encodeReadably(_ pairs: [(String, String)]) -> String {
        // By Unicode scalar, not Character: a combining mark after a delimiter (`=\u{5C2}`) makes
        // one grapheme that is not "=", yet the decoder splits on the byte (found by FuzzFormEncoding).
        let escapes: [Unicode.Scalar: String] = ["%": "%25", "&": "%26", "=": "%3D"]
        func escaped(_ text: String) -> String { replacingScalars(text, escapes) }
        return pairs.map { escaped($0.0) + "=" + escaped($0.1) }.joined(separator: "&")
    }

    /// `text` with each Unicode scalar that `escapes` names replaced by its text. By scalar, never by
    /// Character: a delimiter followed by a combining mark is one Character unequal to the delimiter.
    package static func replacingScalars(_ text: String, _ escapes: [Unicode.Scalar: String]) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if let replacement = escapes[scalar] {
                result.append(contentsOf: replacement.unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
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
        // By byte: a `?` after a prepended mark (U+06DD) is not a Character "?" (FuzzFormEncoding).
        var url = url
        let hasQuery = url.withUTF8 {
            ByteSearch.firstIndex(of: UInt8(ascii: "?"), in: $0, from: 0, to: $0.count) != nil
        }
        var output: [UInt8] = []
        output.reserveCapacity(url.utf8.count + 1)
        output.append(contentsOf: url.utf8)
        output.append(hasQuery ? UInt8(ascii: "&") : UInt8(ascii: "?"))
        appendEncoded(pairs, escapingKeys: escapingKeys, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// What decoding does when the decoded bytes are not UTF-8.
    package enum InvalidUTF8: Sendable {
        /// The text is returned as written, still escaped (the default).
        case keepEscaped
        /// Each invalid sequence becomes U+FFFD (what a server shows).
        case replace
        /// Each byte of an invalid sequence is spelled `%XX`, the rest decoded (a deterministic,
        /// reversible text for comparisons).
        case escapeBytes
    }

    /// The pairs of a query string or form body, in order: split on `&` (empty pieces skipped), each
    /// at its first `=` (a piece without one is a name with an empty value), `+` read as a space
    /// unless `plusAsSpace` is false, then percent-decoded. A malformed escape is kept as written
    /// rather than dropped; decoded bytes that are not UTF-8 are handled as `invalidUTF8` says.
    package static func decode(
        bytes: some Collection<UInt8>,
        plusAsSpace: Bool = true,
        invalidUTF8: InvalidUTF8 = .keepEscaped
    ) -> [(name: String, value: String)] {
        var pairs: [(name: String, value: String)] = []
        for piece in bytes.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let name: Array<UInt8>.SubSequence
            let value: Array<UInt8>.SubSequence
            let pieceBytes = Array(piece)[...]
            if let equals = pieceBytes.firstIndex(of: UInt8(ascii: "=")) {
                name = pieceBytes[..<equals]
                value = pieceBytes[(equals + 1)...]
            } else {
                name = pieceBytes
                value = []
            }
            pairs.append(
                (
                    unescape(bytes: name, plusAsSpace: plusAsSpace, invalidUTF8: invalidUTF8),
                    unescape(bytes: value, plusAsSpace: plusAsSpace, invalidUTF8: invalidUTF8)
                )
            )
        }
        return pairs
    }

    /// The pairs of a query string or form body (see ``decode(bytes:plusAsSpace:invalidUTF8:)``).
    package static func decode(
        _ text: some StringProtocol,
        plusAsSpace: Bool = true,
        invalidUTF8: InvalidUTF8 = .keepEscaped
    ) -> [(name: String, value: String)] {
        decode(bytes: text.utf8, plusAsSpace: plusAsSpace, invalidUTF8: invalidUTF8)
    }

    /// The pairs of the query of `url` (nothing when it has none); the fragment is not part of it.
    package static func queryPairs(of url: String, plusAsSpace: Bool = true) -> [(name: String, value: String)] {
        // By byte, not Character: a `?` after a prepended mark (U+06DD) forms one grapheme that is
        // not "?", and the query was missed (FuzzFormEncoding).
        let bytes = url.utf8
        guard let question = bytes.firstIndex(of: UInt8(ascii: "?")) else { return [] }
        var query = bytes[bytes.index(after: question)...]
        if let hash = query.firstIndex(of: UInt8(ascii: "#")) { query = query[..<hash] }
        return decode(bytes: query, plusAsSpace: plusAsSpace)
    }

    /// `bytes` percent-decoded (with `+` as a space unless `plusAsSpace` is false). Malformed
    /// escapes are kept as written; decoded bytes that are not UTF-8 are handled as `invalidUTF8`
    /// says.
    package static func unescape(
        bytes: some Collection<UInt8>,
        plusAsSpace: Bool = true,
        invalidUTF8: InvalidUTF8 = .keepEscaped
    ) -> String {
        let input = Array(bytes)
        guard input.contains(where: { $0 == UInt8(ascii: "%") || (plusAsSpace && $0 == UInt8(ascii: "+")) }) else {
            return text(of: input, invalidUTF8: invalidUTF8)
        }
        var output: [UInt8] = []
        output.reserveCapacity(input.count)
        var index = 0
        while index < input.count {
            let byte = input[index]
            if byte == UInt8(ascii: "%"), index + 2 < input.count, let high = hexValue(input[index + 1]),
                let low = hexValue(input[index + 2])
            {
                output.append(high << 4 | low)
                index += 3
                continue
            }
            output.append(plusAsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            index += 1
        }
        if invalidUTF8 == .keepEscaped {
            return String(validating: output, as: UTF8.self) ?? String(decoding: input, as: UTF8.self)
        }
        return text(of: output, invalidUTF8: invalidUTF8)
    }

    /// `text` percent-decoded (see ``unescape(bytes:plusAsSpace:invalidUTF8:)``).
    package static func unescape(
        _ text: some StringProtocol,
        plusAsSpace: Bool = true,
        invalidUTF8: InvalidUTF8 = .keepEscaped
    ) -> String {
        unescape(bytes: text.utf8, plusAsSpace: plusAsSpace, invalidUTF8: invalidUTF8)
    }

    /// `bytes` as text: valid UTF-8 as is; otherwise U+FFFD for each invalid sequence (`.replace`,
    /// and `.keepEscaped`, which has nothing escaped to keep) or `%XX` for each of its bytes
    /// (`.escapeBytes`).
    package static func text(of bytes: [UInt8], invalidUTF8: InvalidUTF8) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        guard invalidUTF8 == .escapeBytes else { return String(decoding: bytes, as: UTF8.self) }
        var result = String.UnicodeScalarView()
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var position = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                result.append(Unicode.UTF8.decode(encoded))
                position += encoded.count
            case .error(let length):
                for byte in bytes[position..<(position + length)] {
                    result.append("%")
                    result.append(Unicode.Scalar(hexDigits[Int(byte >> 4)]))
                    result.append(Unicode.Scalar(hexDigits[Int(byte & 0x0F)]))
                }
                position += length
            case .emptyInput:
                return String(result)
            }
        }
    }

    /// The value of one ASCII hexadecimal digit (either case), or `nil`.
    package static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
