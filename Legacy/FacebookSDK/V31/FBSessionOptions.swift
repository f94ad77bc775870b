import Foundation

/// v3.1's `FBSessionLoginBehavior` (a plain C enum, imported as a struct with global constants): how
/// an open logs in. Linux has no Facebook app, system account or web view: every behaviour logs in
/// with Facebook Login for Devices (Migration.md).
public struct FBSessionLoginBehavior: _FBCEnum {
    /// The behaviour's value.
    public var rawValue: UInt32
    /// The behaviour with `rawValue`.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
}

/// Facebook Login, falling back to a web view (0): the default.
public let FBSessionLoginBehaviorWithFallbackToWebView = FBSessionLoginBehavior(0)
/// Facebook Login without a web view (1).
public let FBSessionLoginBehaviorWithNoFallbackToWebView = FBSessionLoginBehavior(1)
/// Only the web view (2).
public let FBSessionLoginBehaviorForcingWebView = FBSessionLoginBehavior(2)
/// The system account when present, else Facebook Login (3).
public let FBSessionLoginBehaviorUseSystemAccountIfPresent = FBSessionLoginBehavior(3)

/// v3.1's `FBSessionDefaultAudience`: who sees what the app publishes (`default_audience`).
public struct FBSessionDefaultAudience: _FBCEnum {
    /// The audience's value.
    public var rawValue: UInt32
    /// The audience with `rawValue`.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The constant's name for a log line (`FBSessionDefaultAudienceOnlyMe`), else the raw value.
    var name: String {
        switch rawValue {
        case 0: "FBSessionDefaultAudienceNone"
        case 10: "FBSessionDefaultAudienceOnlyMe"
        case 20: "FBSessionDefaultAudienceFriends"
        case 30: "FBSessionDefaultAudienceEveryone"
        default: "\(rawValue)"
        }
    }
}

/// No audience: read permissions only (0).
public let FBSessionDefaultAudienceNone = FBSessionDefaultAudience(0)
/// Only the user (10).
public let FBSessionDefaultAudienceOnlyMe = FBSessionDefaultAudience(10)
/// The user's friends (20).
public let FBSessionDefaultAudienceFriends = FBSessionDefaultAudience(20)
/// Everyone (30).
public let FBSessionDefaultAudienceEveryone = FBSessionDefaultAudience(30)

/// v3.1's `FBSessionLoginType`: how the session's user logged in.
public struct FBSessionLoginType: _FBCEnum {
    /// The type's value.
    public var rawValue: UInt32
    /// The type with `rawValue`.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
}

/// Not logged in yet, or by a way v3.1 had no name for (a device login, a token given) (0).
public let FBSessionLoginTypeNone = FBSessionLoginType(0)
/// The iOS 6 system account (1).
public let FBSessionLoginTypeSystemAccount = FBSessionLoginType(1)
/// The Facebook app (2).
public let FBSessionLoginTypeFacebookApplication = FBSessionLoginType(2)
/// Safari (3).
public let FBSessionLoginTypeFacebookViaSafari = FBSessionLoginType(3)
/// A web view (4).
public let FBSessionLoginTypeWebView = FBSessionLoginType(4)
/// A test user (5).
public let FBSessionLoginTypeTestUser = FBSessionLoginType(5)
