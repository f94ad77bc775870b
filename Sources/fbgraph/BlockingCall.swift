import FacebookGraph
import Foundation

/// Runs one request through a transport and waits for it: the CLI's one funnel onto the seam
/// (`transport.base.execute`), whatever the target — libcurl, an in-process replay or a recorder.
enum BlockingCall {
    /// Sends `request` through `transport` and blocks until it completes.
    static func send(
        _ request: PreparedRequest,
        on transport: GraphTransport = .libcurl
    ) -> Result<RawResponse, TransportError> {
        let done = DispatchSemaphore(value: 0)
        let box = ResultBox()
        transport.base.execute(request) { result in
            box.result = result
            done.signal()
        }
        done.wait()
        return box.result ?? .failure(TransportError(.transferFailed, message: "no result", url: request.url))
    }

    /// The result, written on the transport's thread before the semaphore is signalled and read
    /// after the wait: the semaphore orders the two.
    private final class ResultBox: @unchecked Sendable {
        var result: Result<RawResponse, TransportError>?
    }
}
