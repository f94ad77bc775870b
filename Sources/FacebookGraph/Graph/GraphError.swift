import Foundation

/// Why a Graph or REST call failed: the server's error in any of its shapes, a transport failure, or
/// a body that does not decode.
///
/// Every field the server gave is kept (``code``, ``subcode``, ``type``, ``message``, ``userTitle``,
/// ``userMessage``, ``fbtraceID``, ``isTransient``), with the HTTP status and the raw body, and one
/// ``category`` to branch on. ``description`` is one line free of secrets, safe to log.
///
/// ```swift
/// do {
///     let me = try await client.get("me", as: GraphUser.self)
/// } catch let error as GraphError where error.category == .tokenExpired {
///     // log in again
/// }
/// ```
public struct GraphError: Error, Sendable, CustomStringConvertible {
    /// What kind of failure this is.
    public var category: GraphErrorCategory
    /// The error code (`code`, REST `error_code`, or the `N` of a message starting `(#N)`).
    public var code: Int?
    /// The error subcode (`error_subcode`; `subcode` in `debug_token`).
    public var subcode: Int?
    /// The error type (`OAuthException`, `GraphMethodException`…).
    public var type: String?
    /// The server's message (or, for a transport or decoding failure, ours).
    public var message: String
    /// A title meant for the user (`error_user_title`).
    public var userTitle: String?
    /// A message meant for the user (`error_user_msg`).
    public var userMessage: String?
    /// The trace id to quote to Facebook (`fbtrace_id`, or the `x-fb-trace-id` header).
    public var fbtraceID: String?
    /// The body's `is_transient`, when it says.
    public var isTransient: Bool?
    /// The HTTP status, or nil when no response arrived.
    public var httpStatus: Int?
    /// The response body as received (empty when no response arrived).
    public var body: Data
    /// The response's header fields, in order (empty when no response arrived).
    public var headerFields: [(name: String, value: String)]
    /// The transport failure, for ``GraphErrorCategory/transport``.
    public var transportError: TransportError?
    /// How many times the request was sent before this error was final (1 without retries).
    public var attempts: Int = 1
    /// How long the server asked the caller to wait (`Retry-After`, or the usage headers'
    /// `estimated_time_to_regain_access`), when it said.
    public var retryAfter: Duration?
    /// Which of the wire's error shapes the body had (graph-wire-facts §A.0.4).
    package var shape: Shape

    /// The shapes of an error on the wire.
    package enum Shape: Sendable, Equatable {
        /// `{"error": {"message", "type", "code", …}}`.
        case graph
        /// `{"error": "invalid_request", "error_description": …}` (OAuth drafts).
        case oauthDraft
        /// Legacy REST: `{"error_code", "error_msg"}` (or `error_description`), or only `error_msg` /
        /// `error_reason`.
        case rest
        /// The legacy OAuth endpoint: `{"error_type", "code", "error_message"}`.
        case errorType
        /// `debug_token`: `{"data": {"error": {…, "subcode"}, "is_valid": false}}`.
        case debugToken
        /// A bare `false` success body.
        case falseBody
        /// A success body that says "Service Unavailable".
        case serviceUnavailable
        /// A non-2xx response with no error object (an HTML error page, an empty body…).
        case httpStatus
        /// No response: a ``TransportError``.
        case transport
        /// A success whose body did not decode.
        case decoding
    }

    /// An error with the given fields; the category is decided from them.
    package init(
        shape: Shape,
        code: Int? = nil,
        subcode: Int? = nil,
        type: String? = nil,
        message: String,
        isTransient: Bool? = nil,
        httpStatus: Int?,
        body: Data = Data(),
        headerFields: [(name: String, value: String)] = [],
        category: GraphErrorCategory? = nil
    ) {
        self.shape = shape
        self.code = code
        self.subcode = subcode
        self.type = type
        self.message = message
        self.isTransient = isTransient
        self.httpStatus = httpStatus
        self.body = body
        self.headerFields = headerFields
        self.category =
            category
            ?? GraphErrorCategory.classify(
                code: code,
                subcode: subcode,
                type: type,
                isTransient: isTransient,
                status: httpStatus ?? 0,
                serviceUnavailable: shape == .serviceUnavailable
            )
    }

    /// A failure without an HTTP response.
    public init(transport error: TransportError) {
        self.init(shape: .transport, message: error.message, httpStatus: nil, category: .transport)
        transportError = error
    }

    /// A success (`status`, `body`) whose body is not what was asked for.
    package init(decoding message: String, status: Int, body: Data) {
        self.init(shape: .decoding, message: message, httpStatus: status, body: body, category: .decoding)
    }

    /// True when the request was cancelled (by the caller, or its task).
    public var isCancellation: Bool { transportError?.code == .cancelled }

    /// `<category> (code N[, subcode M]): <message>` on one line, every secret replaced; an error
    /// without a code shows the HTTP status in its place, a transport error its
    /// ``TransportError/Code`` (`transport (cannotConnect): …`).
    public var description: String {
        var numbers: [String] = []
        if let transportError {
            numbers.append(transportError.code.description)
        } else if let code {
            numbers.append("code \(code)")
        } else if let httpStatus {
            numbers.append("status \(httpStatus)")
        }
        if let subcode { numbers.append("subcode \(subcode)") }
        if attempts > 1 { numbers.append("after \(attempts) attempts") }
        let oneLine = message.split(whereSeparator: \.isNewline).joined(separator: " ")
        let numbersText = numbers.isEmpty ? "" : " (\(numbers.joined(separator: ", ")))"
        return "\(category.name)\(numbersText): \(SecretPolicy.redactSecrets(in: oneLine))"
    }

    /// The value of the response header `name` (case-insensitive), if it was sent.
    public func headerValue(_ name: String) -> String? {
        headerFields.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}
