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
        // The wait is a monotonic one (`MonotonicCondition`): a dispatch semaphore's timeout is a
        // wall-clock instant on Linux, and a step of the wall clock ended a 200 ms bound early.
        let done = Completion<Value>()
        let handle = start { value in
            done.condition.withLock {
                guard done.value == nil else { return }
                done.value = value
                done.condition.broadcast()
            }
        }
        let bound = MonotonicCondition.Deadline(after: timeout)
        let completed: Value? = done.condition.withLock {
            while done.value == nil, done.condition.wait(until: bound) {}
            return done.value
        }
        if let completed { return .completed(completed) }
        cancel(handle)
        let grace = MonotonicCondition.Deadline(after: cancelGrace)
        done.condition.withLock {
            while done.value == nil, done.condition.wait(until: grace) {}
        }
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

    /// The first completion of a ``run(timeout:start:cancel:)``, guarded by its condition.
    private final class Completion<Value>: @unchecked Sendable {
        let condition = MonotonicCondition()
        /// Guarded by `condition`; set once.
        var value: Value?
    }
}
