import FacebookGraph
import Foundation

/// Opening: from the cached token, or — Linux having no web view and no Facebook app — by Facebook
/// Login for Devices; the `fb<appID><suffix>://authorize` callback; reauthorizing.
extension FBSession {
    /// `-openWithCompletionHandler:`: ``open(with:completionHandler:)`` with the default behaviour.
    public func open(completionHandler handler: FBSessionStateHandler!) {
        open(with: FBSessionLoginBehaviorWithFallbackToWebView, completionHandler: handler)
    }

    /// `-openWithBehavior:completionHandler:`: opens the session; `handler` is called at each state
    /// change from here until the session closes, then released.
    ///
    /// - From ``FBSessionStateCreatedTokenLoaded``: ``FBSessionStateOpen`` at once, before this
    ///   returns, with no login.
    /// - From ``FBSessionStateCreated``: ``FBSessionStateCreatedOpening`` (the handler is not called
    ///   for it, as in v3.1), then a login. Every `behavior` logs in with Facebook Login for Devices
    ///   (Migration.md): ``deviceLoginPresenter`` shows the user a code and a URL to open on another
    ///   device, the session polls, and on approval the token is cached and the state is
    ///   ``FBSessionStateOpen``. A declined, expired or failed login — or one that cannot start: no
    ///   ``appID`` or ``clientToken`` — ends in ``FBSessionStateClosedLoginFailed`` with v3.1's error
    ///   (``FacebookSDKDomain``, ``FBErrorLoginFailedOrCancelled``, the reason under
    ///   ``FBErrorLoginFailedReason``: ``FBErrorLoginFailedReasonInlineCancelledValue`` when the user
    ///   declined, ``FBErrorLoginFailedReasonInlineNotCancelledValue`` otherwise, the cause under
    ///   ``FBErrorInnerErrorKey``). These arrive on ``callbackQueue``. A ``handleOpen(_:)`` with a
    ///   token, or ``close()``, while the login runs ends it.
    /// - From any other state: v3.1 raised `FBInvalidOperationException`; this logs the misuse on
    ///   standard error and changes nothing (the handler is not kept).
    public func open(with behavior: FBSessionLoginBehavior, completionHandler handler: FBSessionStateHandler!) {
        let prior = lock.withLock { () -> FBSessionState in
            let prior = current
            if prior == FBSessionStateCreated || prior == FBSessionStateCreatedTokenLoaded { stateHandler = handler }
            return prior
        }
        switch prior {
        case FBSessionStateCreatedTokenLoaded:
            transitionAndCallHandler(to: FBSessionStateOpen)
        case FBSessionStateCreated:
            transition(to: FBSessionStateCreatedOpening)
            startDeviceLogin(permissions: permissions ?? [], audience: defaultAudience) { [self] result in
                // A callback URL or a close may have ended the login first.
                guard state == FBSessionStateCreatedOpening else { return }
                switch result {
                case .success(let login):
                    lock.withLock { refreshDate = Date() }
                    transitionAndCallHandler(
                        to: FBSessionStateOpen, token: login.accessToken, expirationDate: login.expirationDate,
                        shouldCache: true)
                case .failure(let error):
                    transitionAndCallHandler(to: FBSessionStateClosedLoginFailed, error: error)
                }
            }
        default:
            LegacyLog.log("FBSession: an attempt was made to open an already opened or closed session (\(prior))")
        }
    }

