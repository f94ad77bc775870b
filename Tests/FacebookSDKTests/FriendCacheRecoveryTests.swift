import Foundation
import Testing

@testable import FacebookSDK

#if canImport(Glibc)
    import Glibc
#endif

/// The friend cache meets damage: a database of garbage or cut short is rebuilt (its entries lost),
/// a missing or damaged data file is a miss whose row is dropped. Never a crash, never a wrong page.
@Suite("FriendCacheStore recovery")
struct FriendCacheRecoveryTests {
    /// Three entries stored and the store closed; returns the index's path.
    static func filledCache(at directory: URL) throws -> String {
        let store = try FriendCacheStore(directory: directory)
        for index in 0..<3 {
            try store.store(
                pages: [CacheDirectory.page("Friend \(index)", padding: 2_000)], for: CacheDirectory.key("u\(index)"))
        }
        return directory.appendingPathComponent(FriendCacheIndex.fileName).path
    }

    /// Puts a new file of garbage at the index's path and deletes its WAL and shared-memory files.
    static func replaceWithGarbage(_ url: URL) throws {
        try Data(repeating: 0x5A, count: 8_192).write(to: url, options: .atomic)
        for suffix in ["-wal", "-shm"] { unlink(url.path + suffix) }
    }

    @Test(
        "A damaged database file is rebuilt: the entries are lost, their data files deleted, and the cache works",
        arguments: ["garbage", "truncated-header", "truncated-half", "zeroed-page"])
    func damagedDatabaseIsRebuilt(damage: String) throws {
        try CacheDirectory.with { directory in
            let path = try Self.filledCache(at: directory)
            var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(bytes.count > 4_096, "the index has more than one page")
            switch damage {
            case "garbage": bytes = Data((0..<bytes.count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
            case "truncated-header": bytes = bytes.prefix(50)
            case "truncated-half": bytes = bytes.prefix(bytes.count / 2)
            default: bytes.replaceSubrange(bytes.count - 4_096..<bytes.count, with: Data(repeating: 0xA5, count: 4_096))
            }
            try bytes.write(to: URL(fileURLWithPath: path))
            let store = try FriendCacheStore(directory: directory)
            for index in 0..<3 { #expect(store.pages(for: CacheDirectory.key("u\(index)")) == nil) }
            #expect(try CacheDirectory.dataFiles(in: directory).isEmpty, "the orphaned data files are deleted")
            try store.store(pages: [CacheDirectory.page("After")], for: CacheDirectory.key())
            #expect(store.pages(for: CacheDirectory.key()) == [CacheDirectory.page("After")])
        }
    }

    @Test("A database replaced under an open store (another process rebuilt it, or damage) is reopened, and rebuilt")
    func replacedWhileOpen() throws {
        try CacheDirectory.with { directory in
            let store = try FriendCacheStore(directory: directory)
            try store.store(pages: [CacheDirectory.page("Ann")], for: CacheDirectory.key("before"))
            let url = directory.appendingPathComponent(FriendCacheIndex.fileName)
            // A new file at the index's path (written beside it, renamed over it), full of garbage,
            // and no WAL (whose frames SQLite would otherwise lay over any file at the path).
            try Self.replaceWithGarbage(url)
            try store.store(pages: [CacheDirectory.page("Bob")], for: CacheDirectory.key("after"))
            #expect(store.pages(for: CacheDirectory.key("after")) == [CacheDirectory.page("Bob")])
            #expect(store.pages(for: CacheDirectory.key("before")) == nil)
            #expect(try CacheDirectory.dataFiles(in: directory).count == 1)
            // And a second store (another process, after the first rebuilt) sees the same index.
            let other = try FriendCacheStore(directory: directory)
            #expect(other.pages(for: CacheDirectory.key("after")) == [CacheDirectory.page("Bob")])
            try other.store(pages: [CacheDirectory.page("Cleo")], for: CacheDirectory.key("other"))
            #expect(store.pages(for: CacheDirectory.key("other")) == [CacheDirectory.page("Cleo")])
        }
    }

    @Test("A store whose index another store rebuilt reopens the new index instead of writing to the deleted one")
    func rebuiltByAnotherStore() throws {
        try CacheDirectory.with { directory in
            let first = try FriendCacheStore(directory: directory)
            try first.store(pages: [CacheDirectory.page("Ann")], for: CacheDirectory.key("before"))
            // The index damaged on disk; a second store (a process started later) rebuilds it.
            let url = directory.appendingPathComponent(FriendCacheIndex.fileName)
            try Self.replaceWithGarbage(url)
            let second = try FriendCacheStore(directory: directory)
            try second.store(pages: [CacheDirectory.page("Bob")], for: CacheDirectory.key("after"))
            #expect(first.pages(for: CacheDirectory.key("after")) == [CacheDirectory.page("Bob")])
            try first.store(pages: [CacheDirectory.page("Cleo")], for: CacheDirectory.key("third"))
            #expect(second.pages(for: CacheDirectory.key("third")) == [CacheDirectory.page("Cleo")])
        }
    }

    @Test(
        "A missing or damaged data file is a miss; its row and file are dropped",
        arguments: ["missing", "garbage", "truncated", "one byte changed", "empty", "longer", "a symbolic link"])
    func damagedDataFile(damage: String) throws {
        try CacheDirectory.with { directory in
            let store = try FriendCacheStore(directory: directory)
            try store.store(pages: [CacheDirectory.page("Ann"), CacheDirectory.page("Bob")], for: CacheDirectory.key())
            try store.store(pages: [CacheDirectory.page("Kept")], for: CacheDirectory.key("other"))
            let files = try CacheDirectory.dataFiles(in: directory)
            // The entry for `me` is the file that holds Ann.
            let target = try #require(
                files.first { name in
                    let data = try? Data(contentsOf: directory.appendingPathComponent(name))
                    return data.map { String(decoding: $0, as: UTF8.self).contains("Ann") } ?? false
                })
            let url = directory.appendingPathComponent(target)
            var bytes = try Data(contentsOf: url)
            switch damage {
            case "missing": try FileManager.default.removeItem(at: url)
            case "garbage": try Data(repeating: 0x42, count: bytes.count).write(to: url)
            case "truncated": try bytes.prefix(bytes.count - 9).write(to: url)
            case "empty": try Data().write(to: url)
            case "longer": try (bytes + Data(repeating: 0, count: 1 << 20)).write(to: url)
            case "a symbolic link":
                // To an intact copy: a data file is a regular file of the cache's own, never a link.
                let copy = directory.deletingLastPathComponent().appendingPathComponent("copy.pages")
                try bytes.write(to: copy)
                try FileManager.default.removeItem(at: url)
                try FileManager.default.createSymbolicLink(at: url, withDestinationURL: copy)
            default:
                let middle = bytes.count / 2
                bytes[middle] ^= 0x01
                try bytes.write(to: url)
            }
            #expect(store.pages(for: CacheDirectory.key()) == nil)
            #expect(try CacheDirectory.indexRows(in: directory) == 1, "the damaged entry's row is dropped")
            #expect(try CacheDirectory.dataFiles(in: directory).count == 1, "and its file deleted")
            #expect(store.pages(for: CacheDirectory.key("other")) == [CacheDirectory.page("Kept")])
        }
    }

    @Test("The container decodes only intact files: every cut and every flipped byte of one is rejected")
    func containerRejectsDamage() {
        let pages = [Data(#"{"data":[1]}"#.utf8), Data(), Data(#"{"data":[]}"#.utf8)]
        let bytes = FriendCacheEntryFile.encode(pages)
        #expect(FriendCacheEntryFile.decode(bytes) == pages)
        #expect(FriendCacheEntryFile.decode(FriendCacheEntryFile.encode([])) == [])
        for length in 0..<bytes.count { #expect(FriendCacheEntryFile.decode(bytes.prefix(length)) == nil, "\(length)") }
        for offset in 0..<bytes.count {
            var flipped = bytes
            flipped[offset] ^= 0x10
            #expect(FriendCacheEntryFile.decode(flipped) == nil, "byte \(offset)")
        }
        #expect(FriendCacheEntryFile.decode(bytes + Data([0])) == nil)
    }

    @Test("Opening a store deletes old files no entry names (a crash's leftovers) and keeps young ones")
    func orphansSwept() throws {
        try CacheDirectory.with { directory in
            do {
                let store = try FriendCacheStore(directory: directory)
                try store.store(pages: [CacheDirectory.page("Ann")], for: CacheDirectory.key())
            }
            let old = Date(timeIntervalSinceNow: -2 * FriendCacheStore.orphanAge)
            let oldOrphan = "\(UUID().uuidString).pages"
            let youngOrphan = "\(UUID().uuidString).pages"
            let names = [oldOrphan, ".old.tmp", youngOrphan, "unrelated.txt", "not-ours.pages"]
            for name in names {
                let url = directory.appendingPathComponent(name)
                try Data("left behind".utf8).write(to: url)
                if name != youngOrphan {
                    try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: url.path)
                }
            }
            // The indexed entry's own file is old too: it stays, because a row names it.
            for name in try CacheDirectory.dataFiles(in: directory) where !names.contains(name) {
                try FileManager.default.setAttributes(
                    [.modificationDate: old], ofItemAtPath: directory.appendingPathComponent(name).path)
            }
            let store = try FriendCacheStore(directory: directory)
            let left = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            #expect(!left.contains(oldOrphan) && !left.contains(".old.tmp"), "\(left)")
            #expect(left.contains(youngOrphan), "a young orphan may be another process's store in flight")
            #expect(
                left.contains("unrelated.txt") && left.contains("not-ours.pages"), "names the cache never gives stay")
            #expect(store.pages(for: CacheDirectory.key()) == [CacheDirectory.page("Ann")])
        }
    }

    @Test("A row naming a file outside the cache's names (a damaged or planted index) is a miss and deletes nothing")
    func rowWithForeignFileName() throws {
        try CacheDirectory.with { directory in
            let store = try FriendCacheStore(directory: directory)
            let outside = directory.deletingLastPathComponent().appendingPathComponent("outside.pages")
            let page = CacheDirectory.page("Planted")
            try FriendCacheEntryFile.encode([page]).write(to: outside)
            let size = try Data(contentsOf: outside).count
            let connection = try SQLiteConnection(
                path: directory.appendingPathComponent(FriendCacheIndex.fileName).path, busyTimeoutMilliseconds: 5_000)
            let key = CacheDirectory.key()
            try connection.query(
                "INSERT INTO entries VALUES (?, ?, ?, '../outside.pages', ?, 1)",
                [.text(key.userID), .text(key.fields), .text(key.owner), .integer(Int64(size))])
            #expect(store.pages(for: key) == nil)
            try store.removeEntries(owner: key.owner)
            #expect(
                FileManager.default.fileExists(atPath: outside.path), "the file outside was neither read nor deleted")
        }
    }
}
