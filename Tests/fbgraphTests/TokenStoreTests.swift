import FacebookGraph
import FacebookGraphReplay
import FacebookGraphTestSupport
import FacebookGraphTestTraits
import FacebookSDK
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@testable import fbgraph

/// The token `fbgraph login` saves: refused when others could read or change it, written so that a
/// crashed earlier write never stands in the way, and removed by `fbgraph logout` with its user's
/// cached friend lists.
@Suite("fbgraph token store", .onOwnThread)
struct TokenStoreTests {
    static let token = "EAAstoredToken4242"

    /// A config folder holding `fbgraph/token` with `token`, made by `make` (mode, link…).
    static func config(_ make: (URL) throws -> Void) throws -> URL {
        let config = try TestFiles.directory()
        let folder = config.appendingPathComponent("fbgraph")
        try FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try make(folder.appendingPathComponent("token"))
        return config
    }

    static func write(_ file: URL, mode: Int) throws {
        try Data((token + "\n").utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: file.path)
    }

    @Test(
        "A token file that is not private is refused, naming the file and why; the token is not printed",
        arguments: [
            ("mode 0644", "its mode 0644 lets group or others read or change it"),
            ("mode 0660", "its mode 0660 lets group or others"),
            ("mode 0602", "its mode 0602 lets group or others"),
            ("a symbolic link", "it is a symbolic link"),
            ("another user's", "it belongs to uid 65534, not to you"),
        ])
    func unsafeFileRefused(kind: String, reason: String) throws {
        let config = try Self.config { file in
            switch kind {
            case "mode 0644": try Self.write(file, mode: 0o644)
            case "mode 0660": try Self.write(file, mode: 0o660)
            case "mode 0602": try Self.write(file, mode: 0o602)
            case "a symbolic link":
                let real = file.deletingLastPathComponent().appendingPathComponent("real")
                try Self.write(real, mode: 0o600)
                try FileManager.default.createSymbolicLink(at: file, withDestinationURL: real)
            default:
                try Self.write(file, mode: 0o600)
                guard getuid() == 0 else { return }
                #expect(chown(file.path, 65534, 65534) == 0)
            }
        }
        defer { try? FileManager.default.removeItem(at: config) }
        if kind == "another user's", getuid() != 0 { return }  // only root can give a file away
        let bin = try HTTPBin()
        defer { bin.stop() }
        let environment = ["XDG_CONFIG_HOME": config.path]
        let run = try CLIRunner.run(["get", "get", "--base-url", bin.baseURL], environment: environment)
        let file = config.appendingPathComponent("fbgraph/token").path
        #expect(run.status == 1)
        #expect(run.stderr.contains("refusing \(file): \(reason)"), "stderr: \(run.stderr)")
        #expect(!run.stdout.contains(Self.token) && !run.stderr.contains(Self.token))
        // A token given another way does not read the file at all.
        let given = try CLIRunner.run(
            ["get", "get", "--base-url", bin.baseURL],
            environment: environment.merging(["FB_ACCESS_TOKEN": "EAAother1"]) { $1 })
        #expect(given.status == 0, "stderr: \(given.stderr)")
    }

    @Test("A private token file (0600, the user's own) is used")
    func privateFileUsed() throws {
        let config = try Self.config { try Self.write($0, mode: 0o600) }
        defer { try? FileManager.default.removeItem(at: config) }
        let store = TokenStore(environment: ["XDG_CONFIG_HOME": config.path])
        #expect(try store.load() == Self.token)
    }

    @Test("A temporary file left by a crashed earlier write neither fails a fresh save nor is read as the token")
    func staleTemporaryFile() throws {
        let config = try TestFiles.directory()
        defer { try? FileManager.default.removeItem(at: config) }
        let store = TokenStore(environment: ["XDG_CONFIG_HOME": config.path])
        let folder = store.file.deletingLastPathComponent()
        try FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        // What the earlier scheme (`.token.<pid>`) left behind when a write crashed, for this pid.
        let stale = folder.appendingPathComponent(".token.\(getpid())")
        try Data("EAAhalfWritten".utf8).write(to: stale)
        try store.save("EAAfreshLogin77")
        #expect(try store.load() == "EAAfreshLogin77")
        #expect(try String(contentsOf: store.file, encoding: .utf8) == "EAAfreshLogin77\n")
        let mode = try FileManager.default.attributesOfItem(atPath: store.file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(left == [".token.\(getpid())", "token"], "no temporary file of this save is left")
    }

    @Test("login records the token's user; logout removes the token and only that user's cached friend lists")
    func logoutClearsTheOwnersCache() throws {
        let server = try DeviceLoginServer(script: [.approved("EAAownerToken55")], interval: 0)
        let home = try TestFiles.directory()
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = [
            "XDG_CONFIG_HOME": home.path + "/config", "XDG_CACHE_HOME": home.path + "/cache",
            "FBGRAPH_TEST_TIME_SCALE": "0.01",
        ]
        let login = try CLIRunner.run(
            [
                "login", "--app-id", DeviceLoginServer.appID, "--client-token", DeviceLoginServer.clientToken,
                "--base-url", server.graphBaseURL,
            ],
            environment: environment)
        #expect(login.status == 0, "stderr: \(login.stderr)")

        let directory = FriendCacheStore.defaultDirectory(environment: environment)
        let mine = FriendCacheKey(userID: "me", fields: ["id", "name"], owner: DeviceLoginServer.ownerID)
        let theirs = FriendCacheKey(userID: "me", fields: ["id", "name"], owner: "777")
        do {
            let cache = try FriendCacheStore(directory: directory)
            try cache.store(pages: [Data(#"{"data":[]}"#.utf8)], for: mine)
            try cache.store(pages: [Data(#"{"data":[]}"#.utf8)], for: theirs)
        }
        let logout = try CLIRunner.run(["logout"], environment: environment)
        #expect(logout.status == 0, "stderr: \(logout.stderr)")
        #expect(logout.stderr.contains("removed user \(DeviceLoginServer.ownerID)'s cached friend lists"))
        let cache = try FriendCacheStore(directory: directory)
        #expect(cache.pages(for: mine) == nil, "the logged-out user's lists are gone")
        #expect(cache.pages(for: theirs) != nil, "another user's lists stay")
        #expect(!FileManager.default.fileExists(atPath: home.path + "/config/fbgraph/token"))
    }
}
