import Foundation
import Testing

@testable import FacebookGraph

#if canImport(Glibc)
    import Glibc
#endif

/// The one rule for a file holding a secret (`OwnerOnlyFile`): written 0600 in a 0700 folder, read
/// only when it is a regular file of the user's that nobody else may read.
@Suite("Owner-only secret files")
struct OwnerOnlyFileTests {
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("owner-only-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    static func mode(_ path: String) throws -> Int {
        try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int ?? -1
    }

    @Test("A write makes the folder 0700 and the file 0600; a read returns it; a remove deletes it once")
    func roundTrip() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("nested/secret")
        try OwnerOnlyFile.write(Data("s3cr3t".utf8), to: file)
        #expect(try Self.mode(file.path) == 0o600)
        #expect(try Self.mode(file.deletingLastPathComponent().path) == 0o700)
        #expect(try OwnerOnlyFile.read(file) == Data("s3cr3t".utf8))
        // A rewrite replaces the whole file and leaves no temporary file behind.
        try OwnerOnlyFile.write(Data("x".utf8), to: file)
        #expect(try OwnerOnlyFile.read(file) == Data("x".utf8))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path) == ["secret"])
        #expect(try OwnerOnlyFile.remove(file))
        #expect(try !OwnerOnlyFile.remove(file))
        #expect(try OwnerOnlyFile.read(file) == nil)
    }

    @Test("A file others may read, a symbolic link or a folder is refused, never read")
    func refusals() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("secret")
        try OwnerOnlyFile.write(Data("s3cr3t".utf8), to: file)
        for mode in [0o644, 0o640, 0o604, 0o620] {
            chmod(file.path, mode_t(mode))
            #expect(throws: OwnerOnlyFile.Failure.self) { try OwnerOnlyFile.read(file) }
            do {
                _ = try OwnerOnlyFile.read(file)
            } catch {
                #expect(error.isRefused && error.reason.contains("lets group or others read or change it"))
                #expect(!error.description.contains("s3cr3t"))
            }
        }
        chmod(file.path, 0o600)
        let link = root.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: file)
        #expect(throws: OwnerOnlyFile.Failure(path: link.path, reason: "it is a symbolic link", isRefused: true)) {
            try OwnerOnlyFile.read(link)
        }
        #expect(throws: OwnerOnlyFile.Failure(path: root.path, reason: "it is not a regular file", isRefused: true)) {
            try OwnerOnlyFile.read(root)
        }
    }

    @Test("The config home is an absolute XDG_CONFIG_HOME, else HOME/.config")
    func configHome() {
        #expect(OwnerOnlyFile.configHome(environment: ["XDG_CONFIG_HOME": "/x/c", "HOME": "/h"]).path == "/x/c")
        #expect(OwnerOnlyFile.configHome(environment: ["XDG_CONFIG_HOME": "rel", "HOME": "/h"]).path == "/h/.config")
    }
}
