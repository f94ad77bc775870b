import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The package's one timed wait: a mutex and a condition variable whose deadlines are on the
/// monotonic clock, so a step of the wall clock (NTP, a VM resumed, an administrator) neither ends
/// a wait early nor stretches it.
///
/// `DispatchSemaphore.wait(timeout:)` is not that on Linux: libdispatch turns the monotonic
/// `DispatchTime` into a wall-clock instant and calls `sem_timedwait`, and `NSCondition.wait(until:)`
/// takes a `Date`. In this package's CI a 200 ms bounded wait built on the semaphore ended before
/// 200 ms had passed on the monotonic clock. The same three operations as `NSCondition` (`lock`,
/// `unlock`, `broadcast`, `wait(until:)`), so a guarded-state loop reads the same.
package final class MonotonicCondition: @unchecked Sendable {
    /// An instant on the clock the waits use (`CLOCK_MONOTONIC`).
    package struct Deadline: Sendable, Comparable {
        /// Seconds and nanoseconds of `CLOCK_MONOTONIC`.
        fileprivate let time: timespec

        /// `duration` from now, clamped: a negative duration is now, one beyond about a century
        /// is a century (never an overflow).
        package init(after duration: Duration) {
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            let century: Int64 = 100 * 365 * 86_400
            let (seconds, attoseconds) = duration.components
            let wholeSeconds: Int64
            let nanoseconds: Int64
            if seconds < 0 || (seconds == 0 && attoseconds < 0) {
                (wholeSeconds, nanoseconds) = (0, 0)
            } else if seconds >= century {
                (wholeSeconds, nanoseconds) = (century, 0)
            } else {
                (wholeSeconds, nanoseconds) = (seconds, attoseconds / 1_000_000_000)
            }
            var total = Int64(now.tv_nsec) + nanoseconds
            var whole = Int64(now.tv_sec) + wholeSeconds + total / 1_000_000_000
            total %= 1_000_000_000
            if total < 0 {
                total += 1_000_000_000
                whole -= 1
            }
            time = timespec(tv_sec: .init(whole), tv_nsec: .init(total))
        }

        /// The time from now until this deadline (zero once it has passed).
        package var remaining: Duration {
            let now = Deadline(after: .zero)
            guard now < self else { return .zero }
            return .seconds(Int64(time.tv_sec) - Int64(now.time.tv_sec))
                + .nanoseconds(Int64(time.tv_nsec) - Int64(now.time.tv_nsec))
        }

        /// Whether the deadline has passed.
        package var hasPassed: Bool { !(Deadline(after: .zero) < self) }

        package static func < (lhs: Deadline, rhs: Deadline) -> Bool {
            (Int64(lhs.time.tv_sec), Int64(lhs.time.tv_nsec)) < (Int64(rhs.time.tv_sec), Int64(rhs.time.tv_nsec))
        }

        package static func == (lhs: Deadline, rhs: Deadline) -> Bool {
            lhs.time.tv_sec == rhs.time.tv_sec && lhs.time.tv_nsec == rhs.time.tv_nsec
        }
    }

    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    /// An unlocked condition.
    package init() {
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        precondition(pthread_mutex_init(mutex, nil) == 0, "pthread_mutex_init failed")
        var attributes = pthread_condattr_t()
        precondition(pthread_condattr_init(&attributes) == 0, "pthread_condattr_init failed")
        defer { pthread_condattr_destroy(&attributes) }
        #if !canImport(Darwin)
            let clockSet = pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
            precondition(clockSet == 0, "pthread_condattr_setclock failed")
        #endif
        precondition(pthread_cond_init(condition, &attributes) == 0, "pthread_cond_init failed")
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deinitialize(count: 1)
        condition.deallocate()
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Takes the lock.
    package func lock() {
        pthread_mutex_lock(mutex)
    }

    /// Releases the lock.
    package func unlock() {
        pthread_mutex_unlock(mutex)
    }

    /// Runs `body` holding the lock.
    package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }

    /// Wakes every waiter (call holding the lock, after changing the state they wait on).
    package func broadcast() {
        pthread_cond_broadcast(condition)
    }

    /// Waits, holding the lock, until woken or `deadline`: `false` only once the deadline has passed
    /// on the monotonic clock; `true` when woken (possibly spuriously: re-check the state).
    package func wait(until deadline: Deadline) -> Bool {
        #if canImport(Darwin)
            var relative = timespec()
            let remaining = deadline.remaining.components
            relative.tv_sec = .init(remaining.seconds)
            relative.tv_nsec = .init(remaining.attoseconds / 1_000_000_000)
            guard remaining.seconds > 0 || remaining.attoseconds > 0 else { return false }
            return pthread_cond_timedwait_relative_np(condition, mutex, &relative) != ETIMEDOUT
        #else
            var absolute = deadline.time
            return pthread_cond_timedwait(condition, mutex, &absolute) != ETIMEDOUT
        #endif
    }

    /// Waits, holding the lock, until woken (possibly spuriously: re-check the state).
    package func wait() {
        pthread_cond_wait(condition, mutex)
    }
}
