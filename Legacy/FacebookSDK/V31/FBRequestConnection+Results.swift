import FacebookGraph
import Foundation

/// The key under which a v3.1 result holds a body that is not a JSON object or array (`true`, a
/// `key=value` text), as `{"FACEBOOK_NON_JSON_RESULT": "<the text>"}`.
public let FBNonJSONResponseProperty = "FACEBOOK_NON_JSON_RESULT"

/// What one request of an ``FBRequestConnection`` came to: its handler's `result` and `error`, and
/// whether the error says the session's token is no longer valid.
struct V31Outcome {
    var result: Any?
    var error: NSError?
    var isTokenError = false
    /// The body of a successful answer (a v2 delegate's `didLoadRawResponse`).
    var body: Data?

    static func success(_ body: Data) -> V31Outcome {
        V31Outcome(result: v31Result(from: body), body: body)
    }

    /// The v3.1 error for a core error (`FBError.h`, as 3.1.1's `FBRequestConnection` built them):
    ///
    /// - a transfer that failed: `FBErrorHTTPError`, status 0, the `NSURLErrorDomain` error as
    ///   ``FBErrorInnerErrorKey``;
    /// - a non-2xx answer: `FBErrorHTTPError` with its status, and ``FBErrorParsedJSONResponseKey``
    ///   `{"code": status, "body": parsed body}` (a batch item's adds its `"headers"`);
    /// - an error in a 2xx answer (a REST `error_code`, say): `FBErrorRequestConnectionApi`, same keys.
    ///
    /// A Graph error code of 190 or 2500 is a token error (3.1.1's rule) and closes the session.
    static func failure(_ error: GraphError, itemHeaders: Bool = false) -> V31Outcome {
        if let transport = error.transportError {
            return V31Outcome(error: LegacyNSError.transferFailed(transport))
        }
        let nsError = LegacyNSError.requestFailed(
            status: error.httpStatus ?? 0, body: error.body, headerFields: itemHeaders ? error.headerFields : nil,
            message: error.message)
        return V31Outcome(error: nsError, isTokenError: error.isV31TokenError)
    }

    /// `FBErrorProtocolMismatch`: a batch answer that is not an array of one result per request.
    static func protocolMismatch(_ error: GraphError) -> V31Outcome {
        let nsError = LegacyNSError.protocolMismatch(
            status: error.httpStatus ?? 0, body: error.body, message: error.message)
        return V31Outcome(error: nsError)
    }
}

/// The one place a v3.1 result is made from a response body: a JSON object or array as graph
/// objects all the way down, built as the body is read by the legacy layer's one builder
/// (``MutableJSONBuilder`` with `graphObjectArrays`): every object an `NSMutableDictionary`,
/// which is a graph object (`as? FBGraphUser`; NSMutableDictionary+FBGraphObject.swift), every array
/// an ``FBGraphObjectArray`` that hands its graph objects out as themselves. Anything else is
/// `{FBNonJSONResponseProperty: "<the text>"}`.
func v31Result(from body: Data) -> Any {
    if let parsed = (try? MutableJSONBuilder.parse(body, graphObjectArrays: true))?.value,
        parsed is NSDictionary || parsed is NSArray
    {
        return parsed
    }
    return NSMutableDictionary(dictionary: [FBNonJSONResponseProperty: String(decoding: body, as: UTF8.self)])
}

extension FBSession {
    /// What a v3.1 request does to its session when Graph says the token is no longer valid (code 190
    /// or 2500): 3.1.1 closed the session and cleared its token information (`closeAndClearTokenInformation:`)
    /// before calling the request's handler. The one hook of the request layer into the session's
    /// state; the v3.1 session's state machine connects here.
    func closeAfterTokenError(_ error: NSError) {
        closeAndClearTokenInformation()
    }
}
