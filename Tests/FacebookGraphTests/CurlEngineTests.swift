import FacebookGraphReplay
import FacebookGraphTestSupport
import FacebookGraphTestTraits
import Foundation

#if canImport(Glibc)
    import Glibc
#endif
import Testing

@testable import FacebookGraph

/// The libcurl engine against the loopback HTTPBin, over real sockets.
@Suite("The libcurl engine over loopback HTTP/1.1", .onOwnThread)
struct CurlEngineTests {
    let engine = CurlEngine.shared

    @Test("GET returns status, headers, body, effective URL and HTTP/1.1")
    func get() async throws {
        let bin = try HTTPBin()
        defer { bin.stop() }
        let response = try await engine.send(
            try PreparedRequest(url: bin.url("/get?a=1&b=two"), options: testOptions()))
        #expect(response.status == 200)
        #expect(response.httpVersion == "1.1")
        #expect(response.headers["content-type"]?.hasPrefix("application/json") == true)
        #expect(response.effectiveURL == bin.url("/get?a=1&b=two"))
        let json = try #require(jsonObject(response.body))
        #expect(json["method"] as? String == "GET")
        #expect((json["args"] as? [String: String]) == ["a": "1", "b": "two"])
        let headers = try #require(json["headers"] as? [String: String])
        let userAgent = headers.first { $0.key.lowercased() == "user-agent" }?.value
        #expect(userAgent?.hasPrefix("FacebookSDKShim/") == true)
        #expect(response.timings.total > .zero)
    }

    @Test("POST sends the body and headers byte for byte, without an Expect round trip")
    func post() async throws {
        let bin = try HTTPBin()
        defer { bin.stop() }
        var body = Data("payload-".utf8)
        body.append(contentsOf: (0..<4096).map { UInt8($0 % 256) })
        let request = try PreparedRequest(
            method: "POST",
            url: bin.url("/post"),
            headers: ["Content-Type": "application/octet-stream", "X-Trace": "abc"],
            body: body,
            options: testOptions()
        )
        let response = try await engine.send(request)
        #expect(response.status == 200)
        let json = try #require(jsonObject(response.body))
        #expect(json["method"] as? String == "POST")
        #expect(json["body_base64"] as? String == body.base64EncodedString())
        #expect(json["content_type"] as? String == "application/octet-stream")
        let headers = try #require(json["headers"] as? [String: String])
        #expect(headers.first { $0.key.lowercased() == "x-trace" }?.value == "abc")
        #expect(!headers.keys.contains { $0.lowercased() == "expect" })
    }

    @Test("DELETE and other verbs go out as themselves", arguments: ["DELETE", "PUT", "PATCH"])
    func verbs(method: String) async throws {
        let bin = try HTTPBin()
        defer { bin.stop() }
        let request = try PreparedRequest(
            method: method, url: bin.url("/anything"), body: Data("k=v".utf8), options: testOptions())
        let json = try #require(jsonObject(try await engine.send(request).body))
        #expect(json["method"] as? String == method)
        #expect(json["body"] as? String == "k=v")
    }

    @Test("A non-2xx status is a response, not an error", arguments: [201, 400, 404, 500, 502])
    func statuses(status: Int) async throws {
        let bin = try HTTPBin()
        defer { bin.stop() }
        let response = try await engine.send(
            try PreparedRequest(url: bin.url("/status/\(status)"), options: testOptions()))
        #expect(response.status == status)
    }

