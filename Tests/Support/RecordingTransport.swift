import FacebookGraph
import Foundation

/// A transport that records every request a client hands it, then sends it with the libcurl engine:
/// tests count the transfers a call makes, read what went on the wire and, with an observer, see
/// on which thread or queue each was started.
package final class RecordingTransport: HTTPTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var seen: [PreparedRequest] = []
    private let observe: (@Sendable (PreparedRequest) -> Void)?

    /// A transport that also calls `observe` with each request, on the thread that started it,
    /// before sending it.
    package init(observe: (@Sendable (PreparedRequest) -> Void)? = nil) {
        self.observe = observe
    }

    /// The requests sent so far, in order.
    package var requests: [PreparedRequest] { lock.withLock { seen } }

    package func execute(
        _ request: PreparedRequest, completion: @escaping @Sendable (Result<RawResponse, TransportError>) -> Void
    ) -> TransferHandle {
        lock.withLock { seen.append(request) }
        observe?(request)
        return CurlEngine.shared.execute(request, completion: completion)
    }
}
