import FacebookGraph
import Foundation

/// Where `fbgraph login` keeps the token for later commands: `$XDG_CONFIG_HOME/fbgraph/token`
/// (`~/.config/fbgraph/token` without it), under the core's rule for a file holding a secret
/// (`OwnerOnlyFile`: a folder of mode 0700, a file of mode 0600 written atomically, and a file others
/// could read is refused). The token is never printed in full (``masked(_:)``).
struct TokenStore {
    /// The token file.
    let file: URL

    /// The store of `environment` (`XDG_CONFIG_HOME`, else `HOME/.config`).
    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        file = OwnerOnlyFile.configHome(environment: environment).appendingPathComponent("fbgraph")
            .appendingPathComponent("token")
    }

    /// The stored token, or nil when there is none.
    ///
    /// - Throws: ``CommandError/failure(_:)`` when the file is refused (another user's, readable by
    ///   others, not a regular file) or cannot be read.
    func load() throws(CommandError) -> String? {
        let data: Data?
        do {
            data = try OwnerOnlyFile.read(file)
        } catch {
            throw .failure("the saved token \(error)")
        }
        guard let data else { return nil }
        let token = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return token.isEmpty ? nil : token
    }

    /// Stores `token` (``OwnerOnlyFile/write(_:to:)``): no reader ever sees a partial or
    /// world-readable file.
    func save(_ token: String) throws(CommandError) {
        do {
            try OwnerOnlyFile.write(Data((token + "\n").utf8), to: file)
        } catch {
            throw .failure("cannot save the token: \(error)")
        }
    }

    /// Removes the stored token; returns whether there was one.
    @discardableResult
    func remove() throws(CommandError) -> Bool {
        do {
            return try OwnerOnlyFile.remove(file)
        } catch {
            throw .failure("\(error)")
        }
    }

    /// `EAAd…42`: enough to recognise a token, never enough to use it.
    static func masked(_ token: String) -> String {
        token.count <= 8 ? String(repeating: "•", count: token.count) : "\(token.prefix(4))…\(token.suffix(2))"
    }
}
