import FacebookGraph
import Foundation

/// The requests a cassette's transports have started and not yet completed, so that
/// ``Cassette/use(_:mode:inFlightTimeout:_:)-(_,_,_,(GraphTransport)_throws_->Result)`` never saves while one is still on
/// its way (a recording that returns before its answer would otherwise record nothing).
///
/// A request counts from `execute` until its completion handler has returned. Each is named by its
/// method and redacted URL, for the error that lists the ones still in flight.
package final class InFlightRequests: @unchecked Sendable {
    private let condition = MonotonicCondition()
    private var running: [Int: String] = [:]
    private var nextID = 0
    private var waiters: [Int: CheckedContinuation<[String], Never>] = [:]

    package init() {}

    /// Notes a started request named `name`; pass the result to ``end(_:)``.
    package func begin(_ name: String) -> Int {
        condition.lock()
        defer { condition.unlock() }
        nextID += 1
        running[nextID] = name
        return nextID
    }

    /// Notes that the request `id` completed.
    package func end(_ id: Int) {
        condition.lock()
        running[id] = nil
        var woken: [CheckedContinuation<[String], Never>] = []
        if running.isEmpty {
            woken = Array(waiters.values)
            waiters = [:]
            condition.broadcast()
        }
        condition.unlock()
        for waiter in woken { waiter.resume(returning: []) }
    }

    /// The requests in flight now, in the order they started.
    package var names: [String] {
        condition.lock()
        defer { condition.unlock() }
        return running.sorted { $0.key < $1.key }.map(\.value)
    }

    /// Blocks until no request is in flight or `timeout` passes; returns the ones still in flight.
    package func waitUntilIdle(timeout: Duration) -> [String] {
        let deadline = MonotonicCondition.Deadline(after: timeout)
        condition.lock()
        while !running.isEmpty, condition.wait(until: deadline) {}
        let left = running.sorted { $0.key < $1.key }.map(\.value)
        condition.unlock()
        return left
    }

    /// Suspends (never blocking a thread) until no request is in flight or `timeout` passes; returns
    /// the ones still in flight.
    package func waitUntilIdle(timeout: Duration) async -> [String] {
        await withCheckedContinuation { continuation in
            condition.lock()
            guard !running.isEmpty else {
                condition.unlock()
                continuation.resume(returning: [])
                return
            }
            nextID += 1
            let waiter = nextID
            waiters[waiter] = continuation
            condition.unlock()
            DispatchQueue.global().asyncAfter(deadline: .now() + Self.seconds(timeout)) { [self] in
                condition.lock()
                let timedOut = waiters.removeValue(forKey: waiter)
                let left = running.sorted { $0.key < $1.key }.map(\.value)
                condition.unlock()
                timedOut?.resume(returning: left)
            }
        }
    }

    private static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