    @Test("Redirects are followed, counted and bounded")
    func redirects() async throws {
        let bin = try HTTPBin()
        defer { bin.stop() }
        let response = try await engine.send(try PreparedRequest(url: bin.url("/redirect/3"), options: testOptions()))
        #expect(response.status == 200)
        #expect(response.redirectCount == 4)
        #expect(response.effectiveURL == bin.url("/get"))

        var limited = testOptions()
        limited.maxRedirects = 2
        do {
            _ = try await engine.send(try PreparedRequest(url: bin.url("/redirect/3"), options: limited))
            Issue.record("expected tooManyRedirects")
        } catch {
            #expect(error.code == .tooManyRedirects)
        }

        var notFollowing = testOptions()
        notFollowing.followRedirects = false
        let raw = try await engine.send(try PreparedRequest(url: bin.url("/redirect/1"), options: notFollowing))
        #expect(raw.status == 302)
        #expect(raw.headers["location"] == "/redirect/0")
    }

    @Test("A pooled handle goes where each request says: its parsed URL is kept only for the same URL")
    func pooledHandleFollowsEachURL() async throws {
        let bin = try HTTPBin()
        defer { bin.stop() }
        // A private engine, one request at a time: every request reuses the same easy handle, so a
        // parsed URL kept from the previous request would send this one to the wrong place.
        let engine = CurlEngine(name: "pooled-url")
        defer { engine.shutdown() }
        for query in ["n=1", "n=2", "n=2", "n=1&m=3", "n=1"] {
            let response = try await engine.send(
                try PreparedRequest(url: bin.url("/get?\(query)"), options: testOptions()))
            let json = try #require(jsonObject(response.body))
            let expected = Dictionary(
                uniqueKeysWithValues: query.split(separator: "&").map {
                    let pair = $0.split(separator: "=")
                    return (String(pair[0]), String(pair[1]))
                })
            #expect((json["args"] as? [String: String]) == expected, "GET /get?\(query)")
        }
        let other = try await engine.send(try PreparedRequest(url: bin.url("/status/204"), options: testOptions()))
        #expect(other.status == 204)
    }

    @Test("A redirect never carries a secret-bearing request to another origin")
    func secretRedirectRefused() async throws {
        let bin = try HTTPBin()
        let other = try HTTPBin()
        defer {
            bin.stop()
            other.stop()
        }
        let target = other.url("/get").addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        let request = try PreparedRequest(
            url: bin.url("/redirect-to?url=\(target)&access_token=EAABsecret"),
            options: testOptions()
        )
        do {
            _ = try await engine.send(request)
            Issue.record("expected redirectRefused")
        } catch {
            #expect(error.code == .redirectRefused)
            #expect(!error.description.contains("EAABsecret"))
        }
        #expect(other.server.acceptedConnections == 0, "the other origin must never be contacted")

        // The same redirect without a secret is followed.
        let plain = try PreparedRequest(url: bin.url("/redirect-to?url=\(target)"), options: testOptions())
        let response = try await engine.send(plain)
        #expect(response.status == 200)
        #expect(other.server.acceptedConnections == 1)
    }

    @Test("gzip responses are decoded")
    func gzip() async throws {
        let bin = try HTTPBin()
        defer { bin.stop() }
        let response = try await engine.send(try PreparedRequest(url: bin.url("/gzip"), options: testOptions()))
        #expect(response.status == 200)
        #expect(response.headers["content-encoding"] == "gzip")
        #expect(jsonObject(response.body)?["gzipped"] as? Bool == true)
    }

    @Test("Chunked responses are reassembled")
    func chunked() async throws {
        let bin = try HTTPBin()
        defer { bin.stop() }
        let whole = try await engine.send(
            try PreparedRequest(url: bin.url("/large-chunked?bytes=100000"), options: testOptions()))
        #expect(whole.body.count == 100_000)
        #expect(whole.body.allSatisfy { $0 == UInt8(ascii: "x") })
        let pieces = try await engine.send(
            try PreparedRequest(url: bin.url("/chunked?chunks=7"), options: testOptions()))
        #expect(pieces.status == 200)
        #expect(!pieces.body.isEmpty)
    }

