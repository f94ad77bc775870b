/// What kind of failure a ``GraphError`` is: the one decision callers branch on (log in again, wait,
/// ask for a permission, fix the request, retry).
///
/// Exactly one of ``tokenExpired``, ``tokenInvalid``, ``throttled``, ``permission``, ``transient``,
/// ``server``, ``invalidRequest``, ``transport``, ``decoding`` and ``other``. A struct rather than an
/// enum so that a category added later does not break a `switch`: match the cases you handle and keep
/// a `default`.
///
/// ## How a server error is classified
///
/// The order is that of the PHP Graph SDK's reference classifier (graph-wire-facts §A.0.4): subcodes
/// first, then codes, then 10 and 200–299, then the `OAuthException` type, and only then the HTTP
/// status. The first rule that matches decides.
///
/// | step | condition | category |
/// |---|---|---|
/// | 1 | subcode 463 (expired) | ``tokenExpired`` |
/// | 1 | subcode 458, 459, 460, 464, 466, 467, 492 (not installed, checkpointed, password changed, unconfirmed, invalidated, logged out, not an admin) | ``tokenInvalid`` |
/// | 1 | subcode 1363030, 1363019, 1363037, 1363033, 1363021, 1363041 (a resumable video upload) | ``transient`` |
/// | 2 | code 190, 102, 104 | ``tokenInvalid`` |
/// | 2 | code 4, 9, 17, 32, 340, 341, 613, 80000–80009, 80014 | ``throttled`` |
/// | 2 | code 2, or `is_transient: true` | ``transient`` |
/// | 2 | code 1 | ``server`` |
/// | 2 | code 100, 506, 601, 604, 803, 2500 | ``invalidRequest`` |
/// | 3 | code 10 or 200–299 | ``permission`` |
/// | 4 | type `OAuthException` (or another `OAuth…Exception`) | ``tokenInvalid`` |
/// | 5 | HTTP 429 | ``throttled`` |
/// | 5 | HTTP 5xx, or a 200 whose body says "Service Unavailable" | ``server`` |
/// | 5 | HTTP 401 | ``tokenInvalid`` |
/// | 5 | HTTP 403 | ``permission`` |
/// | 5 | other HTTP 4xx | ``invalidRequest`` |
/// | 6 | anything else | ``other`` |
///
/// A failure without an HTTP response is ``transport``; a success whose body does not decode into the
/// type asked for is ``decoding``.
public struct GraphErrorCategory: Sendable, Hashable, CustomStringConvertible {
    /// The category's name, as `fbgraph` prints it (`tokenExpired`, `throttled`…).
    public let name: String

    private init(_ name: String) { self.name = name }

    /// The access token has expired (subcode 463): refresh or log in again.
    public static let tokenExpired = GraphErrorCategory("tokenExpired")
    /// The access token is missing, invalid, revoked, or its user must act (code 190 and friends).
    public static let tokenInvalid = GraphErrorCategory("tokenInvalid")
    /// A rate limit was reached: wait (see ``GraphError/retryAfter``) and try again.
    public static let throttled = GraphErrorCategory("throttled")
    /// The token lacks a permission (code 10, 200–299).
    public static let permission = GraphErrorCategory("permission")
    /// A temporary problem: the same request may succeed if tried again.
    public static let transient = GraphErrorCategory("transient")
    /// A Facebook-side failure (code 1, HTTP 5xx, an HTML error page, "Service Unavailable").
    public static let server = GraphErrorCategory("server")
    /// The request itself is wrong (bad parameter, unknown path, duplicate post).
    public static let invalidRequest = GraphErrorCategory("invalidRequest")
    /// No HTTP response arrived: refused before sending, failed in transit, or cancelled.
    public static let transport = GraphErrorCategory("transport")
    /// The response arrived but its body is not what was asked for.
    public static let decoding = GraphErrorCategory("decoding")
    /// Anything else.
    public static let other = GraphErrorCategory("other")

    /// Every category, in the order of the documentation.
    public static let allCases: [GraphErrorCategory] = [
        .tokenExpired, .tokenInvalid, .throttled, .permission, .transient, .server, .invalidRequest,
        .transport, .decoding, .other,
    ]

    /// The category's ``name``.
    public var description: String { name }

    /// Subcodes of an expired token.
    static let expiredSubcodes: Set<Int> = [463]
    /// Subcodes of a token that is no longer usable for another reason.
    static let invalidTokenSubcodes: Set<Int> = [458, 459, 460, 464, 466, 467, 492]
    /// Subcodes of a failed resumable video upload, which can be resumed.
    static let resumableUploadSubcodes: Set<Int> = [1_363_030, 1_363_019, 1_363_037, 1_363_033, 1_363_021, 1_363_041]
    /// Codes of a token error.
    static let tokenCodes: Set<Int> = [190, 102, 104]
    /// Codes of a rate limit.
    static let throttlingCodes: Set<Int> = Set([4, 9, 17, 32, 340, 341, 613, 80014]).union(80000...80009)
    /// Codes of a request that is wrong as sent.
    static let invalidRequestCodes: Set<Int> = [100, 506, 601, 604, 803, 2500]

    /// The category of a server error with these fields (each nil when the body does not give it).
    ///
    /// - Parameters:
    ///   - code: The error code (`code`, `error_code`, or `(#N)` in the message).
    ///   - subcode: `error_subcode` (or `subcode`).
    ///   - type: The error type (`OAuthException`…).
    ///   - isTransient: The body's `is_transient`.
    ///   - status: The HTTP status.
    ///   - serviceUnavailable: The body of a success says "Service Unavailable".
    static func classify(
        code: Int?,
        subcode: Int?,
        type: String?,
        isTransient: Bool?,
        status: Int,
        serviceUnavailable: Bool = false
    ) -> GraphErrorCategory {
        if let subcode {
            if expiredSubcodes.contains(subcode) { return .tokenExpired }
            if invalidTokenSubcodes.contains(subcode) { return .tokenInvalid }
            if resumableUploadSubcodes.contains(subcode) { return .transient }
        }
        if let code {
            if tokenCodes.contains(code) { return .tokenInvalid }
            if throttlingCodes.contains(code) { return .throttled }
            if code == 2 || isTransient == true { return .transient }
            if code == 1 { return .server }
            if invalidRequestCodes.contains(code) { return .invalidRequest }
            if code == 10 || (200...299).contains(code) { return .permission }
        } else if isTransient == true {
            return .transient
        }
        if let type, type.hasPrefix("OAuth"), type.hasSuffix("Exception") { return .tokenInvalid }
        switch status {
        case 429: return .throttled
        case 500...599: return .server
        case 401: return .tokenInvalid
        case 403: return .permission
        case 400...499: return .invalidRequest
        default: return serviceUnavailable ? .server : .other
        }
    }
}
