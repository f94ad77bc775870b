import Foundation

/// One run of `fbgraph friends arguments…` in tmux: standard output and error to files, the exit
/// status written last; the cache and config folders private to the run.
package final class FriendsCommandRun {
    package let directory: URL
    package let tmux: TmuxSession

    /// - Parameter background: Runs fbgraph as a background job of the pane's shell, its pid
    ///   written to `pid`, so a test can signal it.
    package init(_ arguments: [String] = [], columns: Int = 100, rows: Int = 30, background: Bool = false) throws {
        directory = try TestFiles.directory()
        let path = directory.path
        let words = ([CLIRunner.binary.path, "friends"] + arguments).map(Self.quoted).joined(separator: " ")
        let command =
            "cd \(Self.quoted(path)) && env -u FB_ACCESS_TOKEN XDG_CACHE_HOME=\(Self.quoted(path + "/cache"))"
            + " XDG_CONFIG_HOME=\(Self.quoted(path + "/config")) stty -g > stty-before;"
            + (background
                ? " \(words) > out.json 2> err.txt & echo $! > pid; wait $!; code=$?; stty -g > stty-after;"
                : " \(words) > out.json 2> err.txt; code=$?; stty -g > stty-after;")
            + " echo $code > status.tmp && mv status.tmp status"
        tmux = try TmuxSession(command: command, columns: columns, rows: rows, socketDirectory: directory)
    }

    deinit {
        tmux.kill()
        try? FileManager.default.removeItem(at: directory)
    }

    package static func quoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Waits (bounded) for every page to load: the status line counts all 343 friends.
    package func waitForList() -> (matched: Bool, screen: String) {
        tmux.waitForScreen { $0.contains("343 shown") && !$0.contains("Loading") }
    }

    /// The exit status, once the command has exited (waiting at most `seconds`).
    package func status(within seconds: Double = 15) -> Int32? {
        let file = directory.appendingPathComponent("status")
        guard eventually(seconds: seconds, { FileManager.default.fileExists(atPath: file.path) }) else {
            return nil
        }
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        return Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// True when the terminal's settings after the run are the ones before it (raw mode undone).
    package var terminalRestored: Bool {
        let before = file("stty-before")
        return before.contains(":") && before == file("stty-after")
    }

    package func file(_ name: String) -> String {
        (try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)) ?? "<missing>"
    }
}
