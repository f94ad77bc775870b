import FacebookGraph
import FacebookGraphReplay
import FacebookGraphTestSupport
import FacebookGraphTestTraits
import Foundation
import Testing

@testable import FacebookSDK

/// What goes on the wire (legacy-sdk-facts §1.5, §2.3–2.5).
@Suite("Legacy requests: parameters, URLs, escaping, multipart", .onOwnThread)
struct LegacyRequestBuildingTests {
    @Test(
        "The caller's own dictionary gains format, sdk, sdk_version, and access_token only while the session is valid")
    func paramsMutatedInPlace() throws {
        let fixture = try LegacyFixture()
        defer { fixture.stop() }
        let recorder = Recorder()
        let loggedOut = NSMutableDictionary(dictionary: ["fields": "id"])
        fixture.facebook.request(withGraphPath: "get", andParams: loggedOut, andDelegate: recorder)
        #expect(loggedOut["format"] as? String == "json")
        #expect(loggedOut["sdk"] as? String == "ios")
        #expect(loggedOut["sdk_version"] as? String == "2")
        #expect(loggedOut["access_token"] == nil)
        #expect(loggedOut["fields"] as? String == "id")

        fixture.login(token: "TOKEN-A")
        let loggedIn = NSMutableDictionary()
        fixture.facebook.request(withGraphPath: "get", andParams: loggedIn, andDelegate: recorder)
        #expect(loggedIn["access_token"] as? String == "TOKEN-A")

        fixture.facebook.expirationDate = Date(timeIntervalSinceNow: -1)
        let expired = NSMutableDictionary()
        fixture.facebook.request(withGraphPath: "get", andParams: expired, andDelegate: recorder)
        #expect(expired["access_token"] == nil)
        #expect(recorder.waitForTerminal(3))
    }

    @Test("A Graph GET puts every parameter in the query of base + path, escaped, with User-Agent FacebookConnect")
    func graphGet() throws {
        let fixture = try LegacyFixture()
        defer { fixture.stop() }
        fixture.login(token: "T|k")
        let recorder = Recorder()
        let params = NSMutableDictionary(dictionary: ["q": "a b&c=d/é", "fields": "id,name"])
        fixture.facebook.request(withGraphPath: "get", andParams: params, andDelegate: recorder)
        #expect(recorder.waitForTerminal())
        let echo = try #require(recorder.result as? [String: Any])
        #expect(echo["method"] as? String == "GET")
        #expect(echo["path"] as? String == "/get")
        let args = try #require(echo["args"] as? [String: Any])
        #expect(args["q"] as? String == "a b&c=d/é")
        #expect(args["fields"] as? String == "id,name")
        #expect(args["access_token"] as? String == "T|k")
        #expect(args["format"] as? String == "json")
        let headers = try #require(echo["headers"] as? [String: String])
        #expect(headers.first { $0.key.lowercased() == "user-agent" }?.value.hasPrefix("FacebookConnect") == true)
        let url = try #require(recorder.events.first { $0.name == "didReceive" }?.value as? HTTPURLResponse)
        #expect(url.url?.absoluteString.contains("q=a%20b%26c%3Dd%2F%C3%A9") == true)
    }

    @Test("The graph path is appended verbatim and the REST method name follows the REST base")
    func urls() throws {
        let fixture = try LegacyFixture(routes: [
            "/method/users.getInfo": LegacyFixture.answer(#"[{"uid":4}]"#)
        ])
        defer { fixture.stop() }
        let recorder = Recorder()
        let request: FBRequest = fixture.facebook.request(withGraphPath: "anything/a b", andDelegate: recorder)
        #expect(request.url == fixture.bin.url("/anything/a b"))
        let rest: FBRequest = fixture.facebook.request(
            withMethodName: "users.getInfo",
            andParams: NSMutableDictionary(),
            andHttpMethod: "GET",
            andDelegate: recorder
        )
        #expect(rest.url == fixture.bin.url("/method/users.getInfo"))
        #expect(recorder.waitForTerminal(2))
        #expect(
            recorder.events.contains {
                $0.name == "didLoad" && ($0.value as? [[String: Any]])?.first?["uid"] as? Int == 4
            })
    }

