import Foundation
import Testing

@testable import FacebookGraph

@Suite("Preparing requests: validation and the secret policy")
struct PreparedRequestTests {
    @Test(
        "URLs that cannot be sent are refused as invalidURL",
        arguments: ["", "not a url", "ftp://example.com/file", "http://", "file:///etc/passwd", "//host/path"]
    )
    func invalidURLs(url: String) {
        #expect(throws: TransportError.self) { try PreparedRequest(url: url) }
        do {
            _ = try PreparedRequest(url: url)
        } catch {
            #expect(error.code == .invalidURL)
            #expect(error.urlErrorCode == .badURL)
        }
    }

    @Test("A method with spaces or control characters is refused")
    func invalidMethod() {
        #expect(throws: TransportError.self) { try PreparedRequest(method: "GE T", url: "https://example.com/") }
    }

    @Test(
        "A credential over plain http to a non-loopback host is refused",
        arguments: [
            ("http://graph.facebook.com/me?access_token=EAAB123", HTTPHeaders(), nil as Data?),
            ("http://graph.facebook.com/me?appsecret_proof=abc", HTTPHeaders(), nil),
            ("http://graph.facebook.com/oauth?client_secret=abc", HTTPHeaders(), nil),
            ("http://graph.facebook.com/me", ["Authorization": "Bearer EAAB"] as HTTPHeaders, nil),
            ("http://graph.facebook.com/me", HTTPHeaders(), Data("a=1&access_token=EAAB".utf8)),
            (
                "http://upload.example.invalid/me", HTTPHeaders(),
                Data("--b\r\nContent-Disposition: form-data; name=\"access_token\"\r\n\r\nX\r\n".utf8)
            ),
        ]
    )
    func insecureSecretRefused(url: String, headers: HTTPHeaders, body: Data?) {
        do {
            _ = try PreparedRequest(method: "POST", url: url, headers: headers, body: body)
            Issue.record("expected a refusal for \(url)")
        } catch {
            #expect(error.code == .insecureSecret)
            #expect(!error.description.contains("EAAB"), "the token leaked into \(error.description)")
        }
    }

    @Test(
        "A credential may travel over https, and over http to loopback hosts only",
        arguments: [
            "https://graph.facebook.com/me?access_token=T", "http://127.0.0.1:8080/me?access_token=T",
            "http://127.1.2.3/me?access_token=T", "http://localhost:1/me?access_token=T",
            "http://[::1]:8080/me?access_token=T",
        ]
    )
    func allowedSecretDestinations(url: String) throws {
        let request = try PreparedRequest(url: url)
        #expect(request.carriesSecret)
    }

    @Test("Hosts that only look like loopback are not loopback")
    func lookalikes() {
        for host in [
            "127.0.0.1.example.com", "localhost.example.com", "128.0.0.1", "127.0.0.256", "0x7f.0.0.1", "127.1",
            "[::1", "[", "", "::ffff:127.0.0.1", "[::2]", "localhost.", "xlocalhost",
        ] {
            #expect(!SecretDefinition.isLoopback(host: host), "\(host)")
        }
        for host in [
            "127.0.0.1", "127.255.255.254", "LOCALHOST", "[::1]", "::1", "api.localhost", ".localhost", "Api.LocalHost",
            "[0::1]", "127.0.0.1".uppercased(),
        ] {
            #expect(SecretDefinition.isLoopback(host: host), "\(host)")
        }
    }

    @Test("A parameter named like a secret only as a suffix is not a secret")
    func suffixIsNotASecret() throws {
        let request = try PreparedRequest(url: "http://example.com/x?my_access_token_hint=1&xaccess_token=2")
        #expect(!request.carriesSecret)
    }

    @Test("Redirects keep a secret on its origin, allow an https upgrade and drop POST bodies on 303")
    func redirectPolicy() throws {
        let secret = try PreparedRequest(
            method: "POST",
            url: "http://127.0.0.1:9/a?access_token=T",
            body: Data("x=1".utf8)
        )
        #expect(throws: TransportError.self) { try secret.redirected(status: 302, location: "http://127.0.0.2:9/b") }
        #expect(throws: TransportError.self) { try secret.redirected(status: 307, location: "http://127.0.0.1:10/b") }
        let sameOrigin = try secret.redirected(status: 303, location: "/b")
        #expect(sameOrigin.url == "http://127.0.0.1:9/b")
        #expect(sameOrigin.method == "GET")
        #expect(sameOrigin.body == nil)
        #expect(sameOrigin.carriesSecret)
        let kept = try secret.redirected(status: 307, location: "/c")
        #expect(kept.method == "POST")
        #expect(kept.body == Data("x=1".utf8))
        let plain = try PreparedRequest(url: "http://example.com/a")
        #expect(try plain.redirected(status: 301, location: "https://other.example/b").url == "https://other.example/b")
    }

