import FacebookGraph
import Foundation

/// `auth.expireSession` and `auth.extendSSOAccessToken`.
enum RESTAuthTranslation {
    /// `auth.expireSession` → `DELETE me/permissions` (the app's authorization revoked, which ends every
    /// token of the user's for the app) → `true` (the legacy parser's `["result": "true"]`).
    static let expireSession: RESTMethodTable.Translation = { context throws(RESTFailure) in
        _ = try await context.send(GraphRequest(path: "me/permissions", method: .delete))
        return RESTBridge.json(true)
    }

    /// What the token exchange answers.
    private struct Exchanged: Decodable {
        var access_token: String
        var expires_in: Double?
    }

    /// `auth.extendSSOAccessToken` → with ``Facebook/appSecret``: `GET oauth/access_token` with
    /// `grant_type=fb_exchange_token`, `client_id`, `client_secret`, `fb_exchange_token` →
    /// `{"access_token": …, "expires_at": <Unix seconds>}` (`0` when the new token does not expire),
    /// as `Facebook`'s extension reads it. Without a secret, or without a token, it fails as a REST
    /// error (v2 ignored a failed extension; the session stays as it was).
    static let extendToken: RESTMethodTable.Translation = { context throws(RESTFailure) in
        guard let secret = context.bridge.appSecret, !secret.isEmpty, let appID = context.bridge.appID,
            !appID.isEmpty
        else {
            throw .rest(
                code: RESTFailure.unknownMethodCode,
                message: "Unknown method: auth.extendSSOAccessToken is gone; the bridge exchanges the token "
                    + "through oauth/access_token?grant_type=fb_exchange_token only with Facebook.appSecret set "
                    + "(servers only)"
            )
        }
        guard let token = context.call.accessToken else {
            throw .invalidParameter("auth.extendSSOAccessToken needs the session's access token")
        }
        var request = GraphRequest(
            path: "oauth/access_token",
            parameters: [
                "grant_type": "fb_exchange_token", "client_id": appID, "client_secret": secret,
                "fb_exchange_token": token,
            ]
        )
        // The exchanged token is the credential; no second one rides along.
        request.usesAppSecretProof = false
        let exchanged = try await context.send(request, as: Exchanged.self, withToken: false)
        let expiresAt = exchanged.expires_in.map { Int(Date().timeIntervalSince1970 + $0) } ?? 0
        return RESTBridge.json(["access_token": exchanged.access_token, "expires_at": expiresAt])
    }
}
