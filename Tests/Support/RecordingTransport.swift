import FacebookGraph
import Foundation

/// A transport that records every request a client hands it, then sends it with the libcurl engine:
/// tests count the transfers a call makes and read what went on the wire.
package final class RecordingTransport: HTTPTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var seen: [PreparedRequest] = []

    package init() {}

    /// The requests sent so far, in order.
    package var requests: [PreparedRequest] { lock.withLock { seen } }

    package func execute(
        _ request: PreparedRequest, completion: @escaping @Sendable (Result<RawResponse, TransportError>) -> Void
    ) -> TransferHandle {
        lock.withLock { seen.append(request) }
        return CurlEngine.shared.execute(request, completion: completion)
    }
}
