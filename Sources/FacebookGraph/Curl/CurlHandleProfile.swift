/// Everything that decides which options a transfer sets (as opposed to their values): two
/// requests with equal profiles touch the same options, so a handle can move from one to the next
/// by overwriting values, without `curl_easy_reset` and a full reconfiguration.
struct CurlHandleProfile: Equatable {
    var method: String
    var scheme: String
    var hasBody: Bool
    var hasHeaderList: Bool
    /// True when the request must not go through a proxy (see ``PreparedRequest/connectsToLoopback``).
    var bypassesProxy: Bool
    /// True when the request has `CURLOPT_CONNECT_TO` pins (a handle without pins must clear them).
    var hasPins: Bool
    /// True when the request must be sent at most once (``PreparedRequest/isIdempotent`` false): a
    /// new HTTP/1.1 connection of its own (`CurlEngine`'s "Sent at most once").
    var sentAtMostOnce: Bool
    var options: TransferOptions

    init(_ request: PreparedRequest) {
        method = request.method
        scheme = request.scheme
        hasBody = Self.hasBody(request)
        hasHeaderList = Self.hasHeaderList(request)
        bypassesProxy = Self.bypassesProxy(request)
        hasPins = Self.hasPins(request)
        sentAtMostOnce = !request.isIdempotent
        options = request.options
    }

    /// True when `request` has this profile: what `CurlHandleProfile(request) == self` says, compared
    /// in place. Every transfer asks this of its handle's profile, and building a profile to compare
    /// (two strings and the options copied, retained and released) cost more than the comparison.
    func matches(_ request: PreparedRequest) -> Bool {
        method == request.method && scheme == request.scheme && hasBody == Self.hasBody(request)
            && hasHeaderList == Self.hasHeaderList(request) && bypassesProxy == Self.bypassesProxy(request)
            && hasPins == Self.hasPins(request) && sentAtMostOnce == !request.isIdempotent
            && options == request.options
    }

    /// True when `request`'s body is sent (`CURLOPT_POSTFIELDS`): any body but a GET's or a HEAD's.
    static func hasBody(_ request: PreparedRequest) -> Bool {
        request.body != nil && request.method != "GET" && request.method != "HEAD"
    }

    /// True when `request` needs a header list of its own rather than the shared defaults.
    static func hasHeaderList(_ request: PreparedRequest) -> Bool {
        !request.headers.fields.isEmpty || request.body != nil || !request.options.acceptCompressedResponses
    }

    /// True when `request` must not go through a proxy: loopback, or a credential over plain http.
    static func bypassesProxy(_ request: PreparedRequest) -> Bool {
        request.connectsToLoopback || (request.scheme == "http" && request.carriesSecret)
    }

    /// True when `request` has `CURLOPT_CONNECT_TO` pins.
    static func hasPins(_ request: PreparedRequest) -> Bool {
        !request.options.resolve.isEmpty
    }
}
