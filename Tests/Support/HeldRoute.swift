import FacebookGraph
import FacebookGraphReplay
import Foundation

/// A route whose answer waits until the test releases it, and which says when it has answered.
///
/// For negative checks ("nothing is delivered after cancel"): a route that never answers proves
/// nothing, and one that answers after a fixed delay proves nothing under load. The test releases
/// the answer when it chooses, waits for the server-side event that it was given
/// (``releaseAndWaitUntilAnswered(seconds:)``), then for a later request on the same callback queue
/// (a barrier): whatever the held answer could cause has had its chance by then.
package final class HeldRoute: Sendable {
    private let gate = DispatchSemaphore(value: 0)
    private let arrived = LockedValue(false)
    private let answered = LockedValue(false)
    private let response: HTTPServerResponse

    /// A held route answering `response` (by default a 200 with the JSON `[]`).
    package init(
        answer response: HTTPServerResponse = .full(
            status: 200, headers: ["Content-Type": "application/json"], body: Data("[]".utf8))
    ) {
        self.response = response
    }

    /// The handler to install: it records that a request arrived, waits for ``release()`` (at most 60 s times the timeout scale, so
    /// a failed test cannot hold the server's thread for ever), records that it answered, answers.
    package var handler: LoopbackHTTPServer.Handler {
        { [self] _ in
            arrived.withLock { $0 = true }
            _ = gate.wait(scaledSeconds: 60)
            answered.withLock { $0 = true }
            return response
        }
    }

    /// True once a request has reached the handler (the server read it whole).
    package var hasArrived: Bool { arrived.withLock { $0 } }

    /// True once the handler has returned its answer to the server.
    package var hasAnswered: Bool { answered.withLock { $0 } }

    /// Lets the held answer go.
    package func release() {
        gate.signal()
    }

    /// Lets the held answer go and waits (bounded, scaled) until the server has it; false if it
    /// never did (the request never reached the server).
    package func releaseAndWaitUntilAnswered(seconds: Double = 10) -> Bool {
        release()
        return eventually(seconds: seconds) { hasAnswered }
    }
}
