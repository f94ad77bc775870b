import CCurl
import Synchronization

// Fault injection: a test makes the engine loop's multi-handle calls fail as a multi handle out of
// memory would, to reach the path that ends every running transfer (`CurlEngineTests`).
extension CurlEngine {
    /// Which call of the engine loop a test makes fail (``injectMultiFailures(_:count:)``).
    package enum MultiCall: Sendable {
        /// `curl_multi_perform`.
        case perform
        /// `curl_multi_poll`.
        case poll
    }

    /// Test seam: the next `count` calls of `call` in the engine loop return `CURLM_OUT_OF_MEMORY`
    /// instead of running, as a multi handle out of memory would. Every running transfer then fails
    /// with that error, and the engine carries on.
    package func injectMultiFailures(_ call: MultiCall, count: Int) {
        faults.inject(call, code: CURLM_OUT_OF_MEMORY, count: count)
        wakeIfNeeded()
    }

    /// How many injected failures have not happened yet.
    package var pendingInjectedFailures: Int { faults.pending }
}

/// The failures a test injected into one engine's loop; nil in normal use, checked with one
/// lock-free load per loop round.
final class CurlMultiFaults: Sendable {
    /// A failure the loop reports instead of calling libcurl: which call, the code, how many more.
    private struct InjectedFailure {
        var call: CurlEngine.MultiCall
        var code: CURLMcode
        var remaining: Int
    }

    private let injected = LockedValue<InjectedFailure?>(nil)
    private let hasInjected = Atomic<Bool>(false)

    /// Makes the next `count` calls of `call` report `code`.
    func inject(_ call: CurlEngine.MultiCall, code: CURLMcode, count: Int) {
        injected.withLock { $0 = InjectedFailure(call: call, code: code, remaining: count) }
        hasInjected.store(count > 0, ordering: .releasing)
    }

    /// How many injected failures have not happened yet.
    var pending: Int { injected.withLock { $0?.remaining ?? 0 } }

    /// The injected result of `call`, if one is pending (engine thread).
    func next(_ call: CurlEngine.MultiCall) -> CURLMcode? {
        guard hasInjected.load(ordering: .acquiring) else { return nil }
        return injected.withLock { pending -> CURLMcode? in
            guard var failure = pending, failure.call == call else { return nil }
            failure.remaining -= 1
            pending = failure.remaining > 0 ? failure : nil
            if pending == nil { hasInjected.store(false, ordering: .releasing) }
            return failure.code
        }
    }
}
