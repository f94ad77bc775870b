// Planted secrets: a known token and app secret go through every public path of the library — Graph
// and REST calls, server errors that echo the request, transport errors, retries, paging whose
// `next` link echoes the token, a batch, recording into a cassette, the legacy delegate's errors, a
// server naming the bare token in an error, the client's event log (`fbgraph -v` is checked in
// `VerboseOutputTests`) —
// and every text the library produces (descriptions, debug descriptions, messages, NSError user
// info) and every file it writes is searched for the token, the secret and the appsecret_proof.
// Placeholders are fine; the values themselves must never appear.

import FacebookGraph
import FacebookGraphReplay
import FacebookGraphTestSupport
import FacebookGraphTestTraits
import Foundation
import Testing

@testable import FacebookSDK

@Suite("Planted secrets never reach an output or a written file", .onOwnThread)
struct PlantedSecretTests {
    static let token = "EAAPlantedToken7Qx9Zr2Lm4Np6Vb8Hd0"
    static let secret = "plantedappsecret5f3c9a1e7b2d4086"
    static let proof = AppSecretProof(token: token, appSecret: secret).proof
    static var planted: [String: String] { ["token": token, "app secret": secret, "appsecret_proof": proof] }

    /// A server that behaves like a careless Graph: it echoes the request target in its errors and
    /// the token in its paging links.
    static func server() throws -> LoopbackHTTPServer {
        let flakyCount = LockedValue(0)
        return try LoopbackHTTPServer(host: "127.0.0.1") { request in
            let json: HTTPHeaders = ["Content-Type": "application/json"]
            func answer(_ status: Int, _ body: String) -> HTTPServerResponse {
                .full(status: status, headers: json, body: Data(body.utf8))
            }
            let target = request.target.replacingOccurrences(of: "\"", with: "")
            switch request.path {
            case "/me": return answer(200, #"{"id":"4","name":"Mark"}"#)
            case "/feed":
                let next = request.target.contains("after=2") ? "" : #","next":"/feed?access_token=\#(token)&after=2""#
                return answer(200, #"{"data":[{"id":"1"}],"paging":{"cursors":{"after":"2"}\#(next)}}"#)
            case "/flaky":
                let count = flakyCount.withLock { count in
                    count += 1
                    return count
                }
                return count < 3
                    ? answer(503, #"{"error":{"message":"busy with \#(target)","code":2,"is_transient":true}}"#)
                    : answer(200, #"{"ok":true}"#)
            case "/bad":
                return answer(
                    400,
                    #"{"error":{"message":"Invalid OAuth access token \#(target)","type":"OAuthException","code":190}}"#
                )
            case "/bare":
                // A careless server naming the token bare, without its parameter name.
                return answer(
                    400, #"{"error":{"message":"The token \#(token) was revoked","type":"OAuthException","code":190}}"#)
            case "/method/users.getInfo":
                return answer(200, #"{"error_code":102,"error_msg":"Session key invalid for \#(target)"}"#)
            case "/":
                return answer(
                    200,
                    #"[{"code":200,"body":"{\"id\":\"4\"}"},{"code":400,"body":"{\"error\":{\"message\":\"echo \#(target)\"}}"}]"#
                )
            default: return answer(404, #"{"error":{"message":"no route \#(target)"}}"#)
            }
        }
    }

    /// Every text a value yields: its description, its debug description, and for errors the
    /// message, the `NSError` forms and their user info.
    static func texts(_ value: Any) -> [String] {
        var texts = [String(describing: value), String(reflecting: value)]
        if let error = value as? GraphError {
            texts += [
                error.message, error.description,
                error.transportError.map { "\($0) \($0.message) \($0.redactedURL)" } ?? "",
            ]
            if let transport = error.transportError { texts += Self.texts(transport.urlError) }
        }
        if let error = value as? NSError {
            texts += [error.description, error.debugDescription, error.localizedDescription, "\(error.userInfo)"]
        }
        return texts
    }

    /// Records an issue for every planted value found in `text`.
    static func expectClean(_ text: String, _ source: String) {
        for (name, value) in planted where text.contains(value) {
            Issue.record("the \(name) appears in \(source): \(text.prefix(300))")
        }
    }

    @Test("The client's calls, errors, retries, paging, batch and a recorded cassette hold no planted secret")
    func modernPaths() async throws {
        let server = try Self.server()
        defer { server.stop() }
        var configuration = GraphConfiguration(accessToken: Self.token)
        configuration.appSecret = Self.secret
        configuration.graphBaseURL = "http://127.0.0.1:\(server.port)/"
        configuration.restBaseURL = "http://127.0.0.1:\(server.port)/"
        configuration.retryPolicy = RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(1), maxDelay: .milliseconds(5))
        // The client's events (what a log of every step would hold).
        let events = LockedValue<[String]>([])
        configuration.eventHandler = { event in events.withLock { $0.append(event.description) } }
        let client = GraphClient(configuration: configuration)
        var outputs: [(String, Any)] = []
        func run(_ name: String, _ body: () async throws -> Any) async {
            do { outputs.append((name, try await body())) } catch { outputs.append((name, error)) }
        }
        await run("get /me") { try await client.get("me") }
        await run("graph error echoing the target") { try await client.get("bad") }
        await run("graph error naming the bare token") { try await client.get("bare") }
        await run("retried transient error") { try await client.get("flaky") }
        await run("REST error echoing the target") { try await client.send(GraphRequest(restMethod: "users.getInfo")) }
        await run("paging with the token in next") {
            var pages: [GraphPage<[String: String]>] = []
            for try await page in client.pages(of: GraphRequest(path: "feed"), as: [String: String].self) {
                pages.append(page)
            }
            return pages.map { "\($0.data) \(String(describing: $0.paging?.next != nil))" }
        }
        await run("batch") {
            try await client.batch([
                GraphBatchOperation(GraphRequest(path: "me")),
                GraphBatchOperation(GraphRequest(path: "bad")),
            ])
        }
        var closed = configuration
        closed.graphBaseURL = "http://127.0.0.1:1/"
        await run("transport error") { try await GraphClient(configuration: closed).get("me") }
        var insecure = configuration
        insecure.graphBaseURL = "http://graph.planted.invalid/"
        await run("refused insecure request") { try await GraphClient(configuration: insecure).get("me") }
        for (name, output) in outputs {
            for text in Self.texts(output) { Self.expectClean(text, name) }
        }
        let logged = events.withLock { $0 }
        #expect(logged.contains { $0.hasPrefix("> GET ") && $0.contains("access_token=<redacted>") })
        #expect(logged.contains { $0.hasPrefix("~ retrying GET ") })
        #expect(logged.contains { $0.hasPrefix("< 400 GET ") })
        for line in logged { Self.expectClean(line, "the event log") }

        // Recording into a cassette: the file written holds placeholders only.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("planted-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("planted.har")
        let cassette = try Cassette(contentsOf: file, mode: .all)
        let recorder = GraphClient(configuration: configuration, transport: .replay(cassette))
        _ = try? await recorder.get("me")
        _ = try? await recorder.get("bad")
        _ = try? await recorder.get("feed")
        #expect(try cassette.save())
        let written = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(!written.isEmpty)
        for name in written {
            let data = try Data(contentsOf: directory.appendingPathComponent(name))
            Self.expectClean(String(decoding: data, as: UTF8.self), "the written file \(name)")
            Self.expectClean(data.base64EncodedString(), "the written file \(name), as base64")
        }
    }

    @Test("The legacy delegate's errors and results hold no planted secret")
    func legacyPaths() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let facebook = Facebook(appId: "123", andDelegate: nil)
        facebook.graphBaseURL = "http://127.0.0.1:\(server.port)/"
        facebook.restBaseURL = "http://127.0.0.1:\(server.port)/method/"
        facebook.callbackQueue = DispatchQueue(label: "planted.callbacks")
        facebook.accessToken = Self.token
        facebook.expirationDate = Date(timeIntervalSinceNow: 3600)
        let calls: [(String, (Recorder) -> Void)] = [
            ("graph error", { facebook.request(withGraphPath: "bad", andDelegate: $0) }),
            ("graph error naming the bare token", { facebook.request(withGraphPath: "bare", andDelegate: $0) }),
            (
                "REST error",
                {
                    facebook.request(
                        withMethodName: "users.getInfo", andParams: [:], andHttpMethod: "GET", andDelegate: $0)
                }
            ),
            (
                "transport error",
                { recorder in
                    facebook.graphBaseURL = "http://127.0.0.1:1/"
                    facebook.request(withGraphPath: "me", andDelegate: recorder)
                }
            ),
            (
                "refused insecure request",
                { recorder in
                    facebook.graphBaseURL = "http://graph.planted.invalid/"
                    facebook.request(withGraphPath: "me", andDelegate: recorder)
                }
            ),
        ]
        for (name, call) in calls {
            let recorder = Recorder()
            call(recorder)
            #expect(recorder.waitForTerminal(seconds: 30), "\(name): no terminal callback")
            // Not searched: the raw body (`didLoadRaw`, the server's bytes as sent) and the response
            // object (`didReceive`: its URL is the caller's own request URL, token included, as in v2).
            for event in recorder.events where !["didLoadRaw", "didReceive"].contains(event.name) {
                for text in Self.texts(event.value as Any) { Self.expectClean(text, "legacy \(name) \(event.name)") }
            }
        }
    }

    @Test(
        "v3.1's FBRequestConnection errors (one request, a batch, the parsed body under its key) hold no planted secret"
    )
    func v31Paths() throws {
        let server = try Self.server()
        defer { server.stop() }
        let session = FBSession(accessToken: Self.token, expirationDate: .distantFuture)
        session.graphBaseURL = "http://127.0.0.1:\(server.port)/"
        let queue = DispatchQueue(label: "planted.v31")
        let errors = LockedValue<[(String, NSError?)]>([])
        func handler(_ label: String) -> FBRequestHandler {
            { _, _, error in errors.withLock { $0.append((label, error.map { $0 as NSError })) } }
        }
        // Graph errors echoing the request (token in the URL) and one naming the bare token, each alone;
        // then a batch of two whose second item's error echoes the request.
        for path in ["bad", "bare", "method/users.getInfo"] {
            let connection = FBRequestConnection()
            connection.callbackQueue = queue
            connection.add(FBRequest(session: session, graphPath: path), completionHandler: handler(path))
            connection.start()
        }
        let batch = FBRequestConnection()
        batch.callbackQueue = queue
        batch.add(FBRequest(session: session, graphPath: "me"), completionHandler: handler("batch me"))
        batch.add(FBRequest(session: session, graphPath: "bad"), completionHandler: handler("batch bad"))
        batch.start()
        #expect(eventually(seconds: 30) { errors.withLock { $0.count } == 5 }, "not every handler ran")
        for (label, error) in errors.withLock({ $0 }) {
            for text in Self.texts(error as Any) { Self.expectClean(text, "v3.1 \(label)") }
        }
        #expect(errors.withLock { $0.filter { $0.1 != nil }.count } >= 4, "the echoing answers were not errors")
        // The secret is redacted where it stood, the rest of the server's text kept.
        let bad = try #require(errors.withLock { $0.first { $0.0 == "bad" }?.1 })
        let parsed = try #require(bad.userInfo[FBErrorParsedJSONResponseKey] as? NSMutableDictionary)
        let body = try #require(parsed["body"] as? NSDictionary)
        let message = try #require((body["error"] as? NSDictionary)?["message"] as? String)
        #expect(message.hasPrefix("Invalid OAuth access token /bad?"))
        #expect(message.contains("access_token=<redacted>"))
    }
}
