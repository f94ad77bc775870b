import FacebookGraph
import Foundation

/// Why a bridged REST call failed, and the REST error body it becomes.
///
/// The body is what the REST API sent (`{"error_code": N, "error_msg": "…", "request_args": […]}`,
/// HTTP 200), so the legacy layer's own parse rules shape the `NSError` (`facebookErrDomain`, code
/// `error_code`, the body as `userInfo`) and the core's `GraphError.parse` reads it for the `Result`
/// and `async` overloads — a REST 190 invalidates the session on every path.
enum RESTFailure: Error {
    /// A REST error decided by the bridge itself (an unknown method, an unsupported FQL query, a
    /// missing parameter).
    case rest(code: Int, message: String)
    /// A Graph call failed; the core classified it.
    case graph(GraphError)

    /// REST's "Unknown method" (`error_code` 3).
    static let unknownMethodCode = 3
    /// REST's "Invalid parameter" (`error_code` 100).
    static let invalidParameterCode = 100

    /// An unknown (or unbridged) method.
    static func unknownMethod(_ method: String) -> RESTFailure {
        .rest(
            code: unknownMethodCode,
            message: "Unknown method: \(method) is not bridged to the Graph API (the REST API is gone; "
                + "Migration.md lists the bridged methods)"
        )
    }

    /// A missing or unusable parameter.
    static func invalidParameter(_ message: String) -> RESTFailure {
        .rest(code: invalidParameterCode, message: "Invalid parameter: \(message)")
    }

    /// What the caller receives: a REST error body, or — for a Graph call that never got an answer
    /// (no network, cancelled) — the transport error, as a failed REST request reported it.
    func outcome(for call: RESTCall) -> Result<Data, TransportError> {
        switch self {
        case .rest(let code, let message):
            return .success(Self.body(code: code, message: message, call: call))
        case .graph(let error):
            if let transportError = error.transportError, error.httpStatus == nil {
                return .failure(transportError)
            }
            // Graph's codes grew out of REST's (4, 17, 100, 190, 200…): the code stays, so a Graph
            // 190 is a REST 190. An error without one is REST's 1 (unknown) or 2 (service down).
            let code = error.code ?? ((error.httpStatus ?? 0) >= 500 ? 2 : 1)
            return .success(Self.body(code: code, message: error.message, call: call))
        }
    }

    private static func body(code: Int, message: String, call: RESTCall) -> Data {
        RESTBridge.json(["error_code": code, "error_msg": message, "request_args": call.requestArguments])
    }
}
