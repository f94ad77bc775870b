// The soak: many requests through one GraphClient from 16 tasks and through the legacy delegate
// API at the same time, with seeded random cancellations, against a loopback server.
//
// Every request gets an id; every terminal outcome (a response, an error, a cancellation) is
// counted against its id. At the end each id must have exactly one. The resident set size is read
// after a warm-up and at the end: a leak of even a few hundred bytes per request would show over
// the run. The run is bounded by a time limit.
//
// The normal suite runs a short soak (`FB_SOAK_REQUESTS`, default 4,000); `scripts/test` then runs
// the full 200,000 (about a minute in a debug build on two cores). Either runs in a child process of
// the test binary (`IsolatedTest`), so the resident size is the soak's alone. `FinishedCallsAreFreedTests`
// counts live objects: a finished call's task and request are freed.

import FacebookGraph
import FacebookGraphReplay
import FacebookGraphTestSupport
import FacebookGraphTestTraits
import Foundation
import Testing

@testable import FacebookSDK

/// Terminal outcomes per request id.
final class OutcomeLedger: Sendable {
    enum Kind: Int, CaseIterable { case success, failure, cancelled }

    private let counts: LockedValue<[UInt8]>
    private let kinds = LockedValue([Int](repeating: 0, count: Kind.allCases.count))
    /// Failures that were neither a cancellation nor expected, as text (the first few).
    let unexpected = LockedValue<[String]>([])

    init(count: Int) { counts = LockedValue([UInt8](repeating: 0, count: count)) }

    func record(_ id: Int, _ kind: Kind) {
        counts.withLock { $0[id] &+= 1 }
        kinds.withLock { $0[kind.rawValue] += 1 }
    }

    var total: Int { kinds.withLock { $0.reduce(0, +) } }
    func count(_ kind: Kind) -> Int { kinds.withLock { $0[kind.rawValue] } }
    /// Ids whose count is not exactly one.
    var wrongIDs: [Int] { counts.withLock { counts in counts.indices.filter { counts[$0] != 1 } } }
}

/// The resident set size of this process, in bytes (from `/proc/self/statm`).
func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// Counts one legacy request's callbacks, on the callback queue.
final class SoakDelegate: NSObject, FBRequestDelegate, @unchecked Sendable {
    let id: Int
    let ledger: OutcomeLedger
    let onTerminal: () -> Void
    /// Set on the callback queue: a terminal callback arrived, or the request was cancelled.
    var finished = false
    /// A callback after a cancel (must stay false).
    var lateDelivery = false

    init(id: Int, ledger: OutcomeLedger, onTerminal: @escaping () -> Void) {
        self.id = id
        self.ledger = ledger
        self.onTerminal = onTerminal
    }

    func terminal(_ kind: OutcomeLedger.Kind) {
        if finished {
            lateDelivery = true
            return
        }
        finished = true
        ledger.record(id, kind)
        onTerminal()
    }

    func request(_ request: FBRequest!, didLoad result: Any!) { terminal(.success) }
    func request(_ request: FBRequest!, didFailWithError error: Error!) {
        ledger.unexpected.withLock { if $0.count < 5 { $0.append("legacy \(id): \(String(describing: error))") } }
        terminal(.failure)
    }
}

@Suite("Soak: one client, 16 tasks and the legacy API at once, with cancellations", .onOwnThread)
struct SoakTests {
    static var requests: Int { ProcessInfo.processInfo.environment["FB_SOAK_REQUESTS"].flatMap(Int.init) ?? 4_000 }
    static let seed: UInt64 = 0x5EED_F00D

