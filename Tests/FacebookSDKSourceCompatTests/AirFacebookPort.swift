// The Facebook-facing call sites of FreshPlanet's Adobe AIR extension (github.com/freshplanet/ANE-Facebook,
// ios/AirFacebook/AirFacebook.m and DialogDelegate.m as of March 2013, when it vendored SDK 3.1.1),
// rewritten here in Swift with the spellings Swift's Clang importer gives the 3.1.1 headers: a v3.1
// hybrid that logs in with FBSession (opening from the token cache at start), makes v3.1 FBRequests,
// writes their results with FBSBJSON, tries FBNativeDialogs before falling back to the deprecated
// Facebook/FBDialog web dialogs, and calls FBSettings. Only the SDK calls and the decisions around
// them are kept; AIR's FREDispatchStatusEventAsync becomes ``AirFacebook/events``.
//
// The spellings were checked against the real 3.1.1 headers with a copy of importer-check whose header
// list adds FBNativeDialogs.h, the FBSBJSON headers, Facebook.h and FBDialog.h (with UIWebView, UIButton,
// UIInterfaceOrientation and NSMutableSet added to its stand-in headers): everything type-checks but for
// two things of the stand-in Foundation, `FBSBJSON()` (the JSON classes show no initializer there) and an
// `NSMutableDictionary` passed where the stand-in's generic one is expected.

import FacebookSDK
import Foundation

/// The extension's own block types (declared in its AirFacebook.h), as the importer gives them.
typealias FBOpenSessionCompletionHandler = (FBSession?, FBSessionState, Error?) -> Void
typealias FBReauthorizeSessionCompletionHandler = (FBSession?, Error?) -> Void
typealias FBRequestCompletionHandler = (FBRequestConnection?, Any?, Error?) -> Void

/// The extension's singleton: what ActionScript called, forwarded to the SDK.
final class AirFacebook: NSObject {
    /// One status event sent to ActionScript: its code and its text.
    struct Event: Equatable {
        var code: String
        var level: String
    }

    private(set) var appID: String?
    private(set) var urlSchemeSuffix: String?
    private var legacyFacebook: Facebook?
    private var dialogDelegates: [AirDialogDelegate] = []
    /// What `FREDispatchStatusEventAsync` would have sent, in order (`LOGGING` lines included).
    private(set) var events: [Event] = []
    /// The states the open handler saw, in order (the extension logged them).
    private(set) var states: [FBSessionState] = []
    /// Hears each event as it is sent (where AIR delivered it to ActionScript).
    var onEvent: ((Event) -> Void)?

    // MARK: - Start: open the session if a token is in the cache

    init(appID: String, urlSchemeSuffix: String?) {
        super.init()
        self.appID = appID
        self.urlSchemeSuffix = urlSchemeSuffix
        let session: FBSession = FBSession(
            appID: appID, permissions: nil, urlSchemeSuffix: urlSchemeSuffix, tokenCacheStrategy: nil)
        FBSession.setActive(session)
        if session.state == FBSessionStateCreatedTokenLoaded {
            session.open(
                with: FBSessionLoginBehaviorUseSystemAccountIfPresent, completionHandler: openSessionCompletionHandler()
            )
        }
    }

    func dispatch(_ code: String, _ level: String) {
        let event = Event(code: code, level: level)
        events.append(event)
        onEvent?(event)
    }

    func log(_ text: String) {
        dispatch("LOGGING", text)
    }

    /// The legacy object its web dialogs need, made on first use.
    var facebook: Facebook {
        if let legacyFacebook { return legacyFacebook }
        let made: Facebook = Facebook(appId: appID, urlSchemeSuffix: urlSchemeSuffix, andDelegate: nil)
        legacyFacebook = made
        return made
    }

    // MARK: - Handlers

    func openSessionCompletionHandler() -> FBOpenSessionCompletionHandler {
        return { [self] session, status, error in
            states.append(status)
            if status == FBSessionStateOpen {
                // The web dialogs still go through the old object: it gets the session's token.
                facebook.accessToken = session?.accessToken
                facebook.expirationDate = session?.expirationDate
                log("Session opened with permissions: \(String(describing: session?.permissions))")
                dispatch("OPEN_SESSION_SUCCESS", "OK")
            } else if status == FBSessionStateClosedLoginFailed {
                let inner = (error as NSError?)?.userInfo[FBErrorInnerErrorKey] as? NSError
                if let inner, inner.domain == "com.apple.accounts", inner.code == 7 {
                    dispatch("OPEN_SESSION_CANCEL", "OK")
                } else {
                    dispatch("OPEN_SESSION_ERROR", String(describing: error))
                }
            } else if status == FBSessionStateClosed {
                facebook.accessToken = nil
                facebook.expirationDate = nil
                log("INFO - Session closed")
            }
        }
    }

    func reauthorizeSessionCompletionHandler() -> FBReauthorizeSessionCompletionHandler {
        return { [self] session, error in
            if let error = error as NSError? {
                let reason = error.userInfo[FBErrorLoginFailedReason] as? String
                if reason == FBErrorReauthorizeFailedReasonUserCancelled {
                    dispatch("REAUTHORIZE_SESSION_CANCEL", "OK")
                } else {
                    dispatch("REAUTHORIZE_SESSION_ERROR", error.description)
                }
            } else {
                log("Session reauthorized with permissions: \(String(describing: session?.permissions))")
                dispatch("REAUTHORIZE_SESSION_SUCCESS", "OK")
            }
        }
    }

