import FacebookGraph
import Foundation

/// The error domain of every error the v2 SDK produced from a response body (`@"facebookErrDomain"`).
public let facebookErrDomain = "facebookErrDomain"

/// The v2 SDK's general error code (`kGeneralErrorCode`): a body with `error`, a bare `false`, or an
/// `error_msg` / `error_reason` without `error_code`.
public let kFBGeneralErrorCode = 10000

/// The REST error code that means the access token is no longer valid (`kRESTAPIAccessTokenErrorCode`).
public let kFBRESTAPIAccessTokenErrorCode = 190

/// The state of a request that has not started (`kFBRequestStateReady`).
///
/// The header declared the states in an anonymous enum, so the importer made them `Int` constants
/// while ``FBRequestState`` is `UInt`; legacy comparisons convert, and so do these.
public var kFBRequestStateReady: Int { 0 }
/// The state of a request in flight (`kFBRequestStateLoading`).
public var kFBRequestStateLoading: Int { 1 }
/// The state of a finished request, whether it succeeded or failed (`kFBRequestStateComplete`).
public var kFBRequestStateComplete: Int { 2 }
/// Declared by the v2 header and never set by v2-final (`kFBRequestStateError`).
public var kFBRequestStateError: Int { 3 }

/// The type of `FBRequest.state` (`typedef NSUInteger FBRequestState`).
public typealias FBRequestState = UInt

/// The constants of the v2 `Facebook.m` and `FBRequest.m`, for the request builder.
enum LegacyConstants {
    static let graphBaseURL = GraphConfiguration.defaultGraphBaseURL
    static let restBaseURL = GraphConfiguration.defaultRESTBaseURL + "method/"
    static let dialogBaseURL = "https://m.facebook.com/dialog/"
    static let userAgent = "FacebookConnect"
    /// The `User-Agent` of v3.1.1's `FBRequestConnection` (`FBiOSSDK.` and the SDK's version string).
    static let v31UserAgent = "FBiOSSDK.3.1.0"
    static let stringBoundary = MultipartForm.legacyV2Boundary
    static let sdk = "ios"
    static let sdkVersion = "2"
    static let timeoutSeconds = 180
}
