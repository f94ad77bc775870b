import FacebookGraphReplay
import FacebookGraphTestSupport
import FacebookGraphTestTraits
import Foundation
import FoundationNetworking
import Testing

@testable import FacebookSDK

/// Migration.md's deviations that no other suite pins through the legacy API: number values,
/// parameter order, a redirect that would carry the token to another origin, and the request's header fields.
@Suite("Legacy deviations: numbers, order, redirects, request headers", .onOwnThread)
struct LegacyDeviationTests {
    @Test("Deviation 5: a number value is sent as its string value, in the query and in a multipart body")
    func numberValues() throws {
        let fixture = try LegacyFixture()
        defer { fixture.stop() }
        fixture.login(token: "TOK")
        let get = Recorder()
        let query = NSMutableDictionary(dictionary: ["limit": NSNumber(value: 25), "ratio": NSNumber(value: 1.5)])
        fixture.facebook.request(withGraphPath: "get", andParams: query, andDelegate: get)
        #expect(get.waitForTerminal())
        let args = try #require((get.result as? [String: Any])?["args"] as? [String: Any], "\(get.names)")
        #expect(args["limit"] as? String == "25")
        #expect(args["ratio"] as? String == "1.5")

        let post = Recorder()
        let form = NSMutableDictionary(dictionary: ["count": NSNumber(value: 7)])
        fixture.facebook.request(withGraphPath: "post", andParams: form, andHttpMethod: "POST", andDelegate: post)
        #expect(post.waitForTerminal())
        let echo = try #require(post.result as? [String: Any], "\(post.names)")
        let body = String(decoding: Data(base64Encoded: echo["body_base64"] as? String ?? "") ?? Data(), as: UTF8.self)
        #expect(body.contains("Content-Disposition: form-data; name=\"count\"\r\n\r\n7\r\n"), "\(body)")
    }

    @Test("Deviation 6: parameters travel in sorted key order, whatever the dictionary's order")
    func sortedParameters() throws {
        let fixture = try LegacyFixture()
        defer { fixture.stop() }
        fixture.login(token: "TOK")
        let recorder = Recorder()
        let params = NSMutableDictionary(dictionary: ["zeta": "1", "alpha": "2", "mid": "3", "beta": "4"])
        fixture.facebook.request(withGraphPath: "get", andParams: params, andDelegate: recorder)
        #expect(recorder.waitForTerminal())
        let response = try #require(recorder.events.first { $0.name == "didReceive" }?.value as? HTTPURLResponse)
        let url = try #require(response.url)
        let keys = (URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []).map(\.name)
        #expect(keys == ["access_token", "alpha", "beta", "format", "mid", "sdk", "sdk_version", "zeta"], "\(url)")
    }

    @Test("Deviation 9: a request carrying a token is never redirected to another origin")
    func tokenNotRedirectedElsewhere() throws {
        let fixture = try LegacyFixture()
        defer { fixture.stop() }
        let other = try HTTPBin()
        defer { other.stop() }
        fixture.login(token: "EAABsecret")
        let recorder = Recorder()
        let target = other.url("/get").addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        fixture.facebook.request(withGraphPath: "redirect-to?url=\(target)", andDelegate: recorder)
        #expect(recorder.waitForTerminal())
        #expect(recorder.names == ["loading", "didFail"])
        let error = try #require(recorder.error)
        #expect(error.domain == NSURLErrorDomain)
        #expect(error.code == URLError.Code.redirectToNonExistentLocation.rawValue)
        #expect(!"\(error)".contains("EAABsecret"))
        #expect(other.server.acceptedConnections == 0, "the other origin must never be contacted")
    }

    @Test("Deviation 39: a request sends no Accept header; its User-Agent is FacebookConnect")
    func noAcceptHeader() throws {
        let fixture = try LegacyFixture()
        defer { fixture.stop() }
        let recorder = Recorder()
        fixture.facebook.request(withGraphPath: "get", andDelegate: recorder)
        #expect(recorder.waitForTerminal())
        let headers = try #require(
            (recorder.result as? [String: Any])?["headers"] as? [String: Any], "\(recorder.names)")
        // What the server saw: Host, the v2 User-Agent and the encodings the engine decodes, nothing else.
        #expect(Set(headers.keys.map { $0.lowercased() }) == ["host", "user-agent", "accept-encoding"], "\(headers)")
        #expect(headers["User-Agent"] as? String == "FacebookConnect")
    }
}
