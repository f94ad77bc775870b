import Foundation

/// A deterministic Graph API look-alike served over HTTP/1.1 on loopback, for tests that want a
/// live server rather than a recording.
///
/// It answers as graph.facebook.com and the old api.facebook.com (`/method/…`) answered, with the
/// same bodies on every run: the user `me` (id `4`), seven friends in cursor pages (343, with the
/// asked fields, when the call names `fields`: the friend picker's list), permissions,
/// feed and photo posts (multipart uploads, the v2 style included), deleting one of the user's posts
/// (`DELETE /4_…`: `{"success":true}`), batches, three REST methods,
/// token errors for ``expiredToken`` and unknown tokens, and an error of your choice for any Graph
/// GET with `fields=error_<code>` (4, 17, 200, 2, or 502 for an HTML page). Paths may carry a
/// version prefix (`/v19.0/me`). `fbgraph cassette record-demo` records the bundled cassette
/// from it; `Sources/fbgraph/Recordings/README.md` lists every answer.
///
/// ```swift
/// let server = try GraphStandInServer()
/// defer { server.stop() }
/// let url = server.baseURL + "/v19.0/me?access_token=" + GraphStandInServer.validToken
/// ```
///
/// The server never goes to the network; nothing it answers is a real secret. It answers only
/// requests addressed to a loopback name (`Host: 127.0.0.1:PORT`, `localhost`, `[::1]`) or in
/// proxy form (`GET http://host/path`); any other `Host` gets 421, as from ``ReplayServer``.
public final class GraphStandInServer: Sendable {
    private let server: LoopbackHTTPServer

    /// The token the stand-in accepts (fake, shaped like a real one).
    public static var validToken: String { GraphStandIn.validToken }
    /// The token the stand-in calls expired: any Graph call with it gets code 190, subcode 463.
    public static var expiredToken: String { GraphStandIn.expiredToken }
    /// The Graph version its answers name (`facebook-api-version`).
    public static var apiVersion: String { GraphStandIn.apiVersion }

    /// Starts the stand-in on 127.0.0.1:`port` (0 picks a free port).
    public init(port: UInt16 = 0) throws {
        server = try LoopbackHTTPServer(port: port) { request in
            request.loopbackHostRefusal ?? GraphStandIn.handle(request)
        }
    }

    /// The port the server listens on.
    public var port: Int { server.port }
    /// `http://127.0.0.1:<port>`, without a final `/`. A legacy `Facebook` object appends paths to
    /// its base URLs verbatim, so it takes `baseURL + "/"` as `graphBaseURL` and
    /// `baseURL + "/method/"` as `restBaseURL`; `GraphConfiguration.graphBaseURL` takes it as it is.
    public var baseURL: String { server.baseURL }
    /// How many requests it has answered.
    public var requestsServed: Int { server.requestsServed }

    /// Stops the server and closes its connections.
    public func stop() {
        server.stop()
    }
}
