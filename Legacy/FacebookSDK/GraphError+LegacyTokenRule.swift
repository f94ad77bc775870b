import FacebookGraph

/// The one rule of when a legacy request's failure means its session's token is no longer valid,
/// for every legacy path (the v2 delegate, block, `Result` and `async` calls, and v3.1's
/// `FBRequestConnection`). It reads the client's outcome: the `GraphError`'s shape and code, which
/// the core read from the body with its one integer reader (`GraphError.integer`,
/// `GraphError+Parsing.swift`), so every path gives one body the same answer.
extension GraphError {
    /// The Graph error codes v3.1 took to mean the token is no longer valid (3.1.1's
    /// `FBRequestConnection`: 190, and 2500 "an active access token must be used").
    static let v31TokenErrorCodes: Set<Int> = [190, 2500]

    /// v2's rule: a REST answer whose `error_code` is 190 (`kFBRESTAPIAccessTokenErrorCode`).
    var isRESTTokenError: Bool {
        shape == .rest && code == kFBRESTAPIAccessTokenErrorCode
    }

    /// v3.1's rule: a Graph `error` object whose `code` (or, without one, the `(#N)` its message
    /// starts with) is one of ``v31TokenErrorCodes``.
    var isV31TokenError: Bool {
        shape == .graph && code.map { Self.v31TokenErrorCodes.contains($0) } ?? false
    }

    /// Whether a v2 `Facebook` request's failure expires its session: v2's rule, and v3.1's too
    /// when `graphRule` is on (``Facebook/invalidatesSessionOnGraphTokenErrors``).
    func expiresLegacySession(graphRule: Bool) -> Bool {
        isRESTTokenError || (graphRule && isV31TokenError)
    }
}
