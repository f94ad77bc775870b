import FacebookGraph
import FacebookGraphReplay
import FacebookGraphTestSupport
import FacebookGraphTestTraits
import Foundation
import Testing

/// The modern client over a real loopback server: preparation, decoding, errors, retry, cancel.
@Suite("GraphClient over the loopback server")
struct GraphClientTests {
    /// A server that records every request and answers with `answer(n, request)` for the n-th (from 1).
    final class Server: Sendable {
        let server: LoopbackHTTPServer
        let seen = LockedValue<[HTTPServerRequest]>([])

        init(_ answer: @escaping @Sendable (Int, HTTPServerRequest) -> HTTPServerResponse) throws {
            let seen = self.seen
            server = try LoopbackHTTPServer { request in
                let count = seen.withLock { list -> Int in
                    list.append(request)
                    return list.count
                }
                return answer(count, request)
            }
        }

        deinit { server.stop() }

        var requests: [HTTPServerRequest] { seen.withLock { $0 } }

        func client(
            token: String? = "TOKEN",
            secret: String? = nil,
            version: String? = nil,
            retry: RetryPolicy = .default
        ) -> GraphClient {
            var configuration = GraphConfiguration(accessToken: token)
            configuration.graphBaseURL = server.baseURL + "/"
            configuration.restBaseURL = server.baseURL + "/rest/"
            configuration.version = version
            configuration.appSecret = secret
            configuration.retryPolicy = retry
            return GraphClient(configuration: configuration, transport: .libcurl, random: { 0 })
        }
    }

    static func json(_ text: String, status: Int = 200, headers: HTTPHeaders = [:]) -> HTTPServerResponse {
        var headers = headers
        headers.replaceOrAdd(name: "Content-Type", value: "application/json")
        return .full(status: status, headers: headers, body: Data(text.utf8))
    }

    /// A fast retry policy for tests: the waits are zero unless the server asks for more.
    static let quickRetry = RetryPolicy(
        maxAttempts: 4, baseDelay: .zero, maxDelay: .seconds(5), maxTotalTime: .seconds(20))

    struct User: Decodable, Equatable {
        var id: String
        var name: String
    }

    @Test("appsecret_proof is the HMAC-SHA256 of the token under the secret (python facebook-sdk's vector)")
    func proofVector() {
        let proof = AppSecretProof(token: "abc123", appSecret: "xyz789")
        #expect(proof.proof == "4dad02ff1693df832f9c183fe400fc4f601360be06514acb4a73edb783eec345")
        let timed = AppSecretProof(token: "abc123", appSecret: "xyz789", time: 1_700_000_000)
        #expect(timed.proof == AppSecretProof(token: "abc123|1700000000", appSecret: "xyz789").proof)
        #expect(timed.parameters.map(\.0) == ["appsecret_proof", "appsecret_time"])
    }

