// The fault suite: a hostile network, case by case, through all three public APIs.
//
// Each case names one way a server or the network misbehaves (the `FaultServer` routes, nginx with a
// bad certificate or a GOAWAY, a closed port, an environment proxy, an answer after a cancel) and the
// outcome it must have. The same request then goes through the legacy delegate API (`FBRequest` with
// an `FBRequestDelegate`), seed 002's block API, and the async `GraphClient`; each must report the
// case's clear error — or, where the right behaviour is to succeed, succeed — once, within a bounded
// wait of the case's own timeout; and the engine must then serve a normal request. Everything runs
// against servers this process starts on 127.0.0.1.

import FacebookGraph
import FacebookGraphReplay
import FacebookGraphTestSupport
import FacebookGraphTestTraits
import Foundation
import Testing

@testable import FacebookSDK

/// What a fault must come to.
enum FaultOutcome: Sendable, CustomStringConvertible {
    /// A transport error with this code: `NSURLErrorDomain` and its code for the legacy APIs, a
    /// ``GraphErrorCategory/transport`` error carrying it for the client.
    case transport(TransportError.Code)
    /// A 200 answer that is not the JSON it claims to be: the client's `jsonObject()` throws a
    /// ``GraphErrorCategory/decoding`` error; the legacy APIs keep v2's rule (legacy-sdk-facts §2.6,
    /// `LegacyResponseParser` rule 4): `didLoad` with the text itself, or with nil when the bytes are
    /// not UTF-8 (`legacyText` false).
    case undecodable(legacyText: Bool)
    /// A normal answer: the fault must not show (a proxy bypassed, a GOAWAY retried).
    case succeeds
    /// Cancelled before the (late) answer: the legacy APIs deliver nothing, the client reports a
    /// cancellation.
    case cancelled

    var description: String {
        switch self {
        case .transport(let code): "transport(\(code))"
        case .undecodable: "undecodable"
        case .succeeds: "succeeds"
        case .cancelled: "cancelled"
        }
    }
}

/// Where a case's request goes.
enum FaultTarget: Sendable {
    /// A `FaultServer` route.
    case route(String)
    /// A loopback port nothing listens on.
    case closedPort
    /// An nginx fixture URL.
    case nginx(@Sendable (NginxFixture) -> String, trustsCA: Bool = true)
    /// The fault server's `/ok` with `http_proxy` and `ALL_PROXY` naming a recording proxy.
    case environmentProxy
}

/// One row of the fault table.
struct FaultCase: Sendable, CustomTestStringConvertible {
    let name: String
    let target: FaultTarget
    let outcome: FaultOutcome
    /// The total timeout every API gets; the suite waits at most this plus a margin.
    let timeout: Duration
    /// Whether the request carries an access token.
    let token: Bool
    /// How many requests each API sends at once (the GOAWAY case multiplexes several).
    let parallel: Int
    /// What else must hold once every API has its outcome.
    let afterwards: (@Sendable (FaultWorld) -> Void)?

    /// `timeout` is a bound, and grows by ``testTimeoutScale`` under a sanitizer, except in the cases
    /// whose subject is the timeout itself (`expiring`): their server never finishes, so the timeout
    /// must fire whatever the speed of the code, and scaled it only made each sanitizer run wait
    /// 6 s instead of 1 s, three times.
    init(
        _ name: String, _ target: FaultTarget, _ outcome: FaultOutcome, timeout: Duration = .seconds(10),
        expiring: Bool = false, token: Bool = false, parallel: Int = 1,
        afterwards: (@Sendable (FaultWorld) -> Void)? = nil
    ) {
        self.name = name
        self.target = target
        self.outcome = outcome
        self.timeout = expiring ? timeout : timeout.scaledForTests
        self.token = token
        self.parallel = parallel
        self.afterwards = afterwards
    }

    var testDescription: String { "\(name) → \(outcome)" }
    var needsNginx: Bool {
        if case .nginx = target { return true }
        return false
    }

