// A request the server may have acted on is sent once (issue 21, item 8).
//
// libcurl sends a request again, on another connection, when the connection it rode was reused and
// died before a byte of the answer (`Curl_retry_request`: "Connection died, retrying a fresh
// connect"; up to five times, each time on whichever idle connection comes next). For a POST that
// is a duplicate whenever the server had read the request before the connection died. Each case
// here warms two keep-alive connections to a `FaultServer` (two `/pair` requests held at once), then
// sends one request through one API to a route that closes the connection without answering, and
// counts on the server how often, and on which connections, the request arrived. A non-idempotent
// request (POST, DELETE) must arrive once, on a new connection, and its caller get one error; a GET
// is still resent by libcurl on a fresh connection, as before.

import FacebookGraph
import FacebookGraphReplay
import FacebookGraphTestSupport
import FacebookGraphTestTraits
import Foundation
import Testing

@testable import FacebookSDK

/// The API a case sends its request through.
enum SendingAPI: Sendable, CustomStringConvertible {
    case legacyDelegate
    case legacyBlock
    case legacyResult
    case legacyAsync
    /// `Facebook`'s REST call `stream.publish`, answered by the REST bridge with a Graph POST.
    case restBridge
    /// `GraphClient.send` with this retry policy.
    case client(RetryPolicy, name: String)

    var description: String {
        switch self {
        case .legacyDelegate: "the legacy delegate"
        case .legacyBlock: "the seed's block"
        case .legacyResult: "the legacy Result closure"
        case .legacyAsync: "the legacy async call"
        case .restBridge: "the REST bridge"
        case .client(_, let name): "GraphClient (\(name))"
        }
    }

    static let defaultClient = SendingAPI.client(.default, name: "default retry policy")
    static let retryingClient = SendingAPI.client(
        RetryPolicy(maxAttempts: 5, baseDelay: .zero, maxDelay: .zero), name: "5 attempts")
    static let legacy: [SendingAPI] = [.legacyDelegate, .legacyBlock, .legacyResult, .legacyAsync]
    static let all: [SendingAPI] = legacy + [.defaultClient, .retryingClient]
}

/// One row: a request, the route it goes to, and what must come of it.
struct SentOnceCase: Sendable, CustomTestStringConvertible {
    let api: SendingAPI
    let method: String
    /// `/vanish` (every request closed unanswered) or `/drop-reused` (only on a reused connection).
    let route: String
    /// How many times the request reaches the server.
    let arrivals: Int
    /// True when the caller gets the answer; false: one `connectionLost` error.
    var succeeds = false
    /// Set on the client's `GraphRequest`: the caller says a resend is harmless.
    var markedIdempotent = false

    /// The request must not ride a connection opened before it.
    var needsNewConnection: Bool { method != "GET" && !markedIdempotent }

    var testDescription: String {
        "\(method)\(markedIdempotent ? " marked idempotent" : "") to \(route) via \(api): "
            + "\(arrivals) arrival\(arrivals == 1 ? "" : "s"), \(succeeds ? "answered" : "one connectionLost error")"
    }

    static let all: [SentOnceCase] =
        SendingAPI.all.map { SentOnceCase(api: $0, method: "POST", route: "/vanish", arrivals: 1) }
        + [SentOnceCase(api: .restBridge, method: "POST", route: "/vanish", arrivals: 1)]
        + [.legacyDelegate, .defaultClient].map {
            SentOnceCase(api: $0, method: "DELETE", route: "/vanish", arrivals: 1)
        }
        // A POST never meets the stale-connection race: on its own new connection it is answered.
        + [.legacyDelegate, .defaultClient].map {
            SentOnceCase(api: $0, method: "POST", route: "/drop-reused", arrivals: 1, succeeds: true)
        }
        // The counterpart: libcurl resends a GET after each reused connection that dies unanswered
        // (both warm ones), then on a new connection, where it fails (`/vanish`) or is answered.
        + SendingAPI.all.map { SentOnceCase(api: $0, method: "GET", route: "/vanish", arrivals: 3) }
        + [.legacyDelegate, .defaultClient].map {
            SentOnceCase(api: $0, method: "GET", route: "/drop-reused", arrivals: 3, succeeds: true)
        }
        // A caller that marks a POST idempotent lets libcurl resend it like a GET.
        + [SentOnceCase(api: .defaultClient, method: "POST", route: "/vanish", arrivals: 3, markedIdempotent: true)]
}

