import FacebookGraph
import Foundation

/// A barrier for server routes: each request waits on the server's connection thread until a whole
/// party has arrived, then all of the party answer.
///
/// For tests that need requests truly in flight together: a route that answers after a fixed delay
/// does not prove it, since under a sanitizer or load the client may add the later requests after
/// the earlier ones have been answered (and have freed their connections for reuse). Arrival `n`
/// (counting from 1) waits until `partySize × ⌈n / partySize⌉` requests have arrived, so waves of
/// `partySize` requests each meet in turn. Each wait is bounded (60 s times the timeout scale), so a
/// failing test cannot hold the server's threads for ever.
package final class ArrivalBarrier: Sendable {
    private let partySize: Int
    private let condition = MonotonicCondition()
    nonisolated(unsafe) private var arrivals = 0

    /// A barrier whose parties have `partySize` requests each.
    package init(partySize: Int) {
        precondition(partySize > 0)
        self.partySize = partySize
    }

    /// Records an arrival and waits until its party is complete; false if the wait timed out.
    package func arrive() -> Bool {
        let deadline = MonotonicCondition.Deadline(after: .seconds(60).scaledForTests)
        condition.lock()
        defer { condition.unlock() }
        arrivals += 1
        let target = (arrivals + partySize - 1) / partySize * partySize
        condition.broadcast()
        while arrivals < target {
            if !condition.wait(until: deadline) { return arrivals >= target }
        }
        return true
    }

    /// How many requests have arrived so far.
    package var arrived: Int {
        condition.lock()
        defer { condition.unlock() }
        return arrivals
    }
}