    /// Runs the device login for `permissions`, unless the session lacks an app id or client token;
    /// `completion` gets the token, or v3.1's login error, on ``callbackQueue`` (never after the
    /// session has left the state the login was for: the task is cancelled then).
    ///
    /// 3.1.1 sent `audience` only to iOS 6's system account (`ACFacebookAudienceKey`); a device
    /// login's request takes a `scope` and nothing else, so an audience other than
    /// ``FBSessionDefaultAudienceNone`` cannot travel: it is said on standard error, not dropped in
    /// silence (Migration.md, deviation 36).
    private func startDeviceLogin(
        permissions: [Any], audience: FBSessionDefaultAudience,
        completion: @escaping (Result<DeviceLoginToken, NSError>) -> Void
    ) {
        if audience != FBSessionDefaultAudienceNone {
            LegacyLog.log(
                "FBSession: the default audience (\(audience.name)) is not applied: Facebook Login for Devices "
                    + "takes no audience, so what the app publishes gets the audience the user chose for it on Facebook"
            )
        }
        let queue = callbackQueue
        guard let appID, !appID.isEmpty, let clientToken, !clientToken.isEmpty else {
            let missing = appID?.isEmpty ?? true ? "an app id (FBSession.setDefaultAppID or FB_APP_ID)" : ""
            let error = Self.loginFailedError(
                reason: FBErrorLoginFailedReasonInlineNotCancelledValue,
                description:
                    "Login on Linux is Facebook Login for Devices, which needs "
                    + (missing.isEmpty ? "" : missing + " and ")
                    + "the app's client token (FBSession.setDefaultClientToken, FB_CLIENT_TOKEN or clientToken)")
            LegacyLog.log("FBSession: \(error.localizedDescription)")
            MainQueueWatchdog.shared.deliver(on: queue) { completion(.failure(error)) }
            return
        }
        let login = LegacyDeviceLogin(
            appID: appID, clientToken: clientToken, graphBaseURL: graphBaseURL, transport: transport,
            timeScale: deviceLoginTimeScale)
        let task = login.start(
            permissions: permissions.map { "\($0)" }, queue: queue,
            present: { [self] code in deviceLoginPresenter(code) }
        ) { result in
            completion(
                result.mapError { error in
                    // The user said no: v3.1's cancelled inline login; anything else: not cancelled.
                    let cancelled = error.category == .permission || error.isCancellation
                    return Self.loginFailedError(
                        reason: cancelled
                            ? FBErrorLoginFailedReasonInlineCancelledValue
                            : FBErrorLoginFailedReasonInlineNotCancelledValue,
                        originalErrorCode: error.code.map { "\($0)" }, innerError: error as NSError,
                        description: "The device login ended: \(error.message)")
                })
        }
        lock.withLock {
            pendingLogin?.cancel()
            pendingLogin = task
        }
    }

    // MARK: - The class helpers

    /// `+openActiveSessionWithAllowLoginUI:`: ``openActiveSession(withReadPermissions:allowLoginUI:completionHandler:)``
    /// with basic permissions and no handler.
    @discardableResult
    public class func openActiveSession(withAllowLoginUI allowLoginUI: Bool) -> Bool {
        openActiveSession(
            permissions: nil, audience: FBSessionDefaultAudienceNone, allowLoginUI: allowLoginUI, handler: nil)
    }

    /// `+openActiveSessionWithPermissions:allowLoginUI:completionHandler:` (deprecated in v3.1): the read
    /// variant under its old name.
    @available(*, deprecated, message: "Use openActiveSession(withReadPermissions:allowLoginUI:completionHandler:)")
    @discardableResult
    public class func openActiveSession(
        withPermissions permissions: [Any]!, allowLoginUI: Bool, completionHandler handler: FBSessionStateHandler!
    ) -> Bool {
        openActiveSession(withReadPermissions: permissions, allowLoginUI: allowLoginUI, completionHandler: handler)
    }

    /// `+openActiveSessionWithReadPermissions:allowLoginUI:completionHandler:`: makes a session (the
    /// defaults, `readPermissions`); when it loaded a cached token, or `allowLoginUI` is true, makes
    /// it the active session and opens it (``open(with:completionHandler:)``: from the cache, or by
    /// device login). Returns whether it is open on return (only an open from the cache is).
    @discardableResult
    public class func openActiveSession(
        withReadPermissions readPermissions: [Any]!, allowLoginUI: Bool,
        completionHandler handler: FBSessionStateHandler!
    ) -> Bool {
        openActiveSession(
            permissions: readPermissions, audience: FBSessionDefaultAudienceNone, allowLoginUI: allowLoginUI,
            handler: handler)
    }

