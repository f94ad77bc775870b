// The hostile-server suite of the friend picker's cache (issue 21, items 6 and 7): a server that puts
// the caller's token into nested edges, picture URLs and free text, and a cache directory or index
// that someone replaced with a symbolic link.
//
// Each page row loads a real picker from a loopback Graph look-alike (`FriendServer`) whose second
// friend carries the planted token, then reads back every byte the cache wrote (the SQLite index,
// its WAL, the data files): the token (and any proof) must be nowhere on disk. The row also says
// whether the list is kept — with its URLs stripped of their credentials — or refused and not
// written at all; either way the picker shows both friends. The file rows plant a symbolic link where
// the cache directory or its index goes: the store must refuse to open, and the link's target
// must be left as it was.

import FacebookGraph
import FacebookGraphReplay
import FacebookGraphTestSupport
import Foundation
import Testing

@testable import FacebookSDK

/// One hostile friend-list page and what the cache must make of it.
struct HostileCacheCase: Sendable, CustomTestStringConvertible {
    /// What the cache does with the list.
    enum Outcome: Sendable {
        /// Stored, the credentials gone from its URLs and this text still there.
        case storedKeeping(String)
        /// Not stored: a secret is left that stripping URLs cannot remove.
        case refused
    }

    let name: String
    /// The planted friend's extra members.
    let extra: @Sendable () -> [String: Any]
    let outcome: Outcome

    var testDescription: String { name }

    /// The session's token: a real token's shape, so the token-shape rule sees it too.
    static let token = "EAAHostile1Token2Looks3Random4abcXYZ"
    /// An `appsecret_proof`'s shape (64 lowercase hex digits).
    static let proof = String(repeating: "ab12", count: 16)

    static let all: [HostileCacheCase] = [
        HostileCacheCase(
            name: "a nested edge's paging.next echoes the token (photos.limit(1))",
            extra: {
                [
                    "photos": [
                        "data": [["id": "p1"]],
                        "paging": [
                            "next":
                                "https://graph.facebook.com/v19.0/11/photos?limit=1&access_token=\(token)&after=QVFIone"
                        ],
                    ]
                ]
            },
            outcome: .storedKeeping("after=QVFIone")),
        HostileCacheCase(
            name: "two levels deep: albums.data[0].photos.paging.next and .previous",
            extra: {
                [
                    "albums": [
                        "data": [
                            [
                                "id": "a1",
                                "photos": [
                                    "data": [["id": "p2"]],
                                    "paging": [
                                        "next":
                                            "https://graph.facebook.com/v19.0/a1/photos?access_token=\(token)&after=QVFItwo",
                                        "previous":
                                            "https://graph.facebook.com/v19.0/a1/photos?before=QVFIback&access_token=\(token)",
                                    ],
                                ],
                            ]
                        ]
                    ]
                ]
            },
            outcome: .storedKeeping("before=QVFIback")),
        HostileCacheCase(
            name: "three levels deep: albums.data[0].photos.data[0].likes.paging.next",
            extra: {
                [
                    "albums": [
                        "data": [
                            [
                                "id": "a1",
                                "photos": [
                                    "data": [
                                        [
                                            "id": "p3",
                                            "likes": [
                                                "data": [],
                                                "paging": [
                                                    "next":
                                                        "https://graph.facebook.com/p3/likes?access_token=\(token)&after=QVFIthree"
                                                ],
                                            ],
                                        ]
                                    ]
                                ],
                            ]
                        ]
                    ]
                ]
            },
            outcome: .storedKeeping("after=QVFIthree")),
        HostileCacheCase(
            name: "the token in a picture URL",
            extra: {
                [
                    "picture": [
                        "data": ["url": "https://graph.facebook.com/11/picture?type=square&access_token=\(token)"]
                    ]
                ]
            },
            outcome: .storedKeeping("picture?type=square")),
        HostileCacheCase(
            name: "a percent-encoded name (access%5Ftoken) in a nested link",
            extra: {
                [
                    "photos": [
                        "paging": ["next": "https://graph.facebook.com/11/photos?access%5Ftoken=\(token)&after=QVFIenc"]
                    ]
                ]
            },
            outcome: .storedKeeping("after=QVFIenc")),
        HostileCacheCase(
            name: "appsecret_proof and appsecret_time echoed in a nested link",
            extra: {
                [
                    "photos": [
                        "paging": [
                            "next":
                                "https://graph.facebook.com/11/photos?appsecret_proof=\(proof)&appsecret_time=1700000000&access_token=\(token)&after=QVFIproof"
                        ]
                    ]
                ]
            },
            outcome: .storedKeeping("after=QVFIproof")),
        HostileCacheCase(
            name: "a relative link (/11/photos?access_token=…)",
            extra: { ["photos": ["paging": ["next": "/11/photos?access_token=\(token)&after=QVFIrel"]]] },
            outcome: .storedKeeping("after=QVFIrel")),
        HostileCacheCase(
            name: "the token in a URL's path, not its query",
            extra: { ["picture": "https://cdn.example/\(token)/picture.jpg"] },
            outcome: .refused),
        HostileCacheCase(
            name: "the token inside a percent-encoded URL in a query",
            extra: { ["link": "https://l.facebook.com/l.php?u=https%3A%2F%2Fx.example%2F%3Faccess_token%3D\(token)"] },
            outcome: .refused),
        HostileCacheCase(
            name: "the token in free text",
            extra: { ["about": "my token is \(token), do not share"] },
            outcome: .refused),
        HostileCacheCase(
            name: "an access_token member in an item",
            extra: { ["access_token": "not-token-shaped-but-named"] },
            outcome: .refused),
    ]
}

