import FacebookGraph

/// Login and web dialogs, which need a web view or another app: login runs Facebook Login for Devices
/// when a client token is set; dialogs are not available on Linux.
extension Facebook {
    /// Logs in. Linux has neither the Facebook app nor a web view for the v2 login flow, so:
    ///
    /// - with a ``clientToken``, it runs Facebook Login for Devices (the core's device-code flow):
    ///   ``deviceLoginPresenter`` shows the user a code and a URL to open on another device, the client
    ///   polls, and on approval ``accessToken`` and ``expirationDate`` are set and
    ///   ``FBSessionDelegate/fbDidLogin()`` is called; a declined, expired or failed login reports
    ///   ``FBSessionDelegate/fbDidNotLogin(_:)`` with `false` (`true` when the login was cancelled);
    /// - without one, it reports ``FBSessionDelegate/fbDidNotLogin(_:)`` with `false` (asynchronously,
    ///   on ``callbackQueue``). Restore a saved ``accessToken`` and ``expirationDate`` instead.
    ///
    /// Delegate calls arrive on ``callbackQueue``.
    @available(
        *, deprecated,
        message:
            "Login needs a web view or the Facebook app, which Linux lacks: set clientToken to log in with Facebook Login for Devices; otherwise this reports fbDidNotLogin(false)."
    )
    public func authorize(_ permissions: [Any]!) {
        self.permissions = permissions
        guard let clientToken, !clientToken.isEmpty else {
            LegacyLog.log("authorize: login is not available on this platform; reporting fbDidNotLogin(false)")
            MainQueueWatchdog.shared.deliver(on: callbackQueue) { [self] in sessionDelegate?.fbDidNotLogin(false) }
            return
        }
        let login = LegacyDeviceLogin(
            appID: appId, clientToken: clientToken, graphBaseURL: graphBaseURL, transport: transport,
            timeScale: deviceLoginTimeScale)
        login.start(
            permissions: (permissions ?? []).map { "\($0)" }, queue: callbackQueue,
            present: { [self] code in deviceLoginPresenter(code) }
        ) { [self] result in
            switch result {
            case .success(let token):
                accessToken = token.accessToken
                expirationDate = token.expirationDate
                lastAccessTokenUpdate = Date()
                sessionDelegate?.fbDidLogin()
            case .failure(let error):
                sessionDelegate?.fbDidNotLogin(error.isCancellation)
            }
        }
    }

    /// `dialog:andDelegate:`: reports ``FBDialogDelegate/dialog(_:didFailWithError:)`` (asynchronously)
    /// with a "not available on this platform" error.
    @available(
        *, deprecated, message: "Dialogs need a web view, which Linux lacks: this reports dialog(_:didFailWithError:)."
    )
    public func dialog(_ action: String!, andDelegate delegate: FBDialogDelegate!) {
        showUnavailableDialog(action, params: NSMutableDictionary(), delegate: delegate)
    }

    /// `dialog:andParams:andDelegate:`: reports ``FBDialogDelegate/dialog(_:didFailWithError:)``
    /// (asynchronously) with a "not available on this platform" error.
    @available(
        *, deprecated, message: "Dialogs need a web view, which Linux lacks: this reports dialog(_:didFailWithError:)."
    )
    public func dialog(
        _ action: String!, andParams params: NSMutableDictionary!, andDelegate delegate: FBDialogDelegate!
    ) {
        showUnavailableDialog(action, params: params ?? NSMutableDictionary(), delegate: delegate)
    }

    private func showUnavailableDialog(_ action: String?, params: NSMutableDictionary, delegate: FBDialogDelegate?) {
        let action = action ?? ""
        // The parameters v2 added to the caller's dictionary (legacy-sdk-facts §1.10).
        params["display"] = "touch"
        params["sdk"] = LegacyConstants.sdkVersion
        params["redirect_uri"] = "fbconnect://success"
        if action == "oauth" {
            params["type"] = "user_agent"
        } else {
            params["app_id"] = appId
            if isSessionValid(), let token = accessToken {
                params["access_token"] = FormEncoding.unescape(token, plusAsSpace: false)
                extendAccessTokenIfNeeded()
            }
        }
        let dialog = FBDialog(url: dialogBaseURL + action, params: params, delegate: delegate)
        let error = LegacyNSError.dialogUnavailable("The \"\(action)\" dialog")
        MainQueueWatchdog.shared.deliver(on: callbackQueue) { dialog.delegate?.dialog(dialog, didFailWithError: error) }
    }
}