    @Test(
        "A body over the cap fails as responseTooLarge, with or without Content-Length",
        arguments: ["/large", "/large-chunked"])
    func responseCap(path: String) async throws {
        let bin = try HTTPBin()
        defer { bin.stop() }
        var options = testOptions()
        options.maxResponseBytes = 50_000
        let fits = try await engine.send(try PreparedRequest(url: bin.url("\(path)?bytes=50000"), options: options))
        #expect(fits.body.count == 50_000)
        do {
            _ = try await engine.send(try PreparedRequest(url: bin.url("\(path)?bytes=50001"), options: options))
            Issue.record("expected responseTooLarge")
        } catch {
            #expect(error.code == .responseTooLarge)
            #expect(error.urlErrorCode == .dataLengthExceedsMaximum)
        }
    }

    @Test("Connection refused ends in cannotConnect")
    func connectionRefused() async throws {
        let refusing = try RefusingLoopbackPort()
        defer { withExtendedLifetime(refusing) {} }
        do {
            _ = try await engine.send(
                try PreparedRequest(url: "http://127.0.0.1:\(refusing.port)/get", options: testOptions()))
            Issue.record("expected cannotConnect")
        } catch {
            #expect(error.code == .cannotConnect)
            #expect(error.urlErrorCode == .cannotConnectToHost)
            #expect(error.curlCode == 7)
        }
    }

    @Test("A connection closed mid-body ends in connectionLost")
    func closedMidBody() async throws {
        let bin = try HTTPBin()
        defer { bin.stop() }
        do {
            _ = try await engine.send(try PreparedRequest(url: bin.url("/close-mid-body"), options: testOptions()))
            Issue.record("expected connectionLost")
        } catch {
            #expect(error.code == .connectionLost)
            #expect(error.urlErrorCode == .networkConnectionLost)
        }
    }

    @Test("A server that never answers ends in timedOut at the total timeout", .timeLimit(.minutes(1)))
    func neverAnswers() async throws {
        let bin = try HTTPBin()
        defer { bin.stop() }
        do {
            _ = try await engine.send(try PreparedRequest(url: bin.url("/hang"), options: testOptions(total: 0.5)))
            Issue.record("expected timedOut")
        } catch {
            #expect(error.code == .timedOut)
            #expect(error.urlErrorCode == .timedOut)
        }
    }

    @Test(
        "Hostile replies end in clear errors",
        .timeLimit(.minutes(3)),
        arguments: [
            "garbage\r\n\r\n", "HTTP/1.1 200 OK\r\nContent-Length: nope\r\n\r\nx", "HTTP/1.1 99999 What\r\n\r\n", "",
        ])
    func hostileReplies(reply: String) async throws {
        let bin = try HTTPBin(extraRoutes: ["/hostile": { _ in .raw(Data(reply.utf8), close: true) }])
        defer { bin.stop() }
        do {
            let response = try await engine.send(
                // A budget no hostile reply needs: one that made the transfer wait would end in timedOut
                // after it, and a short one could end a reply a loaded machine's threads were slow to
                // read (in a CI run beside four builds, a 5 s budget ended two of them at 3.9 s).
                try PreparedRequest(url: bin.url("/hostile"), options: testOptions(total: 60, connect: 60)))
            Issue.record("expected an error, got status \(response.status)")
        } catch {
            #expect(error.code != .timedOut, "a hostile reply must fail fast: \(error)")
            #expect(!error.message.isEmpty)
        }
    }