@Suite("Hostile server and files: the friend picker's cache")
struct HostileServerCacheTests {
    @Test(
        "No token reaches the disk, whatever the page holds; the picker shows the list either way",
        arguments: HostileCacheCase.all)
    func hostilePage(_ row: HostileCacheCase) async throws {
        let plain = FriendServer.friend("10", "Alice", "Able")
        let hostile = FriendServer.friend("11", "Bob", "Baker", extra: row.extra())
        let server = try FriendServer(lists: ["me": [plain, hostile]], pageSize: 10)
        let cache = try TemporaryCache()
        defer { cache.remove() }
        let session = server.session(token: HostileCacheCase.token, userID: FriendServer.ownerID)
        let fixture = PickerFixture(session: session, store: cache.store)
        try #require(await fixture.load())
        #expect(fixture.names == ["Alice Able", "Bob Baker"])
        #expect(server.friendRequests.first?.queryValue("access_token") == HostileCacheCase.token)

        let written = try cache.everythingWritten()
        #expect(!written.contains(HostileCacheCase.token), "the token is on disk")
        #expect(!written.contains(HostileCacheCase.proof), "the proof is on disk")
        let dataFiles = try FileManager.default.contentsOfDirectory(atPath: cache.directory.path)
            .filter { $0.hasSuffix(".pages") }
        let pages = cache.store.pages(for: TemporaryCache.key(owner: FriendServer.ownerID))
        switch row.outcome {
        case .storedKeeping(let kept):
            let text = try #require(pages, "the list was not stored").map { String(decoding: $0, as: UTF8.self) }
                .joined()
            #expect(text.contains(kept), "\(text)")
            #expect(text.contains("Bob"))
            #expect(dataFiles.count == 1)
        case .refused:
            #expect(pages == nil, "a page holding a secret was stored")
            #expect(dataFiles.isEmpty, "\(dataFiles)")
            #expect(!written.contains("Bob Baker"), "the refused list reached the disk")
        }
    }

    @Test("The store refuses a page that still holds a secret, by name or by shape")
    func storeRefusesSecrets() throws {
        let cache = try TemporaryCache()
        defer { cache.remove() }
        let key = TemporaryCache.key(owner: FriendServer.ownerID)
        for page in [
            #"{"data":[{"id":"1","next":"https://x.example/?access_token=short"}]}"#,
            #"{"data":[{"id":"1","about":"\#(HostileCacheCase.token)"}]}"#,
            #"{"data":[{"id":"1","link":"https://x.example/?u=%3Faccess_token%3Dshort"}]}"#,
        ] {
            let error = try #require(throws: FriendCacheError.self) {
                try cache.store.store(pages: [Data(page.utf8)], for: key)
            }
            #expect(error.code == .secretInPage)
            #expect(!error.description.contains(HostileCacheCase.token) && !error.description.contains("short"))
        }
        #expect(cache.store.pages(for: key) == nil)
        #expect(try !cache.everythingWritten().contains("short"))
    }

    /// Where a symbolic link is planted.
    enum PlantedLink: String, CaseIterable, Sendable {
        case cacheDirectory = "the cache directory"
        case index = "the SQLite index"
    }

    @Test(
        "A symbolic link in place of the cache directory or its index is refused; its target is untouched",
        arguments: PlantedLink.allCases)
    func plantedLink(_ link: PlantedLink) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let elsewhere = root.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let cacheDirectory = root.appendingPathComponent("friend-picker")
        let victim = elsewhere.appendingPathComponent("victim.db")
        let original = Data("someone else's file".utf8)
        try original.write(to: victim)
        switch link {
        case .cacheDirectory:
            try FileManager.default.createSymbolicLink(at: cacheDirectory, withDestinationURL: elsewhere)
        case .index:
            try FileManager.default.createDirectory(at: cacheDirectory, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                at: cacheDirectory.appendingPathComponent("index.sqlite"), withDestinationURL: victim)
        }
        let error = try #require(throws: FriendCacheError.self) { try FriendCacheStore(directory: cacheDirectory) }
        #expect(error.description.contains("is a symbolic link"), "\(error)")
        #expect(error.code == (link == .cacheDirectory ? .directoryUnusable : .databaseFailed))
        // Nothing was created, read as a database, rebuilt or chmod-ed through the link.
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path) == ["victim.db"])
        #expect(try Data(contentsOf: victim) == original)
        let mode = try FileManager.default.attributesOfItem(atPath: elsewhere.path)[.posixPermissions] as? Int
        #expect(mode != 0o700 || link == .index, "the link's target directory was narrowed to 0700")
    }

    @Test("closeAndClearTokenInformation deletes the owner's lists from disk, data files included")
    func closeAndClearLeavesNothing() async throws {
        let server = try FriendServer(lists: ["me": [FriendServer.friend("10", "Alice", "Able")]], pageSize: 10)
        let cache = try TemporaryCache()
        defer { cache.remove() }
        let session = server.session(token: HostileCacheCase.token, userID: FriendServer.ownerID)
        let fixture = PickerFixture(session: session, store: cache.store)
        try #require(await fixture.load())
        func dataFiles() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: cache.directory.path).filter { $0.hasSuffix(".pages") }
        }
        #expect(try dataFiles().count == 1)
        session.closeAndClearTokenInformation()
        #expect(try dataFiles().isEmpty)
        #expect(cache.store.pages(for: TemporaryCache.key(owner: FriendServer.ownerID)) == nil)
        #expect(try !cache.everythingWritten().contains(HostileCacheCase.token))
    }
}
