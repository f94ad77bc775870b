import FacebookGraphTestSupport
import FacebookGraphTestTraits
import Foundation
import Testing

/// The legacy sample program at its four stages (`Legacy/Samples/Hackbook/`), each built by this
/// package's strict build and run against the bundled recordings: every stage prints the expected
/// transcript, so a drift in any one of them fails.
@Suite("Hackbook: the four stages print the same transcript", .onOwnThread)
struct HackbookTranscriptTests {
    /// The stages, in migration order.
    static let stages = ["Hackbook1Delegates", "Hackbook2Blocks", "Hackbook3Results", "Hackbook4Async"]

    /// The bundled recordings, which the stages replay.
    static let recordings = PackageRoot.url.appendingPathComponent("Sources/fbgraph/Recordings/demo.har").path

    /// The transcript every stage must print.
    static func expectedTranscript() throws -> String {
        let url = PackageRoot.url.appendingPathComponent("Legacy/Samples/Hackbook/transcript.txt")
        return try String(contentsOf: url, encoding: .utf8)
    }

    @Test("Each stage prints the expected transcript and exits 0", arguments: stages)
    func stagePrintsTheTranscript(stage: String) throws {
        let run = try SampleRunner.run(stage, arguments: [Self.recordings])
        #expect(run.status == 0, "\(stage) exited \(run.status): \(run.stderr)")
        #expect(run.stderr.isEmpty, "\(stage) wrote to standard error: \(run.stderr)")
        let expected = try Self.expectedTranscript()
        #expect(
            run.stdout == expected,
            "\(stage)'s transcript drifted:\n\(SampleRunner.lineDiff(expected: expected, actual: run.stdout))")
    }

    @Test("The transcript walks every call of the sample")
    func transcriptCoversTheCalls() throws {
        let transcript = try Self.expectedTranscript()
        for call in [
            "me: ", "me/friends: ", "me/friends: 7 friends", "me/feed: posted", "me/photos: uploaded", "fql.query: ",
            "friends.getAppUsers: ", "alert: Auth Exception: Your session has expired.", "logout: fbDidLogout",
        ] {
            #expect(transcript.contains(call), "the transcript lacks \(call)")
        }
        // Three pages of friends, followed through paging.next.
        #expect(transcript.components(separatedBy: "\n").filter { $0.hasPrefix("me/friends: ") }.count == 4)
    }

    @Test("A stage given a cassette that does not exist says so and exits 2", arguments: [stages[0], stages[3]])
    func missingCassetteFails(stage: String) throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-\(UUID()).har").path
        let run = try SampleRunner.run(stage, arguments: [missing])
        #expect(run.status == 2)
        #expect(run.stderr.contains("hackbook: cannot replay \(missing)"), "stderr: \(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    @Test("A call without a recorded answer fails the stage with the replay's diff", arguments: stages)
    func unrecordedCallFails(stage: String) throws {
        // This cassette answers `me?fields=id,name` only: the stage's first call has no entry.
        let other = PackageRoot.url.appendingPathComponent("Tests/Cassettes/me.har").path
        let run = try SampleRunner.run(stage, arguments: [other])
        #expect(run.status == 1)
        #expect(run.stderr.contains("no recorded entry matches GET https://graph.facebook.com/me?"), "\(run.stderr)")
        #expect(run.stdout.hasSuffix("Oops, something went haywire.\n"), "\(run.stdout)")
    }

    @Test("The cassette can also come from HACKBOOK_CASSETTE")
    func cassetteFromTheEnvironment() throws {
        let run = try SampleRunner.run(
            Self.stages[1], arguments: [], environment: ["HACKBOOK_CASSETTE": Self.recordings])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stdout == (try Self.expectedTranscript()))
    }
}

/// Runs a built sample executable in the package root and captures its output, bounded.
enum SampleRunner {
    /// Runs `name arguments…` with the test's environment (without `HACKBOOK_CASSETTE`) plus
    /// `environment`.
    static func run(
        _ name: String, arguments: [String], environment: [String: String] = [:], timeout: Double = 90
    ) throws -> ProgramRun {
        var env = ProcessInfo.processInfo.environment
        env["HACKBOOK_CASSETTE"] = nil
        env.merge(environment) { $1 }
        return try BuiltExecutable.run(
            BuiltExecutable.url(named: name), arguments: arguments, environment: env,
            currentDirectory: PackageRoot.url, timeout: timeout)
    }

    /// The lines that differ, for a readable failure.
    static func lineDiff(expected: String, actual: String) -> String {
        let want = expected.components(separatedBy: "\n")
        let got = actual.components(separatedBy: "\n")
        var lines: [String] = []
        for index in 0..<max(want.count, got.count) {
            let left = index < want.count ? want[index] : "(none)"
            let right = index < got.count ? got[index] : "(none)"
            if left != right { lines.append("line \(index + 1): expected \"\(left)\", got \"\(right)\"") }
        }
        return lines.joined(separator: "\n")
    }
}