    @Test("Cancel stops a transfer in flight and reports cancelled exactly once")
    func cancel() throws {
        let bin = try HTTPBin()
        defer { bin.stop() }
        let log = CompletionLog()
        let handle = engine.execute(try PreparedRequest(url: bin.url("/hang"), options: testOptions())) {
            log.record(0, $0)
        }
        #expect(eventually { bin.server.requestsServed + bin.server.openConnections > 0 })
        handle.cancel()
        handle.cancel()
        #expect(eventually { log.completedCount == 1 })
        handle.cancel()
        // The late cancel is in the engine's inbox before this request: once this one completes, the
        // engine has taken the cancel too, and it must have changed nothing.
        // (To a server of its own, so that its kept-alive connection is not counted below.)
        let probe = try HTTPBin()
        defer { probe.stop() }
        engine.execute(try PreparedRequest(url: probe.url("/get"), options: testOptions())) { log.record(1, $0) }
        #expect(eventually { log.snapshot[1]?.count == 1 })
        let results = log.snapshot[0] ?? []
        #expect(results.count == 1)
        #expect(results.first?.failure?.code == .cancelled)
        #expect(results.first?.failure?.urlErrorCode == .cancelled)
        #expect(eventually { bin.server.openConnections == 0 }, "the cancelled transfer's connection is closed")
    }

    @Test("Cancelling the task cancels the transfer")
    func taskCancellation() async throws {
        let arrived = AsyncEvent()
        let bin = try HTTPBin(extraRoutes: [
            "/held": { _ in
                arrived.signal()
                return .hang
            }
        ])
        defer { bin.stop() }
        // The transfer's own deadline (testOptions' 300 s) is far past anything a loaded run can take
        // between the request arriving and the cancel (CI's TSan run once took more than 20 s to resume
        // this task while blocking tests held the cooperative pool, and the transfer timed out first).
        let request = try PreparedRequest(url: bin.url("/held"), options: testOptions())
        // The task runs on a thread of its own: on the cooperative pool, blocking suites could delay
        // its start and its resume past the test's bounded waits.
        let task = Task(executorPreference: OwnThreadExecutor.shared) { try await engine.send(request) }
        // Cancel once the request has reached the server, not after a guessed delay (and without
        // blocking a thread of the cooperative pool while waiting).
        #expect(await arrived.wait(seconds: 30))
        task.cancel()
        let result = await task.result
        #expect((result.failure as? TransportError)?.code == .cancelled)
    }

