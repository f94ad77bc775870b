import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value behind a lock: `withLock` gives exclusive, `inout` access.
///
/// Built on a plain `pthread_mutex_t` rather than `Synchronization.Mutex`, whose Linux
/// implementation uses futexes directly: ThreadSanitizer cannot see those, so every access across a
/// held `Mutex` was reported as a race — in this package's runs and in its users'. Not `NSLock`
/// either: on Linux each `NSLock` is an object plus a separately allocated mutex and condition
/// variable (for `lock(before:)`, which nothing here uses), and the request path makes several
/// `LockedValue`s per call; here the mutex lives in one allocation beside the value.
package final class LockedValue<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    /// A lock around `value`.
    package init(_ value: Value) {
        self.value = value
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        // A default (non-recursive) mutex: `withLock` never nests on one value.
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
