import FacebookGraph

/// `-v`: a transport that describes each request it carries and its outcome on standard error,
/// then hands it to the real one. Wrapping the transport rather than the client covers every
/// command alike — `get`, `batch`, `record`, and `rest` through the REST bridge, which sends several
/// Graph calls. The lines are the core's ``GraphEvent`` descriptions: secrets show as `<redacted>`.
/// A failure's line keeps the first line of its message only: the rest (a cassette miss's
/// nearest-entry diff) is the command's `error:` output, printed once on its own lines.
struct VerboseTransport: HTTPTransport {
    /// The transport that sends.
    let base: any HTTPTransport

    func execute(
        _ request: PreparedRequest,
        completion: @escaping @Sendable (Result<RawResponse, TransportError>) -> Void
    ) -> TransferHandle {
        Self.write(GraphEvent(.sent, request, attempt: 1))
        let sent = ContinuousClock.now
        return base.execute(request) { result in
            let shown = result.mapError(\.firstLineOnly)
            Self.write(GraphEvent.outcome(shown, of: request, attempt: 1, duration: sent.duration(to: .now)))
            completion(result)
        }
    }

    /// Writes one event's line to standard error.
    private static func write(_ event: GraphEvent) {
        var streams = StandardStreams()
        streams.err(event.description)
    }
}

extension TransportError {
    /// This error with its message cut to the first line, for a one-line `!` description.
    fileprivate var firstLineOnly: TransportError {
        guard let end = message.firstIndex(where: \.isNewline) else { return self }
        return TransportError(code, message: String(message[..<end]), url: redactedURL, curlCode: curlCode)
    }
}