    @Test("64 requests in flight use at most 64 connections, and a second wave reuses them")
    func keepAliveReuse() throws {
        // Each wave's 64 requests meet at the server before any is answered, so they are truly in
        // flight together: with a fixed delay instead, a slow run (ThreadSanitizer in CI) added the
        // later requests of the first wave after earlier ones had been answered, the first wave
        // reused those connections and opened fewer than 64, and the second wave, all in flight at
        // once, had to open the rest.
        let barrier = ArrivalBarrier(partySize: 64)
        let bin = try HTTPBin(extraRoutes: [
            "/wait": { _ in
                let met = barrier.arrive()
                return .full(status: met ? 200 : 504, body: Data(met ? "ok".utf8 : "party incomplete".utf8))
            }
        ])
        defer { bin.stop() }
        let engine = CurlEngine()
        defer { engine.shutdown() }
        for wave in 0..<2 {
            let log = CompletionLog()
            for index in 0..<64 {
                engine.execute(try PreparedRequest(url: bin.url("/wait?i=\(index)"), options: testOptions())) {
                    log.record(index, $0)
                }
            }
            #expect(eventually(seconds: 90) { log.completedCount == 64 })
            let responses = log.snapshot.values.compactMap { $0.first?.success }
            #expect(responses.count == 64)
            #expect(responses.allSatisfy { $0.status == 200 && $0.body == Data("ok".utf8) })
            let ports = Set(responses.map(\.connection.localPort))
            #expect(ports.count == 64, "wave \(wave): each of the 64 requests in flight has its own connection")
            #expect(bin.server.acceptedConnections == 64, "wave \(wave)")
            if wave == 1 {
                #expect(
                    responses.allSatisfy { $0.connection.newConnections == 0 }, "the second wave opens no connection")
            }
        }
        #expect(bin.server.requestsServed == 128)
    }

    @Test("A credential bound for plain http on a non-loopback name opens no connection")
    func insecureSecretOpensNoConnection() async throws {
        let bin = try HTTPBin()
        defer { bin.stop() }
        var options = testOptions()
        // graph.example.test resolves to the loopback server, so a connection would be visible.
        options.resolve = ["graph.example.test:\(bin.server.port):127.0.0.1"]
        let url = "http://graph.example.test:\(bin.server.port)/get"
        do {
            _ = try await engine.send(try PreparedRequest(url: url + "?access_token=EAABsecret", options: options))
            Issue.record("expected insecureSecret")
        } catch {
            #expect(error.code == .insecureSecret)
        }
        #expect(bin.server.acceptedConnections == 0)
        // The control: the same name without a credential does reach the server.
        let response = try await engine.send(try PreparedRequest(url: url, options: options))
        #expect(response.status == 200)
        #expect(bin.server.acceptedConnections == 1)
    }

    @Test("Completions for many concurrent requests each arrive once, on their own request")
    func manyConcurrent() throws {
        let bin = try HTTPBin()
        defer { bin.stop() }
        let log = CompletionLog()
        for index in 0..<200 {
            engine.execute(try PreparedRequest(url: bin.url("/get?i=\(index)"), options: testOptions())) {
                log.record(index, $0)
            }
        }
        #expect(eventually(seconds: 30) { log.completedCount == 200 })
        for (index, results) in log.snapshot {
            #expect(results.count == 1)
            let args = results.first?.success.flatMap { jsonObject($0.body)?["args"] as? [String: String] }
            #expect(args?["i"] == "\(index)")
        }
    }

    @Test(
        "A failing curl_multi_perform or curl_multi_poll ends every running transfer with its error, once; the engine then serves the next request",
        arguments: [CurlEngine.MultiCall.perform, .poll]
    )
    func multiHandleFailure(call: CurlEngine.MultiCall) throws {
        let bin = try HTTPBin()
        defer { bin.stop() }
        let engine = CurlEngine()
        defer { engine.shutdown() }
        let log = CompletionLog()
        for index in 0..<3 {
            engine.execute(try PreparedRequest(url: bin.url("/hang?i=\(index)"), options: testOptions())) {
                log.record(index, $0)
            }
        }
        #expect(eventually { bin.server.openConnections == 3 })
        // Several failing rounds in a row, as a persistent error would give.
        engine.injectMultiFailures(call, count: 3)
        #expect(eventually(seconds: 15) { log.completedCount == 3 })
        for index in 0..<3 {
            let results = log.snapshot[index] ?? []
            #expect(results.count == 1)
            #expect(results.first?.failure?.code == .transferFailed)
            #expect(results.first?.failure?.message.contains("Out of memory") == true, "\(results)")
        }
        #expect(eventually { bin.server.openConnections == 0 }, "the failed transfers' connections are closed")
        #expect(eventually { engine.pendingInjectedFailures == 0 }, "the engine went on looping")
        let probe = try HTTPBin()
        defer { probe.stop() }
        engine.execute(try PreparedRequest(url: probe.url("/get"), options: testOptions())) { log.record(9, $0) }
        #expect(eventually(seconds: 15) { log.snapshot[9]?.count == 1 })
        #expect(log.snapshot[9]?.first?.success?.status == 200)
        #expect(log.completedCount == 4, "no transfer completed twice")
    }

    @Test("More requests in flight than the connection cap queue for connections: all answered, at most 256 sockets")
    func connectionCap() throws {
        var limits = LoopbackHTTPServer.Limits()
        limits.maxConnections = 1024
        let server = try LoopbackHTTPServer(limits: limits) { _ in
            .delayed(.milliseconds(50), then: .full(status: 200, body: Data("ok".utf8)))
        }
        defer { server.stop() }
        let engine = CurlEngine()
        defer { engine.shutdown() }
        let log = CompletionLog()
        let count = 400
        for index in 0..<count {
            engine.execute(
                try PreparedRequest(url: server.baseURL + "/wait?i=\(index)", options: testOptions())
            ) { log.record(index, $0) }
        }
        #expect(eventually(seconds: 60) { log.completedCount == count })
        let statuses = log.snapshot.values.compactMap { $0.first?.success?.status }
        #expect(statuses.count == count && statuses.allSatisfy { $0 == 200 })
        #expect(server.acceptedConnections <= CurlEngine.maximumConnections)
        #expect(server.acceptedConnections > 1, "the transfers ran in parallel")
    }

    @Test(
        "A transfer waiting for a slot behind 256 held ones keeps its total timeout from execute; cancel and shutdown reach it"
    )
    func waitingTransfers() throws {
        let server = try LoopbackHTTPServer(
            limits: {
                var limits = LoopbackHTTPServer.Limits()
                limits.maxConnections = 1024
                return limits
            }()
        ) { _ in .hang }
        defer { server.stop() }
        let engine = CurlEngine()
        let log = CompletionLog()
        let held = CurlEngine.maximumRunning
        var handles: [TransferHandle] = []
        for index in 0..<held {
            handles.append(
                engine.execute(
                    try PreparedRequest(url: server.baseURL + "/held?i=\(index)", options: testOptions())
                ) { log.record(index, $0) })
        }
        let handles0 = handles[0]
        #expect(eventually(seconds: 30) { server.openConnections == held })
        // Three more: they wait in the engine, holding no connection.
        let accepted = ContinuousClock.now
        engine.execute(try PreparedRequest(url: server.baseURL + "/late", options: testOptions(total: 0.02))) {
            log.record(1000, $0)
        }
        let cancelled = engine.execute(try PreparedRequest(url: server.baseURL + "/cancelled", options: testOptions()))
        {
            log.record(1001, $0)
        }
        engine.execute(try PreparedRequest(url: server.baseURL + "/shutdown", options: testOptions())) {
            log.record(1002, $0)
        }
        cancelled.cancel()
        #expect(eventually { log.snapshot[1001]?.count == 1 })
        #expect(log.snapshot[1001]?.first?.failure?.code == .cancelled)
        // What is tested is the clock itself: once the waiting transfer's 20 ms have passed, a freed
        // slot must not start it (its timeout counts from execute, not from the slot).
        #expect(eventually { accepted.duration(to: .now) > .milliseconds(50) })
        handles0.cancel()
        #expect(eventually { log.snapshot[1000]?.count == 1 })
        let late = log.snapshot[1000]?.first?.failure
        #expect(late?.code == .timedOut, "\(String(describing: late))")
        #expect(late?.message.contains("no connection slot") == true)
        engine.shutdown()
        #expect(log.snapshot[1002]?.first?.failure?.code == .cancelled, "shutdown ends a waiting transfer")
        // The freed slot went to the next waiting transfer (`/shutdown`), the only new connection:
        // the timed-out and the cancelled ones never opened one.
        #expect(server.acceptedConnections == held + 1)
        #expect(log.completedCount == held + 3, "every transfer ended exactly once")
        #expect(log.snapshot.values.allSatisfy { $0.count == 1 })
    }

    @Test("A shut-down engine cancels its transfers and refuses new ones")
    func shutdown() throws {
        let bin = try HTTPBin()
        defer { bin.stop() }
        let engine = CurlEngine()
        let log = CompletionLog()
        engine.execute(try PreparedRequest(url: bin.url("/hang"), options: testOptions())) { log.record(0, $0) }
        #expect(eventually { bin.server.openConnections > 0 })
        engine.shutdown()
        #expect(log.snapshot[0]?.first?.failure?.code == .cancelled)
        // (To a server of its own, so that its kept-alive connection is not counted below.)
        let probe = try HTTPBin()
        defer { probe.stop() }
        engine.execute(try PreparedRequest(url: probe.url("/get"), options: testOptions())) { log.record(1, $0) }
        #expect(log.snapshot[1]?.first?.failure?.code == .engineUnavailable)
    }
}
