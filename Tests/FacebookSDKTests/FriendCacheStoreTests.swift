import Foundation
import Testing

@testable import FacebookSDK

#if canImport(Glibc)
    import Glibc
#endif

/// The friend picker's disk cache (issue 10, "Cache"): entries, LRU eviction, restarts, damage, modes.
/// Every test works in a directory of its own, removed at the end.
@Suite("FriendCacheStore")
struct FriendCacheStoreTests {
    static let fields = ["id", "name", "first_name", "middle_name", "last_name", "picture"]

    static func key(_ userID: String = "me", owner: String = "100001", fields: [String] = fields) -> FriendCacheKey {
        FriendCacheKey(userID: userID, fields: fields, owner: owner)
    }

    static func page(_ name: String, padding: Int = 0) -> Data {
        Data(#"{"data":[{"id":"1","name":"\#(name)"}],"pad":"\#(String(repeating: "x", count: padding))"}"#.utf8)
    }

    @Test("Pages stored under a key come back in order, byte for byte")
    func roundTrip() throws {
        try CacheDirectory.with { directory in
            let store = try FriendCacheStore(directory: directory)
            let pages = [Self.page("Ann"), Self.page("Émile"), Data(#"{"data":[]}"#.utf8)]
            try store.store(pages: pages, for: Self.key())
            #expect(store.pages(for: Self.key()) == pages)
            // The key sorts and deduplicates its fields: the same union in another order is a hit.
            let shuffled = FriendCacheKey(userID: "me", fields: Self.fields.reversed() + ["id"], owner: "100001")
            #expect(shuffled == Self.key())
            #expect(shuffled.fields == "first_name,id,last_name,middle_name,name,picture")
            #expect(store.pages(for: shuffled) == pages)
        }
    }

    @Test("A key never stored, another owner, other fields or another user is a miss")
    func miss() throws {
        try CacheDirectory.with { directory in
            let store = try FriendCacheStore(directory: directory)
            #expect(store.pages(for: Self.key()) == nil)
            try store.store(pages: [Self.page("Ann")], for: Self.key())
            #expect(store.pages(for: Self.key(owner: "200002")) == nil)
            #expect(store.pages(for: Self.key(fields: Self.fields + ["birthday"])) == nil)
            #expect(store.pages(for: Self.key("4")) == nil)
        }
    }

    @Test("Storing again replaces the entry and deletes the old data file")
    func replace() throws {
        try CacheDirectory.with { directory in
            let store = try FriendCacheStore(directory: directory)
            try store.store(pages: [Self.page("Ann"), Self.page("Bob")], for: Self.key())
            try store.store(pages: [Self.page("Cleo")], for: Self.key())
            #expect(store.pages(for: Self.key()) == [Self.page("Cleo")])
            #expect(try CacheDirectory.dataFiles(in: directory).count == 1)
        }
    }

    @Test("A fresh store on the same directory (a process restart) hits what the first stored")
    func hitAfterRestart() throws {
        try CacheDirectory.with { directory in
            do {
                let first = try FriendCacheStore(directory: directory)
                try first.store(pages: [Self.page("Ann")], for: Self.key())
            }
            let second = try FriendCacheStore(directory: directory)
            #expect(second.pages(for: Self.key()) == [Self.page("Ann")])
        }
    }
}

/// A private temporary directory for one test; the cache directory is a not-yet-existing folder in it.
enum CacheDirectory {
    static func with(_ body: (URL) throws -> Void) throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("friend-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: parent) }
        try body(parent.appendingPathComponent("friend-picker"))
    }

    /// The entries' data files in `directory`.
    static func dataFiles(in directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".pages") }.sorted()
    }
}
