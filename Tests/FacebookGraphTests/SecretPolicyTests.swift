import Foundation
import Testing

@testable import FacebookGraph

/// The secret policy against the shapes issue 8 found it blind to: each must count as a credential
/// for the https-only rule and be kept out of error texts.
@Suite("The secret policy sees hidden credentials")
struct SecretPolicyTests {
    /// A token-shaped value used throughout.
    static let token = "EAAB9xQ7kLmN3pR5sT8vW1yZ"

    @Test(
        "A credential hidden in a JSON body, an encoded name, a batch item or user info is refused over plain http",
        arguments: [
            ("http://graph.example.com/me", "{\"access_token\": \"\(token)\"}", "application/json"),
            ("http://graph.example.com/me?access%5Ftoken=\(token)", nil, nil),
            ("http://graph.example.com/me?access%5ftoken=\(token)", nil, nil),
            ("http://graph.example.com/me", "access%5Ftoken=\(token)", "application/x-www-form-urlencoded"),
            (
                "http://graph.example.com/",
                "batch=%5B%7B%22method%22%3A%22GET%22%2C%22relative_url%22%3A%22me%3F"
                    + "access_token%3D\(token)%22%7D%5D", "application/x-www-form-urlencoded"
            ),
            (
                "http://graph.example.com/?batch=%5B%7B%22relative_url%22%3A%22me%3Faccess_token%3D\(token)%22%7D%5D",
                nil, nil
            ),
            ("http://graph.example.com/", "{\"batch\":[{\"body\":\"password=hunter2hunter2\"}]}", "application/json"),
            ("http://user:secret@graph.example.com/me", nil, nil),
            ("http://user@graph.example.com/me", nil, nil),
        ] as [(String, String?, String?)]
    )
    func hiddenCredentials(url: String, body: String?, contentType: String?) {
        var headers = HTTPHeaders()
        if let contentType { headers.add(name: "Content-Type", value: contentType) }
        do {
            _ = try PreparedRequest(method: "POST", url: url, headers: headers, body: body.map { Data($0.utf8) })
            Issue.record("expected insecureSecret for \(url) \(body ?? "")")
        } catch {
            #expect(error.code == .insecureSecret, "\(url)")
            #expect(!error.description.contains(Self.token), "the token leaked into \(error.description)")
            #expect(!error.description.contains("secret@"), "user info leaked into \(error.description)")
        }
    }

    @Test("The same hidden credentials make an https request secret-bearing (redirects stay on origin)")
    func httpsCarriesSecret() throws {
        let request = try PreparedRequest(url: "https://graph.example.com/me?access%5Ftoken=\(Self.token)")
        #expect(request.carriesSecret)
        let json = try PreparedRequest(
            method: "POST", url: "https://graph.example.com/me", body: Data("{\"input_token\":\"abc\"}".utf8))
        #expect(json.carriesSecret)
    }

    @Test("Names that merely contain a secret name stay ordinary")
    func lookalikeNames() throws {
        let body = Data("{\"my_access_token_hint\": 1, \"note\": \"access_token is a word\"}".utf8)
        let request = try PreparedRequest(method: "POST", url: "http://example.com/x", body: body)
        #expect(!request.carriesSecret)
        let encoded = try PreparedRequest(url: "http://example.com/x?sso%5Faccess%5Ftoken=1")
        #expect(!encoded.carriesSecret)
    }

    @Test("Error texts lose the values of percent-encoded names and of encoded batch items")
    func redactEncodedNames() {
        let text =
            "GET /me?access%5Ftoken=\(Self.token)&batch=%5B%7B%22relative_url%22%3A%22me%3Faccess_token%3D\(Self.token)%22%7D%5D"
        let redacted = SecretPolicy.redactSecrets(in: text)
        #expect(!redacted.contains(Self.token), "\(redacted)")
        #expect(SecretPolicy.redactSecrets(in: redacted) == redacted)
        let json = SecretPolicy.redactSecrets(in: "{\"error\":\"bad\",\"access_token\":\"\(Self.token)\"}")
        #expect(!json.contains(Self.token), "\(json)")
    }

    @Test("Leading-zero octets are not loopback: they go to DNS, not to 127/8")
    func leadingZeroOctets() {
        for host in ["127.0.0.08", "127.0.0.01", "0127.0.0.1", "127.000.0.1"] {
            #expect(!SecretDefinition.isLoopback(host: host), "\(host)")
        }
        #expect(SecretDefinition.isLoopback(host: "[0:0:0:0:0:0:0:1]"))
        #expect(throws: TransportError.self) { try PreparedRequest(url: "http://127.0.0.08/me?access_token=T") }
    }

    @Test("A pinned address is judged too: a loopback name pinned elsewhere is not loopback")
    func pinnedAddressIsJudged() throws {
        var options = TransferOptions()
        options.resolve = ["localhost:80:203.0.113.9"]
        do {
            _ = try PreparedRequest(url: "http://localhost/me?access_token=T", options: options)
            Issue.record("a token pinned to 203.0.113.9 over plain http was allowed")
        } catch {
            #expect(error.code == .insecureSecret)
        }
        options.resolve = ["graph.example.com:8080:127.0.0.1"]
        // The other way round the traffic stays on the machine (and bypasses proxies), but the name
        // is still judged too: a credential for graph.example.com over plain http is refused.
        #expect(throws: TransportError.self) {
            try PreparedRequest(url: "http://graph.example.com:8080/me?access_token=T", options: options)
        }
        #expect(try PreparedRequest(url: "http://graph.example.com:8080/me", options: options).connectsToLoopback)
        options.resolve = ["localhost:80:127.0.0.1"]
        #expect(try PreparedRequest(url: "http://localhost/me?access_token=T", options: options).carriesSecret)
    }
}
