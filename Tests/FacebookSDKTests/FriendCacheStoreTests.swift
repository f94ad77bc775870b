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
    @Test("Pages stored under a key come back in order, byte for byte")
    func roundTrip() throws {
        try CacheDirectory.with { directory in
            let store = try FriendCacheStore(directory: directory)
            let pages = [CacheDirectory.page("Ann"), CacheDirectory.page("Émile"), Data(#"{"data":[]}"#.utf8)]
            try store.store(pages: pages, for: CacheDirectory.key())
            #expect(store.pages(for: CacheDirectory.key()) == pages)
            // The key sorts and deduplicates its fields: the same union in another order is a hit.
            let shuffled = FriendCacheKey(
                userID: "me", fields: CacheDirectory.fields.reversed() + ["id"], owner: "100001")
            #expect(shuffled == CacheDirectory.key())
            #expect(shuffled.fields == "first_name,id,last_name,middle_name,name,picture")
            #expect(store.pages(for: shuffled) == pages)
        }
    }

    @Test("A key never stored, another owner, other fields or another user is a miss")
    func miss() throws {
        try CacheDirectory.with { directory in
            let store = try FriendCacheStore(directory: directory)
            #expect(store.pages(for: CacheDirectory.key()) == nil)
            try store.store(pages: [CacheDirectory.page("Ann")], for: CacheDirectory.key())
            #expect(store.pages(for: CacheDirectory.key(owner: "200002")) == nil)
            #expect(store.pages(for: CacheDirectory.key(fields: CacheDirectory.fields + ["birthday"])) == nil)
            #expect(store.pages(for: CacheDirectory.key("4")) == nil)
        }
    }

    @Test("Storing again replaces the entry and deletes the old data file")
    func replace() throws {
        try CacheDirectory.with { directory in
            let store = try FriendCacheStore(directory: directory)
            try store.store(pages: [CacheDirectory.page("Ann"), CacheDirectory.page("Bob")], for: CacheDirectory.key())
            try store.store(pages: [CacheDirectory.page("Cleo")], for: CacheDirectory.key())
            #expect(store.pages(for: CacheDirectory.key()) == [CacheDirectory.page("Cleo")])
            #expect(try CacheDirectory.dataFiles(in: directory).count == 1)
        }
    }

    @Test("A fresh store on the same directory (a process restart) hits what the first stored")
    func hitAfterRestart() throws {
        try CacheDirectory.with { directory in
            do {
                let first = try FriendCacheStore(directory: directory)
                try first.store(pages: [CacheDirectory.page("Ann")], for: CacheDirectory.key())
            }
            let second = try FriendCacheStore(directory: directory)
            #expect(second.pages(for: CacheDirectory.key()) == [CacheDirectory.page("Ann")])
        }
    }

    @Test("Over capacity, the least recently used entries go first, down to 80% and no further")
    func lruEviction() throws {
        try CacheDirectory.with { directory in
            // Every entry the same size: ten fill the capacity exactly, an eleventh pushes it over.
            let page = { (index: Int) in CacheDirectory.page(String(format: "friend %02d", index), padding: 500) }
            let size = FriendCacheEntryFile.encode([page(0)]).count
            let store = try FriendCacheStore(directory: directory, capacity: 10 * size)
            let keys = (0...10).map { CacheDirectory.key("user-\($0)") }
            for index in 0..<10 { try store.store(pages: [page(index)], for: keys[index]) }
            #expect(try CacheDirectory.dataFiles(in: directory).count == 10, "at capacity, nothing is evicted")
            // Using 0 and 3 makes 1, 2 and 4 the least recently used.
            #expect(store.pages(for: keys[0]) != nil)
            #expect(store.pages(for: keys[3]) != nil)
            try store.store(pages: [page(10)], for: keys[10])
            // 11 entries over a capacity of 10: down to 8 (80%), so exactly three go, oldest first.
            #expect(try CacheDirectory.dataFiles(in: directory).count == 8)
            #expect(try CacheDirectory.indexRows(in: directory) == 8)
            for evicted in [1, 2, 4] { #expect(store.pages(for: keys[evicted]) == nil, "entry \(evicted)") }
            for kept in [0, 3, 5, 6, 7, 8, 9, 10] {
                #expect(store.pages(for: keys[kept]) == [page(kept)], "entry \(kept)")
            }
        }
    }

    @Test("Replacing an entry counts its new size, not both; the stored entry itself is never evicted")
    func replacementAndOwnEntry() throws {
        try CacheDirectory.with { directory in
            let small = CacheDirectory.page("small", padding: 100)
            let large = CacheDirectory.page("large", padding: 850)
            let capacity = FriendCacheEntryFile.encode([large]).count + 10
            let store = try FriendCacheStore(directory: directory, capacity: capacity)
            try store.store(pages: [small], for: CacheDirectory.key("a"))
            try store.store(pages: [small], for: CacheDirectory.key("b"))
            // Replacing a with a large page (over 80% of capacity on its own) evicts b, never a.
            try store.store(pages: [large], for: CacheDirectory.key("a"))
            #expect(store.pages(for: CacheDirectory.key("a")) == [large])
            #expect(store.pages(for: CacheDirectory.key("b")) == nil)
            #expect(try CacheDirectory.dataFiles(in: directory).count == 1)
        }
    }

    @Test("Pages larger than the whole capacity are refused with entryTooLarge, and nothing changes")
    func entryTooLarge() throws {
        try CacheDirectory.with { directory in
            let store = try FriendCacheStore(directory: directory, capacity: 2_000)
            try store.store(pages: [CacheDirectory.page("Ann")], for: CacheDirectory.key())
            #expect {
                try store.store(pages: [CacheDirectory.page("Big", padding: 3_000)], for: CacheDirectory.key("other"))
            } throws: { error in
                let error = error as? FriendCacheError
                return error?.code == .entryTooLarge && error?.description.contains("exceed the capacity") == true
            }
            #expect(store.pages(for: CacheDirectory.key()) == [CacheDirectory.page("Ann")])
            #expect(try CacheDirectory.dataFiles(in: directory).count == 1)
        }
    }

    @Test("removeEntries(owner:) deletes that owner's entries and data files only")
    func removeEntriesOfOneOwner() throws {
        try CacheDirectory.with { directory in
            let store = try FriendCacheStore(directory: directory)
            try store.store(pages: [CacheDirectory.page("A1")], for: CacheDirectory.key("me", owner: "111111"))
            try store.store(pages: [CacheDirectory.page("A2")], for: CacheDirectory.key("42", owner: "111111"))
            try store.store(pages: [CacheDirectory.page("B1")], for: CacheDirectory.key("me", owner: "222222"))
            try store.removeEntries(owner: "111111")
            #expect(store.pages(for: CacheDirectory.key("me", owner: "111111")) == nil)
            #expect(store.pages(for: CacheDirectory.key("42", owner: "111111")) == nil)
            #expect(store.pages(for: CacheDirectory.key("me", owner: "222222")) == [CacheDirectory.page("B1")])
            #expect(try CacheDirectory.dataFiles(in: directory).count == 1)
            // An owner with no entries is not an error.
            try store.removeEntries(owner: "333333")
        }
    }

    @Test("The default directory is XDG_CACHE_HOME's, else HOME/.cache's; a relative XDG_CACHE_HOME is ignored")
    func defaultDirectory() {
        let xdg = FriendCacheStore.defaultDirectory(environment: ["XDG_CACHE_HOME": "/var/cache/u", "HOME": "/home/u"])
        #expect(xdg.path == "/var/cache/u/FacebookSDKShim/friend-picker")
        let home = FriendCacheStore.defaultDirectory(environment: ["HOME": "/home/u"])
        #expect(home.path == "/home/u/.cache/FacebookSDKShim/friend-picker")
        let relative = FriendCacheStore.defaultDirectory(environment: ["XDG_CACHE_HOME": "cache", "HOME": "/home/u"])
        #expect(relative.path == "/home/u/.cache/FacebookSDKShim/friend-picker")
        #expect(FriendCacheStore.defaultCapacity == 10 * 1024 * 1024)
    }

    @Test("A directory that cannot be made is a directoryUnusable error naming the path, not a trap")
    func unusableDirectory() throws {
        try CacheDirectory.with { directory in
            try FileManager.default.createDirectory(
                at: directory.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("a file, not a directory".utf8).write(to: directory)
            #expect {
                try FriendCacheStore(directory: directory)
            } throws: { error in
                let error = error as? FriendCacheError
                return error?.code == .directoryUnusable && error?.description.contains(directory.path) == true
            }
            #expect(throws: FriendCacheError.self) {
                try FriendCacheStore(directory: directory.appendingPathComponent("below-a-file"))
            }
            #expect {
                try FriendCacheStore(directory: directory.deletingLastPathComponent(), capacity: 0)
            } throws: { error in
                (error as? FriendCacheError)?.code == .invalidCapacity
            }
        }
    }
}