    /// Sends the result to ActionScript as JSON under `callback`; an error is only logged, as the
    /// extension did (and kept in ``requestErrors``).
    func requestCompletionHandler(callback: String?) -> FBRequestCompletionHandler {
        return { [self] _, result, error in
            if let error {
                requestErrors.append(error as NSError)
                log("Request error: \(error)")
                return
            }
            // `stringWithObject:error:` is hidden by the importer (its Swift name collides with the
            // writer's `stringWithObject:`), so imported code calls `string(with:)`: nil on failure.
            if let text = FBSBJSON().string(with: result) {
                dispatch(callback ?? "LOGGING", text)
            } else {
                log("Request JSON error")
            }
        }
    }

    /// The errors request handlers got, in order.
    private(set) var requestErrors: [NSError] = []

    func shareDialogHandler(callback: String) -> FBShareDialogHandler {
        return { [self] result, error in
            var text = "{}"
            if result == FBNativeDialogResultCancelled {
                text = "{ \"cancelled\": true}"
            } else if result == FBNativeDialogResultError {
                text = "{ \"error\": \"\(String(describing: error))\" }"
            }
            dispatch(callback, text)
        }
    }

    func dialogDelegate(callback: String) -> AirDialogDelegate {
        let delegate = AirDialogDelegate(owner: self, callback: callback)
        dialogDelegates.append(delegate)
        return delegate
    }

    func dialogDelegate(_ delegate: AirDialogDelegate, finishedWithResult result: String) {
        dispatch(delegate.callback, result)
        dialogDelegates.removeAll { $0 === delegate }
    }

    // MARK: - What ActionScript called

    func handleOpenURL(_ url: URL) {
        log("Handle open URL: \(url)")
        FBSession.active().handleOpen(url)
    }

    func getAccessToken() -> String? { FBSession.active().accessToken }

    func getExpirationTimestamp() -> UInt32 {
        UInt32(clamping: Int(FBSession.active().expirationDate?.timeIntervalSince1970 ?? 0))
    }

    func isSessionOpen() -> Bool { FBSession.active().isOpen }

    func openSession(permissions: [String], type: String, allowLoginUI: Bool) {
        let behavior =
            allowLoginUI ? FBSessionLoginBehaviorWithFallbackToWebView : FBSessionLoginBehaviorUseSystemAccountIfPresent
        let session: FBSession = FBSession(
            appID: appID, permissions: permissions, defaultAudience: FBSessionDefaultAudienceFriends,
            urlSchemeSuffix: urlSchemeSuffix, tokenCacheStrategy: nil)
        FBSession.setActive(session)
        session.open(with: behavior, completionHandler: openSessionCompletionHandler())
    }

    func reauthorizeSession(permissions: [String], type: String) {
        if type == "read" {
            FBSession.active().reauthorize(
                withReadPermissions: permissions, completionHandler: reauthorizeSessionCompletionHandler())
        } else {
            FBSession.active().reauthorize(
                withPublishPermissions: permissions, defaultAudience: FBSessionDefaultAudienceFriends,
                completionHandler: reauthorizeSessionCompletionHandler())
        }
    }

    func closeSessionAndClearTokenInformation() {
        FBSession.active().closeAndClearTokenInformation()
    }

    func requestWithGraphPath(_ graphPath: String, parameters: [String: String], httpMethod: String?, callback: String?)
    {
        let request: FBRequest = FBRequest(
            graphPath: graphPath, parameters: parameters, httpMethod: httpMethod)
        request.start(completionHandler: requestCompletionHandler(callback: callback))
    }

    func dialog(method: String, parameters: [String: String], callback: String, allowNativeUI: Bool) {
        let params = NSMutableDictionary(dictionary: parameters)
        let session = FBSession.active()
        let canPresentNativeDialog = FBNativeDialogs.canPresentShareDialog(with: session)
        let hasNoRecipient = (params["to"] as? String).map { $0.isEmpty } ?? true
        if allowNativeUI && canPresentNativeDialog && method == "feed" && hasNoRecipient {
            FBNativeDialogs.presentShareDialogModally(
                from: nil, initialText: params["name"] as? String, image: nil,
                url: (params["link"] as? String).flatMap(URL.init(string:)),
                handler: shareDialogHandler(callback: callback))
        } else {
            facebook.dialog(method, andParams: params, andDelegate: dialogDelegate(callback: callback))
        }
    }

    func publishInstall(appID: String) {
        FBSettings.publishInstall(appID)
    }
}

/// The extension's `DialogDelegate`: turns a web dialog's end into a JSON text for ActionScript.
final class AirDialogDelegate: NSObject, FBDialogDelegate {
    weak var owner: AirFacebook?
    let callback: String

    init(owner: AirFacebook, callback: String) {
        self.owner = owner
        self.callback = callback
    }

    func dialogComplete(with url: URL!) {
        let data = url?.query.map { "{ \"params\" : \"\($0)\"}" } ?? "{ \"cancel\" : true}"
        owner?.dialogDelegate(self, finishedWithResult: data)
    }

    func dialogDidNotComplete(with url: URL!) {
        owner?.dialogDelegate(self, finishedWithResult: "{ \"cancel\" : true}")
    }

    func dialog(_ dialog: FBDialog!, didFailWithError error: Error!) {
        owner?.dialogDelegate(self, finishedWithResult: "{ \"error\" : \"\(String(describing: error))\"}")
    }
}
