extension LoopbackHTTPServer {
    /// What one server accepts before it closes a connection or refuses a request: it runs for users
    /// too (`fbgraph replay serve`), so nothing a client sends or withholds is unbounded.
    package struct Limits: Sendable {
        /// How long a connection may stay silent while the server waits for (the rest of) a request,
        /// and how long a write may block on a client that does not read; then it is closed.
        package var receiveTimeout: Duration = .seconds(30)
        /// The most client connections open at once; one more is accepted and closed at once.
        package var maxConnections = 256
        /// The largest request body accepted (after removing the chunked coding); more gets 413.
        package var maxBodyBytes = 64 << 20
        /// The stack of each connection's thread. When the system cannot create one (out of
        /// threads or memory; a test asks for an impossible size), the accepted connection is closed
        /// at once rather than left open and unserved.
        package var connectionThreadStackSize = 1 << 20

        /// The defaults: 30 s, 256 connections, 64 MiB.
        package init() {}
    }
}
