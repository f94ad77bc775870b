import Dispatch
import Foundation
import Glibc
import Synchronization

/// What one child run does: the URL, how many requests, how many in flight, and its bounds.
struct LoadSettings: Sendable {
    /// The URL every request fetches.
    var url: String
    /// How many requests to complete.
    var requests: Int
    /// How many requests to keep in flight.
    var concurrency: Int
    /// An extra CA file for `https` (the engine's `additionalCAFile`).
    var caFile: String?
    /// The run gives up after this many seconds and reports the rest as missing.
    var timeLimitSeconds: Int
    /// When set, the child writes `RSS n=… kb=…` to standard error after every this many
    /// completions: the resident set's curve over a long run (does it level off or keep growing?).
    var residentTraceInterval: Int? = nil
    /// When set, every request's latency is recorded and the child prints a `LATENCY` line after
    /// its RESULT line (``RequestLatency``; `transport-child --latency`).
    var recordsLatency = false
}

/// A closed load loop shared by the Swift clients: keeps ``LoadSettings/concurrency`` requests in
/// flight by starting the next one from inside each completion, checks every response, and prints
/// one `RESULT key=value…` line in the C loop's format.
///
/// A client supplies `send`, which starts one request and reports it with
/// ``complete(status:bodyBytes:httpVersion:newConnections:startedAt:)`` or ``fail(_:startedAt:)``
/// from whatever thread its completion runs on, handing back the start stamp `send` was given.
/// Counters are atomics, so no lock is taken per request.
final class LoadLoop: Sendable {
    /// Starts one request for the loop it is given; the stamp (``RequestLatency/now()``, or 0 when
    /// the run records no latency) goes back with the request's completion.
    typealias Send = @Sendable (LoadLoop, UInt64) -> Void

    /// The load shape.
    let settings: LoadSettings
    /// The HTTP version every response must report, or nil when the client cannot tell.
    private let expectedVersion: String?
    /// False when the client cannot tell new connections from reused ones (`conns=-1`).
    private let countsConnections: Bool
    /// Starts one request.
    private let send: Send
    /// Requests started (may overshoot ``LoadSettings/requests`` by the calls that start nothing).
    private let started = Atomic<Int>(0)
    /// Requests completed, good or bad.
    private let completed = Atomic<Int>(0)
    /// Responses with status 200, the reference size and the expected version.
    private let succeeded = Atomic<Int>(0)
    /// Completed requests that were not good.
    private let failed = Atomic<Int>(0)
    /// Responses whose status was not 200.
    private let badStatus = Atomic<Int>(0)
    /// Responses whose body size differed from the first response's.
    private let badSize = Atomic<Int>(0)
    /// Responses over another HTTP version than expected.
    private let badVersion = Atomic<Int>(0)
    /// Requests that got no response at all.
    private let transportErrors = Atomic<Int>(0)
    /// New connections the responses report having opened.
    private let connections = Atomic<Int>(0)
    /// The first response's body size (the reference), or -1 before it.
    private let referenceBytes = Atomic<Int>(-1)
    /// Signalled when the last request completes.
    private let finished = DispatchSemaphore(value: 0)
    /// Set when the last request completes (for the run-loop wait).
    private let done = Atomic<Bool>(false)
    /// The resident set (KB) when the 10,000th request completed, or -1 before.
    private let residentAt10k = Atomic<Int>(-1)
    /// Iterations of busy work per completion (`FBBENCH_INJECT_INSTRUCTIONS`, 0 when unset): a
    /// slowdown of the benchmark's clients only, never of the library, to see
    /// `scripts/instructions-guard` fail.
    private let injectedWork = Int(ProcessInfo.processInfo.environment["FBBENCH_INJECT_INSTRUCTIONS"] ?? "") ?? 0
    /// Where the injected work's result goes, so the optimizer keeps the loop.
    private let injectedSink = Atomic<UInt64>(0)
    /// Every request's latency, when ``LoadSettings/recordsLatency`` is set.
    private let latency: RequestLatency?

