// Tests of the one secret-span finder and the one table of secret roles (issue 25 item 4): a name
// added to the roles reaches redaction, scanning and paging links at once; every encoded form the
// redactor rewrites, the scanner detects; and the scanner, the cassette redactor and free-text
// redaction end a value at the same byte.

import FacebookGraph
import FacebookGraphReplay
import Foundation
import Testing

/// Tests of `SecretSpanFinder` and `SecretRoles` through their three users.
@Suite struct SecretSpanFinderTests {
    /// A secret value of no token shape (only its name gives it away), with a digit, 20 characters.
    static let value = "v4lue.Abcdefghij0123"

    /// A text response holding `text`, as a cassette records it.
    static func entry(body text: String, url: String = "https://graph.facebook.com/me") -> HAREntry {
        HAREntry(
            startedDateTime: "2024-01-01T00:00:00.000Z",
            request: HARRequest(method: "GET", url: url, headers: [], queryString: []),
            response: HARResponse(
                status: 200, content: HARContent(mimeType: "text/plain", body: Data(text.utf8))))
    }

    /// The response text of `entry` once `redactor` redacted it.
    static func redactedBody(_ text: String, _ redactor: Redactor) -> String {
        String(decoding: redactor.redact(entry(body: text)).response.content.body, as: UTF8.self)
    }

    // MARK: One table of roles

    /// A name given a role in a test-only table is redacted, scanned and removed from a paging link
    /// at once; the core's own table knows nothing of it.
    @Test func aNewNameReachesRedactionScanningAndPagingLinks() throws {
        let roles = SecretDefinition.roles.adding("session_key", as: .accessToken)
        let url = "https://graph.facebook.com/me/friends?limit=25&session_key=\(Self.value)&after=QVFI"

        // Redaction (cassettes and free text through the finder).
        let redacted = Redactor(rules: RedactionRules(roles: roles)).redact(Self.entry(body: "", url: url))
        #expect(
            redacted.request.url == "https://graph.facebook.com/me/friends?limit=25&session_key=<TOKEN-1>&after=QVFI")
        #expect(Redactor().redact(Self.entry(body: "", url: url)).request.url == url, "the core's table lacks it")
        let spans = SecretSpanFinder(roles: roles).spans(in: Array(url.utf8))
        #expect(spans.map(\.name) == ["session_key"])
        #expect(spans.map(\.role) == [.accessToken])

        // Scanning.
        let findings = SecretScanner(roles: roles).scan(text: url, file: "t.txt")
        #expect(findings.map(\.kind) == ["session_key value"])
        #expect(SecretScanner().scan(text: url, file: "t.txt").isEmpty, "the core's table lacks it")

        // Paging links and the derived lists.
        #expect(
            roles.removingClientCredentials(from: url).url
                == "https://graph.facebook.com/me/friends?limit=25&after=QVFI")
        #expect(SecretDefinition.roles.removingClientCredentials(from: url).url == url)
        #expect(roles.credentialNames.contains("session_key"))
        #expect(roles.scannedNames.contains("session_key"))
    }

    /// The lists the package used to keep by hand come out of the roles as they were.
    @Test func derivedListsKeepTheirNames() {
        let roles = SecretDefinition.roles
        #expect(roles.appliedByClientNames == ["access_token", "appsecret_proof", "appsecret_time"])
        #expect(
            roles.scannedNames == ["access_token", "client_secret", "fb_exchange_token", "input_token", "password"])
        #expect(roles.credentialNames == roles.names.subtracting(["code", "appsecret_time"]))
        #expect(RedactionRules.default.parameters["appsecret_proof"] == .proof)
        #expect(RedactionRules.default.parameters["fb_exchange_token"] == .token)
        #expect(RedactionRules.default.parameters["password"] == .secret)
    }

    // MARK: One list of encoded forms

    /// A secret with a space, `/`, `|`, `+`, a quote and non-ASCII, so its forms differ.
    static let knownSecret = "s3cr/et va|ue+\"é9"

    /// Every form the redactor rewrites a known secret in: the scanner detects it planted in text,
    /// and the redactor leaves nothing the scanner detects.
    @Test(arguments: SecretSpanFinder.encodedForms(of: knownSecret))
    func everyRewrittenFormIsDetected(form: String) {
        let text = "note: \(form) end"
        let scanner = SecretScanner(extraSecrets: [Self.knownSecret])
        #expect(scanner.scan(text: text, file: "t.txt").map(\.kind) == ["known secret"], "\(form)")
        let body = Self.redactedBody(text, Redactor(knownSecrets: [Self.knownSecret]))
        #expect(body == "note: <SECRET-1> end", "\(form)")
        #expect(scanner.scan(text: body, file: "t.txt").isEmpty)
    }

    /// The list is the redactor's full set, not three forms.
    @Test func theListCoversEveryEncoding() {
        let forms = Set(SecretSpanFinder.encodedForms(of: Self.knownSecret))
        #expect(forms.count >= 8)
        #expect(forms.contains("s3cr%2Fet%20va%7Cue%2B%22%C3%A99"), "strict")
        #expect(forms.contains("s3cr%2fet%20va%7cue%2b%22%c3%a99"), "strict, lower-case hex")
        #expect(forms.contains("s3cr/et%20va%7Cue%2B%22%C3%A99"), "lenient")
        #expect(forms.contains("s3cr%2Fet+va%7Cue%2B%22%C3%A99"), "form")
        #expect(forms.contains("s3cr%252Fet%2520va%257Cue%252B%2522%25C3%25A99"), "twice")
        #expect(forms.contains(#"s3cr\/et va|ue+\"é9"#), "JSON with \\/")
        #expect(forms.contains(#"s3cr\u00252Fet\u002520va\u00257Cue\u00252B\u002522\u0025C3\u0025A99"#), "\\u0025")
    }

    // MARK: One place a value ends

    /// Texts holding ``value`` named as a secret, followed by what ends it.
    static let endings: [String] = [
        "access_token=\(value)&limit=25",
        "access_token=\(value);path=/",
        "access_token=\(value)\"",
        "access_token=\(value)#frag",
        "access_token=\(value) next",
        "access_token=\(value),x",
        "https%3A%2F%2Fx%2Fme%3Faccess_token%3D\(value)%26after%3D1",
        "access_token%253D\(value)%2526after%253D1",
        #"{"u": "me?access_token\u003D\#(value)\u0026after=1"}"#,
        #"{"access_token": "\#(value)", "x": 1}"#,
        #""{\"access_token\":\"\#(value)\",\"x\":1}""#,
        #"\u0022access_token\u0022:\u0022\#(value)\u0022"#,
        "%7B%22access_token%22%3A%22\(value)%22%7D",
        "password=\(value)%26more",
    ]

    /// The scanner, the cassette redactor and free-text redaction hide the same characters: each
    /// replaces exactly the value, and the text after it stays.
    @Test(arguments: endings)
    func scannerAndRedactorAgreeWhereAValueEnds(text: String) {
        let expected = SecretPolicy.redactSecrets(in: text)
        let spans = SecretSpanFinder.standard.spans(in: Array(text.utf8))
        #expect(spans.count == 1)
        #expect(SecretScanner().redacted(text) == expected, "scanner vs redactSecrets")
        let body = Self.redactedBody(text, Redactor())
        let placeholder = body.contains("<SECRET-1>") ? "<SECRET-1>" : "<TOKEN-1>"
        #expect(body.replacingOccurrences(of: placeholder, with: SecretPlaceholder.redacted) == expected, "\(body)")
        #expect(expected.contains(SecretPlaceholder.redacted) && !expected.contains("Abcdefghij"))
    }
}