@Suite("A POST is sent at most once: a connection that dies unanswered is never a second send", .onOwnThread)
struct SentOnceTests {
    static let wait = 30.0

    @Test(
        "Each API sends a non-idempotent request once, on a new connection, and reports one error; a GET is resent as libcurl does",
        arguments: SentOnceCase.all)
    func sentOnce(_ row: SentOnceCase) async throws {
        let faults = try FaultServer()
        let engine = CurlEngine(name: "sent-once")
        defer {
            engine.shutdown()
            faults.stop()
        }
        try await Self.warmTwoConnections(engine, faults)
        let queue = DispatchQueue(label: "sent-once.callbacks")
        let facebook = Facebook(appId: "123", andDelegate: nil)
        facebook.graphBaseURL = faults.url(row.route + "/")
        facebook.restBaseURL = faults.url(row.route + "/method/")
        facebook.restBridge = .on
        facebook.callbackQueue = queue
        facebook.transport = GraphTransport(engine)
        let params = { NSMutableDictionary(dictionary: ["message": "hello once"]) }

        /// The outcome as one of three shapes: the legacy `NSError`/result, or the core's.
        var legacyOutcomes: [(result: Any?, error: NSError?)] = []
        var modernOutcomes: [Result<GraphResponse, GraphError>] = []
        switch row.api {
        case .legacyDelegate, .restBridge:
            let recorder = Recorder()
            if case .restBridge = row.api {
                facebook.request(
                    withMethodName: "stream.publish", andParams: params(), andHttpMethod: row.method,
                    andDelegate: recorder)
            } else {
                facebook.request(
                    withGraphPath: "me/feed", andParams: params(), andHttpMethod: row.method, andDelegate: recorder)
            }
            #expect(recorder.waitForTerminal(seconds: Self.wait), "no terminal callback: a hang")
            try await Self.barrier(facebook, faults)
            legacyOutcomes = recorder.events.filter { $0.name == "didLoad" || $0.name == "didFail" }.map {
                $0.name == "didLoad" ? ($0.value, nil) : (nil, $0.value as? NSError)
            }
        case .legacyBlock:
            let calls = LegacyBlockCallbackTests.Calls()
            facebook.request(withGraphPath: "me/feed", params: params(), method: row.method, callback: calls.callback())
            #expect(eventually(seconds: Self.wait) { !calls.all.isEmpty }, "the block was not called: a hang")
            try await Self.barrier(facebook, faults)
            legacyOutcomes = calls.all.map { ($0.result, $0.error as NSError?) }
        case .legacyResult:
            let results = LockedValue<[Result<GraphResponse, GraphError>]>([])
            facebook.request(withGraphPath: "me/feed", params: params(), method: row.method) { result in
                results.withLock { $0.append(result) }
            }
            #expect(eventually(seconds: Self.wait) { !results.withLock(\.isEmpty) }, "no completion: a hang")
            try await Self.barrier(facebook, faults)
            modernOutcomes = results.withLock { $0 }
        case .legacyAsync:
            do throws(GraphError) {
                modernOutcomes = [
                    .success(try await facebook.request(withGraphPath: "me/feed", params: params(), method: row.method))
                ]
            } catch {
                modernOutcomes = [.failure(error)]
            }
            try await Self.barrier(facebook, faults)
        case .client(let policy, _):
            var configuration = GraphConfiguration()
            configuration.graphBaseURL = faults.url(row.route + "/")
            configuration.retryPolicy = policy
            let client = GraphClient(configuration: configuration, transport: GraphTransport(engine))
            var request = GraphRequest(
                path: "me/feed", method: GraphHTTPMethod(rawValue: row.method),
                parameters: ["message": "hello once"])
            if row.markedIdempotent { request.isIdempotent = true }
            do throws(GraphError) {
                modernOutcomes = [.success(try await client.send(request))]
            } catch {
                modernOutcomes = [.failure(error)]
            }
            try await Self.barrier(facebook, faults)
        }

        // How often the request reached the server, and on which connections.
        let arrivals = faults.arrivals(under: row.route + "/")
        #expect(arrivals.allSatisfy { $0.method == row.method }, "\(arrivals)")
        if row.needsNewConnection {
            // The rule under test: sent exactly once, on a connection of its own.
            #expect(arrivals.count == row.arrivals, "\(arrivals)")
            #expect(arrivals.allSatisfy { $0.indexOnConnection == 1 && $0.connection > 2 }, "\(arrivals)")
        } else if arrivals.count > 1 {
            // libcurl's own resend of an idempotent request: a warm connection first, then the next.
            #expect(arrivals.count == row.arrivals, "\(arrivals)")
            #expect(arrivals.first.map { $0.indexOnConnection > 1 } == true, "\(arrivals)")
        } else {
            // On a loaded machine the warm connections may already be gone (closed by the server or
            // found dead by libcurl) when the request starts: then it goes once, on a new connection.
            #expect(arrivals.count == 1 && arrivals[0].indexOnConnection == 1, "\(arrivals)")
        }

        // What the caller got: one outcome.
        #expect(legacyOutcomes.count + modernOutcomes.count == 1, "\(legacyOutcomes) \(modernOutcomes)")
        for outcome in legacyOutcomes {
            if row.succeeds {
                #expect(outcome.error == nil, "\(String(describing: outcome.error))")
                #expect(
                    (outcome.result as? [String: Any])?["id"] as? String == "4_1",
                    "\(String(describing: outcome.result))")
            } else {
                #expect(outcome.error?.domain == NSURLErrorDomain, "\(String(describing: outcome.error))")
                #expect(outcome.error?.code == NSURLErrorNetworkConnectionLost, "\(String(describing: outcome.error))")
            }
        }
        for outcome in modernOutcomes {
            if row.succeeds {
                #expect(outcome.success?.status == 200, "\(outcome)")
            } else {
                #expect(outcome.failure?.transportError?.code == .connectionLost, "\(outcome)")
                #expect((outcome.failure?.attempts ?? 1) == 1, "\(outcome)")
            }
        }
    }

    @Test("The connection a POST opened is closed after it: a GET after it opens its own")
    func ownConnectionIsClosed() async throws {
        let faults = try FaultServer()
        let engine = CurlEngine(name: "sent-once")
        defer {
            engine.shutdown()
            faults.stop()
        }
        var configuration = GraphConfiguration()
        configuration.graphBaseURL = faults.baseURL
        let client = GraphClient(configuration: configuration, transport: GraphTransport(engine))
        #expect(try await client.post("ok", parameters: ["message": "hi"]).status == 200)
        #expect(try await client.get("ok").status == 200)
        #expect(faults.arrivals(under: "/ok").map(\.description) == ["POST /ok on #1.1", "GET /ok on #2.1"])
    }

    /// Opens two keep-alive connections on `engine` to `faults` and leaves them idle: two `/pair`
    /// requests, which the server holds until both are there.
    static func warmTwoConnections(_ engine: CurlEngine, _ faults: FaultServer) async throws {
        let request = try PreparedRequest(url: faults.url("/pair"))
        let answered = LockedValue(0)
        let done = AsyncEvent()
        for _ in 0..<2 {
            engine.execute(request) { result in
                let count = answered.withLock { count -> Int in
                    if result.success?.status == 200 { count += 1 }
                    return count
                }
                if count == 2 { done.signal() }
            }
        }
        #expect(await done.wait(seconds: wait), "the warm-up requests were not answered")
        let pairs = faults.arrivals(under: "/pair")
        try #require(Set(pairs.map(\.connection)) == [1, 2], "\(pairs)")
    }

    /// A later request through the same `Facebook` (engine and callback queue), answered: every
    /// resend of the request before it and every callback it could still make have happened by then.
    static func barrier(_ facebook: Facebook, _ faults: FaultServer) async throws {
        let probe = Recorder()
        let request: FBRequest = FBRequest.getWithParams(
            NSMutableDictionary(), httpMethod: "GET", delegate: probe, requestURL: faults.url("/ok"))
        request.callbackQueue = facebook.callbackQueue
        request.transport = facebook.transport.base
        request.connect()
        #expect(probe.waitForTerminal(seconds: wait), "the barrier request got no answer")
        facebook.callbackQueue.sync {}
    }
}
