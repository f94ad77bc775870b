import CSQLite
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The cache's SQLite index, `index.sqlite` in the cache directory: one row per entry with its key,
/// its data file's name, the file's size, and a use sequence number for least-recently-used order.
///
/// ```sql
/// CREATE TABLE entries (user_id TEXT, fields TEXT, owner TEXT, file TEXT, size INTEGER,
///                       last_used INTEGER, PRIMARY KEY (user_id, fields, owner))
/// ```
///
/// `last_used` is `MAX(last_used) + 1` at each store or hit, computed inside the statement, so the
/// order is strict and shared by every process using the directory (a clock could tie or go back).
/// The database runs in WAL mode (readers never block the one writer) with a busy timeout, and every
/// write is `BEGIN IMMEDIATE`, so two processes sharing the cache wait for each other rather than
/// fail. A database that is not one, or fails `PRAGMA quick_check`, or has an unknown schema version
/// is deleted with its data files and made anew: its entries are lost, nothing crashes. Not
/// thread-safe: ``FriendCacheStore`` calls it under its lock.
final class FriendCacheIndex {
    /// The database's file name in the cache directory (with `-wal` and `-shm` beside it).
    static let fileName = "index.sqlite"
    /// How long a statement waits for another process's lock before failing, by default.
    static let defaultBusyTimeoutMilliseconds: Int32 = 5_000
    private static let schemaVersion: Int64 = 1

    let directory: FriendCacheDirectory
    let path: String
    private let busyTimeoutMilliseconds: Int32
    private var connection: SQLiteConnection?
    /// The file ``connection`` opened.
    private var openedFile: FileIdentity?

    /// Opens the index in `directory` (an existing, private directory), rebuilding it when damaged;
    /// each statement waits at most `busyTimeoutMilliseconds` for another connection's lock.
    init(
        directory: FriendCacheDirectory, busyTimeoutMilliseconds: Int32 = defaultBusyTimeoutMilliseconds
    ) throws(FriendCacheError) {
        self.directory = directory
        self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
        path = directory.path(of: Self.fileName)
        do {
            connection = try open()
        } catch let failure where failure.isCorruption {
            try rebuild()
        } catch {
            throw self.error(error)
        }
    }

    /// Deletes the database and every data file (the index that named them is gone), then creates
    /// an empty database.
    func rebuild() throws(FriendCacheError) {
        connection = nil  // closes it
        for suffix in ["", "-wal", "-shm", "-journal"] {
            directory.unlink(Self.fileName + suffix)
        }
        for name in directory.names() { FriendCacheEntryFile.remove(name, in: directory) }
        do {
            connection = try open()
        } catch {
            throw self.error(error)
        }
    }

    /// Deletes data files no row names, and temporary files, last modified more than `age` seconds
    /// ago: what a process that died between writing a file and committing its row (or deleting a
    /// replaced file) left behind. Younger ones may be another process's store in flight. Best effort.
    func sweepOrphans(olderThan age: TimeInterval) {
        guard let rows = try? database().query("SELECT file FROM entries") else { return }
        let named = Set(rows.compactMap { $0.first?.text })
        let cutoff = Date(timeIntervalSinceNow: -age).timeIntervalSince1970
        for name in directory.names() where !named.contains(name) {
            guard FriendCacheEntryFile.isDataFileName(name) || name.hasSuffix(".tmp") else { continue }
            guard let status = directory.status(of: name) else { continue }
            if TimeInterval(status.st_mtim.tv_sec) < cutoff { directory.unlink(name) }
        }
    }

    /// The entry's data file name and size, or nil when there is no entry.
    func lookup(_ key: FriendCacheKey) throws(SQLiteConnection.Failure) -> (file: String, size: Int)? {
        let rows = try database().query(
            "SELECT file, size FROM entries WHERE user_id = ? AND fields = ? AND owner = ?", arguments(key))
        guard let row = rows.first, let file = row[0].text, let size = row[1].integer else { return nil }
        return (file, Int(size))
    }

    /// Marks the entry (if it still names `file`) the most recently used.
    func markUsed(_ key: FriendCacheKey, file: String) throws(SQLiteConnection.Failure) {
        try database().query(
            """
            UPDATE entries SET last_used = (SELECT COALESCE(MAX(last_used), 0) + 1 FROM entries)
            WHERE user_id = ? AND fields = ? AND owner = ? AND file = ?
            """, arguments(key) + [.text(file)])
    }

    /// Drops the entry if it still names `file` (another process may have replaced it meanwhile).
    func drop(_ key: FriendCacheKey, file: String) throws(SQLiteConnection.Failure) {
        try database().query(
            "DELETE FROM entries WHERE user_id = ? AND fields = ? AND owner = ? AND file = ?",
            arguments(key) + [.text(file)])
    }

