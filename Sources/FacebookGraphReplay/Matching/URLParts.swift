/// The host, path and query bytes of an absolute URL (`https://host:port/path?query#fragment`) or
/// of a relative one (`/path?query`, `me/friends?limit=5`), split without validation.
struct URLParts {
    /// The host name, lower-cased, without user info, port, brackets or a trailing dot; "" for a
    /// relative URL.
    let host: String
    /// The raw path (may be empty).
    let path: [UInt8]
    /// The raw query after `?`; `nil` when there is no `?`.
    let query: [UInt8]?

    /// Splits `url`: drops `#fragment`, then `scheme://authority` when present.
    init(_ url: [UInt8]) {
        var rest = url[...]
        if let hash = rest.firstIndex(of: UInt8(ascii: "#")) { rest = rest[..<hash] }
        var host = ""
        if let authorityStart = Self.authorityStart(rest) {
            rest = rest[authorityStart...]
            let end = rest.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") } ?? rest.endIndex
            host = Self.hostName(ofAuthority: rest[..<end])
            rest = rest[end...]
        }
        self.host = host
        if let question = rest.firstIndex(of: UInt8(ascii: "?")) {
            path = Array(rest[..<question])
            query = Array(rest[rest.index(after: question)...])
        } else {
            path = Array(rest)
            query = nil
        }
    }

    /// The host name of an authority (`user@host:port`, `[::1]:8080`), normalised as ``host`` says.
    static func hostName(ofAuthority authority: some Collection<UInt8>) -> String {
        var bytes = Array(authority)
        if let at = bytes.lastIndex(of: UInt8(ascii: "@")) { bytes.removeSubrange(...at) }
        if bytes.first == UInt8(ascii: "[") {
            let close = bytes.firstIndex(of: UInt8(ascii: "]")) ?? bytes.endIndex
            bytes = Array(bytes[1..<close])
        } else if let colon = bytes.lastIndex(of: UInt8(ascii: ":")) {
            bytes.removeSubrange(colon...)
        }
        if bytes.last == UInt8(ascii: ".") { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self).lowercased()
    }

    /// The index after `scheme://` when `url` starts with one (`scheme` = ALPHA *(ALPHA / DIGIT /
    /// "+" / "-" / ".")).
    private static func authorityStart(_ url: ArraySlice<UInt8>) -> Int? {
        var index = url.startIndex
        guard index < url.endIndex, isLetter(url[index]) else { return nil }
        while index < url.endIndex, isLetter(url[index]) || isDigit(url[index]) || "+-.".utf8.contains(url[index]) {
            index += 1
        }
        guard url[index...].starts(with: "://".utf8) else { return nil }
        return index + 3
    }

    /// ASCII letter.
    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    /// ASCII digit.
    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
