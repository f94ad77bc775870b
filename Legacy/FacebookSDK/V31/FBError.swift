// v3.1's `FBError.h`: the error domain, codes and userInfo keys of every `NSError` the v3.1 core
// (`FBSession`, v3.1 `FBRequest`, `FBRequestConnection`, `FBNativeDialogs`) reports. The strings are
// 3.1.1's own (`FBError.m`, `FBSession.m`, `FBTestSession.m`); the spellings are the importer's (a plain
// C `typedef enum` becomes a `RawRepresentable` struct with global constants; `NSString *const` a
// `String` constant).

/// The error domain of every error the v3.1 core returns (`FacebookSDKDomain`, `"com.facebook.sdk"`).
public let FacebookSDKDomain = "com.facebook.sdk"

/// The `userInfo` key of an inner error: the transport's or the Graph API's error the v3.1 error wraps.
public let FBErrorInnerErrorKey = "com.facebook.sdk:ErrorInnerErrorKey"
/// The `userInfo` key of the parsed JSON response (in a batch, the JSON of that one request).
public let FBErrorParsedJSONResponseKey = "com.facebook.sdk:ParsedJSONResponseKey"
/// The `userInfo` key of the HTTP status code (an `Int`).
public let FBErrorHTTPStatusCodeKey = "com.facebook.sdk:HTTPStatusCode"

/// The `userInfo` key under which a session states why a login failed.
public let FBErrorLoginFailedReason = "com.facebook.sdk:ErrorLoginFailedReason"
/// The `userInfo` key of the original error code of a failed login.
public let FBErrorLoginFailedOriginalErrorCode = "com.facebook.sdk:ErrorLoginFailedOriginalErrorCode"
/// The login-failed reason of an inline (dialog) login the user cancelled.
public let FBErrorLoginFailedReasonInlineCancelledValue = "com.facebook.sdk:InlineLoginCancelled"
/// The login-failed reason of an inline (dialog) login that failed without being cancelled.
public let FBErrorLoginFailedReasonInlineNotCancelledValue = "com.facebook.sdk:ErrorLoginNotCancelled"
/// The login-failed reason of a test session whose response was not understood.
public let FBErrorLoginFailedReasonUnitTestResponseUnrecognized = "com.facebook.sdk:UnitTestResponseUnrecognized"

/// The reason of a reauthorization that failed because the session was closed.
public let FBErrorReauthorizeFailedReasonSessionClosed = "com.facebook.sdk:ErrorReauthorizeFailedReasonSessionClosed"
/// The reason of a reauthorization the user cancelled.
public let FBErrorReauthorizeFailedReasonUserCancelled = "com.facebook.sdk:ErrorReauthorizeFailedReasonUserCancelled"
/// The reason of a reauthorization that logged in another user.
public let FBErrorReauthorizeFailedReasonWrongUser = "com.facebook.sdk:ErrorReauthorizeFailedReasonWrongUser"

/// The `userInfo` key of the reason a native dialog failed.
public let FBErrorNativeDialogReasonKey = "com.facebook.sdk:NativeDialogReasonKey"
/// The native-dialog failure reason: the platform has no native dialog (always so on Linux).
public let FBErrorNativeDialogNotSupported = "com.facebook.sdk:NativeDialogNotSupported"
/// The native-dialog failure reason: the dialog does not fit the session (3.1.1's string has no prefix).
public let FBErrorNativeDialogInvalidForSession = "NativeDialogInvalidForSession"
/// The native-dialog failure reason: any other (3.1.1's string has no prefix).
public let FBErrorNativeDialogCantBeDisplayed = "NativeDialogCantBeDisplayed"

/// The name of the exception v3.1 raised for an invalid operation. This package raises no
/// Objective-C exceptions; it is here so code that compares names compiles.
public let FBInvalidOperationException = "com.facebook.sdk:InvalidOperationException"

/// v3.1's `FBErrorCode`, a plain C enum, as the importer gave it: a `RawRepresentable` struct whose
/// values are the global constants ``FBErrorInvalid`` … ``FBErrorNativeDialog`` (0 … 7), valid in
/// ``FacebookSDKDomain``.
public struct FBErrorCode: _FBCEnum {
    /// The code, as `NSError.code` carries it.
    public var rawValue: UInt32

    /// The code with `rawValue`.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
}

/// Not an error: an `FBErrorCode` not yet set (0).
public let FBErrorInvalid = FBErrorCode(0)
/// The operation was cancelled (1).
public let FBErrorOperationCancelled = FBErrorCode(1)
/// A login failed or was cancelled (2).
public let FBErrorLoginFailedOrCancelled = FBErrorCode(2)
/// The Graph API returned an error for the request (3).
public let FBErrorRequestConnectionApi = FBErrorCode(3)
/// The server's answer was not what the request expected, e.g. a batch of the wrong length (4).
public let FBErrorProtocolMismatch = FBErrorCode(4)
/// The server answered with a non-success HTTP status (5).
public let FBErrorHTTPError = FBErrorCode(5)
/// The endpoint answered with a binary (non-text) body (6).
public let FBErrorNonTextMimeTypeReturned = FBErrorCode(6)
/// A native dialog could not be shown (7).
public let FBErrorNativeDialog = FBErrorCode(7)
