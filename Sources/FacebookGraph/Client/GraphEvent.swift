/// One step of a call, reported to ``GraphConfiguration/eventHandler`` as it happens: an attempt
/// sent, its response or failure, a retry scheduled. For logs, traces and metrics.
///
/// Every text in an event is safe to log: the URL has every secret parameter's value and any user
/// info replaced by `<redacted>` (`access_token=<redacted>`), and errors describe themselves with
/// their secrets removed.
///
/// ```swift
/// configuration.eventHandler = { event in print(event) }
/// // > GET https://graph.facebook.com/v19.0/me?fields=id&access_token=<redacted>
/// // < 200 GET https://graph.facebook.com/v19.0/me?fields=id&access_token=<redacted> (41 ms, 27 bytes)
/// ```
public struct GraphEvent: Sendable, CustomStringConvertible {
    /// What happened.
    public enum Kind: Sendable {
        /// The attempt was handed to the transport.
        case sent
        /// The server answered with `status` (any status: a Graph error body included) and
        /// `byteCount` bytes of body.
        case responded(status: Int, byteCount: Int)
        /// The attempt ended without a usable response: a transport error, or a Graph error that
        /// will not be retried.
        case failed(GraphError)
        /// The attempt failed with `error` and the next one starts after `delay`.
        case retrying(after: Duration, error: GraphError)
    }

    /// What happened.
    public let kind: Kind
    /// The HTTP method (`GET`, `POST`…).
    public let method: String
    /// The URL, with every secret replaced by `<redacted>`.
    public let url: String
    /// The attempt's number, from 1.
    public let attempt: Int
    /// How long the attempt took, for ``Kind/responded(status:byteCount:)`` and
    /// ``Kind/failed(_:)``; zero otherwise.
    public let duration: Duration

    /// An event of `kind` for `attempt` of the prepared request.
    package init(_ kind: Kind, _ prepared: PreparedRequest, attempt: Int, duration: Duration = .zero) {
        self.kind = kind
        self.method = prepared.method
        self.url = SecretPolicy.redactedURL(prepared.url)
        self.attempt = attempt
        self.duration = duration
    }

    /// The event of a transport's outcome: ``Kind/responded(status:byteCount:)`` for any HTTP
    /// response, ``Kind/failed(_:)`` for a transport error. The one mapping, for the client and for
    /// `fbgraph`, which sends prepared requests itself.
    package static func outcome(
        _ result: Result<RawResponse, TransportError>,
        of prepared: PreparedRequest,
        attempt: Int,
        duration: Duration
    ) -> GraphEvent {
        switch result {
        case .success(let raw):
            GraphEvent(
                .responded(status: raw.status, byteCount: raw.body.count), prepared, attempt: attempt,
                duration: duration)
        case .failure(let error):
            GraphEvent(.failed(GraphError(transport: error)), prepared, attempt: attempt, duration: duration)
        }
    }

    /// One line: `> GET <url>` when sent, `< 200 GET <url> (41 ms, 27 bytes)` on a response,
    /// `! GET <url>: <error>` on a failure, `~ retrying GET <url> in 1.5 s (attempt 2): <error>`
    /// before a retry.
    public var description: String {
        let again = attempt > 1 ? " (attempt \(attempt))" : ""
        switch kind {
        case .sent:
            return "> \(method) \(url)\(again)"
        case .responded(let status, let byteCount):
            return "< \(status) \(method) \(url) (\(Self.milliseconds(duration)) ms, \(byteCount) bytes)\(again)"
        case .failed(let error):
            return "! \(method) \(url) (\(Self.milliseconds(duration)) ms)\(again): \(error)"
        case .retrying(let delay, let error):
            return "~ retrying \(method) \(url) in \(Self.seconds(delay)) s (attempt \(attempt + 1)): \(error)"
        }
    }

    /// `duration` in whole milliseconds.
    private static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }

    /// `duration` in seconds with one decimal.
    private static func seconds(_ duration: Duration) -> String {
        let tenths = milliseconds(duration) / 100
        return "\(tenths / 10).\(tenths % 10)"
    }
}
