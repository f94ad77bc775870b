import FacebookGraph
import Synchronization

/// Detects the main-queue trap: legacy callbacks sent to a main queue that nothing runs.
///
/// Every legacy callback is sent through ``deliver(on:_:)``. For a queue other than the main queue it
/// is a plain `async`. For the main queue, it is also counted, and one check at a time is armed on a
/// global queue: a check armed when `n` main-queue callbacks had been sent looks, ``threshold`` (5 s)
/// later, whether `n` have run (the main queue is serial and runs them in order). When one has
/// still not run, it has waited at least ``threshold`` (at most twice that), the process is almost
/// certainly a server, a tool or a test without a main run loop, and the watchdog says so — once
/// per process — on standard error, with the fix (`Facebook.defaultCallbackQueue`). The callback
/// stays queued: a program that starts its main loop later still gets it. While callbacks keep
/// coming, the check re-arms itself for the ones sent since.
///
/// The cost on the main-queue path is two counters and a flag per callback — no timer per callback;
/// once the warning has been printed, none.
final class MainQueueWatchdog: @unchecked Sendable {
    /// The watchdog every legacy callback goes through.
    static let shared = MainQueueWatchdog(threshold: .seconds(5)) { LegacyLog.log($0) }

    /// How long a main-queue callback may wait before the warning.
    let threshold: DispatchTimeInterval
    private let report: @Sendable (String) -> Void
    private let warned = Atomic<Bool>(false)
    /// Tests only: called after each check once for every callback the check covered, with whether
    /// that callback had run.
    var checked: (@Sendable (_ callbackRan: Bool) -> Void)?

    /// Main-queue callbacks sent through the watchdog, and those of them that have started to run.
    private let sent = Atomic<Int>(0)
    private let ran = Atomic<Int>(0)
    /// True while a check is armed.
    private let armed = Atomic<Bool>(false)
    /// How many callbacks had been sent when the armed check was armed: it covers those.
    private let covered = Atomic<Int>(0)
    /// The callbacks the previous checks covered (only the armed check's timer touches it).
    private var checkedBefore = 0

    /// A watchdog that waits `threshold` and reports through `report`.
    init(threshold: DispatchTimeInterval, report: @escaping @Sendable (String) -> Void) {
        self.threshold = threshold
        self.report = report
    }

    /// The label libdispatch gives the main queue (`DispatchQueue.main` is a new wrapper on each
    /// access, so identity cannot tell it).
    private static let mainLabel = DispatchQueue.main.label

    /// True once the warning has been printed.
    var hasWarned: Bool { warned.load(ordering: .acquiring) }

    /// Runs `work` asynchronously on `queue`; watches it when `queue` is the main queue.
    func deliver(on queue: DispatchQueue, _ work: @escaping () -> Void) {
        let work = UncheckedWork(work)
        guard queue.label == Self.mainLabel, !hasWarned else {
            queue.async { work.body() }
            return
        }
        // Counted before it is queued, so `ran` never passes `sent`.
        sent.wrappingAdd(1, ordering: .acquiringAndReleasing)
        queue.async { [self] in
            ran.wrappingAdd(1, ordering: .acquiringAndReleasing)
            work.body()
        }
        armIfIdle()
    }

    /// Arms a check covering every callback sent so far, unless one is armed.
    private func armIfIdle() {
        guard armed.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
        else { return }
        covered.store(sent.load(ordering: .acquiring), ordering: .releasing)
        DispatchQueue.global().asyncAfter(deadline: .now() + threshold) { [self] in check() }
    }

    /// The armed check: warns when a covered callback has not run, then re-arms for the callbacks
    /// sent since (if any).
    private func check() {
        let coveredCount = covered.load(ordering: .acquiring)
        let ranCount = ran.load(ordering: .acquiring)
        if ranCount < coveredCount { warnOnce() }
        if let checked {
            for index in checkedBefore..<max(checkedBefore, coveredCount) { checked(index < ranCount) }
        }
        checkedBefore = max(checkedBefore, coveredCount)
        armed.store(false, ordering: .releasing)
        // A callback sent while this check ran saw it armed and did not arm one: arm it now.
        if sent.load(ordering: .acquiring) > coveredCount { armIfIdle() }
    }
    private func warnOnce() {
        guard !warned.exchange(true, ordering: .acquiringAndReleasing) else { return }
        report(Self.message(threshold: threshold))
    }

    /// The warning: what happened, why, and the one-line fix.
    static func message(threshold: DispatchTimeInterval) -> String {
        let seconds: String
        switch threshold {
        case .seconds(let value): seconds = "\(value) s"
        case .milliseconds(let value): seconds = "\(value) ms"
        default: seconds = "a while"
        }
        return """
            a callback (FBRequestDelegate, block or session delegate) has waited \(seconds) on the main \
            queue, and nothing runs the main queue in this process (no RunLoop.main.run(), \
            dispatchMain() or app main loop), so it will not arrive. On a server, in a tool or in a test, \
            set once at startup: Facebook.defaultCallbackQueue = DispatchQueue(label: "facebook-callbacks") \
            (or set facebook.callbackQueue). This warning is printed once.
            """
    }
}

/// A callback crossing to the queue that runs it; legacy callbacks are not `Sendable`, and the
/// legacy threading rule (one callback queue per object) is what makes the hop safe.
private struct UncheckedWork: @unchecked Sendable {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
}
