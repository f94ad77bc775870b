import CSQLite
import Foundation

/// One connection to an SQLite database file: open, run a statement with bound values, read the rows.
///
/// Threading: a connection is opened with `SQLITE_OPEN_NOMUTEX` and is not thread-safe; its owner
/// (``FriendCacheStore``) uses it only under its own lock. Every failure is a ``Failure`` with
/// SQLite's result code and message, never a trap.
final class SQLiteConnection {
    /// A failed SQLite call: the (extended) result code and `sqlite3_errmsg`'s text.
    struct Failure: Error {
        let code: Int32
        let message: String

        /// The path goes through a symbolic link (`SQLITE_OPEN_NOFOLLOW` refused it).
        var isSymlink: Bool { code == symlinkCode }

        /// The database file is not a database or is damaged: the cache rebuilds it.
        var isCorruption: Bool {
            let primary = code & 0xff
            return primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB
        }
    }

    /// A value bound to a statement or read from a row.
    enum Value: Equatable {
        case integer(Int64)
        case text(String)
        case null

        var integer: Int64? {
            if case .integer(let value) = self { return value }
            return nil
        }

        var text: String? {
            if case .text(let value) = self { return value }
            return nil
        }
    }

    /// `SQLITE_CANTOPEN_SYMLINK`, a C macro Swift cannot import.
    static let symlinkCode = SQLITE_CANTOPEN | (6 << 8)

    private let handle: OpaquePointer

    /// Opens (creating when missing) the database at `path`, with `busyTimeoutMilliseconds` as the
    /// time a statement waits for another connection's lock before failing with `SQLITE_BUSY`.
    ///
    /// `SQLITE_OPEN_NOFOLLOW`: a path through a symbolic link fails with ``symlinkCode`` rather than
    /// opening (and writing) whatever the link points to.
    init(path: String, busyTimeoutMilliseconds: Int32) throws(Failure) {
        var opened: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_NOFOLLOW
        var status = sqlite3_open_v2(path, &opened, flags, nil)
        // The extended code (SQLITE_CANTOPEN_SYMLINK, not just SQLITE_CANTOPEN) says why.
        if status != SQLITE_OK, let opened { status = sqlite3_extended_errcode(opened) }
        guard status == SQLITE_OK, let opened else {
            let message = opened.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(status))
            sqlite3_close_v2(opened)
            throw Failure(code: status, message: message)
        }
        handle = opened
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, busyTimeoutMilliseconds)
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// Runs one statement with `arguments` bound to its `?` parameters, and returns every row.
    @discardableResult
    func query(_ sql: String, _ arguments: [Value] = []) throws(Failure) -> [[Value]] {
        var prepared: OpaquePointer?
        let status = sqlite3_prepare_v2(handle, sql, -1, &prepared, nil)
        guard status == SQLITE_OK, let statement = prepared else {
            sqlite3_finalize(prepared)
            throw failure(status)
        }
        defer { sqlite3_finalize(statement) }
        for (index, argument) in arguments.enumerated() {
            let position = Int32(index + 1)
            let bound: Int32
            switch argument {
            case .integer(let value): bound = sqlite3_bind_int64(statement, position, value)
            case .text(let value): bound = sqlite3_bind_text(statement, position, value, -1, Self.transient)
            case .null: bound = sqlite3_bind_null(statement, position)
            }
            guard bound == SQLITE_OK else { throw failure(bound) }
        }
        var rows: [[Value]] = []
        while true {
            let step = sqlite3_step(statement)
            if step == SQLITE_DONE { return rows }
            guard step == SQLITE_ROW else { throw failure(step) }
            rows.append(
                (0..<sqlite3_column_count(statement)).map { column in
                    switch sqlite3_column_type(statement, column) {
                    case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, column))
                    case SQLITE_NULL: return .null
                    default: return .text(sqlite3_column_text(statement, column).map { String(cString: $0) } ?? "")
                    }
                })
        }
    }

    /// Runs `body` inside `BEGIN IMMEDIATE … COMMIT` (rolled back when it throws). IMMEDIATE takes
    /// the write lock up front, so a second process waits on the busy timeout instead of failing
    /// with `SQLITE_BUSY` when a read would later turn into a write.
    func transaction<T>(_ body: () throws(Failure) -> T) throws(Failure) -> T {
        try query("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try query("COMMIT")
            return result
        } catch {
            _ = try? query("ROLLBACK")
            throw error
        }
    }

    private func failure(_ status: Int32) -> Failure {
        Failure(code: status, message: String(cString: sqlite3_errmsg(handle)))
    }

    /// `SQLITE_TRANSIENT` (a C macro Swift cannot import): SQLite copies the bound text at once.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}
