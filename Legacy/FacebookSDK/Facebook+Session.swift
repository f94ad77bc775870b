import FacebookGraph

/// Login, logout, token extension and the SSO callback (legacy-sdk-facts §1.7–1.9).
extension Facebook {
    /// The hours after a login or extension before a request extends the token (`kTokenExtendThreshold`).
    static let tokenExtendThresholdHours = 24

    /// Ends the session: clears token and expiry (no server call, in-flight requests go on), then
    /// ``FBSessionDelegate/fbDidLogout()``.
    public func logout() {
        invalidateSession()
        sessionDelegate?.fbDidLogout()
    }

    /// `logout:` (deprecated in v2): ``logout()``, then `delegate.fbDidLogout()` too when `delegate`
    /// is not the session delegate.
    public func logout(_ delegate: FBSessionDelegate!) {
        logout()
        if let delegate, delegate !== sessionDelegate {
            delegate.fbDidLogout()
        }
    }

    /// True when the session is valid and at least 24 whole hours have passed since the last login
    /// or extension. Setting ``accessToken`` by hand does not count as either, so the first request
    /// after restoring a token extends it.
    public func shouldExtendAccessToken() -> Bool {
        guard isSessionValid() else { return false }
        // Every request asks; a token updated less than the threshold minus an hour ago (elapsed
        // time, so no calendar can count it as the threshold) needs no calendar arithmetic.
        let elapsed = Date().timeIntervalSince(lastAccessTokenUpdate)
        if elapsed < Double(Self.tokenExtendThresholdHours - 1) * 3600 { return false }
        let hours = Calendar(identifier: .gregorian).dateComponents([.hour], from: lastAccessTokenUpdate, to: Date())
            .hour
        return (hours ?? Int.max) >= Self.tokenExtendThresholdHours
    }

    /// Extends the token when ``shouldExtendAccessToken()`` says so; every request calls this first.
    public func extendAccessTokenIfNeeded() {
        if shouldExtendAccessToken() { extendAccessToken() }
    }

    /// Asks the REST method `auth.extendSSOAccessToken` for a fresh token; on success sets the token
    /// and expiry and calls ``FBSessionDelegate/fbDidExtendToken(_:expiresAt:)``. At most one
    /// extension runs at a time.
    public func extendAccessToken() {
        guard !isExtendingAccessToken else { return }
        isExtendingAccessToken = true
        let params = NSMutableDictionary(dictionary: ["method": "auth.extendSSOAccessToken"])
        request(withParams: params, andDelegate: self)
    }

    func extendRequestDidLoad(_ result: Any?) {
        isExtendingAccessToken = false
        guard let result = result as? [String: Any], let token = result["access_token"],
            let expiresAt = result["expires_at"]
        else { return }
        accessToken = (token as? String) ?? "\(token)"
        let seconds = (expiresAt as? NSNumber)?.doubleValue ?? Double("\(expiresAt)") ?? 0
        expirationDate = seconds == 0 ? .distantFuture : Date(timeIntervalSince1970: seconds)
        lastAccessTokenUpdate = Date()
        sessionDelegate?.fbDidExtendToken(accessToken, expiresAt: expirationDate)
    }

    /// Handles the SSO callback `fb<appId><suffix>://authorize#access_token=…&expires_in=…`.
    ///
    /// Returns false for any other URL. With a token: sets token and expiry (`expires_in` seconds
    /// from now, or never when absent or 0), then ``FBSessionDelegate/fbDidLogin()``. Without:
    /// ``FBSessionDelegate/fbDidNotLogin(_:)``, cancelled when there is no `error_code` and `error`
    /// is absent or `access_denied`.
    ///
    /// Deviation (Migration.md): an empty or malformed fragment never crashes (v2 threw on a pair
    /// without `=`); such pairs are skipped.
    @discardableResult
    public func handleOpen(_ url: URL!) -> Bool {
        guard let url, url.absoluteString.hasPrefix("fb\(appId)\(urlSchemeSuffix ?? "")://authorize") else {
            return false
        }
        let params = Self.parseURLParams(url.fragment ?? url.query ?? "")
        guard let token = params["access_token"], !token.isEmpty else {
            let error = params["error"]
            if error == "service_disabled_use_browser" || error == "service_disabled" {
                // The SDK retried in Safari or an inline dialog; neither exists on Linux.
                sessionDelegate?.fbDidNotLogin(false)
            } else {
                let cancelled = params["error_code"] == nil && (error == nil || error == "access_denied")
                sessionDelegate?.fbDidNotLogin(cancelled)
            }
            return true
        }
        let expiresIn = Int(params["expires_in"] ?? "") ?? 0
        let expiry = expiresIn != 0 ? Date(timeIntervalSinceNow: TimeInterval(expiresIn)) : Date.distantFuture
        fbDialogLogin(token, expirationDate: expiry)
        return true
    }

    /// Splits `a=1&b=2` as v2 did: values percent-decoded (`+` stays `+`), keys as they are; pairs
    /// without `=` are skipped instead of crashing.
    static func parseURLParams(_ text: String) -> [String: String] {
        var params: [String: String] = [:]
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            guard let equals = pair.firstIndex(of: "=") else { continue }
            let key = String(pair[..<equals])
            let rawValue = String(pair[pair.index(after: equals)...])
            params[key] = FormEncoding.unescape(rawValue, plusAsSpace: false)
        }
        return params
    }

    // MARK: - FBLoginDialogDelegate

    /// Login succeeded: stores the token and expiry, reloads the frictionless cache, then
    /// ``FBSessionDelegate/fbDidLogin()``.
    public func fbDialogLogin(_ token: String!, expirationDate: Date!) {
        accessToken = token
        self.expirationDate = expirationDate
        lastAccessTokenUpdate = Date()
        reloadFrictionlessRecipientCache()
        sessionDelegate?.fbDidLogin()
    }

    /// Login failed: ``FBSessionDelegate/fbDidNotLogin(_:)``.
    public func fbDialogNotLogin(_ cancelled: Bool) {
        sessionDelegate?.fbDidNotLogin(cancelled)
    }
}
