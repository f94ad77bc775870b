import Foundation
import Testing

@testable import FacebookGraph

/// The byte scan `PreparedRequest` uses for plain URLs must split them as `URLComponents` does, and
/// leave everything else to `URLComponents`.
@Suite("URL parts: the byte scan agrees with URLComponents")
struct HTTPURLPartsTests {
    /// The parts `URLComponents` gives `url`, in `HTTPURLParts`' terms, or nil when it refuses it.
    private func components(_ url: String) -> (String, String?, Int?, Bool, String?)? {
        guard let parts = URLComponents(string: url), let scheme = parts.scheme else { return nil }
        return (
            scheme, parts.host, parts.port, parts.percentEncodedUser != nil || parts.percentEncodedPassword != nil,
            parts.percentEncodedQuery
        )
    }

    private func queryText(_ parts: HTTPURLParts) -> String? {
        parts.percentEncodedQuery.map { String(decoding: $0, as: UTF8.self) }
    }

    private func expectAgreement(_ url: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let scanned = HTTPURLParts.scan(url) else { return }
        guard let expected = components(url) else {
            Issue.record("the scan accepted \(url), URLComponents refuses it", sourceLocation: sourceLocation)
            return
        }
        #expect(scanned.scheme == expected.0, "\(url)", sourceLocation: sourceLocation)
        #expect(scanned.host == expected.1, "\(url)", sourceLocation: sourceLocation)
        #expect(scanned.port == expected.2, "\(url)", sourceLocation: sourceLocation)
        #expect(scanned.hasUserInfo == expected.3, "\(url)", sourceLocation: sourceLocation)
        #expect(queryText(scanned) == expected.4, "\(url)", sourceLocation: sourceLocation)
    }

    @Test(
        "Plain URLs take the scan and split as URLComponents splits them",
        arguments: [
            "http://127.0.0.1:8080/me?access_token=EAAB&format=json&sdk=ios&sdk_version=2",
            "https://graph.facebook.com/v19.0/me?fields=id%2Cname",
            "HTTPS://Graph.Facebook.COM/me", "http://localhost", "http://localhost?x=1", "http://a-b.example:1/",
            "https://example.com/p/a;b=c/@x:y?q=/?&r=!$'()*+,;", "http://h:65535/", "http://h/?", "http://h/%41%2f",
        ]
    )
    func plainURLs(url: String) throws {
        let scanned = try #require(HTTPURLParts.scan(url), "the scan should take \(url)")
        #expect(scanned.host?.isEmpty == false)
        expectAgreement(url)
    }

    @Test(
        "Anything unusual goes to URLComponents",
        arguments: [
            "http://user:pass@example.com/", "http://[::1]:8080/", "http://example.com/#frag", "http://h:0/",
            "http://h:080/", "http://h:65536/", "http://h:123456/", "http://h:/", "http://h/a b", "http://h/%4",
            "http://h/%zz", "http://h/é", "http://h_x/", "ftp://h/", "http:/h", "http:///p", "httpx://h/",
            "http://h/[x]", "http://h/\u{1}", "",
        ]
    )
    func unusualURLs(url: String) {
        #expect(HTTPURLParts.scan(url) == nil)
        // And the parts are still URLComponents' own.
        let parts = HTTPURLParts(url)
        let expected = components(url)
        #expect((parts == nil) == (expected == nil))
        if let parts, let expected {
            #expect(parts.scheme == expected.0 && parts.host == expected.1 && parts.port == expected.2)
            #expect(parts.hasUserInfo == expected.3 && queryText(parts) == expected.4)
        }
    }

    @Test("Every pair of URL characters in every place: whatever the scan takes, URLComponents splits alike")
    func exhaustivePairs() {
        let alphabet = Array("aZ09.-_~:/?#[]@!$&'()*+,;=% é").map(String.init)
        let starts = ["http://", "https://", "HTTP://", "http://h", "https://127.0.0.1:", "http://localhost/"]
        var scanned = 0
        for start in starts {
            for first in alphabet {
                for second in alphabet {
                    for end in ["", "/x?y=1", "1"] {
                        let url = start + first + second + end
                        if HTTPURLParts.scan(url) != nil { scanned += 1 }
                        expectAgreement(url)
                    }
                }
            }
        }
        #expect(scanned > 1_000, "the scan took only \(scanned) URLs")
    }
}
