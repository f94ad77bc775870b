import FacebookGraph
import Foundation

/// Where the picker keeps friend lists between runs: the raw JSON of each page, keyed by whose list
/// (`userID`), which fields, and the token's owner — never the token.
package protocol FriendPageStore: Sendable {
    /// The cached pages of the list, in order; nil on a miss.
    func pages(userID: String, fields: [String], owner: String) -> [Data]?
    /// Replaces the cached pages of the list.
    func store(pages: [Data], userID: String, fields: [String], owner: String) throws
    /// Deletes every list cached for `owner` (close-and-clear).
    func removeEntries(owner: String) throws
}

/// The process's friend-list store: none until one is set (tests set their own).
enum FriendPickerCache {
    private static let current = LockedValue((any FriendPageStore)?.none)

    /// The store the picker and the cache descriptor use; nil runs uncached.
    static var store: (any FriendPageStore)? {
        get { current.withLock { $0 } }
        set { current.withLock { $0 = newValue } }
    }

    /// Deletes `owner`'s lists from `store`, saying on standard error when that fails.
    static func removeEntries(owner: String, from store: (any FriendPageStore)?) {
        guard let store else { return }
        do {
            try store.removeEntries(owner: owner)
        } catch {
            LegacyLog.log("friend picker cache: could not remove the cached lists: \(error)")
        }
    }
}
