import Foundation

/// Which requests carry secrets, where they may go, and how secrets are kept out of text.
///
/// It applies ``SecretDefinition`` (the names, the loopback hosts) and ``SecretPlaceholder`` (what a
/// hidden value looks like), the definition cassette redaction and the scanner use too.
///
/// A request carries a secret when a credential parameter name appears as a query or form name
/// (`access_token=`), a JSON key (`"access_token":`) or a multipart field (`name="access_token"`) —
/// also once the text is decoded, up to three layers deep, so a percent-encoded name
/// (`access%5Ftoken=`), a token inside an encoded `batch` item or an escaped JSON string counts;
/// when a credential header is set; or when the URL has user info (`user:password@`).
package enum SecretPolicy {
    /// The largest body decoded layer by layer; a larger one (an upload) is searched as sent.
    static let maximumDecodedBodySize = 1 << 20

    /// True when the URL, the headers or the body carry a credential.
    package static func requestCarriesSecret(_ components: URLComponents, headers: HTTPHeaders, body: Data?) -> Bool {
        requestCarriesSecret(
            hasUserInfo: components.percentEncodedUser != nil || components.percentEncodedPassword != nil,
            query: components.percentEncodedQuery.map { Array($0.utf8) },
            headers: headers,
            body: body
        )
    }

    /// True when a URL with user info (`hasUserInfo`) or with the percent-encoded `query`, the
    /// headers or the body carry a credential.
    package static func requestCarriesSecret(
        hasUserInfo: Bool,
        query: [UInt8]?,
        headers: HTTPHeaders,
        body: Data?
    ) -> Bool {
        if hasUserInfo { return true }
        if headersCarrySecret(headers) { return true }
        if let query, textNamesCredential(query, decodingLayers: 3) { return true }
        return body.map(bodyCarriesSecret) ?? false
    }

    /// True when a header is a credential.
    package static func headersCarrySecret(_ headers: HTTPHeaders) -> Bool {
        headers.contains { SecretDefinition.credentialHeaderNames.contains($0.name.lowercased()) }
    }

    /// True when a form, JSON or multipart body names a credential parameter, as sent or (for bodies
    /// up to ``maximumDecodedBodySize``) once decoded.
    package static func bodyCarriesSecret(_ body: Data) -> Bool {
        textNamesCredential(Array(body), decodingLayers: body.count <= maximumDecodedBodySize ? 3 : 0)
    }

    /// True when `bytes`, or one of its first `decodingLayers` decodings, names a credential.
    static func textNamesCredential(_ bytes: [UInt8], decodingLayers: Int) -> Bool {
        var current = bytes
        for layer in 0...decodingLayers {
            if namesCredential(current) { return true }
            guard layer < decodingLayers, let decoded = decodedOnce(current) else { return false }
            current = decoded
        }
        return false
    }

    /// True when a credential name stands as a parameter name (`name=`), a JSON key (`"name":`) or a
    /// multipart field (`name="name"`), not as part of a longer name.
    private static func namesCredential(_ bytes: [UInt8]) -> Bool {
        for name in credentialNameBytes {
            for start in occurrences(of: name, in: bytes) {
                if start > 0, isNameByte(bytes[start - 1]) { continue }
                let end = start + name.count
                guard end < bytes.count else { continue }
                if bytes[end] == UInt8(ascii: "=") { return true }
                let quoted = start > 0 && bytes[start - 1] == UInt8(ascii: "\"") && bytes[end] == UInt8(ascii: "\"")
                guard quoted else { continue }
                var after = end + 1
                while after < bytes.count, bytes[after] == 0x20 || bytes[after] == 0x09 { after += 1 }
                if after < bytes.count, bytes[after] == UInt8(ascii: ":") { return true }
                let field = Array("name=\"".utf8)
                if start >= field.count, bytes[(start - field.count)..<start].elementsEqual(field) { return true }
            }
        }
        return false
    }

    /// The credential names as bytes.
    private static let credentialNameBytes = SecretDefinition.credentialParameterNames.sorted().map { Array($0.utf8) }

    /// True for the bytes of a parameter name: letters, digits and `_`.
    static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == UInt8(ascii: "_")
    }

    /// The start of every occurrence of `needle` in `haystack` (``ByteSearch``: the generic slice
    /// search was most of a scan's time, callgrind on a debug fbgraph cassette scan).
    static func occurrences(of needle: [UInt8], in haystack: [UInt8]) -> [Int] {
        var starts: [Int] = []
        haystack.withUnsafeBufferPointer { text in
            needle.withUnsafeBufferPointer { needle in
                var index = 0
                while let found = ByteSearch.firstIndex(of: needle, in: text, from: index) {
                    starts.append(found)
                    index = found + 1
                }
            }
        }
        return starts
    }

    /// `bytes` with one layer of encoding removed — `%XX` escapes, and the JSON escapes `\"`, `\/`,
    /// `\\` and `\u00XX` — or nil when there was none.
    static func decodedOnce(_ bytes: [UInt8]) -> [UInt8]? {
        guard bytes.contains(UInt8(ascii: "%")) || bytes.contains(UInt8(ascii: "\\")) else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        var changed = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count,
                let value = hexByte(bytes[index + 1], bytes[index + 2])
            {
                output.append(value)
                index += 3
                changed = true
            } else if byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
                let next = bytes[index + 1]
                if next == UInt8(ascii: "\"") || next == UInt8(ascii: "/") || next == UInt8(ascii: "\\") {
                    output.append(next)
                    index += 2
                    changed = true
                } else if next == UInt8(ascii: "u"), index + 5 < bytes.count, bytes[index + 2] == 0x30,
                    bytes[index + 3] == 0x30, let value = hexByte(bytes[index + 4], bytes[index + 5])
                {
                    output.append(value)
                    index += 6
                    changed = true
                } else {
                    output.append(byte)
                    index += 1
                }
            } else {
                output.append(byte)
                index += 1
            }
        }
        return changed ? output : nil
    }

    /// The byte two hex digits spell, or nil.
    private static func hexByte(_ high: UInt8, _ low: UInt8) -> UInt8? {
        guard let high = FormEncoding.hexValue(high), let low = FormEncoding.hexValue(low) else { return nil }
        return high << 4 | low
    }
}