    @Test("request(withParams:) removes `method`, always uses GET, and returns nil without one")
    func requestWithParams() throws {
        let fixture = try LegacyFixture(routes: [
            "/method/fql.query": { request in
                .full(
                    status: 200, headers: ["Content-Type": "application/json"],
                    body: Data("[\"\(request.method)\"]".utf8))
            }
        ])
        defer { fixture.stop() }
        let recorder = Recorder()
        let params = NSMutableDictionary(dictionary: ["method": "fql.query", "query": "SELECT uid FROM user"])
        let request: FBRequest? = fixture.facebook.request(withParams: params, andDelegate: recorder)
        #expect(request != nil)
        #expect(params["method"] == nil)
        #expect(request?.httpMethod == "GET")
        #expect(recorder.waitForTerminal())
        #expect(recorder.result as? [String] == ["GET"])

        let missing: FBRequest? = fixture.facebook.request(withParams: NSMutableDictionary(), andDelegate: recorder)
        #expect(missing == nil)
        #expect(eventually { fixture.facebook.requestsInFlight == 0 }, "forgotten right after the terminal callback")
    }

    @Test("serializeURL: `?` always, `&` after an existing query, unescaped keys, data skipped")
    func serializeURL() {
        #expect(
            FBRequest.serializeURL("https://graph.facebook.com/me", params: [:]) == "https://graph.facebook.com/me?")
        #expect(FBRequest.serializeURL("https://x/me?a=1", params: ["b": "2"]) == "https://x/me?a=1&b=2")
        let url = FBRequest.serializeURL(
            "https://x/p", params: ["k y": "v w", "file": Data([1, 2]), "n": 5], httpMethod: "GET")
        #expect(url == "https://x/p?k y=v%20w&n=5")
        #expect(
            FBRequest.serializeURL("https://x/p", params: ["t": "!*'();:@&=+$,/?%#[]~"])
                == "https://x/p?t=%21%2A%27%28%29%3B%3A%40%26%3D%2B%24%2C%2F%3F%25%23%5B%5D~")
    }

    @Test(
        "POST sends a multipart body: strings, then files named by key, closed by the final boundary; no params in the query",
        arguments: ["POST", "post", "Post"]
    )
    func multipartPost(method: String) throws {
        let fixture = try LegacyFixture()
        defer { fixture.stop() }
        fixture.login(token: "TOK")
        let recorder = Recorder()
        let photo = Data([0x89, 0x50, 0x4E, 0x47, 0x00, 0xFF, 0x0D, 0x0A])
        let params = NSMutableDictionary(dictionary: ["message": "héllo\r\nworld", "source": photo])
        // The method's spelling does not matter: "post" is a POST with its multipart body, not a
        // body-less upload with the parameters in the query.
        fixture.facebook.request(withGraphPath: "post", andParams: params, andHttpMethod: method, andDelegate: recorder)
        #expect(recorder.waitForTerminal())
        let echo = try #require(recorder.result as? [String: Any])
        #expect(echo["method"] as? String == "POST")
        #expect((echo["args"] as? [String: Any])?.isEmpty == true, "POST params must not be copied into the query")
        let boundary = "3i2ndDfv2rTHiSisAbouNdArYfORhtTPEefj3q2f"
        #expect(echo["content_type"] as? String == "multipart/form-data; boundary=\(boundary)")
        let body = try #require(Data(base64Encoded: echo["body_base64"] as? String ?? ""))
        var expected = Data("--\(boundary)\r\n".utf8)
        for (key, value) in [
            ("access_token", "TOK"), ("format", "json"), ("message", "héllo\r\nworld"), ("sdk", "ios"),
            ("sdk_version", "2"),
        ] {
            expected.append(
                Data("Content-Disposition: form-data; name=\"\(key)\"\r\n\r\n\(value)\r\n--\(boundary)\r\n".utf8))
        }
        expected.append(
            Data("Content-Disposition: form-data; filename=\"source\"\r\nContent-Type: content/unknown\r\n\r\n".utf8))
        expected.append(photo)
        expected.append(Data("\r\n--\(boundary)--\r\n".utf8))
        #expect(body == expected)
    }

    @Test("DELETE and other verbs send no body and keep their parameters in the query")
    func delete() throws {
        let fixture = try LegacyFixture()
        defer { fixture.stop() }
        let recorder = Recorder()
        fixture.facebook.request(
            withGraphPath: "anything",
            andParams: NSMutableDictionary(dictionary: ["id": "42"]),
            andHttpMethod: "DELETE",
            andDelegate: recorder
        )
        #expect(recorder.waitForTerminal())
        let echo = try #require(recorder.result as? [String: Any])
        #expect(echo["method"] as? String == "DELETE")
        #expect(echo["body_length"] as? Int == 0)
        #expect((echo["args"] as? [String: Any])?["id"] as? String == "42")
    }
}