    /// Points the entry at `file` (`size` bytes) as the most recently used; when the total size then
    /// exceeds `capacity`, drops the least recently used other entries until it is at most 80% of
    /// `capacity` (the v3.1 `FBCacheIndex` rule). Returns the data files no row names any more: the
    /// entry's previous file and the evicted ones, for the caller to delete after the commit.
    func replace(_ key: FriendCacheKey, file: String, size: Int, capacity: Int) throws(SQLiteConnection.Failure)
        -> [String]
    {
        let database = try database()
        return try database.transaction { () throws(SQLiteConnection.Failure) -> [String] in
            let keyArguments = arguments(key)
            var unused = try database.query(
                "SELECT file FROM entries WHERE user_id = ? AND fields = ? AND owner = ?", keyArguments
            ).compactMap { $0[0].text }
            try database.query(
                """
                INSERT INTO entries (user_id, fields, owner, file, size, last_used)
                VALUES (?, ?, ?, ?, ?, (SELECT COALESCE(MAX(last_used), 0) + 1 FROM entries))
                ON CONFLICT (user_id, fields, owner) DO UPDATE
                SET file = excluded.file, size = excluded.size, last_used = excluded.last_used
                """, keyArguments + [.text(file), .integer(Int64(size))])
            var total = try database.query("SELECT COALESCE(SUM(size), 0) FROM entries").first?[0].integer ?? 0
            guard total > Int64(capacity) else { return unused }
            let target = Int64(capacity) * 4 / 5
            let oldestFirst = try database.query(
                """
                SELECT user_id, fields, owner, file, size FROM entries
                WHERE NOT (user_id = ? AND fields = ? AND owner = ?) ORDER BY last_used
                """, keyArguments)
            for row in oldestFirst where total > target {
                try database.query(
                    "DELETE FROM entries WHERE user_id = ? AND fields = ? AND owner = ?", Array(row[0..<3]))
                total -= row[4].integer ?? 0
                if let evicted = row[3].text { unused.append(evicted) }
            }
            return unused
        }
    }

    /// Drops every entry of `owner`; returns their data files.
    func removeEntries(owner: String) throws(SQLiteConnection.Failure) -> [String] {
        let database = try database()
        return try database.transaction { () throws(SQLiteConnection.Failure) -> [String] in
            let files = try database.query("SELECT file FROM entries WHERE owner = ?", [.text(owner)])
            try database.query("DELETE FROM entries WHERE owner = ?", [.text(owner)])
            return files.compactMap { $0[0].text }
        }
    }

    /// A SQLite failure on the index as the store reports it.
    func error(_ failure: SQLiteConnection.Failure) -> FriendCacheError {
        let message =
            failure.isSymlink
            ? "is a symbolic link; the cache opens only its own files (\(failure.message))" : failure.message
        return FriendCacheError(.databaseFailed, path: path, message: message, sqliteCode: failure.code)
    }

    /// The connection, reopened first when the file at ``path`` is no longer the one it opened:
    /// another process rebuilt the index (deleting the damaged file and making a new one), and a
    /// connection to the deleted file would read and write a database nobody else sees.
    private func database() throws(SQLiteConnection.Failure) -> SQLiteConnection {
        if let connection, let openedFile, Self.identity(of: path) == openedFile { return connection }
        connection = nil
        connection = try open()
        guard let connection else {
            throw SQLiteConnection.Failure(code: SQLITE_MISUSE, message: "the index did not open")
        }
        return connection
    }

    /// The device and inode of the file at `path`, or nil when there is none.
    private static func identity(of path: String) -> FileIdentity? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }

    private struct FileIdentity: Equatable {
        let device: UInt64
        let inode: UInt64
    }

    private func arguments(_ key: FriendCacheKey) -> [SQLiteConnection.Value] {
        [.text(key.userID), .text(key.fields), .text(key.owner)]
    }

    /// Opens the database, checks it, and creates the schema when it is new.
    private func open() throws(SQLiteConnection.Failure) -> SQLiteConnection {
        // Created here with mode 0600, so SQLite (whose default is 0644 less the umask) keeps it and
        // gives the -wal and -shm files the same mode.
        let descriptor = directory.open(Self.fileName, O_WRONLY | O_CREAT)
        if descriptor >= 0 { close(descriptor) }
        let database = try SQLiteConnection(path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        openedFile = Self.identity(of: path)
        // A file of garbage fails here with SQLITE_NOTADB: SQLite reads the header lazily.
        try database.query("PRAGMA journal_mode = WAL")
        let check = try database.query("PRAGMA quick_check").first?.first?.text ?? "no answer"
        guard check == "ok" else {
            throw SQLiteConnection.Failure(code: SQLITE_CORRUPT, message: "quick_check: \(check)")
        }
        // WAL with synchronous=NORMAL never corrupts; a power cut may lose the last commits.
        try database.query("PRAGMA synchronous = NORMAL")
        try database.transaction { () throws(SQLiteConnection.Failure) in
            let version = try database.query("PRAGMA user_version").first?.first?.integer ?? 0
            if version == Self.schemaVersion { return }
            guard version == 0 else {
                throw SQLiteConnection.Failure(
                    code: SQLITE_NOTADB, message: "unknown index schema version \(version)")
            }
            try database.query(
                """
                CREATE TABLE IF NOT EXISTS entries (
                    user_id TEXT NOT NULL, fields TEXT NOT NULL, owner TEXT NOT NULL,
                    file TEXT NOT NULL, size INTEGER NOT NULL, last_used INTEGER NOT NULL,
                    PRIMARY KEY (user_id, fields, owner))
                """)
            try database.query("CREATE INDEX IF NOT EXISTS entries_by_use ON entries (last_used)")
            try database.query("CREATE INDEX IF NOT EXISTS entries_by_owner ON entries (owner)")
            try database.query("PRAGMA user_version = \(Self.schemaVersion)")
        }
        return database
    }
}
