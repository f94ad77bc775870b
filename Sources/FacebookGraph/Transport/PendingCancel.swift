import Foundation

/// A cancel that may come before or after the thing it cancels exists: the package's one
/// "cancel before the handle exists" rule. A ``cancel()`` before ``store(_:)`` is remembered and
/// applied the moment the handle arrives; one after it is applied at once. Thread-safe.
///
/// Used for a transfer's ``TransferHandle`` (`HTTPTransport.send`, the legacy `FBURLConnection`)
/// and a legacy request started by an `async` overload, each through
/// ``withCancellableContinuation(start:cancel:)`` or directly. `GraphClient.send` needs none: its
/// ``GraphTask`` exists before the call starts and keeps an early cancel itself.
package final class PendingCancel<Handle>: @unchecked Sendable {
    /// Whether ``cancel()`` has been called, behind the lock that also guards `handle`: a concrete
    /// `LockedValue<Bool>`, so the legacy layer's unspecialized uses instantiate no generic state type.
    private let cancelled = LockedValue(false)
    /// Read and written only inside `cancelled.withLock`.
    private var handle: Handle?
    private let cancelHandle: @Sendable (Handle) -> Void

    /// A box whose cancel runs `cancelHandle` on the stored handle (once, whichever comes last of
    /// ``store(_:)`` and ``cancel()``).
    package init(cancelling cancelHandle: @escaping @Sendable (Handle) -> Void) {
        self.cancelHandle = cancelHandle
    }

    /// True once ``cancel()`` has been called.
    package var isCancelled: Bool {
        cancelled.withLock { $0 }
    }

    /// Keeps `handle`, cancelling it at once if ``cancel()`` came first.
    package func store(_ handle: Handle) {
        let cancelNow = cancelled.withLock { cancelled -> Bool in
            self.handle = handle
            return cancelled
        }
        if cancelNow { cancelHandle(handle) }
    }

    /// Cancels the stored handle, or the one yet to be stored. Returns true the first time only;
    /// later calls do nothing.
    @discardableResult
    package func cancel() -> Bool {
        let (first, current) = cancelled.withLock { cancelled -> (Bool, Handle?) in
            defer { cancelled = true }
            return (!cancelled, handle)
        }
        if first, let current { cancelHandle(current) }
        return first
    }
}

extension PendingCancel where Handle == TransferHandle {
    /// A box for one transfer's handle.
    package convenience init() {
        self.init { $0.cancel() }
    }
}

/// Starts a callback-style operation with `start` and suspends until it calls its completion;
/// cancelling the task runs `cancel` on the handle `start` returned — also when the task is
/// cancelled before `start` has returned it (``PendingCancel``). The operation must complete once,
/// also when cancelled (with its own cancellation outcome): that is what ends the wait.
///
/// The package's one adapter from a completion to `async`; the calls whose completion takes a
/// `Result` go through ``withCancellableResult(_:)``.
package func withCancellableContinuation<Value: Sendable, Handle>(
    start: (@escaping @Sendable (Value) -> Void) -> Handle,
    cancel: @escaping @Sendable (Handle) -> Void
) async -> Value {
    let pending = PendingCancel<Handle>(cancelling: cancel)
    return await withTaskCancellationHandler {
        await withCheckedContinuation { continuation in
            pending.store(start { continuation.resume(returning: $0) })
        }
    } onCancel: {
        pending.cancel()
    }
}

/// A started operation that stops itself: a ``TransferHandle``, a ``GraphTask``, a legacy request.
package protocol SelfCancelling: Sendable {
    /// Stops the operation; it still completes once, with its own cancellation outcome.
    func cancel()
}

extension TransferHandle: SelfCancelling {}
extension GraphTask: SelfCancelling {}

/// ``withCancellableContinuation(start:cancel:)`` for an operation that completes with a `Result`
/// and returns a handle that cancels it: the success, or the failure thrown (`HTTPTransport.send`,
/// `GraphClient.send`, the legacy `async` overloads).
package func withCancellableResult<Success: Sendable, Failure: Error, Handle: SelfCancelling>(
    _ start: (@escaping @Sendable (Result<Success, Failure>) -> Void) -> Handle
) async throws(Failure) -> Success {
    try await withCancellableContinuation(start: start) { $0.cancel() }.get()
}
