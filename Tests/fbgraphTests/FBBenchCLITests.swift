import FacebookGraphTestSupport
import FacebookGraphTestTraits
import Foundation
import Testing

/// The benchmark command's own surface: every subcommand explains itself and refuses what it does
/// not know, without starting a benchmark (its figures are only ever measured by hand).
@Suite("fbbench: --help on every subcommand, unknown arguments refused", .onOwnThread)
struct FBBenchCLITests {
    /// Runs the built `fbbench` with `arguments`, bounded.
    static func run(_ arguments: [String]) throws -> ProgramRun {
        try BuiltExecutable.run(
            BuiltExecutable.url(named: "fbbench"), arguments: arguments,
            environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"], timeout: 30)
    }

    @Test(
        "--help shows the subcommand's own OVERVIEW and USAGE and runs nothing",
        arguments: ["transport", "all", "parse", "memory", "instructions", "picker", "transport-child"])
    func help(subcommand: String) throws {
        let run = try Self.run([subcommand, "--help"])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("OVERVIEW:"))
        #expect(run.stdout.contains("USAGE: fbbench \(subcommand)"))
        #expect(run.stdout.contains("-h, --help"))
        #expect(run.stderr.isEmpty)
    }

    @Test("An unknown argument is a usage error (exit 64) naming it", arguments: ["parse", "memory", "instructions"])
    func unknownArgument(subcommand: String) throws {
        let run = try Self.run([subcommand, "--bogus"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("unknown argument '--bogus'"))
        #expect(run.stdout.isEmpty)
    }

    @Test(
        "parse-child --body parses the file it names (the instruction guard writes the body once), and names one it cannot read"
    )
    func parseChildBody() throws {
        let directory = try TestFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let body = directory.appendingPathComponent("friends")
        let page = #"{"data":[{"id":"100000000000001","name":"Ana Lee Kim"}],"paging":{}}"#
        try Data(page.utf8).write(to: body)
        let run = try Self.run(["parse-child", "--impl", "legacy", "--iterations", "2", "--body", body.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("RESULT impl=legacy n=2 ok=2 body_bytes=\(page.utf8.count)"), "\(run.stdout)")

        let missing = directory.appendingPathComponent("absent").path
        let failed = try Self.run(["parse-child", "--impl", "legacy", "--body", missing])
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("cannot read the body \(missing)"), "\(failed.stderr)")
    }
}
