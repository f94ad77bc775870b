// v3.1.1's session API as the Clang importer spells it: this file type-checks against the real 3.1.1
// headers (`../shared/tools/importer-check/importer-check Tests/ImporterProbes/v31-session.swift`) and,
// unchanged, against this package (Tests/FacebookSDKSourceCompatTests/ImporterProbeV31Session.swift is a
// link to it, built in Swift 5 mode; V31SessionSourceCompatTests runs the sample ports below).
// The sample code is ported mechanically from the 3.1.1 samples (FriendPickerSample's FPAppDelegate
// and FPViewController, Scrumptious's SCAppDelegate, HelloFacebookSample's HFViewController) with the
// UIKit parts left out.

import FacebookSDK
import Foundation

// MARK: - Every spelling

func probeV31Session(url: URL, strategy: FBSessionTokenCachingStrategy) {
    let s0: FBSession = FBSession()
    let s1: FBSession = FBSession(permissions: ["email"])
    let s2: FBSession = FBSession(appID: "1", permissions: nil, urlSchemeSuffix: nil, tokenCacheStrategy: strategy)
    let s3: FBSession = FBSession(
        appID: "1", permissions: nil, defaultAudience: FBSessionDefaultAudienceFriends, urlSchemeSuffix: "x",
        tokenCacheStrategy: nil)
    let handler: FBSessionStateHandler = { session, state, error in
        if state == FBSessionStateOpen || state == FBSessionStateOpenTokenExtended {}
        switch state {
        case FBSessionStateCreated, FBSessionStateCreatedTokenLoaded, FBSessionStateCreatedOpening: break
        case FBSessionStateClosedLoginFailed, FBSessionStateClosed: break
        default: break
        }
        _ = session?.isOpen
        _ = error
    }
    s0.open(completionHandler: handler)
    s1.open(with: FBSessionLoginBehaviorWithFallbackToWebView, completionHandler: handler)
    _ = [
        FBSessionLoginBehaviorWithNoFallbackToWebView, FBSessionLoginBehaviorForcingWebView,
        FBSessionLoginBehaviorUseSystemAccountIfPresent,
    ]
    _ = [FBSessionDefaultAudienceNone, FBSessionDefaultAudienceOnlyMe, FBSessionDefaultAudienceEveryone]
    let none: FBSessionLoginType = FBSessionLoginTypeNone
    _ = [
        FBSessionLoginTypeSystemAccount, FBSessionLoginTypeFacebookApplication, FBSessionLoginTypeFacebookViaSafari,
        FBSessionLoginTypeWebView, FBSessionLoginTypeTestUser, none,
    ]
    let opened: Bool = FBSession.openActiveSession(withAllowLoginUI: false)
    _ = FBSession.openActiveSession(withReadPermissions: nil, allowLoginUI: false, completionHandler: handler)
    _ = FBSession.openActiveSession(
        withPublishPermissions: ["publish_actions"], defaultAudience: FBSessionDefaultAudienceFriends,
        allowLoginUI: false, completionHandler: handler)
    let active: FBSession = FBSession.active()
    _ = FBSession.setActive(s2)
    FBSession.setDefaultAppID("123")
    let appID: String = FBSession.defaultAppID()
    let handled: Bool = active.handleOpen(url)
    active.handleDidBecomeActive()
    active.close()
    active.closeAndClearTokenInformation()
    let reauthorized: FBSessionReauthorizeResultHandler = { session, error in _ = (session, error) }
    active.reauthorize(withReadPermissions: ["user_likes"], completionHandler: reauthorized)
    active.reauthorize(
        withPublishPermissions: ["publish_actions"], defaultAudience: FBSessionDefaultAudienceOnlyMe,
        completionHandler: reauthorized)
    let isOpen: Bool = active.isOpen
    let state: FBSessionState = active.state
    let raw: UInt32 = state.rawValue
    let token: String? = active.accessToken
    let expiry: Date? = active.expirationDate
    let permissions: [Any]? = active.permissions
    let sessionAppID: String? = active.appID
    let suffix: String? = active.urlSchemeSuffix
    let loginType: FBSessionLoginType = active.loginType
    let bits: [Int32] = [FB_SESSIONSTATETERMINALBIT, FB_SESSIONSTATEOPENBIT]
    let notifications: [String] = [
        FBSessionDidSetActiveSessionNotification, FBSessionDidUnsetActiveSessionNotification,
        FBSessionDidBecomeOpenActiveSessionNotification, FBSessionDidBecomeClosedActiveSessionNotification,
    ]
    _ = (opened, appID, handled, isOpen, raw, token, expiry, permissions, sessionAppID, suffix, loginType, s3)
    _ = (bits, notifications, FBSessionState(rawValue: 2), FBSessionLoginBehavior(rawValue: 0))
    // The initializers are `init!` (`- (id)init…`): a result kept untyped is optional.
    let untyped = FBSession(permissions: nil)
    untyped?.close()
    FBSession(appID: "1", permissions: nil, urlSchemeSuffix: nil, tokenCacheStrategy: nil)!.close()
    FBSessionTokenCachingStrategy(userDefaultTokenInformationKeyName: "k")?.clearToken()
}

