import FacebookGraph
import FacebookGraphReplay
import FacebookGraphTestSupport
import FacebookGraphTestTraits
import Foundation
import Testing

@testable import fbgraph

/// Issue 21's hostile server, at the terminal: a loopback Graph that answers with crafted text
/// (friend names, error messages, device-login codes and URLs holding escape sequences, C1
/// controls, bidi overrides, line separators) and crafted numbers (a device-login interval of 0,
/// `slow_down`, an expiry), one case per row, through the built `fbgraph`.
///
/// Terminal cases run in a real pseudo-terminal (tmux): the program's raw output is recorded before
/// tmux reads it (`pipe-pane`), and the test asserts that nothing but printable text and
/// `fbgraph`'s own drawing arrived, that the visible placeholder is on the screen, and that the
/// window title is what it was. Polling cases count the polls the server received and their spacing.
@Suite(
    "Hostile server at the terminal",
    .enabled(if: TmuxSession.isAvailable, "tmux is not installed: run scripts/bootstrap --tests"),
    .onOwnThread
)
struct HostileServerTerminalTests {
    /// One hostile answer and what the user must see instead.
    struct Case: Sendable, CustomTestStringConvertible {
        /// What the server does.
        enum Attack: Sendable {
            /// `fbgraph friends`: a friend with this name, between two ordinary ones.
            case friendName(String)
            /// `fbgraph get me`: a 400 whose error message is this.
            case errorMessage(String)
            /// `fbgraph rest friends.get --bridge -v`: a `paging.next` on the same server whose path
            /// holds this; `-v` prints the URL it follows.
            case verboseLink(String)
            /// `fbgraph get me`: a 200 `text/plain` body that is this, printed on the terminal.
            case textBody(String)
            /// `fbgraph get me`: a 200 whose `name` is this, printed as JSON on the terminal.
            case jsonName(String)
            /// `fbgraph cassette inspect`: a HAR file whose creator and recording tool are named this.
            case harCreator(String)
            /// `fbgraph login`: `device/login` answers this user code and verification URI.
            case deviceCode(userCode: String, uri: String)
            /// `fbgraph login`: the polls, with `device/login`'s `interval` and `expires_in`.
            case devicePolling(script: [DeviceLoginServer.Poll], interval: Double?, expiresIn: Double)
        }

        /// What must come of it.
        enum Outcome: Sendable {
            /// On the terminal: this placeholder text visible, and (besides `fbgraph`'s own drawing)
            /// nothing but printable text, the title unchanged; the exit status.
            case shown(String, status: Int32)
            /// A number of polls in `count` (a range where the requests' own time may leave room for
            /// one fewer), each gap at least this many of the flow's seconds after the one before;
            /// the exit status and a piece of its standard error.
            case polled(count: ClosedRange<Int>, minimumGaps: [Double], status: Int32, stderr: String)
        }

        let testDescription: String
        let attack: Attack
        let outcome: Outcome
    }

    static let esc = "\u{1B}"
    static let bel = "\u{07}"

    /// A row: `attack` shows `shown` on the terminal, and the run exits `status`.
    static func shows(_ name: String, _ attack: Case.Attack, _ shown: String, status: Int32 = 1) -> Case {
        Case(testDescription: name, attack: attack, outcome: .shown(shown, status: status))
    }

    /// A row: `fbgraph login` against polls answered from `script`; the code lives 1800 s (180 s at the
    /// rows' clock) unless the row is about its expiry.
    static func polls(
        _ name: String, _ script: [DeviceLoginServer.Poll], interval: Double?, expiresIn: Double = 1800,
        count: ClosedRange<Int>, gaps: [Double], status: Int32, stderr: String
    ) -> Case {
        Case(
            testDescription: name, attack: .devicePolling(script: script, interval: interval, expiresIn: expiresIn),
            outcome: .polled(count: count, minimumGaps: gaps, status: status, stderr: stderr))
    }

