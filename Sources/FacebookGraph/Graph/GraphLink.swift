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
/// The request is rebuilt on the configured origin as the base spells it, so no URL parser can read
/// another host out of the link than the one checked here. A fragment is dropped.
package enum GraphLink {
    /// The origin of the real Graph API, which a configured base other than it stands in for.
    static let realGraph = Origin(scheme: "https", host: "graph.facebook.com", port: 443)

    /// An origin: lower-cased scheme and host, and the port (the scheme's default when not given).
    struct Origin: Hashable {
        var scheme: String
        var host: String
        var port: Int

        /// `scheme://host`, with `:port` when it is not the scheme's default.
        var text: String {
            let defaultPort = scheme == "https" ? 443 : 80
            return port == defaultPort ? "\(scheme)://\(host)" : "\(scheme)://\(host):\(port)"
        }
    }

    /// A URL split at its authority.
    struct Parts {
        /// The origin.
        var origin: Origin
        /// `scheme://authority` as written.
        var prefix: Substring
        /// The path and query (`/…`, never empty), without a fragment.
        var pathAndQuery: Substring
    }

    /// Why a URL is not a followable link: the words after "the link …".
    struct Unfollowable: Error {
        var reason: String
        var host: String?
    }

    /// The URL to request for the response link `link` under a client whose Graph base is
    /// `graphBaseURL`.
    ///
    /// - Throws: ``GraphError`` of category ``GraphErrorCategory/transport`` whose transport error is
    ///   ``TransportError/Code/redirectRefused`` (or ``TransportError/Code/invalidURL`` for a base
    ///   that is not a URL), naming the link's host; nothing has been sent.
    package static func target(of link: String, graphBaseURL: String) throws(GraphError) -> String {
        let base: Parts
        do {
            base = try parts(of: graphBaseURL)
        } catch {
            throw GraphError(
                transport: TransportError(
                    .invalidURL, message: "the Graph base URL is not an http or https URL", url: graphBaseURL))
        }
        let parts: Parts
        do {
            parts = try Self.parts(of: link)
        } catch {
            let host = error.host.map { " to \($0)" } ?? ""
            throw refusal("refused to follow a link\(host) from a response: \(error.reason); no request was sent", link)
        }
        if parts.origin == base.origin {
            return String(base.prefix) + parts.pathAndQuery
        }
        if parts.origin == realGraph {
            let root = graphBaseURL.hasSuffix("/") ? graphBaseURL : graphBaseURL + "/"
            return root + parts.pathAndQuery.dropFirst()
        }
        let standsIn = base.origin == realGraph ? "" : " (or \(realGraph.text), which it stands in for)"
        throw refusal(
            "refused to follow a link to \(parts.origin.text) from a response: links are followed only on the "
                + "Graph base's origin \(base.origin.text)\(standsIn); no request was sent",
            link)
    }

    private static func refusal(_ message: String, _ link: String) -> GraphError {
        GraphError(transport: TransportError(.redirectRefused, message: message, url: link))
    }

    /// `url` split into origin, prefix and path; strict: `http` or `https`, no user info, no byte
    /// outside `!`…`~`, a port of 1–5 digits up to 65535.
    static func parts(of url: String) throws(Unfollowable) -> Parts {
        let bytes = url.utf8
        if bytes.contains(where: { $0 <= 0x20 || $0 >= 0x7F || $0 == UInt8(ascii: "\\") }) {
            throw Unfollowable(reason: "it holds a space, a control character, a backslash or a non-ASCII byte")
        }
        guard let colon = url.firstIndex(of: ":"), url[colon...].hasPrefix("://") else {
            throw Unfollowable(reason: "it is not an absolute URL")
        }
        let scheme = url[..<colon].lowercased()
        guard scheme == "http" || scheme == "https" else {
            throw Unfollowable(reason: "its scheme is not http or https")
        }
        let rest = url[url.index(colon, offsetBy: 3)...]
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        if let at = authority.lastIndex(of: "@") {
            throw Unfollowable(
                reason: "it names user info before its host", host: String(authority[authority.index(after: at)...]))
        }
        var host = authority
        var port = scheme == "https" ? 443 : 80
        let bracketEnd = authority.first == "[" ? authority.firstIndex(of: "]") : nil
        if let colon = authority.lastIndex(of: ":"), bracketEnd.map({ colon > $0 }) ?? (authority.first != "[") {
            host = authority[..<colon]
            let digits = authority[authority.index(after: colon)...]
            guard (1...5).contains(digits.count), digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber),
                let value = Int(digits), (1...65535).contains(value)
            else { throw Unfollowable(reason: "its port is not a number from 1 to 65535", host: String(authority)) }
            port = value
        }
        guard !host.isEmpty else { throw Unfollowable(reason: "it has no host") }
        let tail = rest[authorityEnd...]
        let withoutFragment = tail[..<(tail.firstIndex(of: "#") ?? tail.endIndex)]
        return Parts(
            origin: Origin(scheme: scheme, host: host.lowercased(), port: port),
            prefix: url[..<authorityEnd],
            pathAndQuery: withoutFragment.first == "/" ? withoutFragment : Substring("/" + withoutFragment)
        )
    }
}