    static let all: [FaultCase] = [
        FaultCase("connection refused", .closedPort, .transport(.cannotConnect)),
        FaultCase("reset before headers", .route("/reset-before-headers"), .transport(.connectionLost)),
        FaultCase("reset mid-body", .route("/reset-mid-body"), .transport(.connectionLost)),
        FaultCase("Content-Length longer than the body", .route("/short-body"), .transport(.connectionLost)),
        FaultCase("chunked encoding cut", .route("/chunked-cut"), .transport(.connectionLost)),
        FaultCase(
            "a slow drip past the timeout", .route("/drip"), .transport(.timedOut), timeout: .seconds(1), expiring: true
        ),
        FaultCase(
            "headers that never end", .route("/endless-head"), .transport(.timedOut), timeout: .seconds(1),
            expiring: true),
        FaultCase("a header line of 1 MiB", .route("/header-flood"), .transport(.transferFailed)),
        FaultCase("no answer", .route("/no-answer"), .transport(.timedOut), timeout: .seconds(1), expiring: true),
        FaultCase("a 100 MB body announced", .route("/huge-declared"), .transport(.responseTooLarge)),
        FaultCase("a 100 MB body streamed", .route("/huge-streamed"), .transport(.responseTooLarge)),
        FaultCase("invalid UTF-8 in JSON", .route("/bad-utf8"), .undecodable(legacyText: false)),
        FaultCase("JSON nested 100,000 deep", .route("/deep-json"), .undecodable(legacyText: true)),
        FaultCase("a gzip bomb", .route("/gzip-bomb"), .transport(.responseTooLarge)),
        FaultCase("gzip that is not gzip", .route("/bad-gzip"), .transport(.badContentEncoding)),
        FaultCase("a redirect loop", .route("/loop"), .transport(.tooManyRedirects)),
        FaultCase("a redirect to file://", .route("/to-file"), .transport(.invalidURL)),
        FaultCase("a server that does not speak HTTP", .route("/not-http"), .transport(.connectionLost)),
        FaultCase("JSON cut short in a complete body", .route("/truncated-json"), .undecodable(legacyText: true)),
        FaultCase("a captive portal's HTML page", .route("/html"), .undecodable(legacyText: true)),
        FaultCase(
            "https → http redirect with a token", .nginx({ $0.httpsURL("/to-http") }),
            .transport(.redirectRefused), token: true),
        FaultCase(
            "a certificate for the wrong host", .nginx({ $0.wrongHostURL("/me") }),
            .transport(.certificateUntrusted)),
        FaultCase(
            "an expired certificate", .nginx({ $0.httpsURL(port: $0.expiredPort, "/me") }),
            .transport(.certificateUntrusted)),
        FaultCase(
            "a self-signed certificate", .nginx({ $0.httpsURL(port: $0.selfSignedPort, "/me") }),
            .transport(.certificateUntrusted)),
        FaultCase(
            "a CA nobody trusts", .nginx({ $0.httpsURL("/me") }, trustsCA: false),
            .transport(.certificateUntrusted)),
        FaultCase(
            "HTTP/2 GOAWAY with streams in flight",
            .nginx({ $0.httpsURL(port: $0.goawayPort, "/logged/me") }), .succeeds, parallel: 6,
            afterwards: { world in
                // 18 answers over HTTP/2, none a third on its connection: every connection was told to go away.
                let lines = world.nginx?.connectionsLogged() ?? []
                #expect(lines.count == 18, "\(lines)")
                #expect(lines.allSatisfy { $0.hasPrefix("HTTP/2.0 ") && $0.hasSuffix(" 200") }, "\(lines)")
                #expect(!lines.contains { $0.contains(" reqs=3 ") }, "\(lines)")
                #expect(Set(lines.map { $0.split(separator: " ")[1] }).count >= 9, "\(lines)")
            }),
        // The timeout is only a bound: the three requests must all be held by the server before any
        // is cancelled, and under a loaded parallel suite one may take seconds to get there; a
        // request that timed out first would not be testing the cancel.
        FaultCase("an answer after the client cancelled", .route("/late"), .cancelled, timeout: .seconds(120)),
    ]

    /// Run by `FaultSuiteTests.environmentProxy` in a child process whose environment names the
    /// proxy from its start; that test checks that the proxy saw nothing.
    static let environmentProxy = FaultCase(
        "an environment proxy, with a token", .environmentProxy, .succeeds, token: true)
}

