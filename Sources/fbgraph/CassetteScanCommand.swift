import FacebookGraphReplay
import Foundation

/// `fbgraph cassette scan PATH…`: the gate that keeps tokens out of committed cassettes and
/// fixtures (``SecretScanner``, which also looks for the values of `FB_ACCESS_TOKEN` and friends).
enum CassetteScanCommand {
    /// The `scan` command.
    static let command = Command(
        name: "scan",
        help: help,
        positionals: ["PATH..."],
        action: .parsed(run)
    )

    /// Scans the paths `arguments` name: one line per finding and exit 1, or `clean: N files`.
    static func run(_ arguments: CommandArguments, output: inout StandardStreams) throws(CommandError) -> Int32 {
        let scanner = SecretScanner.fromEnvironment()
        var files: [String] = []
        for path in arguments.positionalList("PATH") {
            files += try Self.files(at: path)
        }
        var findings: [SecretScanner.Finding] = []
        for file in files {
            do {
                findings += try scanner.scan(paths: [file])
            } catch {
                throw .failure("cannot read '\(file)': \(error.localizedDescription)")
            }
        }
        guard findings.isEmpty else {
            findings.forEach { output.out($0.description) }
            let secrets = findings.filter { !$0.isNotScanned }
            let unscanned = findings.count - secrets.count
            var problems: [String] = []
            if !secrets.isEmpty {
                let fileCount = Set(secrets.map(\.file)).count
                problems.append(
                    "\(secrets.count) secret-shaped value(s) in \(fileCount) of \(files.count) file(s); "
                        + "redact them (fbgraph record does) before committing")
            }
            if unscanned > 0 {
                problems.append("\(unscanned) file(s) could not be scanned, so they are not known to be clean")
            }
            output.err("error: " + problems.joined(separator: "; "))
            return ExitCode.failure
        }
        output.out("clean: \(files.count) files")
        return ExitCode.success
    }

    /// The files `path` names, as the scanner walks them.
    private static func files(at path: String) throws(CommandError) -> [String] {
        do {
            return try SecretScanner.files(at: path)
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
            throw .failure("no such file or directory: '\(path)'")
        } catch {
            throw .failure("cannot list '\(path)': \(error.localizedDescription)")
        }
    }

    /// `fbgraph cassette scan --help`.
    static let help = """
        OVERVIEW: Find Graph secrets in files before they are committed: user and page tokens (EAA…),
        old tokens, app tokens, appsecret_proofs, Authorization headers, secret parameter values, and
        the values of FB_ACCESS_TOKEN, FB_APP_SECRET, FB_CLIENT_SECRET and FB_APP_TOKEN. Placeholders
        such as <TOKEN-1> are not secrets. Binary files are scanned as bytes and a cassette's base64
        bodies decoded; a file that cannot be read (or is larger than 32 MiB) is reported as
        `not scanned`, never counted clean. Prints one line per finding, file:line:column: kind:
        masked value, and exits 1; prints `clean: N files` and exits 0 when there is none.

        USAGE: fbgraph cassette scan PATH...

        OPTIONS:
          -h, --help              Show this help.

        EXIT STATUS: 0 when nothing was found, 1 on a finding or a path that cannot be read, 64 on a
        usage error.

        EXAMPLES:
          fbgraph cassette scan Tests/Cassettes
          fbgraph cassette scan Tests/Cassettes/me.har Sources/fbgraph/Recordings/demo.har
        """
}
