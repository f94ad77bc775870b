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
}