/// The servers one case runs against.
final class FaultWorld: @unchecked Sendable {
    let faults: FaultServer
    let nginx: NginxFixture?
    /// Held for the case: a port closed once probed could be taken by another suite's server in the
    /// same run (under AddressSanitizer the POST-retry test's server got it, and answered 500).
    let refusing: RefusingLoopbackPort
    var closedPort: Int { refusing.port }

    init(nginx needsNginx: Bool) throws {
        faults = try FaultServer()
        nginx = needsNginx ? try NginxFixture() : nil
        refusing = try RefusingLoopbackPort()
    }

    func url(for target: FaultTarget) -> String {
        switch target {
        case .route(let path): faults.url(path)
        case .closedPort: "http://127.0.0.1:\(closedPort)/me"
        case .nginx(let url, _): url(nginx!)
        case .environmentProxy: faults.url("/ok")
        }
    }

    func options(for fault: FaultCase) -> TransferOptions {
        var options = TransferOptions()
        options.totalTimeout = fault.timeout
        options.connectTimeout = min(fault.timeout, Duration.seconds(5).scaledForTests)
        if case .nginx(_, let trusts) = fault.target, trusts { options.additionalCAFile = nginx?.caFile }
        return options
    }

    func stop() {
        faults.stop()
        nginx?.stop()
    }
}

// On threads of its own (its cases block on semaphores, which on the pool stalled every other suite),
// one case at a time: run all at once beside the other suites, the 100 MB bodies and the gzip bomb
// outran their 10 s deadline on a two-core machine.
@Suite("The fault suite: a hostile network through the delegate, block and async APIs", .onOwnThread, .serialized)
struct FaultSuiteTests {
    static let token = "EAAFaultSuiteToken0123456789"
    /// How long past a case's timeout an outcome may take before the case counts as a hang.
    static let margin = 20.0 * testTimeoutScale

    @Test(
        "Each fault gets its clear error from every API, in bounded time, and the engine then works",
        .enabled(if: NginxFixture.isAvailable, "nginx and openssl are needed (scripts/bootstrap --tests)"),
        arguments: FaultCase.all
    )
    func fault(_ fault: FaultCase) async throws {
        try await Self.check(fault)
    }

