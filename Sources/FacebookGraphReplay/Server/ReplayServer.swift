import FacebookGraph
import Foundation

/// A cassette served over HTTP/1.1 on loopback, so the real libcurl path — and programs in any
/// language — run against recordings (`fbgraph replay serve CASSETTE --port N`).
///
/// Every request is redacted on its own (any token a client sends maps to `<TOKEN-1>`) and matched
/// like an in-process replay;
/// the answer is the recorded status, headers and body. A request without an entry gets HTTP 501
/// with the diff against the nearest entries as a JSON body. The server never goes to the network.
///
/// An origin-form request (`GET /me`) is answered only when its `Host` names loopback (`localhost`,
/// 127.0.0.0/8, `[::1]`, any port); any other gets 421 Misdirected Request, so a web page that
/// renames itself to 127.0.0.1 (DNS rebinding) cannot read the cassette.
///
/// The request's host — for the cassette's host rule (see ``Cassette``) — comes from an
/// absolute-form target (`GET http://www.yahoo.com/ HTTP/1.1`), which is what a client sends to a
/// proxy: `http_proxy=http://127.0.0.1:PORT any-program` replays a browser export for plain-http
/// URLs (an `https` recording answers its `http` URL; the scheme is not matched). A tunnel request
/// (`CONNECT`, what a client sends for `https` through a proxy) gets a 501 saying so.
public final class ReplayServer: Sendable {
    private let server: LoopbackHTTPServer
    /// The cassette being served.
    public let cassette: Cassette

    /// Starts serving `cassette` on 127.0.0.1:`port` (0 picks a free port).
    public init(cassette: Cassette, port: UInt16 = 0) throws {
        self.cassette = cassette
        server = try LoopbackHTTPServer(port: port) { request in
            ReplayServer.answer(request, cassette: cassette)
        }
    }

    /// The port the server listens on.
    public var port: Int { server.port }
    /// `http://127.0.0.1:<port>`.
    public var baseURL: String { server.baseURL }
    /// How many requests it has answered.
    public var requestsServed: Int { server.requestsServed }

    /// Stops the server and closes its connections.
    public func stop() {
        server.stop()
    }

    static func answer(_ request: HTTPServerRequest, cassette: Cassette) -> HTTPServerResponse {
        if let refusal = request.loopbackHostRefusal { return refusal }
        if request.method == "CONNECT" {
            return .text(
                "replay serve is a plain-http proxy: it cannot tunnel https (CONNECT \(request.target)); "
                    + "ask for the http:// URL, which the https recording answers\n",
                status: 501
            )
        }
        let har = HARRequest(
            method: request.method,
            target: request.target,
            host: request.headers["host"] ?? "127.0.0.1",
            headers: request.headers,
            body: request.body
        )
        // A fresh redactor per request: the server is stateless, so whichever token a client sends
        // becomes this request's first placeholder (`<TOKEN-1>`), as it was when recorded. (An
        // in-process replay keeps one mapping for the whole test, like the run that recorded it.)
        let redactor = Redactor(rules: cassette.redactor.rules)
        switch cassette.lookup(redactor.redact(har)) {
        case .success(let (index, entry)):
            switch ReplayAnswer(entry: entry, index: index, method: request.method) {
            case .response(let status, let fields, let body):
                var headers = HTTPHeaders()
                // Wire headers describe a transfer that is not this one; an HTTP/2 pseudo-header
                // (`:status`) is no HTTP/1.1 field.
                for field in fields
                where !HAREntry.wireHeaders.contains(field.name.lowercased())
                    && !HARHeaderRules.isPseudoHeader(field.name)
                {
                    headers.add(name: field.name, value: field.value)
                }
                if request.method.uppercased() == "HEAD", let length = recordedLength(of: entry) {
                    // A HEAD answer tells the length a GET would have; the body itself is not recorded.
                    headers.add(name: "Content-Length", value: "\(length)")
                }
                return .full(status: status, headers: headers, body: body)
            case .refusal(let message):
                return .full(
                    status: 501,
                    headers: ["Content-Type": "application/json; charset=UTF-8"],
                    body: ReplayAnswer.errorBody(type: "CassetteUnplayable", message: message, index: index)
                )
            }
        case .failure(let unmatched):
            return .full(
                status: 501,
                headers: ["Content-Type": "application/json; charset=UTF-8"],
                body: unmatched.jsonBody
            )
        }
    }

    /// The body length a recorded response declared: its `Content-Length`, else the content's size.
    private static func recordedLength(of entry: HAREntry) -> Int? {
        if let text = entry.response.header("Content-Length"),
            let length = Int(text.trimmingCharacters(in: .whitespaces)),
            length >= 0
        {
            return length
        }
        return entry.response.content.size > 0 ? entry.response.content.size : nil
    }
}
