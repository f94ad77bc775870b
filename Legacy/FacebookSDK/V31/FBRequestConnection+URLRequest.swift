import FacebookGraph
import Foundation

extension FBRequestConnection {
    /// `urlRequest`: the HTTP request ``start()`` sends for the requests added so far, as the core
    /// prepares it — one Graph call for one request, one `batch=[…]` POST for more — with the first
    /// request's session's token, base URL and the connection's timeout; nil when no request was
    /// added or the requests cannot be sent (the error they would get is what ``start()`` reports).
    ///
    /// Each read builds a new request from the requests added so far. It holds the token where the
    /// wire has it (the query of a GET, the body of a POST), so it can be sent as it is; its
    /// `description` and `debugDescription` — what `print`, string interpolation and a debugger
    /// show — have every secret replaced by `<redacted>` by the core's one redaction rule.
    ///
    /// v3.1 also let a caller set this property to send a request of its own instead; that is not
    /// supported here (Migration.md).
    public var urlRequest: NSMutableURLRequest! {
        let added = addedRequests
        guard !added.isEmpty else { return nil }
        let client = Self.client(for: added.lazy.compactMap(\.request.session).first, timeout: timeout)
        let request: GraphRequest
        do {
            request = try Self.sentRequest(added, client: client)
            return RedactedURLRequest(try request.prepare(configuration: client.configuration), timeout: timeout)
        } catch {
            LegacyLog.log("FBRequestConnection: urlRequest cannot be built: \(error.message)")
            return nil
        }
    }
}

/// An `NSMutableURLRequest` built from the core's prepared request, whose descriptions — and its
/// copies' — never show a secret (the core's `SecretPolicy.redactSecrets`): the URL's `access_token`
/// and `appsecret_proof`, and any token-shaped value, are `<redacted>` there. (Bridged to a
/// `URLRequest` value, it is Foundation's again: print the `NSMutableURLRequest`, not the bridge.)
final class RedactedURLRequest: NSMutableURLRequest {
    convenience init?(_ prepared: PreparedRequest, timeout: TimeInterval) {
        guard let url = URL(string: prepared.url) else { return nil }
        self.init(url: url, cachePolicy: .useProtocolCachePolicy, timeoutInterval: timeout)
        httpMethod = prepared.method
        httpBody = prepared.body
        for field in prepared.headers { addValue(field.value, forHTTPHeaderField: field.name) }
    }

    override var description: String { SecretPolicy.redactSecrets(in: super.description) }

    override var debugDescription: String { SecretPolicy.redactSecrets(in: super.debugDescription) }

    /// A copy that redacts too (Foundation's copy would be a plain `NSURLRequest`).
    override func copy(with zone: NSZone? = nil) -> Any { redactedCopy() }

    /// A mutable copy that redacts too.
    override func mutableCopy(with zone: NSZone? = nil) -> Any { redactedCopy() }

    private func redactedCopy() -> RedactedURLRequest {
        let copy = RedactedURLRequest(url: url!, cachePolicy: cachePolicy, timeoutInterval: timeoutInterval)
        copy.httpMethod = httpMethod
        copy.httpBody = httpBody
        copy.allHTTPHeaderFields = allHTTPHeaderFields
        return copy
    }
}
