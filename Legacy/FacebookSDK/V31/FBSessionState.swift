import Foundation

/// `FB_SESSIONSTATETERMINALBIT` (`1 << 8`): set in the closed states.
public var FB_SESSIONSTATETERMINALBIT: Int32 { 1 << 8 }
/// `FB_SESSIONSTATEOPENBIT` (`1 << 9`): set in the open states.
public var FB_SESSIONSTATEOPENBIT: Int32 { 1 << 9 }

/// v3.1's `FBSessionState`, a plain C enum, as the importer gave it: a `RawRepresentable` struct whose
/// values are the global constants ``FBSessionStateCreated`` … ``FBSessionStateClosed`` with 3.1.1's
/// values. The header's `FB_ISSESSIONOPENWITHSTATE`/`FB_ISSESSIONSTATETERMINAL` macros did not import;
/// ``isOpen`` and ``isTerminal`` say the same.
public struct FBSessionState: _FBCEnum, CustomStringConvertible {
    /// The state's value (open states have bit 9 set, closed ones bit 8).
    public var rawValue: UInt32

    /// The state with `rawValue`.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// `FB_ISSESSIONOPENWITHSTATE(state)`.
    public var isOpen: Bool { rawValue & UInt32(FB_SESSIONSTATEOPENBIT) != 0 }

    /// `FB_ISSESSIONSTATETERMINAL(state)`.
    public var isTerminal: Bool { rawValue & UInt32(FB_SESSIONSTATETERMINALBIT) != 0 }

    /// The constant's name, as 3.1.1's `sessionStateDescription:` wrote it (`[Unknown]` for others).
    public var description: String {
        switch self {
        case FBSessionStateCreated: "FBSessionStateCreated"
        case FBSessionStateCreatedTokenLoaded: "FBSessionStateCreatedTokenLoaded"
        case FBSessionStateCreatedOpening: "FBSessionStateCreatedOpening"
        case FBSessionStateOpen: "FBSessionStateOpen"
        case FBSessionStateOpenTokenExtended: "FBSessionStateOpenTokenExtended"
        case FBSessionStateClosedLoginFailed: "FBSessionStateClosedLoginFailed"
        case FBSessionStateClosed: "FBSessionStateClosed"
        default: "[Unknown]"
        }
    }
}

/// Created, no valid cached token found (0).
public let FBSessionStateCreated = FBSessionState(0)
/// Created, a cached token loaded: opening needs no login (1).
public let FBSessionStateCreatedTokenLoaded = FBSessionState(1)
/// A login is under way (2).
public let FBSessionStateCreatedOpening = FBSessionState(2)
/// Open: logged in, or opened from the cached token (`1 | FB_SESSIONSTATEOPENBIT`).
public let FBSessionStateOpen = FBSessionState(1 | 1 << 9)
/// Open, the token extended or reauthorized (`2 | FB_SESSIONSTATEOPENBIT`).
public let FBSessionStateOpenTokenExtended = FBSessionState(2 | 1 << 9)
/// Closed: the login failed or was cancelled (`1 | FB_SESSIONSTATETERMINALBIT`); the handler gets
/// the error.
public let FBSessionStateClosedLoginFailed = FBSessionState(1 | 1 << 8)
/// Closed; the token stays cached unless the session was closed with
/// ``FBSession/closeAndClearTokenInformation()`` (`2 | FB_SESSIONSTATETERMINALBIT`).
public let FBSessionStateClosed = FBSessionState(2 | 1 << 8)

/// The block an open calls at each state change until the session closes:
/// `(session, state, error)`; `error` only with ``FBSessionStateClosedLoginFailed``.
public typealias FBSessionStateHandler = (FBSession?, FBSessionState, Error?) -> Void

/// The block a reauthorize calls once: `(session, error)`, `error` nil on success.
public typealias FBSessionReauthorizeResultHandler = (FBSession?, Error?) -> Void

/// Posted (object: the session) when a session becomes the active one.
public let FBSessionDidSetActiveSessionNotification = "com.facebook.sdk:FBSessionDidSetActiveSessionNotification"
/// Posted (object: the session) when a session stops being the active one.
public let FBSessionDidUnsetActiveSessionNotification =
    "com.facebook.sdk:FBSessionDidUnsetActiveSessionNotification"
/// Posted (object: the session) when the active session opens.
public let FBSessionDidBecomeOpenActiveSessionNotification =
    "com.facebook.sdk:FBSessionDidBecomeOpenActiveSessionNotification"
/// Posted (object: the session) when the active session closes.
public let FBSessionDidBecomeClosedActiveSessionNotification =
    "com.facebook.sdk:FBSessionDidBecomeClosedActiveSessionNotification"
