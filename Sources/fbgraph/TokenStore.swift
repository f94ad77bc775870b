import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Where `fbgraph login` keeps the token for later commands: `$XDG_CONFIG_HOME/fbgraph/token`
/// (`~/.config/fbgraph/token` without it), in a folder of mode 0700 and a file of mode 0600, written
/// atomically. The token is never printed in full (``masked(_:)``).
struct TokenStore {
    /// The token file.
    let file: URL

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

    /// The stored token, or nil when there is none (or it cannot be read).
    func load() -> String? {
        guard let data = FileManager.default.contents(atPath: file.path) else { return nil }
        let token = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return token.isEmpty ? nil : token
    }

    /// Stores `token`: the folder made 0700, the file written to a temporary name with mode 0600 and
    /// renamed over the old one, so no reader ever sees a partial or world-readable file.
    func save(_ token: String) throws(CommandError) {
        let folder = file.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .failure("cannot create \(folder.path): \(error.localizedDescription)")
        }
        let temporary = folder.appendingPathComponent(".token.\(getpid())")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_EXCL, 0o600)
        guard descriptor >= 0 else {
            throw .failure("cannot write \(temporary.path): \(String(cString: strerror(errno)))")
        }
        let bytes = Array((token + "\n").utf8)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard written == bytes.count, synced, rename(temporary.path, file.path) == 0 else {
            unlink(temporary.path)
            throw .failure("cannot write \(file.path)")
        }
    }

    /// Removes the stored token; returns whether there was one.
    @discardableResult
    func remove() throws(CommandError) -> Bool {
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
}
