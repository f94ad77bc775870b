import FacebookGraphTestTraits
import Foundation
import Testing

@testable import FacebookGraph

/// The package's one timed wait (`MonotonicCondition`): deadlines on the monotonic clock, clamped,
/// and a wait that ends at its deadline or when woken.
///
/// What it exists for — a wall-clock step does not end a wait — needs the system clock changed, which
/// no test may do; it was measured by hand (a 5 s forward step ended a 2 s `DispatchSemaphore` wait
/// after 0.30 s and left this wait at 2.00 s; see `MonotonicCondition.swift`).
@Suite("Monotonic timed wait", .onOwnThread)
struct MonotonicConditionTests {
    @Test("a deadline from an enormous or negative duration is clamped, never an overflow")
    func clampedDeadline() {
        #expect(MonotonicCondition.Deadline(after: .seconds(-5)).hasPassed)
        #expect(MonotonicCondition.Deadline(after: .seconds(-5)).remaining == .zero)
        #expect(MonotonicCondition.Deadline(after: .zero).hasPassed)
        let enormous = MonotonicCondition.Deadline(after: .seconds(Int64.max))
        #expect(!enormous.hasPassed)
        #expect(enormous.remaining > .seconds(99 * 365 * 86_400))
        #expect(MonotonicCondition.Deadline(after: .seconds(1)) < enormous)
        let soon = MonotonicCondition.Deadline(after: .milliseconds(1500))
        #expect(soon.remaining > .seconds(1) && soon.remaining <= .milliseconds(1500))
        let fraction = MonotonicCondition.Deadline(after: .nanoseconds(999_999_999))
        #expect(fraction.remaining <= .nanoseconds(999_999_999))
    }

    @Test("a wait nobody ends returns false only once its deadline has passed, on the clock tests read")
    func waitEndsAtTheDeadline() {
        let condition = MonotonicCondition()
        let started = ContinuousClock.now
        let deadline = MonotonicCondition.Deadline(after: .milliseconds(200))
        var wakes = 0
        condition.withLock {
            while condition.wait(until: deadline) { wakes += 1 }
        }
        let elapsed = ContinuousClock.now - started
        #expect(elapsed >= .milliseconds(200), "ended after \(elapsed)")
        #expect(deadline.hasPassed)
        #expect(wakes < 100, "woken \(wakes) times with nobody broadcasting")
    }

    /// State guarded by a test's condition.
    final class Shared: @unchecked Sendable {
        let condition = MonotonicCondition()
        var waiting = 0
        var released = false
        var woken = 0
    }

    @Test("a broadcast ends the wait of every waiter long before its deadline")
    func broadcastWakesWaiters() {
        let shared = Shared()
        let waiters = 3
        let started = ContinuousClock.now
        for _ in 0..<waiters {
            Thread.detachNewThread {
                let deadline = MonotonicCondition.Deadline(after: .seconds(60))
                shared.condition.withLock {
                    shared.waiting += 1
                    shared.condition.broadcast()
                    while !shared.released, shared.condition.wait(until: deadline) {}
                    if shared.released { shared.woken += 1 }
                    shared.condition.broadcast()
                }
            }
        }
        let bound = MonotonicCondition.Deadline(after: .seconds(30))
        shared.condition.withLock {
            // Every waiter is inside its wait once it has counted itself and released the lock.
            while shared.waiting < waiters, shared.condition.wait(until: bound) {}
            #expect(shared.waiting == waiters)
            shared.released = true
            shared.condition.broadcast()
            while shared.woken < waiters, shared.condition.wait(until: bound) {}
        }
        #expect(shared.condition.withLock { shared.woken } == waiters)
        #expect(ContinuousClock.now - started < .seconds(30), "the waiters waited out their deadline")
    }
}