    @Test("Exactly one terminal outcome per request, no crash, resident size bounded", .timeLimit(.minutes(20)))
    func soak() async throws {
        guard IsolatedTest.isChild else {
            // In a process of its own: in the suite's, the resident size would also count the fault
            // suite's 100 MB bodies and every other suite running beside it.
            let run = try await IsolatedTest.run(filter: "SoakTests.soak\\(", timeout: 19 * 60)
            #expect(run.status == 0, "the soak failed in its own process\n\(run.tail)")
            #expect(run.stdout.contains("soak: "), "the child ran no soak\n\(run.tail)")
            for line in run.stdout.split(separator: "\n") where line.hasPrefix("soak: ") { print(line) }
            return
        }
        let total = Self.requests
        let legacyShare = total / 10
        let modernShare = total - legacyShare
        let server = try LoopbackHTTPServer(host: "127.0.0.1") { request in
            request.path == "/slow"
                ? .delayed(.milliseconds(20), then: .full(status: 200, body: Data(#"{"id":"4"}"#.utf8)))
                : .full(status: 200, headers: ["Content-Type": "application/json"], body: Data(#"{"id":"4"}"#.utf8))
        }
        defer { server.stop() }
        let ledger = OutcomeLedger(count: total)
        var configuration = GraphConfiguration(accessToken: "EAASoakToken0123456789")
        configuration.graphBaseURL = "http://127.0.0.1:\(server.port)/"
        configuration.retryPolicy = .never
        configuration.timeout = .seconds(60)
        let client = GraphClient(configuration: configuration)
        let warmUpCount = total / 10
        let residentAfterWarmUp = LockedValue(0)

        // The legacy API: a window of 8 requests in flight, chained on the callback queue.
        let legacyDone = AsyncEvent()
        let queue = DispatchQueue(label: "soak.legacy")
        let facebook = Facebook(appId: "123", andDelegate: nil)
        facebook.graphBaseURL = configuration.graphBaseURL
        facebook.callbackQueue = queue
        let legacy = LegacyDriver(
            facebook: facebook, queue: queue, ledger: ledger, ids: modernShare..<total, seed: Self.seed ^ 1
        ) { legacyDone.signal() }
        queue.async { legacy.start(window: 8) }

        // The modern client: 16 tasks, each sending its share one after another.
        let perTask = modernShare / 16
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<16 {
                let ids = (worker * perTask)..<(worker == 15 ? modernShare : (worker + 1) * perTask)
                // On the cooperative pool, not the suite's `.onOwnThread` executor: the workers never
                // block, and that executor starts a thread for every job, which doubled the soak's time.
                group.addTask(executorPreference: globalConcurrentExecutor) {
                    var random = SeededGenerator(seed: Self.seed &+ UInt64(worker))
                    for id in ids {
                        let cancels = Int.random(in: 0..<100, using: &random) < 5
                        let path = Int.random(in: 0..<100, using: &random) < 2 ? "slow" : "me"
                        await Self.send(client, id: id, path: path, cancels: cancels, ledger: ledger)
                        residentAfterWarmUp.withLock { resident in
                            if resident == 0, ledger.total >= warmUpCount { resident = residentBytes() }
                        }
                    }
                }
            }
        }
        #expect(await legacyDone.wait(seconds: 600), "the legacy requests did not all finish")
        queue.sync {}

        let wrong = ledger.wrongIDs
        #expect(wrong.isEmpty, "\(wrong.count) ids without exactly one outcome, first \(wrong.prefix(10))")
        #expect(ledger.total == total)
        #expect(queue.sync { legacy.lateDeliveries } == 0, "a legacy callback arrived after its cancel")
        #expect(ledger.unexpected.withLock { $0 }.isEmpty, "\(ledger.unexpected.withLock { $0 })")
        #expect(ledger.count(.cancelled) > 0, "no cancellation happened: the soak did not test them")
        #expect(eventually { facebook.requestsInFlight == 0 })
        let start = residentAfterWarmUp.withLock { $0 }
        let end = residentBytes()
        // Generous: 64 MiB more after the warm-up, whatever the count (a 1 KiB leak per request over
        // 200,000 requests would be 195 MiB). Not under a sanitizer (`scripts/sanitizers` sets
        // FACEBOOKSDKSHIM_SANITIZER): its allocator keeps freed memory in quarantine (256 MiB by
        // default) and shadow pages, so resident size says nothing about leaks there — the in-suite
        // soak of 4,000 requests grew 61–415 MiB under AddressSanitizer with nothing leaking. The
        // bound is asserted by every ordinary run (`scripts/test`, in CI).
        if ProcessInfo.processInfo.environment["FACEBOOKSDKSHIM_SANITIZER"] == nil {
            #expect(end - start < 64 << 20, "resident size grew from \(start >> 20) MiB to \(end >> 20) MiB")
        }
        print(
            "soak: \(total) requests (\(legacyShare) legacy), \(ledger.count(.success)) answered, "
                + "\(ledger.count(.cancelled)) cancelled, \(ledger.count(.failure)) failed; "
                + "resident \(start >> 20) MiB after warm-up, \(end >> 20) MiB at the end")
    }

    /// One modern request; cancelled at once when `cancels` (the cancel races the transfer).
    static func send(_ client: GraphClient, id: Int, path: String, cancels: Bool, ledger: OutcomeLedger) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let task = client.execute(GraphRequest(path: path, parameters: ["i": "\(id)"])) { result in
                switch result {
                case .success: ledger.record(id, .success)
                case .failure(let error) where error.isCancellation: ledger.record(id, .cancelled)
                case .failure(let error):
                    ledger.unexpected.withLock { if $0.count < 5 { $0.append("modern \(id): \(error)") } }
                    ledger.record(id, .failure)
                }
                continuation.resume()
            }
            if cancels { task.cancel() }
        }
    }
}

/// Sends the legacy share with a fixed window in flight, all on the callback queue: each terminal
/// callback (or cancel) starts the next request, and a seeded 5% are cancelled right after they
/// start, on the queue, as a v2 app would from its main thread.
final class LegacyDriver: @unchecked Sendable {
    let facebook: Facebook
    let queue: DispatchQueue
    let ledger: OutcomeLedger
    var next: Int
    let end: Int
    var random: SeededGenerator
    var outstanding = 0
    var delegates: [SoakDelegate] = []
    let done: () -> Void

    init(
        facebook: Facebook, queue: DispatchQueue, ledger: OutcomeLedger, ids: Range<Int>, seed: UInt64,
        done: @escaping () -> Void
    ) {
        self.facebook = facebook
        self.queue = queue
        self.ledger = ledger
        next = ids.lowerBound
        end = ids.upperBound
        random = SeededGenerator(seed: seed)
        self.done = done
    }

    var lateDeliveries: Int { delegates.filter(\.lateDelivery).count }

    func start(window: Int) {
        for _ in 0..<window { startOne() }
        if next >= end, outstanding == 0 { done() }
    }

    private func startOne() {
        guard next < end else { return }
        let id = next
        next += 1
        outstanding += 1
        let delegate = SoakDelegate(id: id, ledger: ledger) { [unowned self] in finishedOne() }
        delegates.append(delegate)
        let request: FBRequest = facebook.request(
            withGraphPath: "me", andParams: NSMutableDictionary(dictionary: ["i": "\(id)"]), andDelegate: delegate)
        if Int.random(in: 0..<100, using: &random) < 5 {
            // On the queue, after whatever the engine delivered so far: either the answer is in (a
            // no-op) or nothing will be delivered, and that is this request's outcome.
            queue.async {
                guard !delegate.finished else { return }
                request.connection?.cancel()
                delegate.terminal(.cancelled)
            }
        }
    }

    private func finishedOne() {
        outstanding -= 1
        startOne()
        if next >= end, outstanding == 0 { done() }
    }
}

/// Counts live objects: once a call has completed and the caller has let go, nothing else keeps
/// its task or request alive (the engine's transfer used to keep its completion, which held them).
@Suite("A finished call is freed", .onOwnThread)
struct FinishedCallsAreFreedTests {
    /// A delegate that keeps no reference to the request.
    final class Done: NSObject, FBRequestDelegate, @unchecked Sendable {
        let event = AsyncEvent()
        func request(_ request: FBRequest!, didLoad result: Any!) { event.signal() }
        func request(_ request: FBRequest!, didFailWithError error: Error!) { event.signal() }
    }

    @Test("A GraphClient call's task is freed after its completion, cancelled or not", arguments: [false, true])
    func graphTaskIsFreed(cancelled: Bool) async throws {
        let server = try LoopbackHTTPServer(host: "127.0.0.1") { _ in .text("{}") }
        defer { server.stop() }
        var configuration = GraphConfiguration()
        configuration.graphBaseURL = "http://127.0.0.1:\(server.port)/"
        let client = GraphClient(configuration: configuration)
        let done = AsyncEvent()
        weak var weakTask: GraphTask?
        do {
            let task = client.execute(GraphRequest(path: "me")) { _ in done.signal() }
            if cancelled { task.cancel() }
            weakTask = task
        }
        #expect(await done.wait(seconds: 30))
        #expect(eventually { weakTask == nil }, "the finished GraphTask is still alive")
    }

    @Test("A legacy request is freed after its terminal callback")
    func legacyRequestIsFreed() async throws {
        let server = try LoopbackHTTPServer(host: "127.0.0.1") { _ in .text("{}") }
        defer { server.stop() }
        let facebook = Facebook(appId: "123", andDelegate: nil)
        facebook.graphBaseURL = "http://127.0.0.1:\(server.port)/"
        facebook.callbackQueue = DispatchQueue(label: "freed.callbacks")
        let delegate = Done()
        weak var weakRequest: FBRequest?
        weak var weakConnection: FBURLConnection?
        do {
            let request: FBRequest = facebook.request(withGraphPath: "me", andDelegate: delegate)
            weakRequest = request
            weakConnection = facebook.callbackQueue.sync { request.connection }
        }
        #expect(await delegate.event.wait(seconds: 30))
        #expect(eventually { weakRequest == nil }, "the finished FBRequest is still alive")
        #expect(eventually { weakConnection == nil }, "the finished FBURLConnection is still alive")
    }
}
