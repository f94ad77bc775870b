import FacebookGraph
import Foundation

/// The REST methods the bridge answers, and the translation of each (Migration.md's mapping table).
///
/// | REST method | Graph call | REST result |
/// |---|---|---|
/// | `users.getLoggedInUser` | `GET me?fields=id` | the uid, a bare number |
/// | `users.getInfo` (`uids`, `fields`) | `GET ?ids=…&fields=…` | `[{"uid": N, <fields>}]` in `uids` order |
/// | `friends.get` (`uid`), `friends.getAppUsers` | `GET me/friends?fields=id&limit=…`, every page | `[N, …]` |
/// | `stream.publish` | `POST <target_id or me>/feed` | the post id, a string |
/// | `comments.add` (`post_id`/`object_id`, `comment`/`text`) | `POST <object>/comments` | the comment id, a string |
/// | `auth.expireSession` | `DELETE me/permissions` | `true` |
/// | `auth.extendSSOAccessToken` | `GET oauth/access_token?grant_type=fb_exchange_token…` (with an app secret) | `{"access_token", "expires_at"}` |
/// | `fql.query`, `fql.multiquery` | ``FQLTranslator``'s patterns | FQL rows |
///
/// Any other method fails with REST's `error_code` 3, without a request.
package enum RESTMethodTable {
    /// A translation: the Graph calls of one REST method, and its REST answer as JSON text.
    typealias Translation = @Sendable (RESTBridge.Context) async throws(RESTFailure) -> Data

    /// The bridged methods, by lower-cased name (REST method names were case-insensitive).
    static let methods: [String: Translation] = [
        "users.getloggedinuser": RESTUsersTranslation.loggedInUser,
        "users.getinfo": RESTUsersTranslation.info,
        "friends.get": RESTFriendsTranslation.friends,
        "friends.getappusers": RESTFriendsTranslation.friends,
        "stream.publish": RESTPublishTranslation.streamPublish,
        "comments.add": RESTPublishTranslation.addComment,
        "auth.expiresession": RESTAuthTranslation.expireSession,
        "auth.extendssoaccesstoken": RESTAuthTranslation.extendToken,
        "fql.query": FQLTranslator.query,
        "fql.multiquery": FQLTranslator.multiquery,
    ]

    /// The names of the bridged methods, as REST spelled them (`fbgraph migrate report` reads them
    /// to say which legacy REST calls the bridge does not answer).
    package static let methodNames = [
        "users.getLoggedInUser", "users.getInfo", "friends.get", "friends.getAppUsers", "stream.publish",
        "comments.add", "auth.expireSession", "auth.extendSSOAccessToken", "fql.query", "fql.multiquery",
    ]

    /// The REST answer of the context's call.
    static func answer(_ context: RESTBridge.Context) async throws(RESTFailure) -> Data {
        guard let translation = methods[context.call.method.lowercased()] else {
            throw .unknownMethod(context.call.method)
        }
        return try await translation(context)
    }
}