    /// A loop over `settings` whose requests `send` starts; `expectedVersion` (`1.1`, `2`) is
    /// checked on every response when given; `countsConnections` says whether the client reports
    /// the connections each response opened.
    init(settings: LoadSettings, expectedVersion: String?, countsConnections: Bool, send: @escaping Send) {
        self.settings = settings
        self.expectedVersion = expectedVersion
        self.countsConnections = countsConnections
        self.send = send
        latency = settings.recordsLatency ? RequestLatency(requests: settings.requests) : nil
    }

    /// Runs the loop until every request completed or the time limit passed, prints the RESULT
    /// line and returns the exit status: 0 when every request succeeded.
    ///
    /// With `drivingMainRunLoop` the calling (main) thread runs `RunLoop.main` meanwhile, as an app
    /// does: clients whose callbacks arrive on the main queue need it.
    func run(impl: String, mode: String, drivingMainRunLoop: Bool = false) -> Int32 {
        let before = ResourceUsage.current()
        let clock = ContinuousClock()
        let start = clock.now
        for _ in 0..<min(settings.concurrency, settings.requests) { startNext() }
        let timedOut: Bool
        if drivingMainRunLoop {
            // As an app's main loop runs (`RunLoop.main.run()`): no time limit per turn. Each turn
            // returns once it ran the main queue; the last callback sets `done` there, and a no-op
            // queued at the time limit ends a stalled run. (A turn with a finite limit, such as
            // `before: now + 50 ms`, makes swift-corelibs-foundation's run loop grow the resident set
            // ~150 bytes per turn that runs main-queue work, up to ~25 MB: the benchmark measured that
            // before, not the library; `Sources/fbbench/README.md`.)
            let deadline = clock.now + .seconds(settings.timeLimitSeconds)
            DispatchQueue.main.asyncAfter(deadline: .now() + .seconds(settings.timeLimitSeconds)) {}
            while !done.load(ordering: .acquiring), clock.now < deadline {
                _ = RunLoop.main.run(mode: .default, before: .distantFuture)
            }
            timedOut = !done.load(ordering: .acquiring)
        } else {
            timedOut = finished.wait(timeout: .now() + .seconds(settings.timeLimitSeconds)) == .timedOut
        }
        let wall = start.duration(to: clock.now)
        let after = ResourceUsage.current()

        let wallSeconds = Double(wall.components.seconds) + Double(wall.components.attoseconds) * 1e-18
        let cpuSeconds = after.cpuSeconds - before.cpuSeconds
        let ok = succeeded.load(ordering: .acquiring)
        let fail = failed.load(ordering: .acquiring)
        let fields: [(String, String)] = [
            ("impl", impl), ("mode", mode), ("n", "\(settings.requests)"), ("c", "\(settings.concurrency)"),
            ("ok", "\(ok)"), ("fail", "\(fail)"), ("missing", "\(settings.requests - ok - fail)"),
            ("timed_out", timedOut ? "1" : "0"), ("wall_s", String(format: "%.4f", wallSeconds)),
            ("rps", String(format: "%.0f", Double(ok) / wallSeconds)), ("cpu_s", String(format: "%.4f", cpuSeconds)),
            ("cpu_us_per_req", String(format: "%.2f", ok > 0 ? cpuSeconds * 1e6 / Double(ok) : 0)),
            ("maxrss_kb", "\(after.maxResidentKilobytes)"),
            ("rss_10k_kb", "\(residentAt10k.load(ordering: .relaxed))"),
            ("rss_end_kb", "\(ResourceUsage.currentResidentKilobytes())"),
            ("conns", countsConnections ? "\(connections.load(ordering: .relaxed))" : "-1"),
            ("body_bytes", "\(referenceBytes.load(ordering: .relaxed))"),
            ("bad_status", "\(badStatus.load(ordering: .relaxed))"),
            ("bad_size", "\(badSize.load(ordering: .relaxed))"),
            ("bad_version", "\(badVersion.load(ordering: .relaxed))"),
            ("transport_errors", "\(transportErrors.load(ordering: .relaxed))"),
        ]
        print("RESULT " + fields.map { "\($0.0)=\($0.1)" }.joined(separator: " "))
        if let latency { print(latency.line()) }
        return ok == settings.requests ? 0 : 1
    }

