import FacebookGraph
import FacebookGraphTestSupport
import Foundation
import Testing

@testable import FacebookGraphReplay

/// A foreign HAR file may keep real secrets; what the kit prints about its entries — the 501 body of
/// the replay server, the diff of an unmatched request — never shows them.
@Suite("No recorded secret in a 501 or a diff")
struct UnmatchedSecretsTests {
    /// A user-token shape, built at run time so this source file scans clean.
    static let token = "EAA" + "GforeignRealToken9x8Y7z6W5v4U3t"

    /// A browser-exported cassette that kept the token: in a query, in a form body, in a JSON body.
    static func foreignCassette() -> Cassette {
        let form = CassetteTests.entry(
            "POST", "https://graph.facebook.com/me/feed", body: Data("{}".utf8), mime: "application/json")
        var withBody = form
        withBody.request.postData = HARPostData(
            mimeType: "application/x-www-form-urlencoded", body: Data("message=hi&access_token=\(token)".utf8))
        // A token no parameter name gives away: only its shape shows it.
        var json = form
        json.request.postData = HARPostData(
            mimeType: "application/json", body: Data(#"{"message":"hi","credential":"\#(token)"}"#.utf8))
        return Cassette(
            archive: HARArchive(entries: [
                CassetteTests.entry(
                    "GET", "https://graph.facebook.com/me?fields=id&access_token=\(token)", body: Data("{}".utf8),
                    mime: "application/json"),
                withBody,
                json,
            ]))
    }

    @Test("In process: the diff shows the recorded secret as <redacted> and the live one as its placeholder")
    func inProcessDiff() throws {
        let transport = CassetteTransport(cassette: Self.foreignCassette(), live: RefusingTransport())
        let requests = [
            try PreparedRequest(url: "https://graph.facebook.com/me?fields=id,name&access_token=OTHER"),
            try PreparedRequest(
                method: "POST", url: "https://graph.facebook.com/me/feed",
                headers: ["Content-Type": "application/json"],
                body: Data(#"{"message":"hi","credential":"other"}"#.utf8)),
            try PreparedRequest(
                method: "POST", url: "https://graph.facebook.com/me/feed",
                headers: ["Content-Type": "application/x-www-form-urlencoded"],
                body: Data("message=ho&access_token=OTHER".utf8)),
        ]
        for request in requests {
            let error = try #require(CassetteTests.send(transport, request).failure)
            #expect(error.code == .noRecordedResponse)
            #expect(!error.message.contains(Self.token), "\(error.message)")
            #expect(!error.message.contains("EAAG"), "\(error.message)")
        }
        let first = try #require(CassetteTests.send(transport, requests[0]).failure)
        #expect(first.message.contains(#"parameter access_token: recorded "<redacted>", live "<TOKEN-1>""#))
        #expect(
            first.message.contains(
                "nearest: entry 0 GET https://graph.facebook.com/me?fields=id&access_token=<redacted>"))
    }

    @Test("The replay server's 501 body holds no recorded secret: URLs and differences alike")
    func serverBody() throws {
        let server = try ReplayServer(cassette: Self.foreignCassette())
        defer { server.stop() }
        for path in ["/me?fields=id,name&access_token=OTHER", "/me/feed", "/me/feed?access_token=OTHER"] {
            let miss = try CassetteTests.send(CurlEngine.shared, try PreparedRequest(url: server.baseURL + path)).get()
            #expect(miss.status == 501)
            let body = String(decoding: miss.body, as: UTF8.self)
            #expect(body.contains("CassetteMismatch"))
            #expect(!body.contains(Self.token) && !body.contains("EAAG"), "\(body)")
        }
        let miss = try CassetteTests.send(
            CurlEngine.shared, try PreparedRequest(url: server.baseURL + "/me?fields=id,name&access_token=OTHER")
        ).get()
        let json = try #require(try JSONSerialization.jsonObject(with: miss.body) as? [String: Any])
        let nearest = try #require((json["error"] as? [String: Any])?["nearest"] as? [[String: Any]])
        #expect(nearest.first?["url"] as? String == "https://graph.facebook.com/me?fields=id&access_token=<redacted>")
    }

    @Test("Placeholders stay readable, raw or percent-encoded, where secrets are hidden")
    func placeholdersStay() {
        let url = "https://graph.facebook.com/me?access_token=%3CTOKEN-1%3E&input_token=<TOKEN-2>"
        #expect(SecretPolicy.redactSecrets(in: url) == url)
        #expect(SecretFreeText.url(url) == url)
        #expect(
            SecretPolicy.redactSecrets(in: "access_token=%3CTOKEN-1%3Eextra%3E") != "access_token=%3CTOKEN-1%3Eextra%3E"
        )
        #expect(SecretPolicy.redactSecrets(in: "access_token=%3Cnot-a-marker!%3E") == "access_token=<redacted>")
    }
}
