extension URLParts {
    /// Where each part of a URL starts and ends, as byte offsets, and the first decision of the
    /// table (``URLParts``) the URL breaks; found in one pass over the bytes.
    struct Offsets {
        /// The offset of the `:` of `scheme://`; nil for a relative reference.
        var schemeEnd: Int?
        var hostStart = 0
        var authorityEnd = 0
        var pathEnd = 0
        var queryStart: Int?
        var fragmentStart = 0
        /// The host, lower-cased.
        var host = ""
        var hasUserInfo = false
        var port: Int?
        /// The reason ``URLParts/origin()`` gives, when the URL breaks a decision.
        var problem: String?
        /// `https` or `http` when the scheme is written so, in lower case, as nearly every URL's is:
        /// read from the bytes, so that no lowered copy of it is made.
        var lowerCaseWebScheme: String?

        init(bytes: UnsafeBufferPointer<UInt8>) {
            let count = bytes.count
            fragmentStart = bytes.firstIndex(of: UInt8(ascii: "#")) ?? count
            if bytes.contains(where: { $0 <= 0x20 || $0 == 0x7F }) {
                problem = "it holds a space or a control character"
            }
            var index = 0
            if count > 0, Self.isLetter(bytes[0]) {
                var end = 1
                while end < fragmentStart, Self.isSchemeByte(bytes[end]) { end += 1 }
                if end + 3 <= fragmentStart, bytes[end] == UInt8(ascii: ":"), bytes[end + 1] == UInt8(ascii: "/"),
                    bytes[end + 2] == UInt8(ascii: "/")
                {
                    schemeEnd = end
                    index = end + 3
                    if end >= 4, bytes[0] == UInt8(ascii: "h"), bytes[1] == UInt8(ascii: "t"),
                        bytes[2] == UInt8(ascii: "t"), bytes[3] == UInt8(ascii: "p")
                    {
                        if end == 4 { lowerCaseWebScheme = "http" }
                        if end == 5, bytes[4] == UInt8(ascii: "s") { lowerCaseWebScheme = "https" }
                    }
                }
            }
            hostStart = index
            authorityEnd = index
            if schemeEnd != nil {
                var end = index
                while end < fragmentStart, bytes[end] != UInt8(ascii: "/"), bytes[end] != UInt8(ascii: "?") {
                    if bytes[end] == UInt8(ascii: "@") {
                        hasUserInfo = true
                        hostStart = end + 1
                    } else if bytes[end] == UInt8(ascii: "\\") {
                        // WHATWG parsers read it as `/`, so they find another host than libcurl.
                        problem = problem ?? "its authority holds a backslash"
                    }
                    end += 1
                }
                authorityEnd = end
                readHostAndPort(bytes)
            }
            var mark = authorityEnd
            while mark < fragmentStart, bytes[mark] != UInt8(ascii: "?") { mark += 1 }
            pathEnd = mark
            queryStart = mark < fragmentStart ? mark + 1 : nil
        }

        /// Reads `hostStart..<authorityEnd`: the host (an IPv6 literal in brackets, or a name) and an
        /// optional `:port`.
        private mutating func readHostAndPort(_ bytes: UnsafeBufferPointer<UInt8>) {
            var hostEnd = authorityEnd
            var hostIsValid: Bool
            if hostStart < authorityEnd, bytes[hostStart] == UInt8(ascii: "[") {
                let close = bytes[hostStart..<authorityEnd].firstIndex(of: UInt8(ascii: "]"))
                hostEnd = close.map { $0 + 1 } ?? authorityEnd
                hostIsValid =
                    close != nil
                    && bytes[(hostStart + 1)..<(hostEnd - 1)].allSatisfy {
                        FormEncoding.hexValue($0) != nil || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ".")
                    }
                if hostEnd < authorityEnd, bytes[hostEnd] != UInt8(ascii: ":") { hostIsValid = false }
            } else {
                hostEnd = bytes[hostStart..<authorityEnd].lastIndex(of: UInt8(ascii: ":")) ?? authorityEnd
                hostIsValid = bytes[hostStart..<hostEnd].allSatisfy(Self.isHostNameByte)
            }
            if hostEnd < authorityEnd, bytes[hostEnd] == UInt8(ascii: ":") {
                let digits = bytes[(hostEnd + 1)..<authorityEnd]
                var value = 0
                for digit in digits where value <= 65535 {
                    value = digit >= 0x30 && digit <= 0x39 ? value * 10 + Int(digit - 0x30) : 65536
                }
                if (1...5).contains(digits.count), (1...65535).contains(value) {
                    port = value
                } else {
                    setProblem("its port is not a number from 1 to 65535")
                }
            }
            if hostEnd == hostStart { setProblem("it has no host") }
            if !hostIsValid { setProblem("its host is not a host name or a bracketed IPv6 address") }
            let written = UnsafeBufferPointer(rebasing: bytes[hostStart..<hostEnd])
            // Hosts are nearly always written in lower case already: then no lowered copy is made.
            guard written.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) else {
                host = String(decoding: written, as: UTF8.self)
                return
            }
            host = String(decoding: written.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
        }

        private mutating func setProblem(_ reason: String) {
            if problem == nil { problem = reason }
        }

        /// A registered name's RFC 3986 characters: unreserved and sub-delims (no `%`).
        private static func isHostNameByte(_ byte: UInt8) -> Bool {
            if FormEncoding.isUnreserved(byte) { return true }
            switch byte {
            case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("),
                UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"),
                UInt8(ascii: "="):
                return true
            default:
                return false
            }
        }

        private static func isLetter(_ byte: UInt8) -> Bool {
            byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")
        }

        /// `ALPHA / DIGIT / "+" / "-" / "."`
        private static func isSchemeByte(_ byte: UInt8) -> Bool {
            isLetter(byte) || (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: ".")
        }
    }
}