    /// Reports a response to the request `send` stamped `startedAt`; checks status 200, the
    /// reference body size and the HTTP version.
    func complete(status: Int, bodyBytes: Int, httpVersion: String?, newConnections: Int, startedAt: UInt64) {
        if let latency { latency.record(startedAt: startedAt) }
        var good = true
        if status != 200 {
            badStatus.wrappingAdd(1, ordering: .relaxed)
            good = false
        }
        let (exchanged, reference) = referenceBytes.compareExchange(
            expected: -1, desired: bodyBytes, ordering: .relaxed)
        if !exchanged, reference != bodyBytes {
            badSize.wrappingAdd(1, ordering: .relaxed)
            good = false
        }
        if let expectedVersion, let httpVersion, httpVersion != expectedVersion {
            badVersion.wrappingAdd(1, ordering: .relaxed)
            good = false
        }
        if newConnections != 0 { connections.wrappingAdd(newConnections, ordering: .relaxed) }
        if good {
            succeeded.wrappingAdd(1, ordering: .relaxed)
        } else {
            failed.wrappingAdd(1, ordering: .relaxed)
        }
        finishOne()
    }

    /// Reports a request that got no response (stamped `startedAt`); the first three messages go
    /// to standard error.
    func fail(_ message: String, startedAt: UInt64) {
        if let latency { latency.record(startedAt: startedAt) }
        if transportErrors.wrappingAdd(1, ordering: .relaxed).newValue <= 3 {
            FileHandle.standardError.write(Data("error: \(message)\n".utf8))
        }
        failed.wrappingAdd(1, ordering: .relaxed)
        finishOne()
    }

    /// Counts one completion: signals the end after the last, else starts the next request.
    private func finishOne() {
        if injectedWork > 0 { burn(injectedWork) }
        let count = completed.wrappingAdd(1, ordering: .acquiringAndReleasing).newValue
        if count == 10_000 { residentAt10k.store(ResourceUsage.currentResidentKilobytes(), ordering: .relaxed) }
        if let every = settings.residentTraceInterval, count % every == 0 {
            FileHandle.standardError.write(Data("RSS n=\(count) kb=\(ResourceUsage.currentResidentKilobytes())\n".utf8))
        }
        if count == settings.requests {
            done.store(true, ordering: .releasing)
            finished.signal()
        } else {
            startNext()
        }
    }

    /// `iterations` rounds of a multiply and an xor-shift (~5 instructions each, which the optimizer
    /// cannot fold into fewer: a plain linear congruential step it did), kept.
    @inline(never)
    private func burn(_ iterations: Int) {
        var state = UInt64(truncatingIfNeeded: iterations)
        for _ in 0..<iterations {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            state ^= state >> 29
        }
        injectedSink.store(state, ordering: .relaxed)
    }

    /// Starts a request unless all have been started.
    private func startNext() {
        if started.wrappingAdd(1, ordering: .relaxed).oldValue < settings.requests {
            send(self, latency == nil ? 0 : RequestLatency.now())
        }
    }
}

/// The process's CPU time and peak resident set, from `getrusage(RUSAGE_SELF)`.
struct ResourceUsage {
    /// User plus system CPU time of every thread so far, in seconds.
    let cpuSeconds: Double
    /// The peak resident set size so far, in kilobytes (`ru_maxrss`).
    let maxResidentKilobytes: Int

    /// The resident set now, in kilobytes (`/proc/self/statm`), or -1 when it cannot be read.
    static func currentResidentKilobytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return -1 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return -1 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
    }

    /// A snapshot taken now.
    static func current() -> ResourceUsage {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return ResourceUsage(
            cpuSeconds: seconds(usage.ru_utime) + seconds(usage.ru_stime),
            maxResidentKilobytes: usage.ru_maxrss
        )
    }
}
