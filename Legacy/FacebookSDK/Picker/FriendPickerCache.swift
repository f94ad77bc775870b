import FacebookGraph
import Foundation

/// The friend picker's side of its cache: which store a session uses by default, and the keys.
///
/// A cached list is filed under whose friends (`userID`), the field union, and the token's
/// owner (``FBSession/userID``) — never the token (a deviation from v3.1, whose key was the request
/// URL with the token in it). The pages stored are `{"data": […]}` re-encoded from the items, so
/// the server's paging links, which echo the token, never reach the disk either.
enum FriendPickerCache {
    private static let reported = LockedValue(false)

    /// The process's store (``FriendCacheStore/shared``); nil runs uncached, said once on stderr.
    static var store: FriendCacheStore? {
        if let store = FriendCacheStore.shared { return store }
        let first = reported.withLock { reported in
            defer { reported = true }
            return !reported
        }
        if first, let error = FriendCacheStore.sharedOpenError {
            LegacyLog.log("friend picker cache unavailable, running uncached: \(error)")
        }
        return nil
    }

    /// The key of `request` as `owner`'s session asked for it.
    static func key(_ request: FriendListRequest, owner: String) -> FriendCacheKey {
        FriendCacheKey(userID: request.userID, fields: request.fields, owner: owner)
    }

    /// Deletes `owner`'s lists from `store`, saying on standard error when that fails.
    static func removeEntries(owner: String, from store: FriendCacheStore?) {
        guard let store else { return }
        do {
            try store.removeEntries(owner: owner)
        } catch {
            LegacyLog.log("friend picker cache: could not remove the cached lists: \(error)")
        }
    }
}
