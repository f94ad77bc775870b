import FacebookGraph
import Foundation

/// The transport a cassette plays through: replays matching entries, and — when the cassette's
/// mode allows — sends what does not match to a live transport and records it, redacted.
///
/// The matched entry answers as ``ReplayAnswer`` decides (a recorded failure as a 502, a protocol
/// switch refused). In strict replay a request without an entry fails with
/// ``FacebookGraph/TransportError/Code/noRecordedResponse`` whose message is the request and a
/// diff against the nearest entries; nothing reaches the network.
package final class CassetteTransport: HTTPTransport {
    let cassette: Cassette
    let live: any HTTPTransport
    private let queue = DispatchQueue(label: "FacebookGraphReplay.cassette", attributes: .concurrent)

    package init(cassette: Cassette, live: any HTTPTransport = CurlEngine.shared) {
        self.cassette = cassette
        self.live = live
    }

    @discardableResult
    package func execute(
        _ request: PreparedRequest,
        completion: @escaping @Sendable (Result<RawResponse, TransportError>) -> Void
    ) -> TransferHandle {
        let redacted = cassette.redactor.redact(HARRequest(request))
        let inFlight = cassette.inFlight
        let id = inFlight.begin("\(redacted.method) \(redacted.url)")
        let completion: @Sendable (Result<RawResponse, TransportError>) -> Void = { result in
            completion(result)
            inFlight.end(id)
        }
        switch cassette.lookup(redacted) {
        case .success(let (index, entry)):
            let result: Result<RawResponse, TransportError>
            switch ReplayAnswer(entry: entry, index: index, method: request.method) {
            case .response(let status, let fields, let body):
                var headers = HTTPHeaders()
                for field in fields { headers.add(name: field.name, value: field.value) }
                result = .success(
                    RawResponse(
                        status: status, headers: headers, body: body, effectiveURL: request.url,
                        httpVersion: entry.response.httpVersion.replacingOccurrences(of: "HTTP/", with: "")))
            case .refusal(let message):
                result = .failure(TransportError(.noRecordedResponse, message: message, url: request.url))
            }
            // Asynchronous, as a network answer would be.
            queue.async { completion(result) }
            return TransferHandle(nil)
        case .failure(let unmatched):
            guard cassette.isRecording else {
                let error = TransportError(.noRecordedResponse, message: unmatched.description, url: request.url)
                queue.async { completion(.failure(error)) }
                return TransferHandle(nil)
            }
            let startedAt = Date()
            let cassette = self.cassette
            let queue = self.queue
            return live.execute(request) { result in
                // Off the live transport's thread (the engine's, which every transfer shares):
                // redacting a large body there would stall them all. The entry is appended before
                // the caller hears of the response.
                queue.async {
                    if case .success(let response) = result {
                        let entry = HAREntry(request: request, response: response, startedAt: startedAt)
                        cassette.append(cassette.redactor.redact(entry))
                    }
                    completion(result)
                }
            }
        }
    }
}

extension GraphTransport {
    /// Replays `cassette` (and records through the libcurl engine when its mode allows).
    public static func replay(_ cassette: Cassette) -> GraphTransport {
        GraphTransport(CassetteTransport(cassette: cassette))
    }
}
