import FacebookGraphReplay
import Foundation

/// `fbgraph migrate report PATH…`: where a team's Swift sources stand on the migration path
/// (``MigrationReport``).
enum MigrateCommand {
    /// The `migrate` group.
    static let command = Command(
        name: "migrate",
        help: groupHelp,
        subcommands: [
            Command(
                name: "report",
                help: help,
                options: [OptionDefinition("--json")],
                positionals: ["PATH..."],
                action: .parsed { arguments, output throws(CommandError) in run(arguments, output: &output) }
            )
        ]
    )

    /// `EX_NOINPUT`: no Swift source could be read.
    static let noInput: Int32 = 66

    /// Reports on the sources the paths name.
    static func run(_ arguments: CommandArguments, output: inout StandardStreams) -> Int32 {
        var files: [String] = []
        var missing: [MigrationReport.Unreadable] = []
        for path in arguments.positionalList("PATH") {
            let found = SourceFiles.find(at: path)
            files += found.files
            missing += found.unlisted
        }
        let report = MigrationReport(files: files)
        for problem in missing + report.unreadable {
            output.err("warning: '\(problem.file)' \(problem.reason)")
        }
        guard report.fileCount > 0 else {
            output.err("error: no Swift source could be read in \(arguments.positionalList("PATH").count) path(s)")
            return noInput
        }
        output.out(arguments.has("--json") ? report.json() : report.text())
        return ExitCode.success
    }

    /// `fbgraph migrate --help`.
    static let groupHelp = """
        OVERVIEW: Plan a migration off the legacy Facebook SDK spellings.

        USAGE: fbgraph migrate report [--json] PATH...

        SUBCOMMANDS:
          report PATH...      List each legacy call site, its stage and modern equivalent, and totals.

        OPTIONS:
          -h, --help          Show this help (fbgraph migrate report --help for the subcommand's).
        """

    /// `fbgraph migrate report --help`.
    static let help = """
        OVERVIEW: Read Swift sources and list each legacy Facebook SDK call site (file:line:column), the
        stage of the migration path it is at (delegate, block, Result, async; Migration.md's four steps),
        its modern equivalent from Migration.md's table, and what will not work on Linux or today's Graph
        API: dialogs and other UI, REST methods the REST-to-Graph bridge does not answer, FQL it does not
        translate, the SSO app switch. Then the totals per stage. Folders are read recursively for
        *.swift files (skipping .git and .build, following symbolic links to files only); only regular
        files are read, so a pipe named *.swift cannot stall the report.

        USAGE: fbgraph migrate report [--json] PATH...

        OPTIONS:
          --json                  Print the report as JSON (schema fbgraph-migrate-report, version 1;
                                  Migration.md describes it).
          -h, --help              Show this help.

        EXIT STATUS: 0 when the report was printed (a file that cannot be read is named on standard
        error and skipped), 64 on a usage error, 66 when no Swift source could be read.

        EXAMPLES:
          fbgraph migrate report Legacy/Samples/Hackbook
          fbgraph migrate report --json Legacy/Samples/Hackbook/Hackbook4Async/APICallsViewController.swift
        """
}

/// The Swift sources below a path, through the package's one directory walk
/// (`SecretScanner.files(at:)`: sorted, `.git` and `.build` skipped, links followed to files only).
enum SourceFiles {
    /// The path itself when it is a file, the `*.swift` files below it when it is a folder; and the
    /// path, with why, when it does not exist or cannot be listed.
    static func find(at path: String) -> (files: [String], unlisted: [MigrationReport.Unreadable]) {
        do {
            var isDirectory: ObjCBool = false
            let files = try SecretScanner.files(at: path)
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue
            else { return (files, []) }
            return (files.filter { $0.hasSuffix(".swift") }, [])
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
            return ([], [MigrationReport.Unreadable(file: path, reason: "does not exist")])
        } catch {
            return (
                [], [MigrationReport.Unreadable(file: path, reason: "cannot be listed (\(error.localizedDescription))")]
            )
        }
    }
}