    static let cases: [Case] = [
        shows(
            "a friend's name sets the window title (OSC 0)", .friendName("\(esc)]0;PWNED\(bel)Mallory"), "^[]0;PWNED^G"),
        shows(
            "a friend's name clears the screen (CSI 2J)", .friendName("\(esc)[2J\(esc)[HMallory"), "^[[2J^[[HMallory"),
        shows("a friend's name holds a C1 CSI (U+009B)", .friendName("\u{9B}2JMallory"), "<U+009B>2JMallory"),
        shows(
            "a friend's name writes the clipboard (OSC 52)", .friendName("\(esc)]52;c;cHduZWQ=\(bel)Mallory"),
            "^[]52;c;cHduZWQ=^GMallory"),
        shows(
            "a friend's name reverses what follows (U+202E)", .friendName("Mal \u{202E}gpj.exe"), "Mal <U+202E>gpj.exe"),
        shows("a friend's name breaks the line (U+2028)", .friendName("Mallory\u{2028}Split"), "Mallory<U+2028>Split"),
        shows("a friend's name holds NUL, DEL and BEL", .friendName("Mallory\u{0}Nul\u{7F}\(bel)"), "Mallory^@Nul^?^G"),
        shows(
            "an error message sets the title and clears the screen",
            .errorMessage("Bad \(esc)]0;PWNED\(bel)\(esc)[2J\u{9B}1mthing"), "Bad ^[]0;PWNED^G^[[2J<U+009B>1mthing"),
        // A link holding controls is refused by the core's link rule (GraphLink) before any request, so
        // -v never prints it: the refusal is what shows.
        shows(
            "a paging link with controls, followed with -v, never reaches the terminal",
            .verboseLink("\(esc)]0;PWNED\(bel)"), "refused to follow a link from a response"),
        shows(
            "a text body shown on the terminal sets the title and clears the screen",
            .textBody("plain \(esc)]0;PWNED\(bel)\(esc)[2J\u{9B}text"), "plain ^[]0;PWNED^G^[[2J<U+009B>text", status: 0
        ),
        shows(
            "JSON on the terminal holds C1, bidi and U+2028 (escaped, exact)",
            .jsonName("Mal\u{9B}2J\u{202E}lory\u{2028}\(esc)]0;PWNED\(bel)"),
            #"Mal\u009b2J\u202elory\u2028\u001b]0;PWNED\u0007"#, status: 0),
        shows(
            "a HAR file's creator name drives cassette inspect", .harCreator("\(esc)]0;PWNED\(bel)\(esc)[2JMallory"),
            "written by ^[]0;PWNED^G^[[2JMallory", status: 0),
        shows(
            "a device-login code and URI drive the terminal",
            .deviceCode(userCode: "\(esc)]0;PWNED\(bel)AB12", uri: "https://example.com/\(esc)[2Jdevice"),
            "open https://example.com/^[[2Jdevice and enter the code ^[]0;PWNED^GAB12", status: 0),
        shows(
            "a device-login URI that is not http(s) is refused",
            .deviceCode(userCode: "AB12", uri: "javascript:alert(1)"),
            "verification_uri that is not an http or https URL"),
        polls(
            "device login with \"interval\": 0 polls at the 5 s floor",
            [.pending, .pending, .pending, .approved("EAAh1")],
            interval: 0, count: 4...4, gaps: [5, 5, 5], status: 0, stderr: "logged in"),
        polls(
            "device login honours slow_down (+5 s)", [.slowDown, .slowDown, .approved("EAAh2")], interval: 5,
            count: 3...3, gaps: [10, 15], status: 0, stderr: "check less often"),
        // 14 s leaves room for the requests' own time; a loaded machine may fit only two polls.
        polls(
            "device login stops at expires_in with a clear error", [.pending], interval: 0, expiresIn: 14,
            count: 2...3, gaps: [5, 5], status: 1, stderr: "the device code expired"),
    ]

    @Test("A hostile answer never drives the terminal or the polling", arguments: cases)
    func hostile(_ hostile: Case) throws {
        switch hostile.outcome {
        case .shown(let placeholder, let status):
            try terminalCase(hostile.attack, placeholder: placeholder, status: status)
        case .polled(let count, let gaps, let status, let stderr):
            try pollingCase(hostile.attack, count: count, minimumGaps: gaps, status: status, stderr: stderr)
        }
    }
}

extension HostileServerTerminalTests {
    /// The token the terminal cases send (never printed back: the CLI redacts it).
    static let token = "EAAhostileToken9"

