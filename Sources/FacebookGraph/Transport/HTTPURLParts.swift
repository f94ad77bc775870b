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
    /// The query as written (percent-encoded), without the `?`; nil when there is none.
    var percentEncodedQuery: Substring?

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
        percentEncodedQuery = components.percentEncodedQuery.map { Substring($0) }
    }

    private init(scheme: String, host: String, port: Int?, query: Substring?) {
        self.scheme = scheme
        self.host = host
        self.port = port
        hasUserInfo = false
        percentEncodedQuery = query
    }

    /// The byte scan; nil for anything it does not handle (the caller then asks `URLComponents`).
    static func scan(_ url: String) -> HTTPURLParts? {
        let bytes = url.utf8
        var index = bytes.startIndex
        // Scheme: http or https (any case), then "://".
        var schemeLength = 0
        while index != bytes.endIndex, bytes[index] != UInt8(ascii: ":") {
            let lower = bytes[index] | 0x20
            let expected: [UInt8] = [0x68, 0x74, 0x74, 0x70, 0x73]  // "https"
            guard schemeLength < expected.count, lower == expected[schemeLength] else { return nil }
            schemeLength += 1
            index = bytes.index(after: index)
        }
        guard schemeLength == 4 || schemeLength == 5 else { return nil }
        let schemeEnd = index
        for expected in [UInt8(ascii: ":"), UInt8(ascii: "/"), UInt8(ascii: "/")] {
            guard index != bytes.endIndex, bytes[index] == expected else { return nil }
            index = bytes.index(after: index)
        }
        // Host: letters, digits, '.' and '-' only; then an optional port of 1–5 digits.
        let hostStart = index
        while index != bytes.endIndex, isHostByte(bytes[index]) { index = bytes.index(after: index) }
        guard index != hostStart else { return nil }
        let hostEnd = index
        var port: Int?
        if index != bytes.endIndex, bytes[index] == UInt8(ascii: ":") {
            index = bytes.index(after: index)
            var value = 0
            var digits = 0
            while index != bytes.endIndex, let digit = digitValue(bytes[index]) {
                // No leading zero, at most 5 digits, at most 65535: anything else goes to URLComponents.
                if digits == 0, digit == 0 { return nil }
                value = value * 10 + digit
                digits += 1
                index = bytes.index(after: index)
            }
            guard digits > 0, digits <= 5, value <= 65535 else { return nil }
            port = value
        }
        // Path, then the query: RFC 3986 pchar, '/', and '?' in the query; no fragment.
        var queryStart: String.Index?
        if index != bytes.endIndex {
            guard bytes[index] == UInt8(ascii: "/") || bytes[index] == UInt8(ascii: "?") else { return nil }
        }
        while index != bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "?"), queryStart == nil {
                queryStart = bytes.index(after: index)
            } else if byte == UInt8(ascii: "%") {
                let first = bytes.index(after: index)
                guard first != bytes.endIndex, FormEncoding.hexValue(bytes[first]) != nil else { return nil }
                let second = bytes.index(after: first)
                guard second != bytes.endIndex, FormEncoding.hexValue(bytes[second]) != nil else { return nil }
                index = second
            } else if !isPathOrQueryByte(byte) {
                return nil
            }
            index = bytes.index(after: index)
        }
        return HTTPURLParts(
            scheme: String(url[..<schemeEnd]),
            host: String(url[hostStart..<hostEnd]),
            port: port,
            query: queryStart.map { url[$0...] }
        )
    }

    private static func isHostByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte == UInt8(ascii: ".")
            || byte == UInt8(ascii: "-")
    }

    private static func digitValue(_ byte: UInt8) -> Int? {
        byte >= 0x30 && byte <= 0x39 ? Int(byte - 0x30) : nil
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
