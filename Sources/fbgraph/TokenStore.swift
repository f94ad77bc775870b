import FacebookGraph
import Foundation

/// Where `fbgraph login` keeps the token for later commands: `$XDG_CONFIG_HOME/fbgraph/token`
/// (`~/.config/fbgraph/token` without it), under the core's rule for a file holding a secret
/// (`OwnerOnlyFile`: a folder of mode 0700, a file of mode 0600 written atomically, and a file that is
/// a symbolic link, not a regular file, another user's or open to group or others is refused, naming
/// the file and why, never the token); beside it `owner`, the id of the token's user, so that
/// `fbgraph logout` can clear that user's cached friend lists. The token is never printed in full
/// (``masked(_:)``).
struct TokenStore {
    /// The token file.
    let file: URL

    /// The file holding the token's owner (its user id), beside the token.
    var ownerFile: URL { file.deletingLastPathComponent().appendingPathComponent("owner") }

    /// The store of `environment` (`XDG_CONFIG_HOME`, else `HOME/.config`).
    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        file = OwnerOnlyFile.configHome(environment: environment).appendingPathComponent("fbgraph")
            .appendingPathComponent("token")
    }

    /// The stored token, or nil when there is none.
    ///
    /// - Throws: ``CommandError/failure(_:)`` when the file is refused (a symbolic link, not a regular
    ///   file, another user's, open to group or others) or cannot be read.
    func load() throws(CommandError) -> String? {
        guard let text = try Self.read(file) else { return nil }
        let token = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return token.isEmpty ? nil : token
    }

    /// The stored token's owner (a user id), or nil when none was recorded (or it is not readable as
    /// a private file).
    func loadOwner() -> String? {
        guard let text = try? Self.read(ownerFile) else { return nil }
        let owner = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return owner.isEmpty ? nil : owner
    }

    /// Stores `token` (and its `owner`'s id when known) with ``OwnerOnlyFile/write(_:to:)``: no
    /// reader ever sees a partial or world-readable file, and nothing left by an earlier write that
    /// crashed stands in the way.
    func save(_ token: String, owner: String? = nil) throws(CommandError) {
        do {
            try OwnerOnlyFile.write(Data((token + "\n").utf8), to: file)
            if let owner {
                try OwnerOnlyFile.write(Data((owner + "\n").utf8), to: ownerFile)
            } else {
                try OwnerOnlyFile.remove(ownerFile)
            }
        } catch {
            throw .failure("cannot save the token: \(error)")
        }
    }

    /// Removes the stored token and its owner; returns whether there was a token.
    @discardableResult
    func remove() throws(CommandError) -> Bool {
        do {
            try OwnerOnlyFile.remove(ownerFile)
            return try OwnerOnlyFile.remove(file)
        } catch {
            throw .failure("\(error)")
        }
    }

    /// The text of a private file, or nil when it does not exist.
    private static func read(_ file: URL) throws(CommandError) -> String? {
        do {
            return try OwnerOnlyFile.read(file).map { String(decoding: $0, as: UTF8.self) }
        } catch {
            throw .failure(error.isRefused ? "refusing \(error.path): \(error.reason)" : "\(error)")
        }
    }

    /// `EAAd…42`: enough to recognise a token, never enough to use it.
    static func masked(_ token: String) -> String {
        token.count <= 8 ? String(repeating: "•", count: token.count) : "\(token.prefix(4))…\(token.suffix(2))"
    }
}