    @Test("The refused port is the case's: while held no other server can bind it, and connecting is refused")
    func refusedPortIsHeld() throws {
        let world = try FaultWorld(nginx: false)
        defer { world.stop() }
        #expect(!LoopbackPorts.accepts(port: world.closedPort))
        // Another suite's server asking for that port (it got it when the port was closed after probing).
        #expect(throws: (any Error).self) {
            let taker = try LoopbackHTTPServer(host: "127.0.0.1", port: UInt16(world.closedPort)) { _ in .hang }
            taker.stop()
        }
    }

    @Test("An environment proxy, with a token: in a process of its own whose environment names it from the start")
    func environmentProxy() async throws {
        if IsolatedTest.isChild {
            try #require(ProcessInfo.processInfo.environment["http_proxy"] != nil, "the child has no proxy set")
            try await Self.check(FaultCase.environmentProxy)
            return
        }
        // A child process: `setenv` here would race libcurl's `getenv` on the engine thread, which
        // the suite's other cases keep busy.
        let proxy = try LoopbackHTTPServer(host: "127.0.0.1") { _ in .text("proxied") }
        defer { proxy.stop() }
        let variables = Dictionary(
            uniqueKeysWithValues: EnvironmentProxy.names.map { ($0, "http://127.0.0.1:\(proxy.port)") })
        let run = try await IsolatedTest.run(
            filter: "FaultSuiteTests.environmentProxy", environment: variables, timeout: 300)
        #expect(run.status == 0, "the case failed in its own process\n\(run.tail)")
        #expect(run.stderr.contains("Test run with 1 test"), "the child ran no test\n\(run.tail)")
        #expect(proxy.requestsServed == 0, "a loopback request with a token went through the proxy")
    }

    /// Sends one case's request through every API and checks each outcome, then a normal request.
    static func check(_ fault: FaultCase) async throws {
        let world = try FaultWorld(nginx: fault.needsNginx)
        defer { world.stop() }
        let url = world.url(for: fault.target)
        let wait = Double(fault.timeout.components.seconds) + Self.margin
        let queue = DispatchQueue(label: "fault.callbacks")
        let params: [String: String] = fault.token ? ["access_token": Self.token] : [:]

        // 1. The legacy delegate API.
        let recorders = (0..<fault.parallel).map { _ in Recorder() }
        let delegateRequests: [FBRequest] = recorders.map { recorder in
            let request: FBRequest = FBRequest.getWithParams(
                NSMutableDictionary(dictionary: params), httpMethod: "GET", delegate: recorder, requestURL: url)
            request.callbackQueue = queue
            request.transferOptions = world.options(for: fault)
            request.connect()
            return request
        }
        // 2. Seed 002's block API.
        let blockCalls = (0..<fault.parallel).map { _ in LegacyBlockCallbackTests.Calls() }
        let blockRequests: [FBRequest] = blockCalls.map { calls in
            let request: FBRequest = FBRequest.getWithParams(
                NSMutableDictionary(dictionary: params), httpMethod: "GET", callback: calls.callback(),
                requestURL: url)
            request.callbackQueue = queue
            request.transferOptions = world.options(for: fault)
            request.connect()
            return request
        }
        // 3. The async client.
        var configuration = GraphConfiguration(accessToken: fault.token ? Self.token : nil)
        configuration.timeout = fault.timeout
        configuration.connectTimeout = min(fault.timeout, Duration.seconds(5).scaledForTests)
        configuration.retryPolicy = .never
        // GraphRequest(url:) follows a link only on the client's Graph origin: the case's server.
        configuration.graphBaseURL = url
        if case .nginx(_, let trusts) = fault.target, trusts { configuration.additionalCAFile = world.nginx?.caFile }
        let client = GraphClient(configuration: configuration)
        let modern = (0..<fault.parallel).map { _ in
            Task { () -> Result<GraphResponse, GraphError> in
                do throws(GraphError) {
                    return .success(try await client.send(GraphRequest(url: url)))
                } catch {
                    return .failure(error)
                }
            }
        }

        if case .cancelled = fault.outcome {
            // Each API's request reaches the server, is cancelled, and only then does the answer come.
            for index in 0..<3 {
                #expect(
                    await world.faults.lateRequestArrived(seconds: 60), "request \(index) never reached the server")
            }
            queue.sync {
                delegateRequests.forEach { $0.connection?.cancel() }
                blockRequests.forEach { $0.connection?.cancel() }
            }
            modern.forEach { $0.cancel() }
            // The answers are let go only once every cancellation has taken effect: the client's
            // tasks have ended (cancelled), and a legacy request delivers nothing after `cancel()`.
            // Released earlier, an answer could reach the engine before the cancel did.
            for task in modern { _ = await task.value }
            for _ in 0..<3 { world.faults.releaseLate() }
        }

        // The outcomes, each within its bounded wait.
        var modernResults: [Result<GraphResponse, GraphError>] = []
        for task in modern { modernResults.append(await task.value) }
        switch fault.outcome {
        case .cancelled:
            for result in modernResults {
                #expect(result.failure?.isCancellation == true, "\(result)")
            }
            // Prove the legacy requests' late answers were dropped: a normal request on the same queue
            // completes after any delivery the cancelled ones could still make.
            let probe = Recorder()
            let request: FBRequest = FBRequest.getWithParams(
                NSMutableDictionary(), httpMethod: "GET", delegate: probe, requestURL: world.faults.url("/ok"))
            request.callbackQueue = queue
            request.connect()
            #expect(probe.waitForTerminal(seconds: wait))
            #expect(eventually { world.faults.server.requestsServed >= 4 }, "the late answers were never written")
            queue.sync {}
            for recorder in recorders { #expect(recorder.names == ["loading"], "\(recorder.names)") }
            for calls in blockCalls { #expect(calls.all.isEmpty) }
        default:
            for recorder in recorders {
                #expect(recorder.waitForTerminal(seconds: wait), "the delegate got no terminal callback: a hang")
                Self.check(legacy: recorder.error, result: recorder.result, fault.outcome, via: "delegate")
            }
            for calls in blockCalls {
                #expect(eventually(seconds: wait) { !calls.all.isEmpty }, "the block was not called: a hang")
                let call = calls.all.first
                Self.check(legacy: call?.error as NSError?, result: call?.result, fault.outcome, via: "block")
            }
            for result in modernResults { Self.check(modern: result, fault.outcome) }
            // Exactly once: nothing more arrives after a normal request's answer on the same queue.
            queue.sync {}
            for recorder in recorders {
                #expect(recorder.events.filter { $0.name == "didLoad" || $0.name == "didFail" }.count == 1)
            }
            for calls in blockCalls { #expect(calls.all.count == 1) }
        }
        fault.afterwards?(world)

        // The engine then serves a normal request, through every API.
        let after = Recorder()
        let afterRequest: FBRequest = FBRequest.getWithParams(
            NSMutableDictionary(), httpMethod: "GET", delegate: after, requestURL: world.faults.url("/ok"))
        afterRequest.callbackQueue = queue
        afterRequest.connect()
        #expect(after.waitForTerminal(seconds: 30))
        #expect((after.result as? [String: Any])?["ok"] as? Bool == true, "\(after.names)")
        configuration.graphBaseURL = world.faults.url("/")
        // A bound only (an expiring case's own 1 s is not meant for this request).
        configuration.timeout = Duration.seconds(10).scaledForTests
        let normal = try await GraphClient(configuration: configuration).send(
            GraphRequest(url: world.faults.url("/ok")))
        #expect(normal.status == 200)
    }

    /// Checks a legacy API's outcome (delegate or block).
    static func check(legacy error: NSError?, result: Any?, _ outcome: FaultOutcome, via api: String) {
        switch outcome {
        case .transport(let code):
            #expect(error?.domain == NSURLErrorDomain, "\(api): \(String(describing: error))")
            #expect(
                error?.code == TransportError(code, message: "", url: "").urlErrorCode.rawValue,
                "\(api): \(String(describing: error))")
            #expect(result == nil || result is NSNull, "\(api)")
        case .undecodable(let legacyText):
            #expect(error == nil, "\(api): \(String(describing: error))")
            if legacyText {
                #expect((result as? String)?.isEmpty == false, "\(api): \(String(describing: result))")
            } else {
                #expect(result == nil || result is NSNull, "\(api): \(String(describing: result))")
            }
        case .succeeds:
            #expect(error == nil, "\(api): \(String(describing: error))")
            #expect(result != nil, "\(api)")
        case .cancelled:
            Issue.record("checked elsewhere")
        }
        if let error {
            #expect(!"\(error) \(error.userInfo)".contains(FaultSuiteTests.token), "\(api): the token leaked")
        }
    }

    /// Checks the async client's outcome.
    static func check(modern result: Result<GraphResponse, GraphError>, _ outcome: FaultOutcome) {
        switch outcome {
        case .transport(let code):
            #expect(result.failure?.category == .transport, "async: \(result)")
            #expect(result.failure?.transportError?.code == code, "async: \(result)")
        case .undecodable:
            #expect(result.success?.status == 200, "async: \(result)")
            #expect(throws: GraphError.self, "async: the body decoded") { try result.success?.jsonObject() }
            do {
                _ = try result.success?.jsonObject()
            } catch {
                #expect(error.category == .decoding, "async: \(error)")
            }
        case .succeeds:
            #expect(result.success?.status == 200, "async: \(result)")
        case .cancelled:
            Issue.record("checked elsewhere")
        }
        if let error = result.failure {
            #expect(!"\(error) \(error.message)".contains(FaultSuiteTests.token), "async: the token leaked")
        }
    }
}

/// The proxy variables libcurl reads: the environment proxy case's child process starts with each
/// naming the proxy; nothing here ever calls `setenv`.
enum EnvironmentProxy {
    static let names = ["http_proxy", "HTTPS_PROXY", "https_proxy", "ALL_PROXY", "all_proxy"]
}
