import Dispatch
import Foundation

/// A call in progress: cancel it, from any thread, at any time.
///
/// Its completion runs exactly once — with the outcome, or with a cancellation error when
/// ``cancel()`` comes first — whether the call is on the wire or waiting to be retried.
public final class GraphTask: Sendable {
    private struct State {
        var completion: (@Sendable (Result<GraphResponse, GraphError>) -> Void)?
        var handle: TransferHandle?
        var retryTimer: DispatchWorkItem?
        var lastError: GraphError?
        var cancelled = false
    }

    private let state: LockedValue<State>

    init(completion: @escaping @Sendable (Result<GraphResponse, GraphError>) -> Void) {
        state = LockedValue(State(completion: completion))
    }

    /// A task made before its call starts, whose completion ``attach(_:)`` gives: what `async`
    /// `send` cancels, so a cancel that comes before the call has started (the `Task` already
    /// cancelled) is kept here, in ``cancel()``'s flag, and applied by ``store(_:)`` to the first
    /// transfer. Until then it is never handed out (``isFinished`` would say true).
    init() {
        state = LockedValue(State())
    }

    /// Gives a task made by ``init()`` its completion, before its call starts. A cancel that came
    /// first stays in force.
    func attach(_ completion: @escaping @Sendable (Result<GraphResponse, GraphError>) -> Void) {
        state.withLock { $0.completion = completion }
    }

    /// True once the call has completed (or been cancelled).
    public var isFinished: Bool { state.withLock { $0.completion == nil } }

    /// Stops the call: the transfer in flight is cancelled, a pending retry is dropped. Does nothing
    /// once the call has completed.
    public func cancel() {
        let (handle, timer, lastError) = state.withLock { state -> (TransferHandle?, DispatchWorkItem?, GraphError?) in
            state.cancelled = true
            return (state.handle, state.retryTimer, state.lastError)
        }
        handle?.cancel()
        if let timer {
            timer.cancel()
            var error = GraphError(
                transport: TransportError(.cancelled, message: "cancelled while waiting to retry", url: "")
            )
            error.attempts = lastError?.attempts ?? 1
            finish(.failure(error))
        }
    }

    /// Completes the call, once; later calls do nothing. Drops the handle and the retry timer: the
    /// handle's transfer holds the completion that holds this task, a cycle that would otherwise
    /// keep every finished call (and its response) alive.
    func finish(_ result: Result<GraphResponse, GraphError>) {
        let completion = state.withLock { state -> (@Sendable (Result<GraphResponse, GraphError>) -> Void)? in
            defer {
                state.completion = nil
                state.handle = nil
                state.retryTimer = nil
            }
            return state.completion
        }
        completion?(result)
    }

    /// Keeps the handle of the attempt in flight, cancelling it at once if the task was cancelled.
    /// A call that has already finished (the transfer completed before `execute` returned its
    /// handle) does not keep it, for the same cycle's sake.
    func store(_ handle: TransferHandle) {
        let cancelNow = state.withLock { state -> Bool in
            guard state.completion != nil else { return false }
            state.handle = handle
            return state.cancelled
        }
        if cancelNow { handle.cancel() }
    }

    /// Runs `next` after `delay` unless the task is cancelled first.
    func scheduleRetry(after delay: Duration, lastError: GraphError, next: @escaping @Sendable () -> Void) {
        let item = DispatchWorkItem { [weak self] in
            guard let self else { return }
            let go = self.state.withLock { state -> Bool in
                state.retryTimer = nil
                return !state.cancelled
            }
            if go { next() }
        }
        let cancelled = state.withLock { state -> Bool in
            state.retryTimer = item
            state.lastError = lastError
            return state.cancelled
        }
        if cancelled {
            finish(.failure(lastError))
            return
        }
        let nanoseconds = delay.components.seconds * 1_000_000_000 + delay.components.attoseconds / 1_000_000_000
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(clamping: nanoseconds)), execute: item)
    }
}

/// A task is a cancellable transfer to whoever holds a ``TransferHandle``: the legacy layer's
/// `FBURLConnection` cancels the client's call through one.
extension GraphTask: TransferCancelling {}
