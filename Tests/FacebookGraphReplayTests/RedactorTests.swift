// Tests of record-time redaction: every place a Graph secret can sit in an exchange (URL, query
// list, form body, multipart part, each header kind, JSON keys, server-written paging URLs, form
// OAuth responses, batch items), deterministic numbering, idempotence, binary bodies, short
// values — and, at the end, that the secret scanner finds nothing in a redacted cassette.
//
// Every token here is synthetic, shaped like the real ones so the scanner recognises them.

import FacebookGraph
import FacebookGraphReplay
import Foundation
import Testing

/// Tests of ``Redactor``.
@Suite struct RedactorTests {
    // MARK: Fixtures

    /// The Graph API's origin.
    static let graph = "https://graph.facebook.com"
    /// A user token (`EAA…`).
    static let userToken = "EAAGm0PX4ZCpsBAKZBq7xZCfake0Test1Token2Value3"
    /// A second user token.
    static let pageToken = "EAAGm0PX4ZCpsBAPageTokenZZ9fake8Value7xYz"
    /// An app token (`app id|secret`), which percent-encodes.
    static let appToken = "123456789012345|AbCdEfGhIjKlMnOpQrSt-u_v"
    /// An old token (`AAAC…`).
    static let oldToken = "AAACEdEose0cBAFakeOldToken1234567890abc"
    /// An `appsecret_proof` (python facebook-sdk's test vector).
    static let proof = "4dad02ff1693df832f9c183fe400fc4f601360be06514acb4a73edb783eec345"

    /// `text` percent-encoded as a query value (RFC 3986 unreserved characters kept).
    static func percentEncoded(_ text: String) -> String {
        let unreserved = CharacterSet(
            charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
        )
        return text.addingPercentEncoding(withAllowedCharacters: unreserved)!
    }

    /// `text` with the hex digits of its `%XX` escapes in lower case.
    static func lowerHex(_ text: String) -> String {
        text.components(separatedBy: "%").enumerated().map { index, piece in
            index == 0 ? piece : piece.prefix(2).lowercased() + piece.dropFirst(2)
        }.joined(separator: "%")
    }

    /// An exchange.
    static func entry(_ request: HARRequest, _ response: HARResponse = RedactorTests.json("{}")) -> HAREntry {
        HAREntry(startedDateTime: "2024-01-01T00:00:00.000Z", request: request, response: response)
    }

    /// A GET of `url` whose query list is parsed from it.
    static func get(_ url: String, headers: [HARNameValue] = []) -> HARRequest {
        let query = URLComponents(string: url)?.queryItems?.map { HARNameValue(name: $0.name, value: $0.value ?? "") }
        return HARRequest(method: "GET", url: url, headers: headers, queryString: query ?? [])
    }

    /// A 200 response with a JSON body.
    static func json(_ body: String, headers: [HARNameValue] = []) -> HARResponse {
        HARResponse(
            status: 200,
            headers: headers,
            content: HARContent(mimeType: "application/json", body: Data(body.utf8))
        )
    }

    /// The encoded archive of `entries` as text, for looking for secrets anywhere in it.
    static func encoded(_ entries: [HAREntry], rules: [String] = []) throws -> String {
        let provenance = HARProvenance(recordedAt: "2024-01-01T00:00:00Z", redactionRules: rules)
        return String(decoding: try HARArchive(entries: entries, provenance: provenance).encoded(), as: UTF8.self)
    }

    /// True when no raw, percent-encoded (either case) or twice-encoded form of `secret` is in `text`.
    static func isGone(_ secret: String, from text: String) -> Bool {
        let encoded = percentEncoded(secret)
        let forms = [secret, encoded, lowerHex(encoded), percentEncoded(encoded)]
        return !forms.contains { text.contains($0) }
    }

    // MARK: Request sites

