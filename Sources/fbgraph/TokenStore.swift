import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Where `fbgraph login` keeps the token for later commands: `$XDG_CONFIG_HOME/fbgraph/token`
/// (`~/.config/fbgraph/token` without it), in a folder of mode 0700 and a file of mode 0600, written
/// atomically; beside it `owner`, the id of the token's user, so that `fbgraph logout` can clear
/// that user's cached friend lists. The token is never printed in full (``masked(_:)``).
///
/// Reading is as strict as ssh is with its keys: a token file that is a symbolic link, not a
/// regular file, not the user's own, or readable or writable by group or others is refused with an
/// error that names the file and its mode (never the token).
struct TokenStore {
    /// The token file.
    let file: URL

    /// The file holding the token's owner (its user id), beside the token.
    var ownerFile: URL { file.deletingLastPathComponent().appendingPathComponent("owner") }

    /// The store of `environment` (`XDG_CONFIG_HOME`, else `HOME/.config`).
    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let base: URL
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            base = URL(fileURLWithPath: config)
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            base = URL(fileURLWithPath: home).appendingPathComponent(".config")
        }
        file = base.appendingPathComponent("fbgraph").appendingPathComponent("token")
    }

    /// The stored token, or nil when there is none.
    /// - Throws: ``CommandError/failure(_:)`` when the file is not one only its user can read and
    ///   write (a symbolic link, not a regular file, another user's, mode other than 0600 or 0400), or
    ///   cannot be read.
    func load() throws(CommandError) -> String? {
        guard let text = try Self.readPrivate(file) else { return nil }
        let token = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return token.isEmpty ? nil : token
    }

    /// The stored token's owner (a user id), or nil when none was recorded (or it is not readable as
    /// a private file).
    func loadOwner() -> String? {
        guard let text = try? Self.readPrivate(ownerFile) else { return nil }
        let owner = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return owner.isEmpty ? nil : owner
    }

    /// Stores `token` (and its `owner`'s id when known): the folder made 0700, each file written to
    /// a temporary name of its own and renamed over the old one, so no reader ever sees a partial
    /// or world-readable file, and nothing left by an earlier write that crashed stands in the way.
    func save(_ token: String, owner: String? = nil) throws(CommandError) {
        let folder = file.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .failure("cannot create \(folder.path): \(error.localizedDescription)")
        }
        try Self.writePrivate(token + "\n", to: file)
        if let owner {
            try Self.writePrivate(owner + "\n", to: ownerFile)
        } else {
            unlink(ownerFile.path)
        }
    }

    /// Removes the stored token and its owner; returns whether there was a token.
    @discardableResult
    func remove() throws(CommandError) -> Bool {
        unlink(ownerFile.path)
        guard FileManager.default.fileExists(atPath: file.path) else { return false }
        do {
            try FileManager.default.removeItem(at: file)
        } catch {
            throw .failure("cannot remove \(file.path): \(error.localizedDescription)")
        }
        return true
    }

    /// `EAAd…42`: enough to recognise a token, never enough to use it.
    static func masked(_ token: String) -> String {
        token.count <= 8 ? String(repeating: "•", count: token.count) : "\(token.prefix(4))…\(token.suffix(2))"
    }

    /// The text of `file`, or nil when it does not exist; refuses a file others could read or change.
    private static func readPrivate(_ file: URL) throws(CommandError) -> String? {
        let descriptor = open(file.path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            let error = errno
            if error == ENOENT { return nil }
            if error == ELOOP { throw .failure("refusing \(file.path): it is a symbolic link") }
            throw .failure("cannot read \(file.path): \(String(cString: strerror(error)))")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw .failure("cannot read \(file.path): \(String(cString: strerror(errno)))")
        }
        let mode = String(status.st_mode & 0o7777, radix: 8)
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw .failure("refusing \(file.path): it is not a regular file")
        }
        guard status.st_uid == getuid() else {
            throw .failure(
                "refusing \(file.path): it belongs to uid \(status.st_uid), not to you (uid \(getuid())); "
                    + "remove it and run fbgraph login")
        }
        guard status.st_mode & 0o077 == 0 else {
            throw .failure(
                "refusing \(file.path): its mode 0\(mode) lets group or others read or change it; "
                    + "run chmod 600 '\(file.path)' or fbgraph login again")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while bytes.count <= 65_536 {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw .failure("cannot read \(file.path): \(String(cString: strerror(errno)))") }
            if count == 0 { return String(decoding: bytes, as: UTF8.self) }
            bytes += chunk[..<count]
        }
        throw .failure("refusing \(file.path): it is larger than 64 KiB, which no token is")
    }

    /// Writes `text` to `file` atomically with mode 0600: a new temporary file of a random name
    /// (`O_EXCL`: never one that exists, never through a link), synced, renamed over `file`, and the
    /// folder synced so the rename survives a crash.
    private static func writePrivate(_ text: String, to file: URL) throws(CommandError) {
        let folder = file.deletingLastPathComponent()
        var temporary = ""
        var descriptor: Int32 = -1
        for _ in 0..<8 {
            temporary = folder.appendingPathComponent(".\(file.lastPathComponent).\(UUID().uuidString)").path
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if descriptor >= 0 || errno != EEXIST { break }
        }
        guard descriptor >= 0 else {
            throw .failure("cannot write \(temporary): \(String(cString: strerror(errno)))")
        }
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            written += count
        }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard written == bytes.count, synced, rename(temporary, file.path) == 0 else {
            unlink(temporary)
            throw .failure("cannot write \(file.path)")
        }
        let directory = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directory >= 0 {
            fsync(directory)
            close(directory)
        }
    }
}
