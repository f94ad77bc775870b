import Dispatch

/// The package's one bounded blocking wait: starts a callback-style operation and blocks the
/// calling thread until its completion or `timeout`. At the bound the operation is cancelled and
/// the wait goes on at most ``cancelGrace`` for the completion the cancel brings, so no wait is
/// unbounded and (normally) nothing is still running when it returns.
///
/// For synchronous callers only (the CLI's commands, `HTTPTransport.sendAndWait`, the REST bridge's
/// `sendAndWait`): never call it on the thread or queue that runs the completion.
package enum BlockingWait {
    /// How a wait ended.
    package enum Outcome<Value> {
        /// The operation completed within the bound with `Value`.
        case completed(Value)
        /// The bound passed first; the operation was cancelled (what its cancel brought is dropped).
        case timedOut
    }

    /// How long a wait goes on after cancelling at its bound, for the completion the cancel brings.
    package static let cancelGrace: Duration = .seconds(10)

    /// Runs `start`, blocks until the completion it was handed is called or `timeout` passes; then
    /// runs `cancel` on the handle `start` returned and waits at most ``cancelGrace`` more.
    package static func run<Value: Sendable, Handle>(
        timeout: Duration,
        start: (@escaping @Sendable (Value) -> Void) -> Handle,
        cancel: (Handle) -> Void
    ) -> Outcome<Value> {
        let done = DispatchSemaphore(value: 0)
        let result = LockedValue<(finished: Bool, value: Value?)>((false, nil))
        let handle = start { value in
            let first = result.withLock { state -> Bool in
                guard !state.finished else { return false }
                state = (true, value)
                return true
            }
            if first { done.signal() }
        }
        if done.wait(timeout: deadline(after: timeout)) == .success, let value = result.withLock({ $0.value }) {
            return .completed(value)
        }
        cancel(handle)
        _ = done.wait(timeout: deadline(after: cancelGrace))
        return .timedOut
    }

    /// Blocks until `body` (run on the cooperative pool) returns or `timeout` passes; at the bound
    /// its task is cancelled and the wait goes on at most ``cancelGrace`` for it to end.
    package static func run<Value: Sendable>(
        timeout: Duration,
        _ body: @escaping @Sendable () async -> Value
    ) -> Outcome<Value> {
        run(timeout: timeout) { finish in
            Task { finish(await body()) }
        } cancel: { task in
            task.cancel()
        }
    }

    /// The dispatch time `duration` from now, clamped: a negative duration is now, an enormous one
    /// is `distantFuture` rather than an overflow.
    package static func deadline(after duration: Duration) -> DispatchTime {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0 else { return .now() }
        let (nanoseconds, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow, nanoseconds < Int64.max / 4 else { return .distantFuture }
        return .now() + .nanoseconds(Int(nanoseconds + attoseconds / 1_000_000_000))
    }
}