    /// Secrets in the URL's query and in the `queryString` list become placeholders of their kind.
    @Test func urlQueryAndQueryString() {
        let url =
            "https://graph.facebook.com/v2.0/me?fields=id,name&access_token=\(Self.userToken)"
            + "&appsecret_proof=\(Self.proof)&appsecret_time=1700000000&limit=25"
        let redacted = Redactor().redact(Self.entry(Self.get(url)))
        #expect(
            redacted.request.url == "https://graph.facebook.com/v2.0/me?fields=id,name&access_token=<TOKEN-1>"
                + "&appsecret_proof=<PROOF-1>&appsecret_time=<TIME-1>&limit=25")
        #expect(redacted.request.queryString.map(\.value) == ["id,name", "<TOKEN-1>", "<PROOF-1>", "<TIME-1>", "25"])
    }

    /// A known secret standing where a query item's or header's name is goes too (fuzz finding:
    /// FuzzRedactor's `?<app secret>&access_token=…` kept the secret as the `queryString` name).
    @Test func secretAsQueryOrHeaderName() throws {
        let secret = "f3a9c1e07b5d42a8c6e2d91b7a0f3c55"
        let url = "\(Self.graph)/v19.0/me?x%20hashes%20\(secret)&access_token=\(Self.userToken)"
        var request = Self.get(url, headers: [HARNameValue(name: "X-\(secret)", value: "1")])
        request.queryString.insert(HARNameValue(name: secret, value: ""), at: 0)
        let redacted = Redactor(knownSecrets: [secret]).redact(Self.entry(request))
        let text = try Self.encoded([redacted])
        #expect(Self.isGone(secret, from: text))
        #expect(redacted.request.queryString.first?.name == "<SECRET-1>")
        #expect(redacted.request.headers.first?.name == "X-<SECRET-1>")
    }

    /// A percent-encoded app token in the URL and its decoded form in the query list both go.
    @Test func percentEncodedQueryValue() {
        let url = "\(Self.graph)/app/accounts/test-users?access_token=\(Self.percentEncoded(Self.appToken))"
        let redacted = Redactor().redact(Self.entry(Self.get(url)))
        #expect(redacted.request.url == "\(Self.graph)/app/accounts/test-users?access_token=<TOKEN-1>")
        #expect(redacted.request.queryString == [HARNameValue(name: "access_token", value: "<TOKEN-1>")])
    }

    /// Form pairs are replaced in place, `+` read as a space; other pairs keep their bytes.
    @Test func formBody() {
        let body =
            "access_token=\(Self.userToken)&message=hello+world&client_secret=0123abcd4567ef89"
            + "&password=p%40ss+word&fb_exchange_token=\(Self.percentEncoded(Self.appToken))"
        let request = HARRequest(
            method: "POST",
            url: "https://graph.facebook.com/oauth/access_token",
            headers: [HARNameValue(name: "Content-Type", value: "application/x-www-form-urlencoded")],
            postData: HARPostData(mimeType: "application/x-www-form-urlencoded", body: Data(body.utf8))
        )
        let redactor = Redactor()
        let redacted = redactor.redact(Self.entry(request))
        #expect(
            redacted.request.postData?.text == "access_token=<TOKEN-1>&message=hello+world"
                + "&client_secret=<SECRET-1>&password=<SECRET-2>&fb_exchange_token=<TOKEN-2>")
        #expect(redacted.request.bodySize == redacted.request.postData?.body.count)
        #expect(redactor.placeholder(for: "p@ss word", kind: .secret) == "<SECRET-2>")
    }

    /// A multipart upload: named secret parts are replaced whole (short ones too), other text parts
    /// are redacted as text, and the file part's bytes are untouched, in a body stored as base64.
    @Test func multipartParts() throws {
        let boundary = "Boundary-7MA4YWxkTrZu0gW"
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01, 0xFF, 0xD9]
        func part(_ name: String, _ content: String) -> [UInt8] {
            Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(content)\r\n".utf8)
        }
        var body =
            part("access_token", Self.userToken) + part("message", "see \(Self.userToken) here")
            + part("code", "ab") + part("caption", "ab")
        let file =
            Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"source\"; filename=\"a\"\r\n".utf8)
            + Array("Content-Type: image/jpeg\r\n\r\n".utf8) + jpeg + Array("\r\n--\(boundary)--\r\n".utf8)
        body += file
        let request = HARRequest(
            method: "POST",
            url: "https://graph.facebook.com/me/photos",
            postData: HARPostData(mimeType: "multipart/form-data; boundary=\(boundary)", body: Data(body))
        )
        #expect(request.postData?.encoding == "base64")

        let redacted = Redactor().redact(Self.entry(request))
        let postData = try #require(redacted.request.postData)
        #expect(postData.encoding == "base64")
        var expected =
            part("access_token", "<TOKEN-1>") + part("message", "see <TOKEN-1> here")
            + part("code", "<CODE-1>") + part("caption", "ab")
        expected += file
        #expect(Array(postData.body) == expected)
    }

    /// A text multipart body (stored as text) is redacted the same way.
    @Test func multipartTextBody() {
        let body =
            "--xyz\r\nContent-Disposition: form-data; name=\"input_token\"\r\n\r\n"
            + "\(Self.pageToken)\r\n--xyz--\r\n"
        let request = HARRequest(
            method: "POST",
            url: "https://graph.facebook.com/debug_token",
            postData: HARPostData(mimeType: "multipart/form-data; boundary=\"xyz\"", body: Data(body.utf8))
        )
        let redacted = Redactor().redact(Self.entry(request))
        #expect(
            redacted.request.postData?.text
                == "--xyz\r\nContent-Disposition: form-data; name=\"input_token\"\r\n\r\n<TOKEN-1>\r\n--xyz--\r\n")
    }

    // MARK: Headers

    /// `Authorization` keeps its scheme; a credential first seen as an `access_token` is a TOKEN.
    @Test func authorizationHeaders() {
        let redactor = Redactor()
        let first = redactor.redact(
            Self.entry(
                Self.get(
                    "https://graph.facebook.com/me?access_token=\(Self.userToken)",
                    headers: [HARNameValue(name: "Authorization", value: "Bearer \(Self.userToken)")]
                )))
        #expect(first.request.headers == [HARNameValue(name: "Authorization", value: "Bearer <TOKEN-1>")])

        let second = redactor.redact(
            Self.entry(
                Self.get(
                    "https://graph.facebook.com/me",
                    headers: [
                        HARNameValue(name: "authorization", value: "OAuth \(Self.pageToken)"),
                        HARNameValue(name: "Proxy-Authorization", value: "Basic dXNlcjpwYXNzd29yZA=="),
                        HARNameValue(name: "Accept", value: "application/json"),
                    ]
                )))
        #expect(
            second.request.headers == [
                HARNameValue(name: "authorization", value: "OAuth <AUTH-1>"),
                HARNameValue(name: "Proxy-Authorization", value: "Basic <AUTH-2>"),
                HARNameValue(name: "Accept", value: "application/json"),
            ])
    }

    /// Each cookie value is replaced; `Set-Cookie` keeps its attributes; the values go everywhere.
    @Test func cookies() {
        let request = Self.get(
            "https://www.facebook.com/dialog/oauth",
            headers: [HARNameValue(name: "Cookie", value: "c_user=100004321; xs=12%3AabcDEF%3A2; locale=en_US")]
        )
        let response = Self.json(
            #"{"ok": true}"#,
            headers: [
                HARNameValue(name: "Set-Cookie", value: "fr=0AbCdEfGh1234.Expires; Path=/; Domain=.fb.com; HttpOnly"),
                HARNameValue(name: "Set-Cookie", value: "xs=12%3AabcDEF%3A2; Secure"),
            ]
        )
        let redacted = Redactor().redact(Self.entry(request, response))
        #expect(redacted.request.headers.map(\.value) == ["c_user=<COOKIE-1>; xs=<COOKIE-2>; locale=<COOKIE-3>"])
        #expect(
            redacted.response.headers.map(\.value) == [
                "fr=<COOKIE-4>; Path=/; Domain=.fb.com; HttpOnly", "xs=<COOKIE-2>; Secure",
            ])
    }

    // MARK: Response sites

    /// A token an OAuth endpoint returns as a JSON key is learned and replaced, and the next
    /// request that uses it gets the same placeholder.
    @Test func jsonBodyKey() {
        let redactor = Redactor()
        let exchange = redactor.redact(
            Self.entry(
                Self.get(
                    "https://graph.facebook.com/oauth/access_token?grant_type=fb_exchange_token"
                        + "&client_id=123456789012345&fb_exchange_token=\(Self.userToken)"),
                Self.json(#"{"access_token":"\#(Self.pageToken)","token_type":"bearer","expires_in":518}"#)
            ))
        #expect(
            exchange.response.content.text == #"{"access_token":"<TOKEN-2>","token_type":"bearer","expires_in":518}"#
        )
        #expect(exchange.response.content.size == exchange.response.content.text?.utf8.count)

        let next = redactor.redact(Self.entry(Self.get("https://graph.facebook.com/me?access_token=\(Self.pageToken)")))
        #expect(next.request.url == "https://graph.facebook.com/me?access_token=<TOKEN-2>")
    }

    /// A token the server echoes in `paging.next` / `paging.previous` is replaced raw, with `\/`
    /// escaping, percent-encoded in upper and lower hex, and `\u0025`-escaped — including a token
    /// the request never carried.
    @Test func tokenEchoedInPagingURLs() throws {
        let encoded = Self.percentEncoded(Self.appToken)
        let lowerEncoded = Self.lowerHex(encoded)
        let unicodeEscaped = encoded.replacingOccurrences(of: "%", with: "\\u0025")
        let body = """
            {"data": [], "paging": {
              "next": "https://graph.facebook.com/v2.0/123/feed?access_token=\(Self.appToken)&limit=25&until=1",
              "previous": "https:\\/\\/graph.facebook.com\\/v2.0\\/123\\/feed?access_token=\(encoded)&since=2",
              "lower": "https://graph.facebook.com/123/feed?limit=5&access_token=\(lowerEncoded)",
              "escaped": "https://graph.facebook.com/123?access_token=\(unicodeEscaped)",
              "other": "https://graph.facebook.com/v2.0/123/feed?access_token=\(Self.oldToken)\\u0026limit=25"
            }}
            """
        let entry = Self.entry(Self.get("\(Self.graph)/v2.0/123/feed?access_token=\(encoded)"), Self.json(body))
        let redacted = Redactor().redact(entry)
        let text = try #require(redacted.response.content.text)
        #expect(Self.isGone(Self.appToken, from: text))
        #expect(!text.contains("\\u00257C"))
        #expect(Self.isGone(Self.oldToken, from: text))
        #expect(text.components(separatedBy: "access_token=<TOKEN-1>").count == 5)
        #expect(text.contains("access_token=<TOKEN-2>\\u0026limit=25"))
        #expect(text.contains(#""previous": "https:\/\/graph.facebook.com\/v2.0\/123\/feed?access_token=<TOKEN-1>&"#))
    }

    /// The old OAuth endpoint's form-encoded answer is redacted, and its token is learned.
    @Test func formEncodedOAuthResponse() {
        let redactor = Redactor()
        let response = HARResponse(
            status: 200,
            content: HARContent(
                mimeType: "text/plain; charset=UTF-8",
                body: Data("access_token=\(Self.oldToken)&expires=5183999".utf8)
            )
        )
        let url =
            "https://graph.facebook.com/oauth/access_token?client_id=123456789012345"
            + "&redirect_uri=https%3A%2F%2Fexample.com%2F&client_secret=0123abcd4567ef89&code=AQDxyz-fakeCode_123"
        let redacted = redactor.redact(Self.entry(Self.get(url), response))
        #expect(
            redacted.request.url == "https://graph.facebook.com/oauth/access_token?client_id=123456789012345"
                + "&redirect_uri=https%3A%2F%2Fexample.com%2F&client_secret=<SECRET-1>&code=<CODE-1>")
        #expect(redacted.response.content.text == "access_token=<TOKEN-1>&expires=5183999")
        #expect(redactor.placeholder(for: Self.oldToken, kind: .secret) == "<TOKEN-1>")
    }

    /// A `batch` form parameter: the tokens in its items' `relative_url`s (encoded inside the
    /// encoded JSON) are learned and replaced, and the batch still decodes to the same structure.
    @Test func batchParameter() throws {
        let batch =
            #"[{"method":"GET","relative_url":"me?access_token=\#(Self.percentEncoded(Self.appToken))"},"#
            + #"{"method":"GET","relative_url":"me\/friends?limit=5&access_token=\#(Self.pageToken)"}]"#
        let body = "access_token=\(Self.userToken)&include_headers=false&batch=\(Self.percentEncoded(batch))"
        let request = HARRequest(
            method: "POST",
            url: "https://graph.facebook.com/",
            postData: HARPostData(mimeType: "application/x-www-form-urlencoded", body: Data(body.utf8))
        )
        let redacted = Redactor().redact(Self.entry(request))
        let text = try #require(redacted.request.postData?.text)
        for secret in [Self.userToken, Self.appToken, Self.pageToken] { #expect(Self.isGone(secret, from: text)) }
        let batchPair = try #require(text.split(separator: "&").first { $0.hasPrefix("batch=") })
        let batchValue = try #require(batchPair.dropFirst("batch=".count).removingPercentEncoding)
        let items = try #require(try JSONSerialization.jsonObject(with: Data(batchValue.utf8)) as? [[String: String]])
        #expect(
            items.map { $0["relative_url"] } == [
                "me?access_token=<TOKEN-2>", "me/friends?limit=5&access_token=<TOKEN-3>",
            ]
        )
        #expect(text.hasPrefix("access_token=<TOKEN-1>&include_headers=false&batch="))
    }

    // MARK: Properties

    /// The same secret gets the same placeholder across entries; two tokens are numbered in order
    /// of appearance; a fresh redactor given the same input gives the same output.
    @Test func determinism() {
        let entries = [
            Self.entry(Self.get("\(Self.graph)/me?access_token=\(Self.userToken)&input_token=\(Self.pageToken)")),
            Self.entry(Self.get("https://graph.facebook.com/me/friends?access_token=\(Self.userToken)")),
        ]
        let redactor = Redactor()
        let redacted = entries.map(redactor.redact)
        #expect(redacted[0].request.url == "https://graph.facebook.com/me?access_token=<TOKEN-1>&input_token=<TOKEN-2>")
        #expect(redacted[1].request.url == "https://graph.facebook.com/me/friends?access_token=<TOKEN-1>")
        let again = Redactor()
        #expect(entries.map(again.redact) == redacted)
        #expect(redactor.placeholder(for: Self.proof, kind: .proof) == "<PROOF-1>")
        #expect(redactor.placeholder(for: "another", kind: .token) == "<TOKEN-3>")
        #expect(redactor.placeholder(for: "<TOKEN-9>", kind: .token) == "<TOKEN-9>")
    }

    /// Redacting a redacted entry changes nothing, with the same redactor or a fresh one.
    @Test func idempotence() {
        let redactor = Redactor()
        for entry in Self.allSites() {
            let once = redactor.redact(entry)
            #expect(redactor.redact(once) == once)
            #expect(Redactor().redact(once) == once)
        }
    }

    /// A secret that hid a token shape: the app secret written just before 64 hex digits makes a
    /// 96-digit run, which is no proof; once the secret is `<SECRET-1>`, the 64 digits stand alone and
    /// are one. A single pass left them, so a second redaction changed the entry. Found by
    /// `FuzzRedactor` (a header value of the app secret, 64 `8`s and binary junk); the redaction now
    /// repeats until a pass changes nothing. Also in the query and the response body.
    @Test func secretHidingATokenShape() throws {
        let appSecret = "f3a9c1e07b5d42a8c6e2d91b7a0f3c55"
        let eights = String(repeating: "8", count: 64)
        let redactor = Redactor(knownSecrets: [appSecret])
        let entry = Self.entry(
            Self.get(
                "\(Self.graph)/me?access_token=\(Self.userToken)&note=\(appSecret)\(eights)",
                headers: [HARNameValue(name: "\u{FFFD}uesz:", value: "\(appSecret)\(eights)\u{FFFD}\u{1A} 5,1,3")]),
            Self.json(#"{"echo":"\#(appSecret)\#(eights)"}"#))
        let once = redactor.redact(entry)
        #expect(once.request.headers[0].value == "<SECRET-1><PROOF-1>\u{FFFD}\u{1A} 5,1,3")
        #expect(once.request.url == "\(Self.graph)/me?access_token=<TOKEN-1>&note=<SECRET-1><PROOF-1>")
        #expect(once.response.content.text == #"{"echo":"<SECRET-1><PROOF-1>"}"#)
        #expect(redactor.redact(once) == once)
        #expect(Redactor(knownSecrets: [appSecret]).redact(once) == once)
        #expect(!(try Self.encoded([once])).contains(eights))
    }

    /// A token shape that ends a query item's *name*: in the URL a `=` follows it (so it does not
    /// stand alone there), but the `queryString` list writes the name as its own JSON string, where
    /// it does. Found by `FuzzRedactor` (input bc80d6a4…: `…Aldo EAAGm5PX…doby===…`); names are
    /// now learned from like values, and the scanner finds nothing in the cassette.
    @Test func tokenShapeEndingAQueryName() throws {
        let shaped = "EAAGm5PX4ZCpsBAFuzzPl4nted7q2W9xZk3doby"
        let url = "\(Self.graph)/me?note%20\(shaped)===x&access_token=\(Self.userToken)"
        let request = HARRequest(
            method: "GET", url: url, headers: [HARNameValue(name: "X-\(shaped)", value: "1")],
            queryString: FormEncoding.queryPairs(of: url, plusAsSpace: false).map {
                HARNameValue(name: $0.name, value: $0.value)
            })
        let redactor = Redactor()
        let redacted = redactor.redact(Self.entry(request))
        let written = try Self.encoded([redacted])
        #expect(!written.contains(shaped))
        #expect(SecretScanner().scan(text: written, file: "t.har").isEmpty)
        #expect(redactor.redact(redacted) == redacted)
    }

    /// A body labelled multipart that holds no part (no delimiter) is text: a token shape in it is
    /// learned and replaced. It was skipped as an empty multipart body and reached the cassette
    /// (FuzzRedactor, input c58474de…).
    @Test func multipartLabelWithoutParts() throws {
        let shaped = "EAAGm0PX4ZCpsBAFuzzPl4nted"
        var request = Self.get("\(Self.graph)/me/feed")
        request.method = "POST"
        request.postData = HARPostData(
            mimeType: "multipart/form-data; boundary=FuzzB", body: Data("x\n[ 1?\(shaped)".utf8))
        let redactor = Redactor()
        let redacted = redactor.redact(Self.entry(request))
        let written = try Self.encoded([redacted])
        #expect(!written.contains(shaped))
        #expect(redacted.request.postData?.text == "x\n[ 1?<TOKEN-1>")
        #expect(SecretScanner().scan(text: written, file: "t.har").isEmpty)
        #expect(redactor.redact(redacted) == redacted)
    }

    /// Where a value ends, the scanner and the redactor agree: a control byte ends it. An
    /// `access_token=` followed by NUL bytes in a form body has an empty value for the redactor, and
    /// the written cassette's `\u0000` escapes are no value for the scanner either — it flagged them
    /// as a 48-character secret (FuzzRedactor, input 8be6875c…). A real value before such a byte is
    /// still found.
    @Test func controlBytesEndAValue() throws {
        let body = "fields=id&access_token=\0\0\0\0\0\0\0\u{2}>\"\n  01{\"lo,!\n=====%%%%f%%\u{7f}\0U"
        let response = HARResponse(
            status: 200, content: HARContent(mimeType: "application/x-www-form-urlencoded", body: Data(body.utf8)))
        let redacted = Redactor().redact(Self.entry(Self.get("\(Self.graph)/me"), response))
        let written = try Self.encoded([redacted])
        #expect(written.contains(#"access_token=\u0000"#))
        #expect(SecretScanner().scan(text: written, file: "t.har").isEmpty)
        let real = #"{"t": "access_token=\#(Self.userToken)\u0000\u0000"}"#
        #expect(!SecretScanner().scan(text: real, file: "t.json").isEmpty, "a token before the NUL is still found")
    }

    /// Redactor, scanner and free-text redaction end a parameter's value at the same byte (the core's
    /// `SecretDefinition.endsParameterValue`). FuzzRedactor found a form body with
    /// `access_token=,,,,…` followed by text holding a digit: the redactor read an empty value, the
    /// scanner a 40-character secret, so the written cassette was flagged.
    @Test(arguments: SecretDefinition.valueDelimiters.map { Character(Unicode.Scalar($0)) })
    func oneValueEndRule(delimiter: Character) throws {
        let tail = "\(delimiter)\(delimiter)\(delimiter)ɄTOKEN-applicatio2OOOOOOOOOOOOOOOOOO"
        let body = "fields=id&access_token=\(tail)"
        let response = HARResponse(
            status: 200, content: HARContent(mimeType: "application/x-www-form-urlencoded", body: Data(body.utf8)))
        let redacted = Redactor().redact(Self.entry(Self.get("\(Self.graph)/me"), response))
        #expect(redacted.response.content.body == Data(body.utf8), "an empty value learns nothing")
        let written = try Self.encoded([redacted])
        #expect(SecretScanner().scan(text: written, file: "t.har").isEmpty)
        #expect(SecretPolicy.redactSecrets(in: body) == body)

        // A real value before the delimiter: all three take the same span, and the tail stays.
        let secret = "s3cretValue0123456789"
        let real = "fields=id&access_token=\(secret)\(delimiter)next=1"
        let realResponse = HARResponse(
            status: 200, content: HARContent(mimeType: "application/x-www-form-urlencoded", body: Data(real.utf8)))
        #expect(SecretScanner().scan(text: real, file: "t.txt").count == 1)
        let short = "access_token=short1\(delimiter)AAAAAAAAAAAAAAAAAAAAAAAA1"
        #expect(SecretScanner().scan(text: short, file: "t.txt").isEmpty, "the scanner's span ends at the delimiter")
        let redactedReal = Redactor().redact(Self.entry(Self.get("\(Self.graph)/me"), realResponse))
        let text = String(decoding: redactedReal.response.content.body, as: UTF8.self)
        #expect(text == "fields=id&access_token=<TOKEN-1>\(delimiter)next=1")
        #expect(SecretScanner().scan(text: try Self.encoded([redactedReal]), file: "t.har").isEmpty)
        #expect(SecretPolicy.redactSecrets(in: real) == "fields=id&access_token=<redacted>\(delimiter)next=1")
    }

    /// Text that only looks like JSON (it opens with `{`) can hold `access_token=…` outside any string:
    /// the redactor learns it there too, as its rewrite and the scanner read it (FuzzRedactor: a
    /// header value `{"!":[1,…access_token====+=====Ef3a9c1<…` was left in the cassette and flagged).
    @Test func parameterInTextThatLooksLikeJSON() throws {
        let value = #"{"!g":[1,junk cebook.com/me?fields=id&access_token====+=====Ef3a9c1<x] be""#
        let request = Self.get("\(Self.graph)/me", headers: [HARNameValue(name: "X-Note", value: value)])
        let redacted = Redactor().redact(Self.entry(request))
        let header = try #require(redacted.request.headers.first { $0.name == "X-Note" })
        #expect(!header.value.contains("Ef3a9c1"), "\(header.value)")
        #expect(header.value.contains("access_token=<TOKEN-"))
        #expect(SecretScanner().scan(text: try Self.encoded([redacted]), file: "t.har").isEmpty)
        // Inside a real JSON string the decoded value is learned as before, its escapes included.
        let json = #"{"next":"https:\/\/graph.facebook.com\/me?access_token=EAAB\/x9f8e7d6c5b4a3210&after=1"}"#
        let body = HARResponse(status: 200, content: HARContent(mimeType: "application/json", body: Data(json.utf8)))
        let page = Redactor().redact(Self.entry(Self.get("\(Self.graph)/me"), body))
        let text = String(decoding: page.response.content.body, as: UTF8.self)
        #expect(!text.contains("x9f8e7d6c5b4a3210"), "\(text)")
        #expect(SecretScanner().scan(text: try Self.encoded([page]), file: "t.har").isEmpty)
    }

    /// An encoded `=` (`%3d`, `%253D`, `\u003D`) after a secret name is a separator for the redactor as
    /// for the scanner and `redactSecrets` (the core's `SecretDefinition.valueSeparators`). FuzzRedactor:
    /// a URL path `…%bdaccess_token%3dD%7bTOKEN-?pplica%ef%bf%bd…` was flagged in the cassette.
    @Test(arguments: ["%3d", "%3D", "%253D", "\\u003D"])
    func encodedSeparator(separator: String) throws {
        let value = "D%7bTOKEN-?pplica%ef%bf%bd%ef%bf%bd"
        let url = "\(Self.graph)/v19.0/7bT%ef%bf%bdaccess_token\(separator)\(value)%22%7D"
        let redacted = Redactor().redact(Self.entry(Self.get(url)))
        #expect(!redacted.request.url.contains("pplica"), "\(redacted.request.url)")
        #expect(SecretScanner().scan(text: try Self.encoded([redacted]), file: "t.har").isEmpty)
        // The value ends at an encoded delimiter after an encoded `=`, as the scanner's does.
        let next =
            "\(Self.graph)/me?next=https%3A%2F%2Fx%2Fme%3Faccess_token\(separator)EAAB9f8e7d6c5b4a%26after%3DQVFI"
        let page = Redactor().redact(Self.entry(Self.get(next)))
        #expect(!page.request.url.contains("9f8e7d6c5b4a"), "\(page.request.url)")
        #expect(page.request.url.contains("after%3DQVFI"), "\(page.request.url)")
        #expect(
            SecretPolicy.redactSecrets(in: "x access_token\(separator)s3cr3tv4lu3%26y")
                == "x access_token\(separator)<redacted>%26y")
    }

    /// FuzzRedactor's input itself: a form response body with `access_token=` and fifteen commas
    /// among bytes that are not UTF-8.
    @Test func commasAfterAnEmptyValue() throws {
        var body = Data("{&".utf8) + Data(repeating: 0xFF, count: 20) + Data("access_token=".utf8)
        body += Data(repeating: UInt8(ascii: ","), count: 15) + Data([0xC9, 0x84]) + Data("TOKEN-applicatio".utf8)
        body += Data([0xFF, 0xFF]) + Data("cebook.com/me?fOOO,,,$,,OOOOOOOOOOOOOOOOOOOO{TO,,,,2 ?  KEN-a".utf8)
        let response = HARResponse(
            status: 200, content: HARContent(mimeType: "application/x-www-form-urlencoded", body: body))
        let redacted = Redactor().redact(Self.entry(Self.get("\(Self.graph)/me"), response))
        #expect(redacted.response.content.body == body)
        #expect(SecretScanner().scan(text: try Self.encoded([redacted]), file: "t.har").isEmpty)
    }

    /// Placeholders are never learned or rewritten, even when a known secret occurs inside one.
    @Test func placeholdersAreNeverReRedacted() {
        let redactor = Redactor(knownSecrets: ["TOKEN", "ab"])
        let redacted = redactor.redact(
            Self.entry(
                Self.get(
                    "https://graph.facebook.com/me?access_token=\(Self.userToken)&message=TOKEN+ab"
                )))
        #expect(redacted.request.url == "https://graph.facebook.com/me?access_token=<TOKEN-1>&message=<SECRET-1>+ab")
        #expect(redactor.redact(redacted) == redacted)
        #expect(redactor.ruleNames.contains("known-secrets"))
    }

    /// A binary response body keeps every byte but the secrets: a learned token inside it is replaced
    /// where it sits, a body without one stays byte-identical; a base64 body that is UTF-8 text is
    /// decoded, redacted and encoded again.
    @Test func binaryBodies() throws {
        let prefix = Data([0xFF, 0xD8, 0xFF, 0x00, 0x80])
        let binary = prefix + Data("access_token=\(Self.userToken)".utf8)
        let redactor = Redactor()
        let image = HARResponse(status: 200, content: HARContent(mimeType: "image/jpeg", body: binary))
        let picture = Self.get("\(Self.graph)/me/picture?access_token=\(Self.userToken)")
        let redacted = redactor.redact(Self.entry(picture, image))
        #expect(redacted.response.content.encoding == "base64")
        #expect(redacted.response.content.body == prefix + Data("access_token=<TOKEN-1>".utf8))
        let plainImage = HARResponse(status: 200, content: HARContent(mimeType: "image/jpeg", body: prefix))
        #expect(redactor.redact(Self.entry(picture, plainImage)).response.content == plainImage.content)

        var textInBase64 = HARContent(mimeType: "application/json", body: Data())
        textInBase64.text = Data(#"{"next":"https://x/?access_token=\#(Self.userToken)"}"#.utf8).base64EncodedString()
        textInBase64.encoding = "base64"
        let other = redactor.redact(Self.entry(Self.get(Self.graph), HARResponse(status: 200, content: textInBase64)))
        #expect(other.response.content.encoding == "base64")
        let decoded = String(decoding: other.response.content.body, as: UTF8.self)
        #expect(decoded == #"{"next":"https://x/?access_token=<TOKEN-1>"}"#)
    }

    /// A body that is not valid UTF-8 (a BOM is enough to stop it round-tripping, a Latin-1 byte
    /// certainly) is still redacted, byte for byte, in the request and the response.
    @Test func nonUTF8BodiesAreRedacted() {
        let bom = Data([0xEF, 0xBB, 0xBF])
        let response = HARResponse(
            status: 200,
            content: HARContent(
                mimeType: "application/json", body: bom + Data(#"{"access_token":"\#(Self.pageToken)"}"#.utf8))
        )
        let form = Data("name=caf".utf8) + Data([0xE9]) + Data("&access_token=\(Self.userToken)".utf8)
        let request = HARRequest(
            method: "POST",
            url: "\(Self.graph)/me/feed",
            postData: HARPostData(mimeType: "application/x-www-form-urlencoded", body: form)
        )
        let redacted = Redactor().redact(Self.entry(request, response))
        #expect(
            redacted.request.postData?.body == Data("name=caf".utf8) + Data([0xE9])
                + Data("&access_token=<TOKEN-1>".utf8))
        #expect(redacted.response.content.body == bom + Data(#"{"access_token":"<TOKEN-2>"}"#.utf8))
    }

    /// Credentials in a URL's user info (`user:password@`) are secrets too, wherever they appear.
    @Test func urlUserInfo() throws {
        let url = "https://app1234:hunter2hunter2@graph.facebook.com/me?fields=id"
        let redacted = Redactor().redact(Self.entry(Self.get(url), Self.json(#"{"seen":"hunter2hunter2"}"#)))
        let text = try Self.encoded([redacted])
        #expect(!text.contains("hunter2hunter2"))
        #expect(!text.contains("app1234"))
        #expect(redacted.request.url == "https://<SECRET-1>:<SECRET-2>@graph.facebook.com/me?fields=id")
    }

    /// A percent-encoded parameter name (`access%5Ftoken`) is still the parameter.
    @Test func percentEncodedParameterName() throws {
        // No queryString list: the name is seen only as the URL and the body write it.
        let url = "\(Self.graph)/me?access%5Ftoken=\(Self.userToken)&limit=1"
        let request = HARRequest(
            method: "POST",
            url: url,
            postData: HARPostData(
                mimeType: "application/x-www-form-urlencoded", body: Data("client%5fsecret=0123abcd4567ef89".utf8))
        )
        let redacted = Redactor().redact(Self.entry(request))
        #expect(Self.isGone(Self.userToken, from: try Self.encoded([redacted])))
        #expect(redacted.request.url == "\(Self.graph)/me?access%5Ftoken=<TOKEN-1>&limit=1")
        #expect(redacted.request.postData?.text == "client%5fsecret=<SECRET-1>")
    }

    /// A token-shaped value the scanner would flag gets a placeholder wherever it sits, even where no
    /// rule names it, so `record` does not have to refuse the entry.
    @Test func tokenShapedValuesGetPlaceholders() throws {
        let response = Self.json(
            #"{"debug":"seen \#(Self.pageToken) and \#(Self.appToken)","proof":"x \#(Self.proof)"}"#,
            headers: [HARNameValue(name: "X-Debug-Token", value: Self.oldToken)]
        )
        let redacted = Redactor().redact(Self.entry(Self.get("\(Self.graph)/me"), response))
        let text = try Self.encoded([redacted])
        #expect(SecretScanner().scan(text: text, file: "entry.har") == [])
        #expect(redacted.response.content.text?.contains("<TOKEN-2>") == true)
        #expect(redacted.response.headers.first { $0.name == "X-Debug-Token" }?.value == "<TOKEN-1>")
        #expect(redacted.response.content.text?.contains("<PROOF-1>") == true)
    }

    /// A value shorter than four characters is replaced only where a rule names it.
    @Test func shortValuesAreNotFreeText() {
        let redacted = Redactor().redact(
            Self.entry(
                Self.get("https://graph.facebook.com/oauth/access_token?code=1&limit=1&access_token=abc"),
                Self.json(#"{"id": "1", "count": 1, "access_token": "abc", "name": "abc d", "next": "x?code=1&p=1"}"#)
            ))
        #expect(redacted.request.url == "\(Self.graph)/oauth/access_token?code=<CODE-1>&limit=1&access_token=<TOKEN-1>")
        #expect(redacted.request.queryString.map(\.value) == ["<CODE-1>", "1", "<TOKEN-1>"])
        let expected =
            #"{"id": "1", "count": 1, "access_token": "<TOKEN-1>", "name": "abc d", "#
            + #""next": "x?code=<CODE-1>&p=1"}"#
        #expect(redacted.response.content.text == expected)
    }

    /// A replay-time redactor maps a live request to the recorded request's placeholders.
    @Test func replayRequestMatchesRecordedRequest() {
        let request = Self.get(
            "https://graph.facebook.com/me?access_token=\(Self.userToken)&appsecret_proof=\(Self.proof)",
            headers: [HARNameValue(name: "Authorization", value: "Bearer \(Self.userToken)")]
        )
        let recorded = Redactor().redact(Self.entry(request))
        #expect(Redactor().redact(request) == recorded.request)
    }

    /// The rule names list the parameters and headers, for provenance.
    @Test func ruleNames() {
        let names = Redactor().ruleNames
        for name in [
            "parameter:access_token", "parameter:appsecret_proof", "parameter:code", "header:authorization",
            "header:cookie", "header:set-cookie", "header:proxy-authorization",
        ] {
            #expect(names.contains(name))
        }
        #expect(!names.contains("known-secrets"))
        #expect(RedactionRules.default.parameters["appsecret_time"] == .time)
        #expect(RedactionRules.default.parameters["client_secret"] == .secret)
        #expect(RedactionRules.default.parameters["fb_exchange_token"] == .token)
    }

    // MARK: The scanner agrees

    /// Before redaction the scanner finds the secrets in the cassette; after, nothing at all.
    @Test func scannerFindsNothingAfterRedaction() throws {
        let entries = Self.allSites()
        let scanner = SecretScanner(extraSecrets: ["0123abcd4567ef89"])
        #expect(scanner.scan(text: try Self.encoded(entries), file: "raw.har").count >= 10)
        let redactor = Redactor()
        let redacted = entries.map(redactor.redact)
        let findings = scanner.scan(text: try Self.encoded(redacted, rules: redactor.ruleNames), file: "cassette.har")
        #expect(findings == [])
    }

    /// One exchange per redaction site, with real-looking secrets.
    static func allSites() -> [HAREntry] {
        let encoded = percentEncoded(appToken)
        let batch = percentEncoded(#"[{"method":"GET","relative_url":"me?access_token=\#(encoded)"}]"#)
        let oauthAnswer = "access_token=\(oldToken)&expires=5"
        let paging =
            #"{"data":[],"paging":{"next":"https:\/\/graph.facebook.com\/v2.0\/123\/feed?access_token="#
            + #"\#(lowerHex(encoded))&until=1","#
            + #""previous":"\#(graph)/v2/123/feed?access_token=\#(appToken)&since=2"}}"#
        let accounts =
            #"{"data":[{"id":"1","access_token":"\#(pageToken)"},"#
            + #"{"id":"2","access_token":"CAACEdEose0cBAnother1Page2Token3"}]}"#
        return [
            entry(get("\(graph)/me?access_token=\(userToken)&appsecret_proof=\(proof)&appsecret_time=17")),
            entry(
                HARRequest(
                    method: "POST",
                    url: "https://graph.facebook.com/oauth/access_token",
                    headers: [
                        HARNameValue(name: "Authorization", value: "OAuth \(pageToken)"),
                        HARNameValue(name: "Cookie", value: "c_user=100004321; xs=12%3AabcDEF%3A2"),
                    ],
                    postData: HARPostData(
                        mimeType: "application/x-www-form-urlencoded",
                        body: Data("client_secret=0123abcd4567ef89&code=AQDxyz-fakeCode_123&batch=\(batch)".utf8)
                    )
                ), HARResponse(status: 200, content: HARContent(mimeType: "text/plain", body: Data(oauthAnswer.utf8)))),
            entry(
                get("https://graph.facebook.com/v2.0/123/feed?access_token=\(encoded)"),
                json(paging, headers: [HARNameValue(name: "Set-Cookie", value: "fr=0AbCdEfGh1234.X; Path=/; HttpOnly")])
            ),
            entry(
                get("https://graph.facebook.com/me/accounts?access_token=\(userToken)"),
                json(accounts)),
        ]
    }
}
