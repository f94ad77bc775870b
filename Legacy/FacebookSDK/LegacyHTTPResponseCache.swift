import FacebookGraph

/// The last ``LegacyHTTPResponse`` a ``Facebook`` object's requests made, handed out again for the
/// next response with the same URL, status, version, fields and body size.
///
/// Building one costs ~100k instructions (FoundationNetworking capitalises every header name and
/// parses the content type and length), and most delegates never read it. A response object is
/// immutable, so sharing it is invisible; responses of one server within the same second of its
/// `Date` header are typically identical.
final class LegacyHTTPResponseCache: Sendable {
    /// What a response object is made from.
    private struct Key: Equatable {
        var url: String
        var status: Int
        var httpVersion: String
        var headers: HTTPHeaders
        var bodyCount: Int
    }

    /// The last response object made, and what it was made from.
    private let last = LockedValue<(key: Key, response: URLResponse)?>(nil)

    /// The response object for `response`: the last one when it was made from the same values.
    func make(_ response: RawResponse) -> URLResponse {
        let key = Key(
            url: response.effectiveURL, status: response.status, httpVersion: response.httpVersion,
            headers: response.headers, bodyCount: response.body.count)
        if let cached = last.withLock({ $0 }), cached.key == key { return cached.response }
        let made = LegacyHTTPResponse.make(response)
        last.withLock { $0 = (key, made) }
        return made
    }
}
