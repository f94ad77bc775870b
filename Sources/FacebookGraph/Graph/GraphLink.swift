/// The one rule for following a URL a response gave — a `paging.next` or `paging.previous` link —
/// with the client's credentials: where it may go, and where it is sent.
///
/// A link is the server's data, so it is checked like any other: the client's token and
/// `appsecret_proof` go only where the client's own requests go.
///
/// | the link's origin (scheme, host, port; case and default ports normalised) | what is requested |
/// |---|---|
/// | the configured Graph base's | the base's origin + the link's path and query |
/// | `https://graph.facebook.com`, while the base is another server (a loopback stand-in, a replay, a proxy) | the base URL + the link's path and query: the base stands in for the real Graph host, whose links the recordings hold |
/// | anything else — another host or port, `http` for `https`, user info (`http://127.0.0.1:P@evil/`), a space, control character or backslash | nothing: a ``TransportError/Code/redirectRefused`` error naming the link's host |
///
/// Both origins are ``URLParts/origin()``'s (the one splitter's decisions). The request is rebuilt on
/// the configured origin as the base spells it, so no URL parser can read
/// another host out of the link than the one checked here. A fragment is dropped.
package enum GraphLink {
    /// The origin of the real Graph API, which a configured base other than it stands in for.
    static let realGraph = URLParts.Origin(scheme: "https", host: "graph.facebook.com", port: 443)

    /// The URL to request for the response link `link` under a client whose Graph base is
    /// `graphBaseURL`.
    ///
    /// - Throws: ``GraphError`` of category ``GraphErrorCategory/transport`` whose transport error is
    ///   ``TransportError/Code/redirectRefused`` (or ``TransportError/Code/invalidURL`` for a base
    ///   that is not a URL), naming the link's host; nothing has been sent.
    package static func target(of link: String, graphBaseURL: String) throws(GraphError) -> String {
        let base = URLParts(graphBaseURL)
        let baseOrigin: URLParts.Origin
        do {
            baseOrigin = try base.origin()
        } catch {
            throw GraphError(
                transport: TransportError(
                    .invalidURL, message: "the Graph base URL is not an http or https URL", url: graphBaseURL))
        }
        let (parts, origin) = try followable(link)
        let pathAndQuery = parts.pathAndQuery.first == "/" ? String(parts.pathAndQuery) : "/" + parts.pathAndQuery
        if origin == baseOrigin {
            return String(base.prefix) + pathAndQuery
        }
        if origin == realGraph {
            let root = graphBaseURL.hasSuffix("/") ? graphBaseURL : graphBaseURL + "/"
            return root + pathAndQuery.dropFirst()
        }
        let standsIn = baseOrigin == realGraph ? "" : " (or \(realGraph.text), which it stands in for)"
        throw refusal(
            "refused to follow a link to \(origin.text) from a response: links are followed only on the "
                + "Graph base's origin \(baseOrigin.text)\(standsIn); no request was sent",
            link)
    }

    private static func refusal(_ message: String, _ link: String) -> GraphError {
        GraphError(transport: TransportError(.redirectRefused, message: message, url: link))
    }

    /// `link` split, and its origin; refused (naming its host) when it holds a byte outside `!`…`~`
    /// or a backslash, is not an absolute `http`/`https` URL with a valid host and port
    /// (``URLParts/origin()``), or names user info.
    private static func followable(_ link: String) throws(GraphError) -> (URLParts, URLParts.Origin) {
        func refused(_ reason: String, host: String?) -> GraphError {
            let to = host.map { " to \($0)" } ?? ""
            return refusal("refused to follow a link\(to) from a response: \(reason); no request was sent", link)
        }
        if link.utf8.contains(where: { $0 <= 0x20 || $0 >= 0x7F || $0 == UInt8(ascii: "\\") }) {
            throw refused("it holds a space, a control character, a backslash or a non-ASCII byte", host: nil)
        }
        let parts = URLParts(link)
        let origin: URLParts.Origin
        do {
            origin = try parts.origin()
        } catch {
            throw refused(error.reason, host: error.host)
        }
        if parts.hasUserInfo {
            throw refused("it names user info before its host", host: String(parts.hostAndPort))
        }
        return (parts, origin)
    }
}
