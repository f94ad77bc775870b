import FacebookGraphTestSupport
import FacebookGraphTestTraits
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@testable import fbgraph

/// `fbgraph friends` as a person uses it: the built binary in a tmux session on the bundled
/// recordings (343 friends over 14 pages), keys sent with `send-keys`, the screen read with
/// `capture-pane`, the selection read from the file its standard output was redirected to.
@Suite(
    "fbgraph friends in a terminal",
    .enabled(if: TmuxSession.isAvailable, "tmux is not installed: run scripts/bootstrap --tests"),
    .onOwnThread
)
struct FriendsCommandTests {
    @Test("Type a filter, select two friends, press Enter: the selection is printed as JSON in selection order")
    func filterSelectDone() throws {
        let run = try FriendsCommandRun()
        let list = run.waitForList()
        #expect(list.matched, "the list never finished loading:\n\(list.screen)")
        #expect(list.screen.contains("> [ ] Ada Hoare"), "the cursor starts on the first row:\n\(list.screen)")
        #expect(list.screen.hasPrefix("Search:"))

        try run.tmux.type("ada")
        let filtered = run.tmux.waitForScreen { $0.contains("Search: ada") && $0.contains("9 shown") }
        #expect(filtered.matched, "the filter did not apply:\n\(filtered.screen)")
        #expect(!filtered.screen.contains("Alan Turing"))
        #expect(filtered.screen.contains("Barbara Ada Hoare"), "the middle name matches too")

        // Ada Lovelace (third row) first, then Ada Hoare (first row): the output keeps that order.
        try run.tmux.press("Down", "Down", "Space", "Up", "Up", "Space")
        let selected = run.tmux.waitForScreen { $0.contains("2 selected") }
        #expect(selected.matched, "two rows were not selected:\n\(selected.screen)")
        #expect(selected.screen.contains("> [x] Ada Hoare"))
        #expect(selected.screen.contains("  [x] Ada Lovelace"))

        try run.tmux.press("Enter")
        #expect(run.status() == 0, "stderr: \(run.file("err.txt"))")
        #expect(run.terminalRestored, "stty before: \(run.file("stty-before")), after: \(run.file("stty-after"))")
        #expect(
            run.file("out.json") == #"[{"id":"100001","name":"Ada Lovelace"},{"id":"100414","name":"Ada Hoare"}]"#
                + "\n")
        #expect(run.file("err.txt") == "")
    }

    @Test("Accents are ignored by the search; --single chooses one; --sort/--display last show Last First")
    func singleSortedByLastName() throws {
        let run = try FriendsCommandRun(["--single", "--sort", "last", "--display", "last"])
        #expect(run.waitForList().matched)
        try run.tmux.type("bronte")
        let filtered = run.tmux.waitForScreen { $0.contains("6 shown") }
        #expect(filtered.matched, "\(filtered.screen)")
        #expect(filtered.screen.contains("> ( ) Brontë Anaïs"), "last name first, sorted by it:\n\(filtered.screen)")
        try run.tmux.press("Space", "Down", "Space")
        let chosen = run.tmux.waitForScreen { $0.contains("1 selected") && $0.contains("> (•)") }
        #expect(chosen.matched, "single mode keeps one choice:\n\(chosen.screen)")
        try run.tmux.press("Enter")
        #expect(run.status() == 0, "stderr: \(run.file("err.txt"))")
        #expect(run.terminalRestored)
        #expect(run.file("out.json") == #"[{"id":"100393","name":"Chloë Brontë"}]"# + "\n")
    }

    @Test("Esc cancels: nothing on standard output, exit 1; the window's resize redraws it first")
    func escapeCancels() throws {
        let run = try FriendsCommandRun()
        #expect(run.waitForList().matched)
        try run.tmux.resize(columns: 40, rows: 12)
        let resized = run.tmux.waitForScreen { screen in
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            return lines.count > 1 && lines[1].hasSuffix("…") && DisplayWidth.of(lines[1]) == 40
        }
        #expect(resized.matched, "no redraw at 40 columns:\n\(resized.screen)")
        try run.tmux.press("Escape")
        #expect(run.status() == 1, "stderr: \(run.file("err.txt"))")
        #expect(run.terminalRestored)
        #expect(run.file("out.json") == "")
        #expect(run.file("err.txt") == "")
    }

    @Test("Ctrl-C interrupts: nothing printed, exit 130")
    func controlCInterrupts() throws {
        let run = try FriendsCommandRun()
        #expect(run.waitForList().matched)
        try run.tmux.press("C-c")
        #expect(run.status() == 130)
        #expect(run.terminalRestored)
        #expect(run.file("out.json") == "")
    }

    @Test("SIGTERM from outside restores the terminal and exits 130")
    func terminationSignal() throws {
        let run = try FriendsCommandRun(background: true)
        #expect(run.waitForList().matched)
        let pid = try #require(Int32(run.file("pid").trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(kill(pid, SIGTERM) == 0)
        #expect(run.status() == 130)
        #expect(run.terminalRestored)
        #expect(run.file("out.json") == "")
    }

    @Test("Non-Latin names: a search in Japanese finds them under #, two columns a character")
    func nonLatinSearch() throws {
        let run = try FriendsCommandRun(columns: 60)
        #expect(run.waitForList().matched)
        try run.tmux.type("佐藤")
        let filtered = run.tmux.waitForScreen { $0.contains("6 shown") }
        #expect(filtered.matched, "\(filtered.screen)")
        let lines = filtered.screen.split(separator: "\n")
        #expect(lines.contains(" #"), "the # section:\n\(filtered.screen)")
        #expect(lines.contains("> [ ] さくら 健太 佐藤"), "\(filtered.screen)")
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 60 })
        try run.tmux.press("Escape")
        #expect(run.status() == 1)
    }

    @Test("A list that does not load (no recording of another user's friends) restores the terminal, exits 1")
    func loadErrorExits() throws {
        let run = try FriendsCommandRun(["--user", "100001"])
        #expect(run.status() == 1)
        #expect(run.terminalRestored)
        #expect(run.file("out.json") == "")
        #expect(run.file("err.txt").hasPrefix("error: the friends did not load: "), "\(run.file("err.txt"))")
        #expect(run.file("err.txt").contains("100001/friends"), "the error names the request")
    }
}

