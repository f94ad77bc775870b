import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A detached tmux session on a private tmux server (`tmux -S <directory>/tmux.socket`), to drive a
/// full-screen program as a person would: keys in (`send-keys`), the screen out (`capture-pane`).
/// Every tmux call is bounded; ``kill()`` (also run on deinit) stops the server and whatever still
/// runs in it.
///
/// The screen is read when the program's output arrives: tmux copies every byte the pane gets to a
/// file (`pipe-pane`), and ``waitForScreen(seconds:_:)`` reads the screen again only once that file
/// has grown. (Read every 5 ms instead, each read a `tmux capture-pane` process, the waits took a
/// core from the program they waited for, most of all under a sanitizer.)
package final class TmuxSession {
    /// The tmux binary, or nil when tmux is not installed (`scripts/bootstrap --tests` installs it).
    package static let executable: String? = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// True when tmux is installed.
    package static var isAvailable: Bool { executable != nil }

    private let socket: String
    private let session = "picker"
    private var killed = false
    /// The file the pane's output goes to (`pipe-pane`): this session's own, or the recording
    /// ``recordOutput(to:)`` started. Its growth is what ``waitForScreen(seconds:_:)`` waits for.
    private var output: URL

    /// Starts `command` (a shell command line) in a new detached session of `columns` × `rows`, on
    /// a server whose socket is in `directory` (removing the directory removes every trace).
    package init(command: String, columns: Int = 100, rows: Int = 30, socketDirectory directory: URL) throws {
        socket = directory.appendingPathComponent("tmux.socket").path
        output = directory.appendingPathComponent("tmux.output")
        // The client forks the server, which inherits the descriptor Foundation watches to learn
        // that a child exited: the client would seem to run as long as the server. So its exit is
        // not awaited; the client prints the new session's id (`-P`) once it exists, and its output
        // ends when it exits. (Asking `has-session` afterwards raced with a command that ends at once:
        // its session, and the server, were already gone.)
        let started = try tmux(
            [
                "new-session", "-d", "-P", "-F", "#{session_id}", "-s", session, "-x", "\(columns)", "-y", "\(rows)",
                command,
            ],
            awaitExit: false)
        guard started.output.hasPrefix("$") else { throw TmuxError.failed("new-session", started.output) }
        // Output before this is not copied: a wait reads the screen before waiting anyway. A command
        // that ended at once has no pane left to copy: its waits read the screen every half second.
        try? pipeOutput(to: output)
    }

    deinit {
        kill()
    }

    /// The visible screen, one line per row, trailing blanks trimmed by tmux.
    package func capture() -> String {
        (try? tmux(["capture-pane", "-p", "-t", session]).output) ?? ""
    }

    /// The pane's title (`#{pane_title}`), which a program sets with `ESC ] 0 ;` or `ESC ] 2 ;`.
    package func title() -> String {
        ((try? tmux(["display-message", "-p", "-t", session, "#{pane_title}"]).output) ?? "")
            .trimmingCharacters(in: .newlines)
    }

    /// From now on, appends every byte the program writes to the terminal, before tmux interprets
    /// it, to `file` (`pipe-pane`).
    package func recordOutput(to file: URL) throws {
        try pipeOutput(to: file)
    }

    /// Replaces the pane's output copy (`pipe-pane`, one per pane) with one appending to `file`.
    private func pipeOutput(to file: URL) throws {
        let quoted = "'" + file.path.replacingOccurrences(of: "'", with: "'\\''") + "'"
        let piped = try tmux(["pipe-pane", "-t", session, "cat >> \(quoted)"])
        guard piped.status == 0 else { throw TmuxError.failed("pipe-pane", piped.output) }
        output = file
    }

    /// Types `text` literally.
    package func type(_ text: String) throws {
        _ = try tmux(["send-keys", "-t", session, "-l", text])
    }

    /// Presses tmux key names in order (`Space`, `Down`, `Enter`, `Escape`, `C-c`).
    package func press(_ keys: String...) throws {
        _ = try tmux(["send-keys", "-t", session] + keys)
    }

    /// Resizes the window (the program gets SIGWINCH).
    package func resize(columns: Int, rows: Int) throws {
        _ = try tmux(["resize-window", "-t", session, "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// Waits at most `seconds` (times ``testTimeoutScale``) for the screen to satisfy `condition`;
    /// returns the last screen seen. The screen is read at once, then each time the program's output
    /// arrives (and, should tmux draw something without output, every half second).
    @discardableResult
    package func waitForScreen(seconds: Double = 30, _ condition: (String) -> Bool) -> (matched: Bool, screen: String) {
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(seconds * testTimeoutScale)
        var seen = outputSize()
        var screen = capture()
        while !condition(screen) {
            guard clock.now < deadline else { return (false, screen) }
            let reread = min(deadline, clock.now + .milliseconds(500))
            // A stat every 2 ms, not a tmux process: cheap beside the program waited for.
            while outputSize() == seen, clock.now < reread { usleep(2_000) }
            seen = outputSize()
            screen = capture()
        }
        return (true, screen)
    }

    /// The size of the pane's output copy so far (0 before it exists).
    private func outputSize() -> Int {
        var status = stat()
        return stat(output.path, &status) == 0 ? Int(status.st_size) : 0
    }

    /// Stops the private server and everything in it.
    package func kill() {
        guard !killed else { return }
        killed = true
        _ = try? tmux(["kill-server"])
    }

    /// Runs `tmux -S socket arguments…`, waiting at most 10 seconds for its output and (unless
    /// `awaitExit` is false) its exit.
    private func tmux(_ arguments: [String], awaitExit: Bool = true) throws -> (status: Int32, output: String) {
        guard let executable = Self.executable else { throw TmuxError.notInstalled }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-S", socket, "-f", "/dev/null"] + arguments
        process.environment = CLIRunner.environment(["TERM": "xterm-256color"])
        let out = ChildProcess.pipe()
        process.standardOutput = out
        process.standardError = out
        process.standardInput = FileHandle.nullDevice
        try ChildProcess.run(process)
        let data = out.fileHandleForReading.readDataToEndOfFile()
        guard awaitExit else { return (0, String(decoding: data, as: UTF8.self)) }
        guard eventually(seconds: 10, { !process.isRunning }) else {
            process.terminate()
            throw TmuxError.failed(arguments.first ?? "tmux", "timed out")
        }
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

/// Why a tmux call failed.
package enum TmuxError: Error {
    case notInstalled
    case failed(String, String)
}
