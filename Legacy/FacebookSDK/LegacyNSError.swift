// The legacy layer's one home for `NSError` shaping: every `NSError` the v2 and v3.1 APIs hand a
// delegate or a handler is built here, one function per domain and kind, each naming the userInfo
// keys it writes and the old SDK's fact it follows (legacy-sdk-facts). The core reports `GraphError`
// and `TransportError`; the shapes old code reads are the legacy layer's alone.
//
// Secrets: every text a server sent back (a message, a parsed body) goes through the core's
// `SecretPolicy.redactSecrets(in:)` before it reaches `userInfo`, which is what apps log.

import FacebookGraph
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The `NSError`s of the legacy APIs, by domain: `facebookErrDomain` (v2), `NSURLErrorDomain` (a
/// transfer that failed) and ``FacebookSDKDomain`` (v3.1).
enum LegacyNSError {
    // MARK: - facebookErrDomain (v2)

    /// v2's error for a response body (legacy-sdk-facts §2.7): `facebookErrDomain`, `code` 10000 or
    /// the REST `error_code`, and `userInfo` the server's dictionary as v2 put it — or
    /// `{"error_msg": …}`, or (the non-2xx deviation) `{"http_status": status, "body": text}` — with
    /// every string in it, nested ones too, through `SecretPolicy.redactSecrets(in:)` (deviation,
    /// Migration.md: user info is what apps log).
    static func facebookErr(code: Int, _ userInfo: [String: Any]) -> NSError {
        NSError(domain: facebookErrDomain, code: code, userInfo: redactingSecrets(userInfo) as? [String: Any] ?? [:])
    }

    /// The error v2's dialogs report on this platform: `facebookErrDomain`, 10000, `error_msg` (what
    /// a dialog needs that Linux lacks) and `NSLocalizedDescriptionKey`.
    static func dialogUnavailable(_ what: String) -> NSError {
        NSError(
            domain: facebookErrDomain,
            code: kFBGeneralErrorCode,
            userInfo: [
                "error_msg": "\(what) is not available on this platform: it needs a web view or the Facebook app",
                NSLocalizedDescriptionKey: "\(what) is not available on this platform",
            ]
        )
    }

    // MARK: - NSURLErrorDomain (a transfer that failed)

    /// A transport failure as the `NSError` Foundation's `NSURLConnection` would have produced
    /// (legacy-sdk-facts §2.3: v2 passes it to `request:didFailWithError:` unchanged; v3.1 nests it
    /// under ``FBErrorInnerErrorKey``): `NSURLErrorDomain`, the core's `urlErrorCode`,
    /// `NSLocalizedDescriptionKey` the message and `NSURLErrorFailingURLErrorKey` the URL with its
    /// secrets redacted.
    static func urlError(_ error: TransportError) -> NSError {
        var userInfo: [String: Any] = [NSLocalizedDescriptionKey: error.message]
        let urlSafe = error.redactedURL.replacingOccurrences(of: "<redacted>", with: "%3Credacted%3E")
        if let url = URL(string: urlSafe) { userInfo[NSURLErrorFailingURLErrorKey] = url }
        return NSError(domain: NSURLErrorDomain, code: error.urlErrorCode.rawValue, userInfo: userInfo)
    }

    // MARK: - FacebookSDKDomain (v3.1)

    /// v3.1's error for a transfer that failed (3.1.1's `FBRequestConnection`): ``FBErrorHTTPError``,
    /// ``FBErrorHTTPStatusCodeKey`` 0 and the ``urlError(_:)`` under ``FBErrorInnerErrorKey``.
    static func transferFailed(_ transport: TransportError) -> NSError {
        NSError(
            domain: FacebookSDKDomain, code: Int(FBErrorHTTPError.rawValue),
            userInfo: [FBErrorHTTPStatusCodeKey: 0, FBErrorInnerErrorKey: urlError(transport)])
    }

    /// v3.1's error for an answer the core judged an error (legacy-sdk-facts §2.7, the v3.1 path):
    /// ``FBErrorHTTPError`` for a non-2xx `status`, ``FBErrorRequestConnectionApi`` for an error in a
    /// 2xx answer; ``FBErrorHTTPStatusCodeKey`` the status, ``FBErrorParsedJSONResponseKey``
    /// `{"code": status, "body": the body as a v3.1 result}` (a batch item's adds its `"headers"`,
    /// `[{"name", "value"}]`) and `NSLocalizedDescriptionKey` the core's (redacted) message. The body
    /// is read from its text with every secret redacted (``redactedBody(_:)``), and header values
    /// are redacted, so the result's graph objects are the builder's own.
    static func requestFailed(
        status: Int, body: Data, headerFields: [(name: String, value: String)]?, message: String
    ) -> NSError {
        let parsed = NSMutableDictionary(dictionary: ["code": status, "body": v31Result(from: redactedBody(body))])
        if let headerFields {
            parsed["headers"] = NSMutableArray(
                array: headerFields.map { ["name": $0.name, "value": SecretPolicy.redactSecrets(in: $0.value)] })
        }
        let code = (200..<300).contains(status) ? FBErrorRequestConnectionApi : FBErrorHTTPError
        return NSError(
            domain: FacebookSDKDomain, code: Int(code.rawValue),
            userInfo: [
                FBErrorHTTPStatusCodeKey: status, FBErrorParsedJSONResponseKey: parsed,
                NSLocalizedDescriptionKey: message,
            ])
    }

    /// ``FBErrorProtocolMismatch``: a batch answer that is not one result per request;
    /// ``FBErrorHTTPStatusCodeKey``, ``FBErrorParsedJSONResponseKey`` (the answer as a v3.1 result,
    /// read from its text with every secret redacted) and `NSLocalizedDescriptionKey`.
    static func protocolMismatch(status: Int, body: Data, message: String) -> NSError {
        NSError(
            domain: FacebookSDKDomain, code: Int(FBErrorProtocolMismatch.rawValue),
            userInfo: [
                FBErrorHTTPStatusCodeKey: status, FBErrorParsedJSONResponseKey: v31Result(from: redactedBody(body)),
                NSLocalizedDescriptionKey: message,
            ])
    }

    /// ``FBErrorRequestConnectionApi`` for a misuse of `FBRequestConnection` (3.1.1 raised or
    /// reported it), `NSLocalizedDescriptionKey` saying what was wrong.
    static func requestConnectionMisuse(_ description: String) -> NSError {
        NSError(
            domain: FacebookSDKDomain, code: Int(FBErrorRequestConnectionApi.rawValue),
            userInfo: [NSLocalizedDescriptionKey: description])
    }

    /// ``FBErrorNativeDialog`` with ``FBErrorNativeDialogReasonKey``
    /// ``FBErrorNativeDialogNotSupported``: Linux has no native share dialog.
    static func nativeDialogNotSupported() -> NSError {
        NSError(
            domain: FacebookSDKDomain, code: Int(FBErrorNativeDialog.rawValue),
            userInfo: [
                FBErrorNativeDialogReasonKey: FBErrorNativeDialogNotSupported,
                NSLocalizedDescriptionKey: "The native share dialog is not available on this platform",
            ])
    }

    /// v3.1's login error (3.1.1's `FBSession`): ``FBErrorLoginFailedOrCancelled``, the reason under
    /// ``FBErrorLoginFailedReason``, the server's code under ``FBErrorLoginFailedOriginalErrorCode``,
    /// the cause under ``FBErrorInnerErrorKey`` and `description` as `NSLocalizedDescriptionKey`; a
    /// key whose value is nil is left out.
    static func loginFailed(
        reason: String?, originalErrorCode: String? = nil, innerError: NSError? = nil, description: String? = nil
    ) -> NSError {
        var userInfo: [String: Any] = [:]
        if let reason { userInfo[FBErrorLoginFailedReason] = reason }
        if let originalErrorCode { userInfo[FBErrorLoginFailedOriginalErrorCode] = originalErrorCode }
        if let innerError { userInfo[FBErrorInnerErrorKey] = innerError }
        if let description { userInfo[NSLocalizedDescriptionKey] = description }
        return NSError(domain: FacebookSDKDomain, code: Int(FBErrorLoginFailedOrCancelled.rawValue), userInfo: userInfo)
    }

    // MARK: - Redaction

    /// `value` with every string in it (nested dictionaries and arrays too) through the core's
    /// `SecretPolicy.redactSecrets(in:)`, as Swift dictionaries and arrays (v2's user info).
    private static func redactingSecrets(_ value: Any) -> Any {
        switch value {
        case let text as String: SecretPolicy.redactSecrets(in: text)
        case let dictionary as [String: Any]: dictionary.mapValues(redactingSecrets)
        case let array as [Any]: array.map(redactingSecrets)
        default: value
        }
    }

    /// `body` with every secret in its text through `SecretPolicy.redactSecrets(in:)`, before it is
    /// read as a v3.1 result; the bytes themselves when redaction changes nothing (a body that is not
    /// UTF-8 stays as it was, and reads as it did).
    private static func redactedBody(_ body: Data) -> Data {
        let text = String(decoding: body, as: UTF8.self)
        let redacted = SecretPolicy.redactSecrets(in: text)
        return redacted == text ? body : Data(redacted.utf8)
    }
}

extension TransportError {
    /// This error as the `NSError` in `NSURLErrorDomain` that Foundation would have produced
    /// (``LegacyNSError/urlError(_:)``): v2's `request:didFailWithError:`, v3.1's inner error.
    var urlError: NSError { LegacyNSError.urlError(self) }
}
