import FacebookGraph
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// How many times longer than usual the tests' bounded waits and transfer timeouts may be: 1, or
/// `FACEBOOKSDKSHIM_TIMEOUT_SCALE` (`scripts/sanitizers` sets it: ThreadSanitizer and
/// AddressSanitizer run the code several times slower, and a bound that holds in a normal run would
/// fail there for time alone). Bounds stay bounds; only their size changes.
package let testTimeoutScale: Double = {
    guard let text = ProcessInfo.processInfo.environment["FACEBOOKSDKSHIM_TIMEOUT_SCALE"], let scale = Double(text),
        scale >= 1, scale <= 100
    else { return 1 }
    return scale
}()

extension Duration {
    /// This duration times ``testTimeoutScale``.
    package var scaledForTests: Duration { self * testTimeoutScale }
}

/// Waits on a dispatch wait (a semaphore's or a group's) for at most `seconds` times
/// ``testTimeoutScale`` on the monotonic clock; returns whether it succeeded.
///
/// Not `wait(timeout:)` alone: on Linux libdispatch turns the deadline into a wall-clock instant
/// (`sem_timedwait`), so a step of the wall clock ends the wait early (`MonotonicCondition`). Here each
/// slice of at most 100 ms may end early; the bound is read on `ContinuousClock`.
private func monotonicWait(seconds: Double, _ wait: (DispatchTime) -> DispatchTimeoutResult) -> Bool {
    let clock = ContinuousClock()
    let end = clock.now + .seconds(seconds * testTimeoutScale)
    while true {
        let remaining = end - clock.now
        let slice = min(max(remaining, .zero), .milliseconds(100))
        let (whole, fraction) = slice.components
        let nanoseconds = Int(whole) * 1_000_000_000 + Int(fraction / 1_000_000_000)
        if wait(.now() + .nanoseconds(nanoseconds)) == .success { return true }
        if remaining <= .zero { return false }
    }
}

extension DispatchSemaphore {
    /// Waits for a signal at most `seconds` (times ``testTimeoutScale``) on the monotonic clock;
    /// returns whether it came.
    package func wait(scaledSeconds seconds: Double) -> Bool {
        monotonicWait(seconds: seconds) { wait(timeout: $0) }
    }
}

extension DispatchGroup {
    /// Waits for the group to empty at most `seconds` (times ``testTimeoutScale``) on the monotonic
    /// clock; returns whether it did.
    package func wait(scaledSeconds seconds: Double) -> Bool {
        monotonicWait(seconds: seconds) { wait(timeout: $0) }
    }
}

/// Polls `condition` every 5 ms until it holds or `seconds` (times ``testTimeoutScale``) pass;
/// returns whether it held. Every wait in the tests is bounded by this or by a semaphore timeout.
package func eventually(seconds: Double = 10, _ condition: () -> Bool) -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(seconds * testTimeoutScale)
    while clock.now < deadline {
        if condition() { return true }
        usleep(5_000)
    }
    return condition()
}

/// A one-shot event for async tests: ``signal()`` from any thread, ``wait(seconds:)`` suspends (never
/// blocks a thread of the cooperative pool) until it is signalled or the time is up.
package final class AsyncEvent: Sendable {
    private struct State {
        var signalled = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = LockedValue(State())

    package init() {}

    /// Marks the event as happened and wakes every waiter.
    package func signal() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.signalled = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// True once signalled.
    package var isSignalled: Bool { state.withLock { $0.signalled } }

    /// Suspends until the event is signalled or `seconds` pass; returns whether it was signalled.
    ///
    /// The bound only ends a failing test: a waiter on its own thread (`.onOwnThread`) keeps real
    /// time while the work it waits for may sit behind every other suite's jobs on the cooperative
    /// pool (a full run queues hundreds; picker loads waited ~30 s there), so the default is long.
    package func wait(seconds: Double = 60) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                await withCheckedContinuation { continuation in
                    let now = self.state.withLock { state -> Bool in
                        if state.signalled { return true }
                        state.waiters.append(continuation)
                        return false
                    }
                    if now { continuation.resume() }
                }
                return true
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(seconds * testTimeoutScale))
                return false
            }
            let first = await group.next() ?? false
            // Release a waiter still parked (the timeout came first) so the group can end.
            let parked = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                defer { state.waiters = [] }
                return state.waiters
            }
            for waiter in parked { waiter.resume() }
            group.cancelAll()
            return first || isSignalled
        }
    }
}
