import FacebookGraph

/// Detects the main-queue trap: legacy callbacks sent to a main queue that nothing runs.
///
/// Every legacy callback is sent through ``deliver(on:_:)``. For a queue other than the main queue it
/// is a plain `async`. For the main queue, it also arms a check on a global queue: when the callback
/// has still not run after ``threshold`` (5 s), the process is almost certainly a server, a tool or a
/// test without a main run loop, and the watchdog says so — once per process — on standard error,
/// with the fix (`Facebook.defaultCallbackQueue`). The callback stays queued: a program that starts
/// its main loop later still gets it.
///
/// The cost on the main-queue path is one flag and one timer per callback; once the warning has been
/// printed, none.
final class MainQueueWatchdog: @unchecked Sendable {
    /// The watchdog every legacy callback goes through.
    static let shared = MainQueueWatchdog(threshold: .seconds(5)) { LegacyLog.log($0) }

    /// How long a main-queue callback may wait before the warning.
    let threshold: DispatchTimeInterval
    private let report: @Sendable (String) -> Void
    private let warned = LockedValue(false)
    /// Tests only: called after each check with whether the callback had run.
    var checked: (@Sendable (_ callbackRan: Bool) -> Void)?

    /// A watchdog that waits `threshold` and reports through `report`.
    init(threshold: DispatchTimeInterval, report: @escaping @Sendable (String) -> Void) {
        self.threshold = threshold
        self.report = report
    }

    /// The label libdispatch gives the main queue (`DispatchQueue.main` is a new wrapper on each
    /// access, so identity cannot tell it).
    private static let mainLabel = DispatchQueue.main.label

    /// True once the warning has been printed.
    var hasWarned: Bool { warned.withLock { $0 } }

    /// Runs `work` asynchronously on `queue`; watches it when `queue` is the main queue.
    func deliver(on queue: DispatchQueue, _ work: @escaping () -> Void) {
        let work = UncheckedWork(work)
        guard queue.label == Self.mainLabel, !hasWarned else {
            queue.async { work.body() }
            return
        }
        let ran = LockedValue(false)
        queue.async {
            ran.withLock { $0 = true }
            work.body()
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + threshold) { [self] in
            let callbackRan = ran.withLock { $0 }
            if !callbackRan { warnOnce() }
            checked?(callbackRan)
        }
    }

    private func warnOnce() {
        let first = warned.withLock { warned in
            defer { warned = true }
            return !warned
        }
        guard first else { return }
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
