import Foundation

/// What came back for one request: any HTTP status, its headers and the whole (decoded) body.
package struct RawResponse: Sendable {
    /// The HTTP status code of the final response (after redirects).
    package var status: Int
    /// The final response's header fields.
    package var headers: HTTPHeaders
    /// The body, decompressed when the server compressed it.
    package var body: Data
    /// The URL that answered, after redirects.
    package var effectiveURL: String
    /// The HTTP version that answered: `1.0`, `1.1` or `2`.
    package var httpVersion: String
    /// Where the time went.
    package var timings: TransferTimings
    /// Connection facts, for tests and diagnostics.
    package var connection: ConnectionInfo
    /// How many redirects were followed.
    package var redirectCount: Int

    package init(
        status: Int,
        headers: HTTPHeaders,
        body: Data,
        effectiveURL: String,
        httpVersion: String = "1.1",
        timings: TransferTimings = TransferTimings(),
        connection: ConnectionInfo = ConnectionInfo(),
        redirectCount: Int = 0
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.effectiveURL = effectiveURL
        self.httpVersion = httpVersion
        self.timings = timings
        self.connection = connection
        self.redirectCount = redirectCount
    }
}

/// Durations from the start of a transfer to each of its phases (libcurl's `*_TIME_T` values).
package struct TransferTimings: Sendable, Hashable {
    /// Until the name was resolved.
    package var nameLookup: Duration = .zero
    /// Until the TCP connection was made.
    package var connect: Duration = .zero
    /// Until the TLS handshake finished (zero for `http`).
    package var tlsHandshake: Duration = .zero
    /// Until the first response byte arrived.
    package var firstByte: Duration = .zero
    /// The whole transfer.
    package var total: Duration = .zero

    package init() {}
}

/// Which connection carried a transfer.
package struct ConnectionInfo: Sendable, Hashable {
    /// The client-side port of the connection: transfers with the same port shared a connection.
    package var localPort: Int = 0
    /// How many new connections this transfer opened (0 when it reused one).
    package var newConnections: Int = 0

    package init(localPort: Int = 0, newConnections: Int = 0) {
        self.localPort = localPort
        self.newConnections = newConnections
    }
}