    /// A Graph stand-in that answers with `attack`'s text: `me/friends` (three friends, the
    /// hostile one among them; with `verboseLink`, a `paging.next` holding the text), `me` (the
    /// owner, an error or a hostile name).
    static func graphServer(_ attack: Case.Attack) throws -> LoopbackHTTPServer {
        let base = LockedValue("")
        let server = try LoopbackHTTPServer { request in
            func json(_ object: Any, status: Int = 200) -> HTTPServerResponse {
                let body = (try? JSONSerialization.data(withJSONObject: object)) ?? Data()
                return .full(status: status, headers: ["Content-Type": "application/json"], body: body)
            }
            switch attack {
            case .friendName(let name) where request.path.hasSuffix("/friends"):
                let friends = [("1", "Ada Lovelace"), ("2", name), ("3", "Zed Normal")]
                return json(["data": friends.map { ["id": $0.0, "name": $0.1] }])
            case .verboseLink(let text) where request.path.hasSuffix("/friends"):
                guard !request.target.contains("after=") else { return json(["data": []]) }
                let next = base.withLock { $0 } + "/me/friends?after=\(text)"
                return json(["data": [["id": "1", "name": "Ada Lovelace"]], "paging": ["next": next]])
            case .errorMessage(let message):
                return json(["error": ["message": message, "type": "GraphMethodException", "code": 100]], status: 400)
            case .jsonName(let name):
                return json(["id": "42", "name": name])
            case .textBody(let text):
                return .full(status: 200, headers: ["Content-Type": "text/plain"], body: Data(text.utf8))
            default:
                return json(["id": "42"])
            }
        }
        base.withLock { $0 = server.baseURL }
        return server
    }

    /// Runs `fbgraph words…` in tmux (its raw output recorded), lets `interact` look at the screen
    /// while it runs, then checks what reached the terminal.
    func terminalCase(_ attack: Case.Attack, placeholder: String, status expected: Int32) throws {
        let directory = try TestFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var environment = ["FB_ACCESS_TOKEN": Self.token, "XDG_CACHE_HOME": directory.path + "/cache"]
        environment["XDG_CONFIG_HOME"] = directory.path + "/config"
        var graph: LoopbackHTTPServer?
        var device: DeviceLoginServer?
        defer {
            graph?.stop()
            device?.stop()
        }
        let words: [String]
        switch attack {
        case .friendName:
            graph = try Self.graphServer(attack)
            words = ["friends", "--base-url", graph?.baseURL ?? ""]
        case .errorMessage, .jsonName, .textBody:
            graph = try Self.graphServer(attack)
            words = ["get", "me", "--base-url", graph?.baseURL ?? ""]
        case .verboseLink:
            graph = try Self.graphServer(attack)
            words = ["rest", "friends.get", "--bridge", "-v", "--base-url", graph?.baseURL ?? ""]
        case .harCreator(let name):
            let original = try String(
                contentsOf: PackageRoot.url.appendingPathComponent("Tests/Cassettes/me.har"), encoding: .utf8)
            let hostile = original.replacingOccurrences(of: "FacebookSDKShim", with: JSONString.escape(name))
            let file = directory.appendingPathComponent("hostile.har")
            try Data(hostile.utf8).write(to: file)
            words = ["cassette", "inspect", file.path]
        case .deviceCode(let userCode, let uri):
            device = try DeviceLoginServer(
                script: [.approved("EAAhostileLogin1")], interval: 0, userCode: userCode, verificationURI: uri)
            environment["FBGRAPH_TEST_TIME_SCALE"] = "0.01"
            words = [
                "login", "--app-id", DeviceLoginServer.appID, "--client-token", DeviceLoginServer.clientToken,
                "--base-url", device?.graphBaseURL ?? "",
            ]
        case .devicePolling:
            Issue.record("not a terminal case")
            return
        }
        let quoted = { (word: String) in "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let assignments = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\(quoted($0.value))" }
        // The shell waits for Enter, so the recording starts before fbgraph writes anything; the
        // end marker says every byte of the run has reached the recording.
        let command =
            "cd \(quoted(directory.path)) && read go && env \(assignments.joined(separator: " ")) "
            + ([CLIRunner.binary.path] + words).map(quoted).joined(separator: " ")
            + "; echo $? > status.tmp && mv status.tmp status; printf 'END-OF-RUN\\n'; sleep 600"
        let tmux = try TmuxSession(command: command, columns: 160, rows: 30, socketDirectory: directory)
        defer { tmux.kill() }
        let raw = directory.appendingPathComponent("raw")
        try tmux.recordOutput(to: raw)
        let titleBefore = tmux.title()
        try tmux.press("Enter")

        let screen: String
        if case .friendName = attack {
            let shown = tmux.waitForScreen { $0.contains("3 shown") && !$0.contains("Loading") }
            #expect(shown.matched, "the list never finished loading:\n\(shown.screen)")
            screen = shown.screen
            try tmux.press("Escape")
        } else {
            screen = ""
        }
        let ended = eventually(seconds: 30) {
            (try? String(contentsOf: raw, encoding: .utf8))?.contains("END-OF-RUN") == true
        }
        #expect(ended, "the run did not end")
        let status = try? String(contentsOf: directory.appendingPathComponent("status"), encoding: .utf8)
        #expect(status?.trimmingCharacters(in: .whitespacesAndNewlines) == "\(expected)")

        let finalScreen = screen.isEmpty ? tmux.capture() : screen
        #expect(
            finalScreen.replacingOccurrences(of: "\n", with: "").contains(placeholder),
            "the placeholder is not on the screen:\n\(finalScreen)")
        // tmux gives a new pane the host's name as its title, which may land after `titleBefore` was
        // read (seen under AddressSanitizer): that is tmux's own, not the server's.
        let title = tmux.title()
        #expect(
            !title.contains("PWNED") && (title == titleBefore || title == Self.hostName),
            "the window title changed: \(title)")
        let bytes = (try? Data(contentsOf: raw)) ?? Data()
        let foreign = Self.foreignControls(in: String(decoding: bytes, as: UTF8.self))
        #expect(foreign.isEmpty, "controls that are not fbgraph's own drawing reached the terminal: \(foreign)")
        #expect(!String(decoding: bytes, as: UTF8.self).contains(Self.token), "the token reached the terminal")