    /// `+openActiveSessionWithPublishPermissions:defaultAudience:allowLoginUI:completionHandler:`: as
    /// the read variant, asking for `publishPermissions`.
    @discardableResult
    public class func openActiveSession(
        withPublishPermissions publishPermissions: [Any]!, defaultAudience: FBSessionDefaultAudience,
        allowLoginUI: Bool,
        completionHandler handler: FBSessionStateHandler!
    ) -> Bool {
        openActiveSession(
            permissions: publishPermissions, audience: defaultAudience, allowLoginUI: allowLoginUI,
            handler: handler)
    }

    private class func openActiveSession(
        permissions: [Any]?, audience: FBSessionDefaultAudience, allowLoginUI: Bool, handler: FBSessionStateHandler?
    ) -> Bool {
        let session: FBSession = FBSession(
            appID: nil, permissions: permissions, defaultAudience: audience, urlSchemeSuffix: nil,
            tokenCacheStrategy: nil)
        guard allowLoginUI || session.state == FBSessionStateCreatedTokenLoaded else { return false }
        setActive(session)
        session.open(with: FBSessionLoginBehaviorUseSystemAccountIfPresent, completionHandler: handler)
        return session.isOpen
    }

    // MARK: - The login callback

    /// `-handleOpenURL:`: handles the login callback `fb<appID><suffix>://authorize#access_token=…&expires_in=…`
    /// (parameters in the fragment, else the query, split as v2's `handleOpenURL:` split them).
    ///
    /// Returns false for any other URL, and when no login or reauthorize awaits one (the session is
    /// not opening or open). While opening: a token opens the session (cached; expiry `expires_in`
    /// seconds from now, never when absent or 0); none ends it in ``FBSessionStateClosedLoginFailed``
    /// with the URL's `error` as ``FBErrorLoginFailedReason`` and `error_code` as
    /// ``FBErrorLoginFailedOriginalErrorCode``. While open: a token extends the session
    /// (``FBSessionStateOpenTokenExtended``) and completes a pending reauthorize; none fails it
    /// (``FBErrorReauthorizeFailedReasonUserCancelled``).
    @discardableResult
    public func handleOpen(_ url: URL!) -> Bool {
        guard let url, url.absoluteString.hasPrefix("fb\(appID ?? "")\(urlSchemeSuffix ?? "")://authorize") else {
            return false
        }
        let params = Facebook.parseURLParams(url.fragment ?? url.query ?? "")
        let token = params["access_token"].flatMap { $0.isEmpty ? nil : $0 }
        let expiresIn = Int(params["expires_in"] ?? "") ?? 0
        let expiry = expiresIn != 0 ? Date(timeIntervalSinceNow: TimeInterval(expiresIn)) : Date.distantFuture
        switch state {
        case FBSessionStateCreatedOpening:
            guard let token else {
                let error = Self.loginFailedError(reason: params["error"], originalErrorCode: params["error_code"])
                transitionAndCallHandler(to: FBSessionStateClosedLoginFailed, error: error)
                return true
            }
            lock.withLock { refreshDate = Date() }
            transitionAndCallHandler(to: FBSessionStateOpen, token: token, expirationDate: expiry, shouldCache: true)
            return true
        case FBSessionStateOpen, FBSessionStateOpenTokenExtended:
            guard let token else {
                finishReauthorize(Self.loginFailedError(reason: FBErrorReauthorizeFailedReasonUserCancelled))
                return true
            }
            completeReauthorize(token: token, expirationDate: expiry, permissions: nil)
            return true
        default:
            LegacyLog.log("FBSession: handleOpenURL should not be called once a session has closed")
            return false
        }
    }

