import Foundation

/// A value behind a lock: `withLock` gives exclusive, `inout` access.
///
/// Built on `NSLock` (a pthread mutex) rather than `Synchronization.Mutex`, whose Linux
/// implementation uses futexes directly: ThreadSanitizer cannot see those, so every access across a
/// held `Mutex` was reported as a race — in this package's runs and in its users'.
package final class LockedValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// A lock around `value`.
    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
