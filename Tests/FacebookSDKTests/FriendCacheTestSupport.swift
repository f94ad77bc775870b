import Foundation

@testable import FacebookSDK

/// A private temporary directory for one test; the cache directory is a not-yet-existing folder in it.
enum CacheDirectory {
    static let fields = ["id", "name", "first_name", "middle_name", "last_name", "picture"]

    static func key(_ userID: String = "me", owner: String = "100001", fields: [String] = fields) -> FriendCacheKey {
        FriendCacheKey(userID: userID, fields: fields, owner: owner)
    }

    /// A page body: one friend, padded to make the page larger.
    static func page(_ name: String, padding: Int = 0) -> Data {
        Data(#"{"data":[{"id":"1","name":"\#(name)"}],"pad":"\#(String(repeating: "x", count: padding))"}"#.utf8)
    }

    static func with(_ body: (URL) throws -> Void) throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("friend-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: parent) }
        try body(parent.appendingPathComponent("friend-picker"))
    }

    /// The entries' data files in `directory`.
    static func dataFiles(in directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".pages") }.sorted()
    }

    /// How many rows the index holds, read through a connection of the test's own.
    static func indexRows(in directory: URL) throws -> Int {
        let path = directory.appendingPathComponent(FriendCacheIndex.fileName).path
        let connection = try SQLiteConnection(path: path, busyTimeoutMilliseconds: 5_000)
        return Int(try connection.query("SELECT COUNT(*) FROM entries").first?.first?.integer ?? -1)
    }

    /// The permission bits of `path`.
    static func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }
}