    @Test(
        "Only GET, HEAD, OPTIONS and TRACE are idempotent unless the caller says; a redirect keeps it, a 303 makes a GET"
    )
    func idempotence() throws {
        for method in ["GET", "head", "OPTIONS", "TRACE"] {
            #expect(try PreparedRequest(method: method, url: "http://127.0.0.1:9/a").isIdempotent, "\(method)")
        }
        for method in ["POST", "DELETE", "PUT", "PATCH", "post"] {
            #expect(try !PreparedRequest(method: method, url: "http://127.0.0.1:9/a").isIdempotent, "\(method)")
        }
        let post = try PreparedRequest(method: "POST", url: "http://127.0.0.1:9/a", body: Data("x=1".utf8))
        #expect(try !post.redirected(status: 307, location: "/b").isIdempotent)
        #expect(try !post.redirected(status: 308, location: "/b").isIdempotent)
        #expect(try post.redirected(status: 303, location: "/b").isIdempotent)
        let marked = try PreparedRequest(method: "POST", url: "http://127.0.0.1:9/a", idempotent: true)
        #expect(marked.isIdempotent)
        #expect(try marked.redirected(status: 307, location: "/b").isIdempotent)
        let unmarkedGET = try PreparedRequest(url: "http://127.0.0.1:9/a", idempotent: false)
        #expect(try !unmarkedGET.redirected(status: 302, location: "/b").isIdempotent)
        // The Graph prepare step carries GraphRequest.isIdempotent over, for every encoding.
        var request = GraphRequest(path: "me/feed", method: .post, parameters: ["m": "1"])
        #expect(try !request.prepare(configuration: GraphConfiguration()).isIdempotent)
        request.isIdempotent = true
        #expect(try request.prepare(configuration: GraphConfiguration()).isIdempotent)
        #expect(
            try !GraphRequest(path: "4_1", method: .delete).prepare(configuration: GraphConfiguration()).isIdempotent)
        #expect(try GraphRequest(path: "me").prepare(configuration: GraphConfiguration()).isIdempotent)
    }
}

@Suite("Keeping secrets out of text")
struct SecretRedactionTests {
    @Test("Every secret parameter is redacted in URLs, user info is dropped, the rest is kept")
    func redactURL() {
        let url =
            "https://user:pw@graph.facebook.com/v19.0/me?fields=id,name&access_token=EAAB%7Cxyz&appsecret_proof=9f&code=AQ&client_secret=s3"
        let redacted = SecretPolicy.redactedURL(url)
        #expect(
            redacted
                == "https://graph.facebook.com/v19.0/me?fields=id,name&access_token=<redacted>&appsecret_proof=<redacted>&code=<redacted>&client_secret=<redacted>"
        )
    }

    @Test("Free text loses secret values but keeps names that merely end like one")
    func redactText() {
        let text = "failed: GET /me?access_token=EAAB123 body input_token=XYZ&x=1 sso_access_token=keep"
        let redacted = SecretPolicy.redactSecrets(in: text)
        #expect(!redacted.contains("EAAB123"))
        #expect(!redacted.contains("XYZ"))
        #expect(redacted.contains("sso_access_token=keep"))
        #expect(SecretPolicy.redactSecrets(in: redacted) == redacted)
        // `<` ends a value (the one rule, `SecretDefinition.endsParameterValue`): placeholders and an
        // empty value stay as written; a value before `<` goes.
        let placeholders = "GET /me?access_token=<TOKEN-1>&appsecret_proof=<PROOF-2>&code=<x&password=&x=1"
        #expect(SecretPolicy.redactSecrets(in: placeholders) == placeholders)
        #expect(
            SecretPolicy.redactSecrets(in: "code=AQx<y client_secret=s3,z")
                == "code=<redacted><y client_secret=<redacted>,z")
    }

    @Test(
        "Echoed credentials leave a URL whatever follows a delimiter: the query is found by byte, not Character",
        arguments: [
            // A combining acute accent after `?` made one grapheme "?\u{301}", so the query was missed
            // and the echoed token kept.
            ("https://graph.facebook.com/me/friends?\u{301}x=1&access_token=ECHOED&limit=2", "?\u{301}x=1&limit=2"),
            // A prepended mark (U+06DD) before `?`.
            ("https://graph.facebook.com/p\u{6DD}?access_token=ECHOED&after=c2", "\u{6DD}?after=c2"),
            // A mark after `&` and after `#`: the pieces are still split there.
            (
                "https://graph.facebook.com/me?a=1&\u{301}b=2&appsecret_proof=ECHOED#\u{301}f",
                "?a=1&\u{301}b=2#\u{301}f"
            ),
            ("https://graph.facebook.com/me?access_token=ECHOED", "/me"),
        ]
    )
    func removingEchoedCredentials(url: String, tail: String) {
        let (stripped, removed) = SecretDefinition.roles.removingClientCredentials(from: url)
        #expect(!stripped.contains("ECHOED"))
        #expect(stripped.hasSuffix(tail), "\(stripped)")
        #expect(removed.map(\.value) == ["ECHOED"])
    }

    @Test("A TransportError never carries the token, in any of its texts")
    func errorTexts() {
        let error = TransportError(
            .timedOut, message: "GET ?access_token=EAAB99 timed out", url: "https://x/?access_token=EAAB99")
        #expect(!error.description.contains("EAAB99"))
        #expect(!error.message.contains("EAAB99"))
        #expect(!error.redactedURL.contains("EAAB99"))
        #expect(error.urlErrorCode == .timedOut)
    }
}
