import FacebookGraph

/// Login and web dialogs, which need a web view or another app: not available on Linux.
extension Facebook {
    /// The error dialogs report on this platform (`facebookErrDomain`, code 10000).
    static func unavailableError(_ what: String) -> NSError {
        NSError(
            domain: facebookErrDomain,
            code: kFBGeneralErrorCode,
            userInfo: [
                "error_msg": "\(what) is not available on this platform: it needs a web view or the Facebook app",
                NSLocalizedDescriptionKey: "\(what) is not available on this platform",
            ]
        )
    }

    /// Stores the permissions and reports ``FBSessionDelegate/fbDidNotLogin(_:)`` with `false`
    /// (asynchronously, on ``callbackQueue``): Linux has neither the Facebook app nor a web view for
    /// the login flow. Restore a saved ``accessToken`` and ``expirationDate`` instead.
    @available(
        *, deprecated,
        message:
            "Login needs a web view or the Facebook app, which Linux lacks: this reports fbDidNotLogin(false). Set accessToken and expirationDate from a token obtained elsewhere."
    )
    public func authorize(_ permissions: [Any]!) {
        self.permissions = permissions
        LegacyLog.log("authorize: login is not available on this platform; reporting fbDidNotLogin(false)")
        MainQueueWatchdog.shared.deliver(on: callbackQueue) { [self] in sessionDelegate?.fbDidNotLogin(false) }
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
        let error = Self.unavailableError("The \"\(action)\" dialog")
        MainQueueWatchdog.shared.deliver(on: callbackQueue) { dialog.delegate?.dialog(dialog, didFailWithError: error) }
    }
}
