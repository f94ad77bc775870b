import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Polls `condition` every 5 ms until it holds or `seconds` pass; returns whether it held. Every
/// wait in the tests is bounded by this or by a semaphore timeout.
package func eventually(seconds: Double = 10, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        usleep(5_000)
    }
    return condition()
}
