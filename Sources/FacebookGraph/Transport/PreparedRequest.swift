import Foundation

/// A validated, frozen HTTP request, ready for any ``HTTPTransport``.
///
/// Creating one is where requests are refused: a URL that does not parse, has no host or uses a
/// scheme other than `http`/`https` throws ``TransportError/Code/invalidURL``; a request that
/// carries a secret (``SecretPolicy``) and would travel over plain `http` to a host that is not
/// loopback, or that a ``TransferOptions/resolve`` pin sends elsewhere, throws
/// ``TransportError/Code/insecureSecret``. Both happen before any connection exists.
package final class PreparedRequest: Sendable {
    /// The method, upper-cased (`GET`, `POST`, `DELETE`…).
    package let method: String
    /// The absolute URL, exactly as it will be sent.
    package let url: String
    /// The URL's scheme, lower-cased (`http` or `https`).
    package let scheme: String
    /// The URL's host, lower-cased, without brackets.
    package let host: String
    /// The URL's port, or the scheme's default.
    package let port: Int
    /// The request's header fields.
    package let headers: HTTPHeaders
    /// The body; nil sends none (POST, PUT and PATCH always have one, empty when none was given).
    package let body: Data?
    /// Timeouts, limits and trust settings.
    package let options: TransferOptions
    /// True when the URL, the headers or the body hold a credential (or the caller said so).
    package let carriesSecret: Bool
    /// True when every address the request connects to is loopback: the pinned addresses of a
    /// ``TransferOptions/resolve`` pin for its host and port, else the host itself. Such a request
    /// never goes through a proxy.
    package let connectsToLoopback: Bool
    /// True when sending the request twice is harmless, so a transport may send it again on its own
    /// when a connection dies before the answer. False: it is sent at most once, and the libcurl
    /// engine gives it a connection of its own (see `CurlEngine`'s "Sent at most once").
    package let isIdempotent: Bool

    /// True for the methods whose body is never absent on the wire (nil becomes empty): POST, PUT,
    /// PATCH (`method` upper-cased).
    static func isUpload(_ method: String) -> Bool {
        switch method {
        case "POST", "PUT", "PATCH": return true
        default: return false
        }
    }

    /// True for the methods idempotent unless the caller says otherwise: the safe ones (RFC 9110
    /// §9.2.1), GET, HEAD, OPTIONS and TRACE (`method` upper-cased). DELETE is not among them: a
    /// Graph DELETE sent again after the first one worked fails, so the caller would hear that a
    /// successful delete failed.
    static func isIdempotent(_ method: String) -> Bool {
        switch method {
        case "GET", "HEAD", "OPTIONS", "TRACE": return true
        default: return false
        }
    }

    /// `method` upper-cased: the methods the package sends are matched as they are, without
    /// building an upper-cased copy of each request's.
    static func upperCased(_ method: String) -> String {
        switch method {
        case "GET", "POST", "DELETE", "HEAD", "PUT", "PATCH", "OPTIONS", "TRACE": return method
        default: return method.uppercased()
        }
    }

    /// Validates and freezes a request.
    ///
    /// - Parameters:
    ///   - method: The HTTP method; upper-cased.
    ///   - url: An absolute `http` or `https` URL, already percent-encoded.
    ///   - headers: Header fields to send.
    ///   - body: The body to send, or nil.
    ///   - options: Per-request settings.
    ///   - containsSecrets: Marks the request as secret-bearing even when no known parameter or
    ///     header name shows it.
    ///   - idempotent: Whether sending it twice is harmless; nil: true for GET, HEAD, OPTIONS and
    ///     TRACE only.
    /// - Throws: ``TransportError`` with ``TransportError/Code/invalidURL`` or
    ///   ``TransportError/Code/insecureSecret``.
    package init(
        method: String = "GET",
        url: String,
        headers: HTTPHeaders = [:],
        body: Data? = nil,
        options: TransferOptions = TransferOptions(),
        containsSecrets: Bool = false,
        idempotent: Bool? = nil
    ) throws(TransportError) {
        let parts = URLParts(url)
        let origin: URLParts.Origin
        do {
            origin = try parts.origin()
        } catch {
            throw TransportError(
                .invalidURL,
                message: "not an absolute http or https URL with a host: \(error.reason)",
                url: url
            )
        }
        let scheme = origin.scheme
        let host = origin.host
        let upperMethod = Self.upperCased(method)
        guard !upperMethod.isEmpty, upperMethod.utf8.allSatisfy({ $0 > 32 && $0 < 127 }) else {
            throw TransportError(.invalidURL, message: "invalid HTTP method \"\(method)\"", url: url)
        }
        let carriesSecret =
            containsSecrets
            || SecretPolicy.requestCarriesSecret(
                hasUserInfo: parts.hasUserInfo, query: parts.query, headers: headers, body: body)
        let port = origin.port
        // A pinned name connects to its pinned addresses, so those must be loopback too, not only
        // the name (`localhost:80:203.0.113.9` leaves the machine).
        let hostIsLoopback = SecretDefinition.isLoopback(host: host)
        let connectsToLoopback =
            options.pinnedAddresses(host: host, port: port)?.allSatisfy(SecretDefinition.isLoopback(host:))
            ?? hostIsLoopback
        if carriesSecret, scheme != "https", !(hostIsLoopback && connectsToLoopback) {
            throw TransportError(
                .insecureSecret,
                message:
                    "refused to send a request that carries a credential over plain http to \(host); use https (plain http is allowed only to loopback hosts)",
                url: url
            )
        }
        self.method = upperMethod
        self.url = url
        self.scheme = scheme
        self.host = host
        self.port = port
        self.headers = headers
        // A body-less upload sends an empty body: libcurl would otherwise read one from stdin.
        self.body = body ?? (Self.isUpload(upperMethod) ? Data() : nil)
        self.connectsToLoopback = connectsToLoopback
        self.options = options
        self.carriesSecret = carriesSecret
        self.isIdempotent = idempotent ?? Self.isIdempotent(upperMethod)
    }

    /// The request a redirect to `location` produces, or an error when the redirect must not be
    /// followed.
    ///
    /// 301, 302 and 303 turn a POST into a GET without a body (as browsers and libcurl do);
    /// 307 and 308 keep method and body. A secret-bearing request may only be redirected within its
    /// own origin, or from `http` to `https` on the same host.
    package func redirected(status: Int, location: String) throws(TransportError) -> PreparedRequest {
        guard let base = URL(string: url), let target = URL(string: location, relativeTo: base)?.absoluteURL
        else {
            throw TransportError(.invalidURL, message: "redirect to an invalid location", url: location)
        }
        let newURL = target.absoluteString
        let newOrigin: URLParts.Origin
        do {
            newOrigin = try URLParts(newURL).origin()
        } catch {
            throw TransportError(.invalidURL, message: "redirect to an invalid location: \(error.reason)", url: newURL)
        }
        let (newScheme, newHost, newPort) = (newOrigin.scheme, newOrigin.host, newOrigin.port)
        let sameOrigin = newHost == host && newScheme == scheme && newPort == port
        let upgrade = newHost == host && scheme == "http" && newScheme == "https"
        if carriesSecret, !(sameOrigin || upgrade) {
            throw TransportError(
                .redirectRefused,
                message: "refused to follow a redirect that would carry a credential from \(host) to \(newHost)",
                url: newURL
            )
        }
        let keepsBody = status == 307 || status == 308 || method == "GET" || method == "HEAD"
        let newMethod = keepsBody ? method : "GET"
        var newHeaders = headers
        if !keepsBody {
            newHeaders.remove(name: "Content-Type")
            newHeaders.remove(name: "Content-Length")
        }
        return try PreparedRequest(
            method: newMethod,
            url: newURL,
            headers: newHeaders,
            body: keepsBody ? body : nil,
            options: options,
            containsSecrets: carriesSecret,
            // The same request again keeps what its caller said; one turned into a GET is a GET.
            idempotent: keepsBody ? isIdempotent : nil
        )
    }
}
