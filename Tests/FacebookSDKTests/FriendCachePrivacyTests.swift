import FacebookGraph
import Foundation
import Testing

@testable import FacebookSDK

/// What the friend cache leaves on disk: a private directory, private files, page bodies and ids —
/// never a token (the deliberate deviation from v3.1, whose cache key was the URL with the token).
@Suite("FriendCacheStore privacy")
struct FriendCachePrivacyTests {
    @Test("The directory is created 0700 and every file in it (index, WAL, shared memory, data) is 0600")
    func modes() throws {
        try CacheDirectory.with { directory in
            let store = try FriendCacheStore(directory: directory)
            try store.store(pages: [CacheDirectory.page("Ann")], for: CacheDirectory.key())
            #expect(store.pages(for: CacheDirectory.key()) != nil)
            #expect(try CacheDirectory.mode(directory.path) == 0o700)
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
            let index = FriendCacheIndex.fileName
            #expect(Set([index, index + "-wal", index + "-shm"]).isSubset(of: names), "\(names)")
            #expect(names.contains { $0.hasSuffix(".pages") }, "\(names)")
            for name in names {
                #expect(try CacheDirectory.mode(directory.appendingPathComponent(name).path) == 0o600, "\(name)")
            }
        }
    }

    @Test("An existing cache directory open to others is narrowed to 0700")
    func existingDirectoryNarrowed() throws {
        try CacheDirectory.with { directory in
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
            _ = try FriendCacheStore(directory: directory)
            #expect(try CacheDirectory.mode(directory.path) == 0o700)
        }
    }

    @Test("The key has a user id, a field list and an owner id, and no place for a token")
    func keyHoldsNoToken() {
        let key = FriendCacheKey(userID: "me", fields: ["name", "id"], owner: "100001")
        #expect(Mirror(reflecting: key).children.map(\.label) == ["userID", "fields", "owner"])
        #expect(!key.containsTokenShapedText)
    }

    @Test("A key with token-shaped text is refused with tokenInKey and never looked up; nothing of it reaches the disk")
    func tokenShapedKeyRefused() throws {
        let token = "EAAGm0PX4ZCpsBAKcZBw9ZBxAmpleZB7zQ1dWq"
        try CacheDirectory.with { directory in
            let store = try FriendCacheStore(directory: directory)
            for key in [
                FriendCacheKey(userID: "me", fields: ["id"], owner: token),
                FriendCacheKey(userID: token, fields: ["id"], owner: "100001"),
                FriendCacheKey(userID: "me", fields: ["id", token], owner: "100001"),
            ] {
                #expect(key.containsTokenShapedText)
                #expect {
                    try store.store(pages: [CacheDirectory.page("Ann")], for: key)
                } throws: { error in
                    let error = error as? FriendCacheError
                    return error?.code == .tokenInKey && error?.description.contains(token) == false
                }
                #expect(store.pages(for: key) == nil)
            }
            #expect(try CacheDirectory.dataFiles(in: directory).isEmpty)
            #expect(try CacheDirectory.indexRows(in: directory) == 0)
        }
    }

    @Test("On disk there are only the page bodies as given and the key's ids: no token-shaped text")
    func filesHoldOnlyPagesAndIDs() throws {
        try CacheDirectory.with { directory in
            let store = try FriendCacheStore(directory: directory)
            let pages = [CacheDirectory.page("Ann"), CacheDirectory.page("Bob")]
            try store.store(pages: pages, for: CacheDirectory.key())
            let files = try CacheDirectory.dataFiles(in: directory)
            #expect(files.count == 1)
            let data = try Data(contentsOf: directory.appendingPathComponent(files[0]))
            #expect(FriendCacheEntryFile.decode(data) == pages, "the data file is the pages' container")
            for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
                let bytes = try Data(contentsOf: directory.appendingPathComponent(name))
                let text = String(decoding: bytes, as: UTF8.self)
                #expect(TokenShape.matches(in: text).isEmpty, "\(name)")
            }
        }
    }
}
