/// What carries a client's HTTP: the libcurl engine, or — from `FacebookGraphReplay` — a replay of
/// recorded exchanges or a recorder wrapped around another transport.
///
/// An opaque value: the seam behind it (`HTTPTransport`) stays internal to the package, so new
/// transports can be added without breaking users.
///
/// ```swift
/// facebook.transport = .libcurl                      // the default
/// facebook.transport = .replay(cassette)             // FacebookGraphReplay
/// ```
public struct GraphTransport: Sendable {
    package let base: any HTTPTransport

    /// Wraps a transport of the package.
    package init(_ base: any HTTPTransport) {
        self.base = base
    }

    /// The process-wide libcurl engine: one multi handle on one thread, keep-alive, HTTP/2,
    /// verified TLS.
    public static var libcurl: GraphTransport {
        GraphTransport(CurlEngine.shared)
    }
}
