import FacebookGraph
import Foundation

/// `friends.get` and `friends.getAppUsers`.
enum RESTFriendsTranslation {
    /// `friends.get` (`uid`: whose friends, default the user) and `friends.getAppUsers` →
    /// `GET <uid or me>/friends?fields=id&limit=<page size>` (`uid` checked as a Graph id), following
    /// `paging.next` to the last page (on the bridge's Graph origin only) →
    /// the uids as numbers. Today's Graph lists only friends who use the app, so both methods answer
    /// the same list; `friends.get` no longer includes the others (Migration.md).
    static let friends: RESTMethodTable.Translation = { context throws(RESTFailure) in
        let user = try context.id("uid", default: "me")
        let friends = try await context.friends(of: user, fields: ["id"])
        return RESTBridge.json(friends.map { RESTUserFields.uid($0.id) })
    }
}
