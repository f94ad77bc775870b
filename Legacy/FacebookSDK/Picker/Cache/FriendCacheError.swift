import Foundation

/// Why the friend picker's cache could not open, store or delete: what failed, on which path, and
/// the system's or SQLite's own message.
///
/// The cache never traps: every failure reaches its caller as this error (``FriendCacheStore/pages(for:)``
/// reports none and answers a miss instead). The message never holds a token, because nothing the
/// cache handles does (``FriendCacheKey``).
package struct FriendCacheError: Error, CustomStringConvertible, Sendable, Hashable {
    /// The kind of failure. New kinds may be added; switch with a `default`.
    package struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Base: String, Sendable, Hashable {
            case directoryUnusable, databaseFailed, fileFailed, entryTooLarge, tokenInKey, secretInPage, invalidCapacity
        }

        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// The cache directory could not be created, is not a directory, or belongs to another user.
        package static let directoryUnusable = Code(.directoryUnusable)
        /// SQLite failed on the index (``FriendCacheError/sqliteCode`` says how), also after a rebuild.
        package static let databaseFailed = Code(.databaseFailed)
        /// A data file could not be written, renamed or deleted.
        package static let fileFailed = Code(.fileFailed)
        /// The pages are larger than the whole capacity; nothing was stored.
        package static let entryTooLarge = Code(.entryTooLarge)
        /// A part of the key looks like an access token; nothing was stored (keys hold ids only).
        package static let tokenInKey = Code(.tokenInKey)
        /// A page still holds a credential (a secret parameter with a value, or a token shape) after
        /// the loader stripped every URL's; nothing was stored.
        package static let secretInPage = Code(.secretInPage)
        /// The capacity given to the store is not a positive number of bytes.
        package static let invalidCapacity = Code(.invalidCapacity)

        /// The kind's name.
        package var description: String { base.rawValue }
    }

    /// The kind of failure.
    package let code: Code
    /// The file or directory the failure concerns.
    package let path: String
    /// SQLite's message (`sqlite3_errmsg`) or the system's (`strerror`), or the cache's own account.
    package let message: String
    /// SQLite's extended result code, when SQLite failed.
    package let sqliteCode: Int32?

    package init(_ code: Code, path: String, message: String, sqliteCode: Int32? = nil) {
        self.code = code
        self.path = path
        self.message = message
        self.sqliteCode = sqliteCode
    }

    /// A failed system call on `path`, with `errno`'s text.
    static func system(_ code: Code, path: String, _ what: String, errno number: Int32 = errno) -> FriendCacheError {
        FriendCacheError(code, path: path, message: "\(what): \(String(cString: strerror(number)))")
    }

    /// A one-line account: `friend cache: <kind> at <path>: <message> (SQLite code N)`.
    package var description: String {
        let sqlite = sqliteCode.map { " (SQLite code \($0))" } ?? ""
        return "friend cache: \(code) at \(path): \(message)\(sqlite)"
    }
}
