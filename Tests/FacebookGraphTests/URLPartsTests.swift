import Foundation
import Testing

@testable import FacebookGraph

/// The one URL splitter (`URLParts`): it splits plain URLs as `URLComponents` does, and each case on
/// which the three splitters it replaced disagreed is decided once (its doc's table), named here.
@Suite("URL parts: one splitter, each case decided once")
struct URLPartsTests {
    /// The parts `URLComponents` gives `url`: host lower-cased, port, user info, query; nil when it
    /// refuses it.
    private func components(_ url: String) -> (String, Int?, Bool, String?)? {
        guard let parts = URLComponents(string: url), parts.scheme != nil, let host = parts.percentEncodedHost else {
            return nil
        }
        return (
            host.lowercased(), parts.port, parts.percentEncodedUser != nil || parts.percentEncodedPassword != nil,
            parts.percentEncodedQuery
        )
    }

    private func expectAgreement(_ url: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let parts = URLParts(url)
        guard let origin = try? parts.origin() else { return }
        guard let expected = components(url) else {
            Issue.record("the splitter accepted \(url), URLComponents refuses it", sourceLocation: sourceLocation)
            return
        }
        #expect(origin.host == expected.0, "\(url)", sourceLocation: sourceLocation)
        #expect(parts.port == expected.1, "\(url)", sourceLocation: sourceLocation)
        #expect(parts.hasUserInfo == expected.2, "\(url)", sourceLocation: sourceLocation)
        // The query is kept as written; URLComponents re-encodes the bytes RFC 3986 does not allow there.
        #expect(
            parts.query.map(Self.encodedAsURLComponentsDoes) == expected.3, "\(url)", sourceLocation: sourceLocation)
    }

    /// `query` with each byte RFC 3986 does not allow in a query, and each `%` not starting `%XX`,
    /// percent-encoded.
    private static func encodedAsURLComponentsDoes(_ query: [UInt8]) -> String {
        var text = ""
        for (index, byte) in query.enumerated() {
            let wellFormedPercent =
                byte == UInt8(ascii: "%") && index + 2 < query.count
                && FormEncoding.hexValue(query[index + 1]) != nil && FormEncoding.hexValue(query[index + 2]) != nil
            if FormEncoding.isUnreserved(byte) || "!$&'()*+,;=:@/?".utf8.contains(byte) || wellFormedPercent {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                text += String(format: "%%%02X", byte)
            }
        }
        return text
    }

    @Test(
        "Plain URLs split as URLComponents splits them",
        arguments: [
            "http://127.0.0.1:8080/me?access_token=EAAB&format=json&sdk=ios&sdk_version=2",
            "https://graph.facebook.com/v19.0/me?fields=id%2Cname",
            "HTTPS://Graph.Facebook.COM/me", "http://localhost", "http://localhost?x=1", "http://a-b.example:1/",
            "https://example.com/p/a;b=c/@x:y?q=/?&r=!$'()*+,;", "http://h:65535/", "http://h/?", "http://h/%41%2f",
            "http://user:pass@example.com/", "http://[::1]:8080/", "http://example.com/#frag", "http://h_x/",
            "http://h/[x]", "http://h/%zz", "http://h/é",
        ]
    )
    func plainURLs(url: String) throws {
        let origin = try URLParts(url).origin()
        #expect(!origin.host.isEmpty)
        expectAgreement(url)
    }

    @Test("Every pair of URL characters in every place: whatever the splitter takes, URLComponents splits alike")
    func exhaustivePairs() {
        let alphabet = Array("aZ09.-_~:/?#[]@!$&'()*+,;=% é\\").map(String.init)
        let starts = ["http://", "https://", "HTTP://", "http://h", "https://127.0.0.1:", "http://localhost/"]
        var taken = 0
        for start in starts {
            for first in alphabet {
                for second in alphabet {
                    for end in ["", "/x?y=1", "1"] {
                        let url = start + first + second + end
                        if (try? URLParts(url).origin()) != nil { taken += 1 }
                        expectAgreement(url)
                    }
                }
            }
        }
        #expect(taken > 1_000, "the splitter took only \(taken) URLs")
    }

    @Test("Decision: scheme and host compare lower-cased; the path and query keep their case")
    func caseDecision() throws {
        let parts = URLParts("HTTPS://Graph.Facebook.COM/Me?Q=A")
        #expect(try parts.origin() == URLParts.Origin(scheme: "https", host: "graph.facebook.com", port: 443))
        #expect(parts.pathAndQuery == "/Me?Q=A")
    }

    @Test("Decision: a host written in lower case is kept as written; any upper-case letter is lowered")
    func hostCase() {
        #expect(URLParts("http://graph.facebook.com/x").host == "graph.facebook.com")
        #expect(URLParts("http://grapH.example/x").host == "graph.example")
        #expect(URLParts("http://Graph.example:8080/x").host == "graph.example")
        #expect(URLParts("http://[::1]:80/x").host == "[::1]")
        #expect(URLParts("http://[FE80::1]/x").host == "[fe80::1]")
        #expect(URLParts("http://127.0.0.1/x").host == "127.0.0.1")
    }

    @Test("Decision: the scheme, read from its bytes when it is http or https in lower case, else lowered")
    func schemeSpellings() {
        let schemes = [
            "http": "http", "https": "https", "Http": "http", "hTTps": "https", "htt": "htt", "httpss": "httpss",
            "h": "h", "httq": "httq", "hTtP": "http", "HTTPS": "https",
        ]
        for (written, read) in schemes {
            #expect(URLParts("\(written)://h/x").scheme == read, "\(written)")
        }
        #expect(URLParts("http:/h").scheme == nil)
    }

    @Test("A base URL is joined to a path with one slash, whether it ends with one or not")
    func joinSlash() {
        #expect(
            GraphRequest.join(base: "https://graph.example", version: "v19.0", path: "/me")
                == "https://graph.example/v19.0/me")
        #expect(
            GraphRequest.join(base: "https://graph.example/", version: nil, path: "me") == "https://graph.example/me")
    }

    @Test("Decision: a trailing dot stays in the host, another name than the one without it")
    func trailingDotDecision() throws {
        #expect(try URLParts("http://A.Example./x").origin().host == "a.example.")
        #expect(URLParts("http://a.example.:8080/x").host == "a.example.")
        #expect(try URLParts("http://127.0.0.1./x").origin() != URLParts("http://127.0.0.1/x").origin())
    }

    @Test("Decision: an IPv6 literal keeps its brackets, its port read after ]; only hex, : and . inside")
    func ipv6Decision() throws {
        #expect(
            try URLParts("http://[::1]:8080/x").origin() == URLParts.Origin(scheme: "http", host: "[::1]", port: 8080))
        #expect(try URLParts("https://[2001:DB8::1]/").origin().host == "[2001:db8::1]")
        for url in ["http://[::1/x", "http://[::1]x/", "http://[fe80::1%25eth0]/", "http://[v1.x]/"] {
            #expect(throws: URLParts.Refusal.self, "\(url)") { try URLParts(url).origin() }
        }
    }

    @Test(
        "Decision: a port is 1–5 digits from 1 to 65535, leading zeros allowed; empty, 0 or more is refused",
        arguments: [("http://h:080/", 80), ("http://h:1/", 1), ("http://h:65535", 65535), ("https://h/", nil)])
    func portsTaken(_ url: String, _ port: Int?) throws {
        let parts = URLParts(url)
        #expect(parts.port == port)
        #expect(try parts.origin().port == port ?? 443)
    }

    @Test(
        "Decision: ports that are not 1…65535 are refused, naming the authority",
        arguments: ["http://h:/", "http://h:0/", "http://h:65536/", "http://h:123456/", "http://h:8a/", "http://h:-1/"])
    func portsRefused(_ url: String) {
        do {
            _ = try URLParts(url).origin()
            Issue.record("\(url) was taken")
        } catch {
            #expect(error.reason == "its port is not a number from 1 to 65535")
            #expect(error.host?.hasPrefix("h:") == true)
        }
    }

    @Test("Decision: user info is split off at the authority's last @, flagged, never part of the host")
    func userInfoDecision() throws {
        let parts = URLParts("http://u:p@w@Evil.Example:81/x")
        #expect(parts.hasUserInfo)
        #expect(try parts.origin() == URLParts.Origin(scheme: "http", host: "evil.example", port: 81))
        #expect(parts.hostAndPort == "Evil.Example:81")
        #expect(!URLParts("http://h/x@y").hasUserInfo)
        #expect(URLParts("http://h/#@evil").host == "h")
    }

    @Test("Decision: nothing is percent-decoded; a % in the host is refused")
    func percentDecision() throws {
        #expect(throws: URLParts.Refusal.self) { try URLParts("http://%31%32%37.0.0.1/x").origin() }
        #expect(throws: URLParts.Refusal.self) { try URLParts("http://H%41/").origin() }
        let parts = URLParts("http://h/a%2Fb?c=%41")
        #expect(parts.path == Array("/a%2Fb".utf8))
        #expect(parts.query == Array("c=%41".utf8))
    }

    @Test(
        "Decision: a space or control character anywhere, a backslash in the authority, a byte outside a host name's set are refused",
        arguments: [
            "http://h/a b", "http://h/\u{1}", "http://h/\u{7F}", "http://a\\@b/", "http://h\\x/", "http://hé/",
            "http://h x/", "http://h<x/", "http:///p", "http://:80/",
        ])
    func bytesRefused(_ url: String) {
        #expect(throws: URLParts.Refusal.self, "\(url)") { try URLParts(url).origin() }
    }

    @Test("Decision: a backslash in the path is sent as written")
    func backslashInPath() throws {
        #expect(try URLParts("http://h/a\\b").origin().host == "h")
    }

    @Test("Only http and https URLs have an origin", arguments: ["ftp://h/", "httpx://h/", "http:/h", "/me", "me", ""])
    func notHTTP(_ url: String) {
        #expect(throws: URLParts.Refusal.self, "\(url)") { try URLParts(url).origin() }
    }

    @Test("Relative references split into path and query, with no host; the fragment is dropped")
    func relative() {
        let parts = URLParts("me/friends?limit=5#top")
        #expect(parts.scheme == nil && parts.host == "" && !parts.hasUserInfo)
        #expect(parts.path == Array("me/friends".utf8))
        #expect(parts.query == Array("limit=5".utf8))
        #expect(parts.pathAndQuery == "me/friends?limit=5")
        #expect(URLParts("/x").query == nil)
        #expect(URLParts("/x?").query == [])
        #expect(URLParts("https://h?a#b").pathAndQuery == "?a")
    }

    @Test("The transport refuses a percent-encoded host: it was read as loopback, and a token went over plain http")
    func transportRefusesEncodedHost() {
        #expect(throws: TransportError.self) {
            try PreparedRequest(url: "http://%31%32%37.0.0.1/me?access_token=T")
        }
        #expect(throws: TransportError.self) { try PreparedRequest(url: "http://h:65536/") }
        #expect(throws: TransportError.self) { try PreparedRequest(url: "http://a\\@127.0.0.1/?access_token=T") }
    }
}
