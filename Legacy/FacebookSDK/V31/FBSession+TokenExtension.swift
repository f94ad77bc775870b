import Foundation

/// 3.1.1's token extension, and what is left of it on today's Graph API.
///
/// 3.1.1 extended a Facebook-login token on its own: when a request was started on an open session
/// whose token had been refreshed more than 24 hours before (and no extension had been tried in the
/// last hour), `FBRequestConnection` added the REST call `auth.extendSSOAccessToken` to the batch (or,
/// when it could not piggyback, sent it on a connection of its own after the answer), and an answer
/// with `expires_at` refreshed the session: the new token (or the same one) and expiry, cached, and
/// ``FBSessionStateOpenTokenExtended`` through the state handler.
///
/// Neither call exists for a client today: the REST API is gone, and its replacement — exchanging a
/// token for a long-lived one, `GET oauth/access_token?grant_type=fb_exchange_token` — needs the
/// app secret, which belongs on a server, never in a client. So no request of a v3.1 connection is
/// ever accompanied by an extension request (Migration.md, deviation 37), and a token from Facebook
/// Login for Devices is already long-lived (about 60 days). What an app can still drive is the
/// refresh itself: a token its server exchanged, or obtained by any other route, is handed to the
/// session with ``refreshAccessToken(_:expirationDate:)``, which does what 3.1.1's extension did with
/// its answer.
extension FBSession {
    /// 3.1.1's `refreshAccessToken:expirationDate:` (internal there; the end of its token extension):
    /// on an open session, the token becomes `token` (nil or empty keeps the current one) valid until
    /// `expirationDate`, is cached with a refresh date of now, and the state becomes
    /// ``FBSessionStateOpenTokenExtended``, which the state handler is called with.
    ///
    /// Use it for a token your server exchanged for a long-lived one (the exchange needs the app
    /// secret, so it cannot run here). A session that is not open, or a nil or past `expirationDate`,
    /// changes nothing, with a line on standard error.
    ///
    /// - Returns: Whether the session took the token.
    @discardableResult
    public func refreshAccessToken(_ token: String!, expirationDate: Date!) -> Bool {
        guard let expirationDate, expirationDate > Date() else {
            LegacyLog.log("FBSession: refreshAccessToken needs an expiration date in the future; the token is kept")
            return false
        }
        let newToken = lock.withLock { () -> String? in
            guard current.isOpen, let current = token.flatMap({ $0.isEmpty ? nil : $0 }) ?? self.token else {
                return nil
            }
            refreshDate = Date()
            return current
        }
        guard let newToken else {
            LegacyLog.log("FBSession: refreshAccessToken needs an open session and a token; nothing changed")
            return false
        }
        transitionAndCallHandler(
            to: FBSessionStateOpenTokenExtended, token: newToken, expirationDate: expirationDate, shouldCache: true)
        return true
    }
}
