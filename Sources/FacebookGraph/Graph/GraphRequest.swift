import Foundation

/// One Graph API (or legacy REST) call, described loosely: where, which method, which parameters and
/// files, and optionally its own token and API version.
///
/// A request is a value; ``GraphClient`` turns it into bytes on the wire in one place
/// (`GraphRequest+Prepare.swift`): base URL, version prefix, token, `appsecret_proof`, encoding.
///
/// ```swift
/// var request = GraphRequest(path: "me/feed", method: .post, parameters: ["message": "Hello"])
/// request.accessToken = pageToken          // this call only
/// let response = try await client.send(request)
/// ```
public struct GraphRequest: Sendable {
    /// Where a request goes.
    package enum Endpoint: Sendable, Hashable {
        /// A Graph path (`me`, `me/friends`, `/12345/photos`), after the base URL and version.
        case graph(String)
        /// A legacy REST method (`users.getInfo`), as `<REST base>method/<name>`.
        case rest(String)
        /// An absolute URL the caller chose (the v2 SDK's own URLs, `fbgraph get URL`), sent where it
        /// says.
        case absolute(String)
        /// A URL a response gave (a `paging.next` link): followed only on the configured Graph
        /// origin, or `graph.facebook.com` mapped onto it (`GraphLink`).
        case link(String)
    }

    /// How parameters are put on the wire.
    package enum Encoding: Sendable, Hashable {
        /// The Graph API's habits: the query for GET and DELETE, an `application/x-www-form-urlencoded`
        /// body for POST, a multipart (RFC 7578) body when files are attached.
        case standard
        /// The v2 SDK's bytes (legacy-sdk-facts §2.4): keys not escaped, the query separator always
        /// added, every POST a multipart body with the v2 boundary.
        case legacyV2
    }

    package var endpoint: Endpoint
    package var encoding: Encoding = .standard
    /// Header fields added to the request.
    package var headers: HTTPHeaders = [:]

    /// The HTTP method.
    public var method: GraphHTTPMethod
    /// The parameters, in the order they are sent.
    public var parameters: [(name: String, value: String)]
    /// Files sent as multipart parts beside the parameters.
    public var attachments: [GraphAttachment]
    /// The access token of this call; nil uses the client's.
    public var accessToken: String?
    /// The API version of this call (`v19.0`); nil uses the client's. Ignored for REST and absolute
    /// URLs, and for a path that already starts with a version.
    public var version: String?
    /// Whether sending this request twice is harmless, so it may be sent again. Defaults to true for
    /// GET only (a Graph DELETE sent again after it worked fails, so it is false too); set it for
    /// other requests you know to be idempotent.
    ///
    /// It decides two things: the client's ``RetryPolicy`` retries only such a request, and only such
    /// a request rides a reused connection, which libcurl sends again by itself when the connection
    /// dies before any answer. Any other request is sent at most once, on a connection of its own: if
    /// that connection dies before the answer, the call fails once with
    /// ``TransportError/Code/connectionLost``, and the server may or may not have acted on it.
    public var isIdempotent: Bool
    /// Whether to add `appsecret_proof` when the client has an app secret (default true).
    public var usesAppSecretProof: Bool = true

    /// A request for the Graph `path`.
    ///
    /// - Parameters:
    ///   - path: The Graph path, with or without a leading `/` or a version prefix.
    ///   - method: The HTTP method (default GET).
    ///   - parameters: The parameters, sent in key order.
    ///   - attachments: Files to upload (multipart).
    public init(
        path: String,
        method: GraphHTTPMethod = .get,
        parameters: [String: String] = [:],
        attachments: [GraphAttachment] = []
    ) {
        self.init(
            endpoint: .graph(path),
            method: method,
            parameters: parameters.sorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) },
            attachments: attachments
        )
    }

    /// A call of the legacy REST `methodName` (`users.getInfo`), sent to the client's REST base URL.
    public init(restMethod methodName: String, method: GraphHTTPMethod = .get, parameters: [String: String] = [:]) {
        self.init(
            endpoint: .rest(methodName),
            method: method,
            parameters: parameters.sorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) },
            attachments: []
        )
    }

    /// A request for a link a Graph response gave (a `paging.next` or `paging.previous` URL). A token
    /// or `appsecret_proof` already in the URL's query is removed and the client's credentials
    /// applied afresh.
    ///
    /// The link is the server's data, so it is followed only where the client's own requests go: on
    /// the origin (scheme, host, port) of ``GraphConfiguration/graphBaseURL``, or on
    /// `https://graph.facebook.com` when the base is another server standing in for it (a loopback
    /// stand-in, a replay, a proxy), in which case the link's path and query are sent to the base.
    /// A link anywhere else — another host or port, `http` for `https`, user info — fails with a
    /// ``GraphErrorCategory/transport`` error (``TransportError/Code/redirectRefused``) that names
    /// its host, and nothing is sent.
    public init(url: String, method: GraphHTTPMethod = .get) {
        self.init(endpoint: .link(url), method: method, parameters: [], attachments: [])
    }

    /// A request with every field given; parameters keep their order.
    package init(
        endpoint: Endpoint,
        method: GraphHTTPMethod,
        parameters: [(name: String, value: String)],
        attachments: [GraphAttachment] = [],
        encoding: Encoding = .standard
    ) {
        self.endpoint = endpoint
        self.method = method
        self.parameters = parameters
        self.attachments = attachments
        self.encoding = encoding
        self.isIdempotent = method == .get
    }

    /// A short description for logs and errors: method and path, never a parameter value.
    public var summary: String {
        switch endpoint {
        case .graph(let path): return "\(method.rawValue) \(path)"
        case .rest(let name): return "\(method.rawValue) method/\(name)"
        case .absolute(let url), .link(let url):
            let withoutQuery = url.split(separator: "?", maxSplits: 1).first.map(String.init) ?? url
            return "\(method.rawValue) \(withoutQuery)"
        }
    }
}

/// An HTTP method of a Graph request.
public struct GraphHTTPMethod: Sendable, Hashable, RawRepresentable, ExpressibleByStringLiteral {
    /// The method's name, upper-cased.
    public let rawValue: String

    /// The method named `rawValue` (upper-cased, so `"post"` is POST).
    public init(rawValue: String) { self.rawValue = rawValue.uppercased() }

    /// The method named by a literal.
    public init(stringLiteral value: String) { self.init(rawValue: value) }

    /// GET.
    public static let get = GraphHTTPMethod(rawValue: "GET")
    /// POST.
    public static let post = GraphHTTPMethod(rawValue: "POST")
    /// DELETE.
    public static let delete = GraphHTTPMethod(rawValue: "DELETE")
}

/// A file sent as a multipart part of a Graph request (`source` of a photo upload, say).
public struct GraphAttachment: Sendable, Hashable {
    /// The form field's name.
    public var name: String
    /// The file name sent.
    public var filename: String
    /// The media type (`image/jpeg`…).
    public var contentType: String
    /// The bytes.
    public var data: Data

    /// An attachment of `data` as the field `name`.
    public init(name: String, filename: String, contentType: String = "application/octet-stream", data: Data) {
        self.name = name
        self.filename = filename
        self.contentType = contentType
        self.data = data
    }
}