        // Redirected, the JSON is exact: the same value, character for character.
        if case .jsonName(let name) = attack {
            let run = try CLIRunner.run(words, environment: environment)
            let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
            #expect(object?["name"] as? String == name, "stdout: \(run.stdout)")
        }
    }

    /// What in `output` is neither printable text nor one of the picker's own drawing sequences
    /// (``ScreenRenderer/Control``), each as a `U+XXXX` name.
    /// This machine's name, tmux's default pane title (`gethostname`: ProcessInfo's is not thread-safe).
    static let hostName: String = {
        var name = [CChar](repeating: 0, count: 256)
        guard gethostname(&name, name.count) == 0 else { return "" }
        return String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }()

    static func foreignControls(in output: String) -> [String] {
        let own = #/\x{1B}\[(\?25[lh]|\?1049[hl]|[0-9]*;?[0-9]*H|K|J|0m|1m|22m|2m|7m)/#
        return output.replacing(own, with: "").unicodeScalars.filter { $0 != "\r" && $0 != "\n" }
            .filter { TerminalText.needsPlaceholder($0) }.map { "U+" + String($0.value, radix: 16, uppercase: true) }
    }

    /// Runs `fbgraph login` against a device-login server that answers `attack`'s polls; checks
    /// the polls the server received, their spacing, the exit status and standard error.
    func pollingCase(
        _ attack: Case.Attack, count: ClosedRange<Int>, minimumGaps: [Double], status: Int32, stderr: String
    ) throws {
        guard case .devicePolling(let script, let interval, let expiresIn) = attack else {
            Issue.record("not a polling case")
            return
        }
        let server = try DeviceLoginServer(script: script, interval: interval, expiresIn: expiresIn)
        defer { server.stop() }
        let config = try TestFiles.directory()
        defer { try? FileManager.default.removeItem(at: config) }
        // Each of the flow's seconds lasts 100 ms: the 17 cases run at once, and on a loaded machine a
        // poll's own time (up to 45 of the flow's seconds at 10 ms) let a 14 s code expire after one poll.
        let scale = min(0.1 * testTimeoutScale, 1)
        let run = try CLIRunner.run(
            [
                "login", "--app-id", DeviceLoginServer.appID, "--client-token", DeviceLoginServer.clientToken,
                "--base-url", server.graphBaseURL,
            ],
            environment: ["XDG_CONFIG_HOME": config.path, "FBGRAPH_TEST_TIME_SCALE": "\(scale)"], timeout: 30)
        #expect(run.status == status, "stderr: \(run.stderr)")
        #expect(run.stderr.contains(stderr), "stderr: \(run.stderr)")
        #expect(count.contains(server.polls), "\(server.polls) polls")
        let gaps = server.pollGaps.map { Double($0.components.seconds) + Double($0.components.attoseconds) / 1e18 }
        #expect(gaps.count == server.polls - 1)
        for (gap, minimum) in zip(gaps, minimumGaps) {
            #expect(gap >= minimum * scale, "gaps \(gaps), at least \(minimumGaps.map { $0 * scale }) s")
        }
    }
}
