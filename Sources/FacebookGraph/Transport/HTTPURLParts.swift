import Foundation

/// The parts of an absolute `http`/`https` URL that ``PreparedRequest`` checks: scheme, host, port,
/// whether it has user info, and its percent-encoded query.
///
/// Two ways to the same parts: a byte scan for the plain URLs nearly every request has (letters,
/// digits, `.` and `-` in the host, RFC 3986 path and query characters, well-formed `%XX`, no user
/// info, fragment or IPv6 literal), which `URLComponents` would accept and split the same way; and
/// `URLComponents` itself for everything else, so an odd URL is judged by the same parser as before.
struct HTTPURLParts {
    /// The scheme as written (not lower-cased).
    var scheme: String
    /// The host as `URLComponents.host` gives it (percent-decoded, not lower-cased); nil when absent.
    var host: String?
    /// The explicit port, or nil.
    var port: Int?
    /// True when the URL has a user or a password (`user:password@`).
    var hasUserInfo: Bool
    /// The query as written (percent-encoded), without the `?`, as bytes; nil when there is none.
    var percentEncodedQuery: [UInt8]?

    /// The parts of `url`, or nil when it does not parse as a URL with a scheme.
    init?(_ url: String) {
        if let parts = Self.scan(url) {
            self = parts
            return
        }
        guard let components = URLComponents(string: url), let scheme = components.scheme else { return nil }
        self.scheme = scheme
        host = components.host
        port = components.port
        hasUserInfo = components.percentEncodedUser != nil || components.percentEncodedPassword != nil
        percentEncodedQuery = components.percentEncodedQuery.map { Array($0.utf8) }
    }

    private init(scheme: String, host: String, port: Int?, query: [UInt8]?) {
        self.scheme = scheme
        self.host = host
        self.port = port
        hasUserInfo = false
        percentEncodedQuery = query
    }

    /// The byte scan; nil for anything it does not handle (the caller then asks `URLComponents`).
    static func scan(_ url: String) -> HTTPURLParts? {
        url.utf8.withContiguousStorageIfAvailable(scan(bytes:)) ?? nil
    }

    private static func scan(bytes: UnsafeBufferPointer<UInt8>) -> HTTPURLParts? {
        let count = bytes.count
        var index = 0
        // Scheme: http or https (any case), then "://".
        let https: [UInt8] = [0x68, 0x74, 0x74, 0x70, 0x73]
        while index < count, bytes[index] != UInt8(ascii: ":") {
            guard index < https.count, bytes[index] | 0x20 == https[index] else { return nil }
            index += 1
        }
        let schemeEnd = index
        guard schemeEnd == 4 || schemeEnd == 5, index + 3 <= count, bytes[index] == UInt8(ascii: ":"),
            bytes[index + 1] == UInt8(ascii: "/"), bytes[index + 2] == UInt8(ascii: "/")
        else { return nil }
        index += 3
        // Host: letters, digits, '.' and '-' only; then an optional port of 1–5 digits.
        let hostStart = index
        while index < count, isHostByte(bytes[index]) { index += 1 }
        guard index != hostStart else { return nil }
        let hostEnd = index
        var port: Int?
        if index < count, bytes[index] == UInt8(ascii: ":") {
            index += 1
            var value = 0
            var digits = 0
            while index < count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                let digit = Int(bytes[index] - 0x30)
                // No leading zero, at most 5 digits, at most 65535: anything else goes to URLComponents.
                if digits == 0, digit == 0 { return nil }
                value = value * 10 + digit
                digits += 1
                index += 1
            }
            guard digits > 0, digits <= 5, value <= 65535 else { return nil }
            port = value
        }
        // Path, then the query: RFC 3986 pchar, '/', and '?' in the query; no fragment.
        if index < count, bytes[index] != UInt8(ascii: "/"), bytes[index] != UInt8(ascii: "?") { return nil }
        var queryStart: Int?
        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "?"), queryStart == nil {
                queryStart = index + 1
            } else if byte == UInt8(ascii: "%") {
                guard index + 2 < count, FormEncoding.hexValue(bytes[index + 1]) != nil,
                    FormEncoding.hexValue(bytes[index + 2]) != nil
                else { return nil }
                index += 2
            } else if !isPathOrQueryByte(byte) {
                return nil
            }
            index += 1
        }
        func text(_ range: Range<Int>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }
        return HTTPURLParts(
            scheme: text(0..<schemeEnd),
            host: text(hostStart..<hostEnd),
            port: port,
            query: queryStart.map { Array(UnsafeBufferPointer(rebasing: bytes[$0..<count])) }
        )
    }

    private static func isHostByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte == UInt8(ascii: ".")
            || byte == UInt8(ascii: "-")
    }

    /// RFC 3986 pchar without `%` (checked apart), plus `/` and `?`: unreserved, sub-delims, `:`, `@`.
    private static func isPathOrQueryByte(_ byte: UInt8) -> Bool {
        if FormEncoding.isUnreserved(byte) { return true }
        switch byte {
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("),
            UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"),
            UInt8(ascii: "="), UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "/"), UInt8(ascii: "?"):
            return true
        default:
            return false
        }
    }
}
