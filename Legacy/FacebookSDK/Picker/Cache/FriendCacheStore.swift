import FacebookGraph
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The friend picker's disk cache: the raw JSON pages of a friend list, by ``FriendCacheKey``.
///
/// Storage, in one private directory (mode 0700; every file in it 0600):
/// - `index.sqlite` (with `-wal`, `-shm`): the SQLite index, ``FriendCacheIndex``;
/// - `<UUID>.pages`: one data file per entry, the pages' bodies as received
///   (``FriendCacheEntryFile``), written to a temporary file and renamed into place. A new entry
///   always gets a new file name, so a reader never sees a file change under it.
///
/// Capacity counts the data files' bytes (default 10 MB, as the v3.1 `FBDataDiskCache`). A store
/// that pushes the total over it evicts the least recently used other entries down to 80%; an entry
/// larger than the whole capacity is refused. A missing or damaged data file is a miss and its row
/// is dropped; a damaged database is rebuilt empty; files a crashed process left behind are deleted
/// when a store opens. Nothing here traps: failures are
/// ``FriendCacheError``s (``pages(for:)`` answers a miss instead).
///
/// Threading: one SQLite connection per store, used under a lock. A connection is cheap to keep and
/// dear to open (open, WAL switch, `quick_check`, schema check); the picker makes a handful of calls
/// per load, so serialising them in-process costs nothing measurable, while per-call connections would
/// repeat that work and multiply file descriptors. Several stores (or processes) on one directory
/// each hold their own connection and are coordinated by SQLite's WAL locks and busy timeout.
package final class FriendCacheStore: Sendable {
    /// 10 MB, the v3.1 SDK's disk cache size (`kMaxDiskCacheSize`).
    package static let defaultCapacity = 10 * 1024 * 1024

    /// The cache directory.
    package let directory: URL
    /// The most bytes of data files kept.
    package let capacity: Int
    /// The directory, held open: files are reached relative to it (``FriendCacheDirectory``).
    private let folder: FriendCacheDirectory
    private let index: LockedValue<FriendCacheIndex>

    /// Opens (creating when missing) the cache in `directory`.
    ///
    /// The directory is created with mode 0700 (its missing parents too); an existing one must be a
    /// directory owned by this user — not a symbolic link to one — and is narrowed to 0700
    /// (``FriendCacheDirectory``). An index that is a symbolic link is refused; a damaged one is
    /// rebuilt here.
    /// - Throws: ``FriendCacheError`` when the directory is unusable, SQLite cannot open the index,
    ///   or `capacity` is not positive.
    package convenience init(directory: URL, capacity: Int = FriendCacheStore.defaultCapacity) throws(FriendCacheError)
    {
        try self.init(
            directory: directory, capacity: capacity,
            busyTimeoutMilliseconds: FriendCacheIndex.defaultBusyTimeoutMilliseconds)
    }

    /// A store whose SQLite calls wait at most `busyTimeoutMilliseconds` for another connection's
    /// lock (tests shorten it).
    init(directory: URL, capacity: Int, busyTimeoutMilliseconds: Int32) throws(FriendCacheError) {
        guard capacity > 0 else {
            throw FriendCacheError(
                .invalidCapacity, path: directory.path, message: "capacity \(capacity) is not positive")
        }
        self.directory = directory
        self.capacity = capacity
        folder = try FriendCacheDirectory(opening: directory)
        let opened = try FriendCacheIndex(directory: folder, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        opened.sweepOrphans(olderThan: Self.orphanAge)
        index = LockedValue(opened)
    }

    /// How old a data or temporary file no index row names must be before opening a store deletes it.
    static let orphanAge: TimeInterval = 10 * 60

    /// The raw JSON bodies of the cached pages, in order; marks the entry used (LRU). nil on a miss.
    ///
    /// A miss is also what a missing or damaged data file (its row is dropped), a key holding
    /// token-shaped text, a damaged database (rebuilt) or a failing SQLite lookup gives. Intact pages
    /// are returned even when marking them used fails (another process holding the write lock).
    package func pages(for key: FriendCacheKey) -> [Data]? {
        guard !key.containsTokenShapedText else { return nil }
        return index.withLock { index -> [Data]? in
            do throws(SQLiteConnection.Failure) {
                guard let entry = try index.lookup(key) else { return nil }
                guard let pages = FriendCacheEntryFile.read(from: folder, name: entry.file, size: entry.size) else {
                    try index.drop(key, file: entry.file)
                    FriendCacheEntryFile.remove(entry.file, in: folder)
                    return nil
                }
                // Best effort: pages read back intact are a hit even when the LRU bump cannot be
                // written (another process holding the write lock past the busy timeout).
                try? index.markUsed(key, file: entry.file)
                return pages
            } catch {
                if error.isCorruption { try? index.rebuild() }
                return nil
            }
        }
    }

    /// Replaces the entry; evicts least-recently-used entries down to 80% of capacity when over it.
    ///
    /// The entry just stored is never evicted by its own store.
    /// - Throws: ``FriendCacheError``: `entryTooLarge` (nothing changed), `tokenInKey` or
    ///   `secretInPage` (nothing changed: a key or a page holding a credential by name or by shape,
    ///   ``SecretPolicy/textHoldsSecret(_:)``), `fileFailed`, or `databaseFailed` (the previous entry,
    ///   if any, is kept).
    package func store(pages: [Data], for key: FriendCacheKey) throws(FriendCacheError) {
        guard !key.containsTokenShapedText else {
            throw FriendCacheError(
                .tokenInKey, path: directory.path,
                message: "a part of the key has the shape of an access token; keys hold user ids only")
        }
        if let position = pages.firstIndex(where: { SecretPolicy.textHoldsSecret(String(decoding: $0, as: UTF8.self)) })
        {
            throw FriendCacheError(
                .secretInPage, path: directory.path,
                message: "page \(position + 1) holds an access token or another credential; nothing is written to disk")
        }
        let bytes = FriendCacheEntryFile.encode(pages)
        guard bytes.count <= capacity else {
            throw FriendCacheError(
                .entryTooLarge, path: directory.path,
                message: "\(bytes.count) bytes of pages exceed the capacity of \(capacity) bytes")
        }
        try index.withLock { index -> Result<Void, FriendCacheError> in
            Result { () throws(FriendCacheError) in
                // Twice at most: a damaged database is rebuilt (which deletes every data file, the
                // new one too) and the store is made again on the fresh one.
                for attempt in 1...2 {
                    let name = "\(UUID().uuidString).\(FriendCacheEntryFile.fileExtension)"
                    try FriendCacheEntryFile.write(bytes, to: folder, name: name)
                    do throws(SQLiteConnection.Failure) {
                        let unused = try index.replace(key, file: name, size: bytes.count, capacity: capacity)
                        for file in unused { FriendCacheEntryFile.remove(file, in: folder) }
                        return
                    } catch {
                        FriendCacheEntryFile.remove(name, in: folder)
                        guard error.isCorruption, attempt == 1 else { throw index.error(error) }
                        try index.rebuild()
                    }
                }
            }
        }.get()
    }

    /// Deletes every entry of one token owner (session close-and-clear).
    /// - Throws: ``FriendCacheError`` (`databaseFailed`) when SQLite fails; nothing is deleted then.
    package func removeEntries(owner: String) throws(FriendCacheError) {
        try index.withLock { index -> Result<Void, FriendCacheError> in
            Result { () throws(FriendCacheError) in
                do throws(SQLiteConnection.Failure) {
                    for file in try index.removeEntries(owner: owner) {
                        FriendCacheEntryFile.remove(file, in: folder)
                    }
                } catch {
                    // A rebuilt database holds nobody's entries: that is the removal asked for.
                    guard error.isCorruption else { throw index.error(error) }
                    try index.rebuild()
                }
            }
        }.get()
    }
}