/// `fbgraph friends` without a terminal, and its usage errors (no tmux needed).
@Suite("fbgraph friends without a terminal", .onOwnThread)
struct FriendsCommandUsageTests {
    @Test(
        "With no controlling terminal (setsid) it refuses with a usage error, exit 64, nothing on stdout",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/setsid"), "util-linux's setsid is missing")
    )
    func noTerminal() throws {
        let run = try CLIRunner.run(["friends"], launcher: ["/usr/bin/setsid", "--wait"])
        #expect(run.status == 64)
        #expect(run.stdout == "")
        #expect(run.stderr.contains("error: fbgraph friends needs a terminal"), "\(run.stderr)")
        #expect(run.stderr.contains("USAGE: fbgraph friends"))
    }

    @Test("Wrong options are usage errors before any terminal is opened")
    func wrongOptions() throws {
        for (arguments, message) in [
            (["--sort", "middle"], "--sort is first or last, not 'middle'"),
            (["--display", "x"], "--display is first or last, not 'x'"),
            (["--live", "--base-url", "http://127.0.0.1:9"], "--live and --base-url both name a server"),
            (["--user", ""], #"--user "" is not a Graph id"#),
            (["--user", "me/feed?"], #"--user "me/feed?" is not a Graph id"#),
        ] {
            let run = try CLIRunner.run(["friends"] + arguments, launcher: ["/usr/bin/setsid", "--wait"])
            #expect(run.status == 64, "\(arguments)")
            #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)")
        }
    }

    @Test("--help documents the keys, the exit statuses and examples")
    func help() throws {
        let run = try CLIRunner.run(["friends", "--help"])
        #expect(run.status == 0)
        for text in ["KEYS:", "EXIT STATUS:", "EXAMPLES:", "--single", "/dev/tty", "130"] {
            #expect(run.stdout.contains(text), "\(text)")
        }
    }
}