    @Test("A GET carries version, parameters, token and proof in the query, and decodes")
    func getAndDecode() async throws {
        let server = try Server { _, _ in Self.json(#"{"id":"4","name":"Mark"}"#) }
        let client = server.client(secret: "xyz789", version: "v19.0")
        let user = try await client.get("/me", parameters: ["fields": "id,name"], as: User.self)
        #expect(user == User(id: "4", name: "Mark"))
        let request = try #require(server.requests.first)
        #expect(request.method == "GET")
        #expect(request.path == "/v19.0/me")
        let query = Dictionary(uniqueKeysWithValues: request.queryItems.map { ($0.name, $0.value) })
        #expect(query["fields"] == "id,name")
        #expect(query["access_token"] == "TOKEN")
        #expect(query["appsecret_proof"] == AppSecretProof(token: "TOKEN", appSecret: "xyz789").proof)
    }

    @Test("A POST sends a form body; with files, a multipart body; the token never in the URL")
    func postBodies() async throws {
        let server = try Server { _, _ in Self.json(#"{"id":"1_2"}"#) }
        let client = server.client()
        _ = try await client.post("me/feed", parameters: ["message": "Hé & co"])
        let photo = GraphAttachment(
            name: "source", filename: "a.jpg", contentType: "image/jpeg", data: Data([0, 1, 2]))
        _ = try await client.post("me/photos", parameters: ["caption": "c"], attachments: [photo])
        let (form, multipart) = (server.requests[0], server.requests[1])
        #expect(form.target == "/me/feed")
        #expect(form.headers["Content-Type"] == "application/x-www-form-urlencoded")
        #expect(String(decoding: form.body, as: UTF8.self) == "message=H%C3%A9%20%26%20co&access_token=TOKEN")
        #expect(multipart.target == "/me/photos")
        #expect(multipart.headers["Content-Type"]?.hasPrefix("multipart/form-data; boundary=") == true)
        let text = String(decoding: multipart.body, as: UTF8.self)
        #expect(text.contains("name=\"caption\"\r\n\r\nc\r\n"))
        #expect(text.contains("name=\"access_token\"\r\n\r\nTOKEN\r\n"))
        #expect(text.contains("name=\"source\"; filename=\"a.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n"))
    }

    @Test("A Graph error arrives as a classified GraphError; a non-JSON success fails to decode clearly")
    func errors() async throws {
        let server = try Server { _, request in
            request.path == "/me"
                ? Self.json(
                    #"{"error":{"message":"Session has expired","type":"OAuthException","code":190,"error_subcode":463}}"#,
                    status: 400)
                : .text("not json")
        }
        let client = server.client()
        await #expect {
            _ = try await client.get("me")
        } throws: { error in
            guard let error = error as? GraphError else { return false }
            return error.category == .tokenExpired && error.code == 190 && error.subcode == 463
                && error.httpStatus == 400 && error.attempts == 1
        }
        await #expect {
            _ = try await client.get("other", as: User.self)
        } throws: { error in
            (error as? GraphError)?.category == .decoding
        }
        #expect(server.requests.count == 2, "a token error is not retried")
    }

    @Test("A transient failure is retried until it succeeds; the response counts the attempts")
    func retryThenSucceed() async throws {
        let server = try Server { count, _ in
            count < 3
                ? Self.json(#"{"error":{"message":"Service temporarily unavailable","code":2}}"#, status: 500)
                : Self.json(#"{"id":"4"}"#)
        }
        let response = try await server.client(retry: Self.quickRetry).get("me")
        #expect(response.attempts == 3)
        #expect(server.requests.count == 3)
    }

    @Test("Retries stop at maxAttempts and the final error says how many were sent")
    func retryExhausted() async throws {
        let server = try Server { _, _ in .text("<html><title>502 Bad Gateway</title></html>", status: 502) }
        await #expect {
            _ = try await server.client(retry: Self.quickRetry).get("me")
        } throws: { error in
            let error = error as? GraphError
            return error?.category == .server && error?.attempts == 4 && error?.message == "502 Bad Gateway"
        }
        #expect(server.requests.count == 4)
    }

    @Test("A POST is never retried unless marked idempotent")
    func postNotRetried() async throws {
        let server = try Server { _, _ in Self.json(#"{"error":{"message":"x","code":2}}"#, status: 500) }
        let client = server.client(retry: Self.quickRetry)
        await #expect(throws: GraphError.self) { _ = try await client.post("me/feed", parameters: ["m": "1"]) }
        #expect(server.requests.count == 1)
        var request = GraphRequest(path: "me/feed", method: .post, parameters: ["m": "1"])
        request.isIdempotent = true
        await #expect(throws: GraphError.self) { _ = try await client.send(request) }
        #expect(server.requests.count == 1 + 4)
    }

    @Test("Retry-After is honoured: a wait longer than the policy allows ends the retries and is reported")
    func retryAfterTooLong() async throws {
        let server = try Server { _, _ in
            Self.json(
                #"{"error":{"message":"Application request limit reached","code":4}}"#, status: 400,
                headers: ["Retry-After": "3600"])
        }
        await #expect {
            _ = try await server.client(retry: Self.quickRetry).get("me")
        } throws: { error in
            let error = error as? GraphError
            return error?.category == .throttled && error?.retryAfter == .seconds(3600) && error?.attempts == 1
        }
        #expect(server.requests.count == 1)
    }

    @Test("A short Retry-After is waited for, then the request is sent again")
    func retryAfterShort() async throws {
        let server = try Server { count, _ in
            count == 1
                ? Self.json(#"{"error":{"message":"limit","code":17}}"#, status: 400, headers: ["Retry-After": "0.2"])
                : Self.json(#"{"id":"4"}"#)
        }
        let response = try await server.client(retry: Self.quickRetry).get("me")
        #expect(response.attempts == 2)
        let arrivals = server.requests
        #expect(arrivals.count == 2)
    }

    @Test("The usage headers are parsed on every response")
    func usageHeaders() async throws {
        let server = try Server { _, _ in
            Self.json(
                #"{"id":"4"}"#,
                headers: [
                    "X-App-Usage": #"{"call_count":28,"total_cputime":25,"total_time":25}"#,
                    "X-Ad-Account-Usage":
                        #"{"acc_id_util_pct":9.67,"reset_time_duration":100,"ads_api_access_tier":"standard_access"}"#,
                ])
        }
        let response = try await server.client().get("me")
        #expect(response.usage.app?.callCount == 28)
        #expect(response.usage.adAccount?.accountUtilization == 9.67)
        #expect(response.usage.adAccount?.accessTier == "standard_access")
        #expect(response.usage.page == nil)
    }

    @Test("REST methods, absolute URLs and versions are joined in one place")
    func urls() async throws {
        let server = try Server { _, _ in Self.json("true") }
        let client = server.client(version: "v19.0")
        _ = try await client.send(GraphRequest(restMethod: "users.getInfo", parameters: ["uids": "4"]))
        _ = try await client.get("/v2.0/me")
        _ = try await client.send(
            GraphRequest(url: server.server.baseURL + "/v19.0/me/friends?after=X&access_token=ECHOED&limit=2"))
        let requests = server.requests
        #expect(requests[0].path == "/rest/method/users.getInfo")
        #expect(requests[1].path == "/v2.0/me")
        #expect(requests[2].path == "/v19.0/me/friends")
        #expect(requests[2].queryItems.map(\.name) == ["after", "limit", "access_token"])
        #expect(requests[2].queryItems.last?.value == "TOKEN", "the echoed token is replaced by the client's")
        var bad = GraphConfiguration()
        bad.version = "19"
        await #expect {
            _ = try await GraphClient(configuration: bad).get("me")
        } throws: { ($0 as? GraphError)?.category == .invalidRequest }
    }

    @Test("Cancelling the task cancels the transfer and reports a cancellation")
    func cancel() async throws {
        let arrived = AsyncEvent()
        let server = try Server { _, _ in
            arrived.signal()
            return .hang
        }
        // A deadline (300 s) far past anything a loaded run takes to resume this task for the cancel:
        // the default 60 s must not end the transfer first.
        var configuration = server.client(retry: .never).configuration
        configuration.timeout = .seconds(300)
        let client = GraphClient(configuration: configuration, transport: .libcurl)
        // The task runs on a thread of its own: on the cooperative pool, blocking suites could delay
        // its start and its resume past the test's bounded waits.
        let task = Task(executorPreference: OwnThreadExecutor.shared) { try await client.get("me") }
        #expect(await arrived.wait(), "the request reached the server")
        task.cancel()
        let result = await task.result
        #expect(throws: GraphError.self) { try result.get() }
        if case .failure(let error as GraphError) = result {
            #expect(error.isCancellation)
            #expect(error.category == .transport)
        }
    }

    @Test("A task already cancelled when it calls send: the call is cancelled, not answered")
    func cancelBeforeStart() async throws {
        let server = try Server { _, _ in Self.json(#"{"id":"4"}"#) }
        let client = server.client(retry: .never)
        // Cancelled before `send` runs: the cancellation handler runs before the call has started,
        // so only the task made first can keep the cancel for the transfer that follows.
        let task = Task(executorPreference: OwnThreadExecutor.shared) { () async throws -> GraphResponse in
            withUnsafeCurrentTask { $0?.cancel() }
            return try await client.get("me")
        }
        let result = await task.result
        #expect(throws: GraphError.self) { try result.get() }
        if case .failure(let error as GraphError) = result {
            #expect(error.isCancellation)
            #expect(error.category == .transport)
        }
    }

    @Test("A token bound for plain http off the machine is refused before any connection")
    func insecureToken() async throws {
        var configuration = GraphConfiguration(accessToken: "SECRET-TOKEN")
        configuration.graphBaseURL = "http://graph.example.invalid/"
        await #expect {
            _ = try await GraphClient(configuration: configuration).get("me")
        } throws: { error in
            let error = error as? GraphError
            return error?.category == .transport && error?.transportError?.code == .insecureSecret
                && error?.description.contains("SECRET-TOKEN") == false
        }
    }

    @Test("Video uploads go to graph-video on the real API, and stay on any other base URL")
    func videoBase() throws {
        var configuration = GraphConfiguration(accessToken: "TOKEN")
        configuration.version = "v19.0"
        let upload = GraphRequest(path: "me/videos", method: .post, parameters: ["title": "t"])
        #expect(
            try upload.prepare(configuration: configuration).url == "https://graph-video.facebook.com/v19.0/me/videos")
        #expect(
            try GraphRequest(path: "me/videos").prepare(configuration: configuration).url.hasPrefix(
                "https://graph.facebook.com/v19.0/me/videos?"), "a GET lists videos on the Graph host")
        #expect(
            try GraphRequest(path: "me/feed", method: .post).prepare(configuration: configuration).url
                == "https://graph.facebook.com/v19.0/me/feed")
        configuration.graphBaseURL = "http://127.0.0.1:9/"
        #expect(try upload.prepare(configuration: configuration).url == "http://127.0.0.1:9/v19.0/me/videos")
        configuration.graphBaseURL = GraphConfiguration.defaultGraphBaseURL
        configuration.videoBaseURL = nil
        #expect(try upload.prepare(configuration: configuration).url == "https://graph.facebook.com/v19.0/me/videos")
    }

    @Test("A # in a path is sent as %23, so the query after it still reaches the server (fuzz finding)")
    func hashInPath() throws {
        // FuzzFormEncoding: path "Cname&q=…#q…" put the parameters and token after a fragment.
        var configuration = GraphConfiguration(accessToken: "TOKEN")
        configuration.version = "v19.0"
        let url = try GraphRequest(path: "me#x", parameters: ["fields": "id"]).prepare(configuration: configuration).url
        #expect(url == "https://graph.facebook.com/v19.0/me%23x?fields=id&access_token=TOKEN")
        let rest = try GraphRequest(restMethod: "a#b").prepare(configuration: configuration).url
        #expect(rest.hasPrefix("https://api.facebook.com/method/a%23b?"))
        // A `#` followed by a combining mark is another Character, but the same byte (FuzzFormEncoding).
        let marked = try GraphRequest(path: "me#\u{356}x", parameters: ["fields": "id"])
            .prepare(configuration: configuration).url
        #expect(marked == "https://graph.facebook.com/v19.0/me%23\u{356}x?fields=id&access_token=TOKEN")
        #expect(!marked.utf8.contains(UInt8(ascii: "#")))
        let markedRest = try GraphRequest(restMethod: "a#\u{301}b").prepare(configuration: configuration).url
        #expect(markedRest.hasPrefix("https://api.facebook.com/method/a%23\u{301}b?"))
    }

    @Test("A space or a control character in a path is percent-encoded, so any path prepares (fuzz finding)")
    func controlsInPath() throws {
        // FuzzFormEncoding: a path holding NUL bytes made the prepare step throw once the one URL
        // splitter refused control characters.
        var configuration = GraphConfiguration(accessToken: "TOKEN")
        configuration.version = "v19.0"
        let url = try GraphRequest(path: "ces&fs\0\u{1}\u{1F} x\u{7F}", parameters: ["fields": "id"])
            .prepare(configuration: configuration).url
        #expect(url == "https://graph.facebook.com/v19.0/ces&fs%00%01%1F%20x%7F?fields=id&access_token=TOKEN")
        let rest = try GraphRequest(restMethod: "a b\nc").prepare(configuration: configuration).url
        #expect(rest.hasPrefix("https://api.facebook.com/method/a%20b%0Ac?"))
    }
}
