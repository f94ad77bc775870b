import FacebookGraph
import Foundation

/// What one cached friend list is filed under: whose friends, which fields, and whose session asked.
///
/// Deliberate deviation from the v3.1 SDK, whose cache key was the full request URL *with the access
/// token in it* (so the token sat on disk in `cache.db`, and a refreshed token missed the cache): the
/// key holds the token owner's user **id**, never the token. A new token for the same user hits the
/// same entry, and closing a session deletes that owner's entries (``FriendCacheStore/removeEntries(owner:)``).
/// ``FriendCacheStore`` refuses to store under a key any part of which looks like a token.
package struct FriendCacheKey: Hashable, Sendable {
    /// Whose friend list (`me` or a user id), as the picker requested it.
    package let userID: String
    /// The field list: sorted (case-insensitively, as the SDK sorted its request's fields), without
    /// duplicates or empty names, comma-joined.
    package let fields: String
    /// The token owner's user id — never the token itself.
    package let owner: String

    /// A key for `userID`'s friends with `fields` (in any order, duplicates allowed), asked for by
    /// the session of user `owner`.
    package init(userID: String, fields: some Sequence<String>, owner: String) {
        self.userID = userID
        self.fields = Set(fields.filter { !$0.isEmpty })
            .sorted { ($0.lowercased(), $0) < ($1.lowercased(), $1) }
            .joined(separator: ",")
        self.owner = owner
    }

    /// True when a part of the key has the shape of a Graph credential (``TokenShape``): such a key
    /// is never stored or looked up.
    var containsTokenShapedText: Bool {
        [userID, fields, owner].contains { !TokenShape.matches(in: $0).isEmpty }
    }
}
