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
        hasBody = request.body != nil && request.method != "GET" && request.method != "HEAD"
        hasHeaderList =
            !request.headers.fields.isEmpty || request.body != nil || !request.options.acceptCompressedResponses
        bypassesProxy = request.connectsToLoopback || (request.scheme == "http" && request.carriesSecret)
        hasPins = !request.options.resolve.isEmpty
        sentAtMostOnce = !request.isIdempotent
        options = request.options
    }
}