    /// `-handleDidBecomeActive`: v3.1 cancelled a login the user abandoned in the Facebook app. Logins
    /// here do not switch apps, so there is nothing to cancel: it does nothing.
    public func handleDidBecomeActive() {}

    // MARK: - Reauthorizing

    /// `-reauthorizeWithPermissions:behavior:completionHandler:` (deprecated in v3.1).
    @available(*, deprecated, message: "Use reauthorize(withReadPermissions:) or reauthorize(withPublishPermissions:)")
    public func reauthorize(
        withPermissions permissions: [Any]!, behavior: FBSessionLoginBehavior,
        completionHandler handler: FBSessionReauthorizeResultHandler!
    ) {
        reauthorize(permissions ?? [], audience: FBSessionDefaultAudienceNone, handler: handler)
    }

    /// `-reauthorizeWithReadPermissions:completionHandler:`.
    public func reauthorize(
        withReadPermissions readPermissions: [Any]!, completionHandler handler: FBSessionReauthorizeResultHandler!
    ) {
        reauthorize(readPermissions ?? [], audience: FBSessionDefaultAudienceNone, handler: handler)
    }

    /// `-reauthorizeWithPublishPermissions:defaultAudience:completionHandler:`. The audience cannot
    /// travel with a device login: an audience other than ``FBSessionDefaultAudienceNone`` is said on
    /// standard error (Migration.md, deviation 36).
    public func reauthorize(
        withPublishPermissions writePermissions: [Any]!, defaultAudience: FBSessionDefaultAudience,
        completionHandler handler: FBSessionReauthorizeResultHandler!
    ) {
        reauthorize(writePermissions ?? [], audience: defaultAudience, handler: handler)
    }

    /// Asks for more permissions with a new device login; on approval the new token is cached and the
    /// state is ``FBSessionStateOpenTokenExtended`` (the state handler is called), then `handler` gets
    /// nil. A failed login gives `handler` v3.1's login error; a session that is not open, or has a
    /// reauthorize pending, gives it ``FBErrorReauthorizeFailedReasonSessionClosed`` (v3.1 raised
    /// `FBInvalidOperationException`). `handler` runs on ``callbackQueue``.
    private func reauthorize(
        _ permissions: [Any], audience: FBSessionDefaultAudience, handler: FBSessionReauthorizeResultHandler?
    ) {
        let accepted = lock.withLock { () -> Bool in
            guard current.isOpen, reauthorizeHandler == nil else { return false }
            reauthorizeHandler = handler
            return true
        }
        guard accepted else {
            LegacyLog.log("FBSession: reauthorize needs an open session with no reauthorize pending")
            let error = Self.loginFailedError(reason: FBErrorReauthorizeFailedReasonSessionClosed)
            MainQueueWatchdog.shared.deliver(on: callbackQueue) { [self] in handler?(self, error) }
            return
        }
        startDeviceLogin(permissions: permissions, audience: audience) { [self] result in
            // A callback URL may have completed it first, or a close failed it.
            guard lock.withLock({ reauthorizeHandler != nil && current.isOpen }) else { return }
            switch result {
            case .success(let login):
                completeReauthorize(
                    token: login.accessToken, expirationDate: login.expirationDate, permissions: permissions)
            case .failure(let error):
                finishReauthorize(error)
            }
        }
    }

    /// 3.1.1's `completeReauthorizeWithAccessToken:`: the new token, ``FBSessionStateOpenTokenExtended``,
    /// then the reauthorize handler with no error.
    private func completeReauthorize(token: String, expirationDate: Date, permissions: [Any]?) {
        lock.withLock {
            refreshDate = Date()
            if let permissions {
                let known = Set(grantedPermissions.map { "\($0)" })
                grantedPermissions += permissions.filter { !known.contains("\($0)") }
            }
        }
        transitionAndCallHandler(
            to: FBSessionStateOpenTokenExtended, token: token, expirationDate: expirationDate, shouldCache: true)
        finishReauthorize(nil)
    }
}