func probeV31TokenCache() {
    let shared: FBSessionTokenCachingStrategy = FBSessionTokenCachingStrategy.defaultInstance()
    let keyed: FBSessionTokenCachingStrategy = FBSessionTokenCachingStrategy(userDefaultTokenInformationKeyName: "k")
    let plain: FBSessionTokenCachingStrategy = FBSessionTokenCachingStrategy()
    keyed.cacheTokenInformation([FBTokenInformationTokenKey: "t", FBTokenInformationExpirationDateKey: Date()])
    let information: [AnyHashable: Any]? = shared.fetchTokenInformation()
    let valid: Bool = FBSessionTokenCachingStrategy.isValidTokenInformation(information)
    plain.clearToken()
    let keys: [String] = [
        FBTokenInformationRefreshDateKey, FBTokenInformationUserFBIDKey, FBTokenInformationIsFacebookLoginKey,
        FBTokenInformationLoginTypeLoginKey, FBTokenInformationPermissionsKey,
    ]
    _ = (valid, keys)
}

func probeV31Settings() {
    let behavior: Set<AnyHashable>? = FBSettings.loggingBehavior()
    FBSettings.setLoggingBehavior([
        FBLoggingBehaviorFBRequests, FBLoggingBehaviorFBURLConnections, FBLoggingBehaviorAccessTokens,
        FBLoggingBehaviorSessionStateTransitions, FBLoggingBehaviorPerformanceCharacteristics,
    ])
    let autoPublish: Bool = FBSettings.shouldAutoPublishInstall()
    FBSettings.setShouldAutoPublishInstall(false)
    FBSettings.publishInstall(nil)
    _ = (behavior, autoPublish)
}

// MARK: - The samples' session code, ported mechanically

/// FriendPickerSample's FPAppDelegate.
final class FPAppDelegate: NSObject {
    func application(openURL url: URL) -> Bool {
        return FBSession.active().handleOpen(url)
    }

    func applicationWillTerminate() {
        FBSession.active().close()
    }
}

/// FriendPickerSample's FPViewController.viewDidLoad.
final class FPViewController: NSObject {
    var alerts: [String] = []

    func viewDidLoad() {
        if !FBSession.active().isOpen {
            FBSession.active().open(completionHandler: { (session, state, error) in
                switch state {
                case FBSessionStateClosedLoginFailed:
                    self.alerts.append(error?.localizedDescription ?? "")
                default:
                    break
                }
            })
        }
    }
}

/// Scrumptious's SCAppDelegate.
final class SCAppDelegate: NSObject {
    var events: [String] = []

    func showLoginView() { events.append("showLoginView") }

    func sessionStateChanged(_ session: FBSession!, state: FBSessionState, error: Error!) {
        switch state {
        case FBSessionStateOpen:
            events.append("open")
        case FBSessionStateClosed:
            events.append("closed")
            FBSession.active().closeAndClearTokenInformation()
        case FBSessionStateClosedLoginFailed:
            events.append("loginFailed")
        default:
            break
        }
        if let error = error {
            events.append(
                "Error: " + SCAppDelegate.FBErrorCodeDescription(FBErrorCode(UInt32((error as NSError).code))))
        }
    }

    func openSession(withAllowLoginUI allowLoginUI: Bool) -> Bool {
        return FBSession.openActiveSession(
            withReadPermissions: nil, allowLoginUI: allowLoginUI,
            completionHandler: { (session, state, error) in
                self.sessionStateChanged(session, state: state, error: error)
            })
    }

    func application(openURL url: URL) -> Bool {
        return FBSession.active().handleOpen(url)
    }

    func applicationWillTerminate() {
        FBSession.active().close()
    }

    func applicationDidBecomeActive() {
        FBSession.active().handleDidBecomeActive()
    }

    func didFinishLaunching() {
        if !openSession(withAllowLoginUI: false) {
            showLoginView()
        }
    }

    static func FBErrorCodeDescription(_ code: FBErrorCode) -> String {
        switch code {
        case FBErrorInvalid: return "FBErrorInvalid"
        case FBErrorOperationCancelled: return "FBErrorOperationCancelled"
        case FBErrorLoginFailedOrCancelled: return "FBErrorLoginFailedOrCancelled"
        case FBErrorRequestConnectionApi: return "FBErrorRequestConnectionApi"
        case FBErrorProtocolMismatch: return "FBErrorProtocolMismatch"
        case FBErrorHTTPError: return "FBErrorHTTPError"
        case FBErrorNonTextMimeTypeReturned: return "FBErrorNonTextMimeTypeReturned"
        case FBErrorNativeDialog: return "FBErrorNativeDialog"
        default: return "[Unknown]"
        }
    }
}

/// HelloFacebookSample's HFViewController.performPublishAction.
final class HFViewController: NSObject {
    func performPublishAction(_ action: @escaping () -> Void) {
        if (FBSession.active().permissions as NSArray).index(of: "publish_actions") == NSNotFound {
            FBSession.active().reauthorize(
                withPublishPermissions: ["publish_actions"], defaultAudience: FBSessionDefaultAudienceFriends,
                completionHandler: { (session, error) in
                    if error == nil {
                        action()
                    }
                })
        } else {
            action()
        }
    }
}
