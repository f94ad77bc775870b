import FacebookGraphTestSupport
import FacebookGraphTestTraits
import Foundation
import Testing

@testable import fbgraph

/// Every shell example the documentation prints runs, offline, exactly as printed: README.md,
/// Migration.md and every `--help` (DocumentedExample says how each line is judged). Examples that
/// need the network are listed as skipped; a line of an unknown kind fails.
@Suite("Documented shell examples", .onOwnThread)
struct DocumentedExamplesTests {
    /// The package root.
    static let root = PackageRoot.url

    /// Every example: the two documents' shell blocks, then every command's help.
    static func all() throws -> [DocumentedExample] {
        try DocumentedExample.markdown(root.appendingPathComponent("README.md"), name: "README.md")
            + DocumentedExample.markdown(root.appendingPathComponent("Migration.md"), name: "Migration.md")
            + DocumentedExample.help(CommandLineTool.root)
    }

    /// Runs `example` in a scratch directory holding copies of the files examples name
    /// (`Tests/Cassettes`, `Sources/fbgraph/Recordings`, the Hackbook sample's sources); returns the
    /// exit status and standard error.
    static func run(_ example: DocumentedExample) throws -> (status: Int32, stderr: String) {
        let work = try TestFiles.directory()
        defer { try? FileManager.default.removeItem(at: work) }
        for path in ["Tests/Cassettes", "Sources/fbgraph/Recordings", "Legacy/Samples/Hackbook"] {
            let target = work.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: root.appendingPathComponent(path), to: target)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", example.script()]
        process.currentDirectoryURL = work
        process.environment = CLIRunner.environment(["FBGRAPH": CLIRunner.binary.path])
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        let err = ChildProcess.pipe()
        process.standardError = err
        try ChildProcess.run(process)
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stderr, as: UTF8.self))
    }

    @Test("Every offline shell example in README.md, Migration.md and every --help exits 0 as printed")
    func everyExampleRuns() throws {
        let examples = try Self.all()
        #expect(examples.contains { $0.source.hasPrefix("README.md") })
        #expect(examples.contains { $0.source.hasPrefix("Migration.md") })
        #expect(examples.contains { $0.source == "fbgraph replay serve --help" })
        var ran = 0
        var skipped: [String] = []
        for example in examples {
            for line in example.lines {
                switch DocumentedExample.verdict(line) {
                case .run: ran += 1
                case .needsNetwork: skipped.append("\(example.source): \(line) (needs the network)")
                case .notHere(let reason): skipped.append("\(example.source): \(line) (\(reason))")
                case .unknown:
                    Issue.record("\(example.source): '\(line)' is a command the example runner does not know")
                }
            }
            guard example.lines.contains(where: { DocumentedExample.verdict($0) == .run }) else { continue }
            let result = try Self.run(example)
            #expect(result.status == 0, "\(example.source) failed (exit \(result.status)):\n\(result.stderr)")
        }
        #expect(ran >= 25, "only \(ran) example lines ran")
        // Skips are listed, never silent.
        print("documented examples not run here:\n  " + skipped.joined(separator: "\n  "))
    }

    @Test("The runner fails a broken example and names the line")
    func brokenExampleFails() throws {
        let broken = DocumentedExample(
            source: "synthetic",
            lines: ["fbgraph get me", "fbgraph get no/such/recording --cassette Tests/Cassettes/me.har"]
        )
        let result = try Self.run(broken)
        #expect(result.status == 1)
        #expect(result.stderr.contains("@@ 2: fbgraph get no/such/recording"))
        #expect(result.stderr.contains("no recorded entry matches"))
    }

    @Test("A replay serve example is started in the background and its port handed to the next lines")
    func replayServePairs() throws {
        let pair = DocumentedExample(
            source: "synthetic",
            lines: [
                "fbgraph replay serve Tests/Cassettes/me.har --port 8080 &",
                "fbgraph get me --fields id,name --base-url http://127.0.0.1:8080/ --token anything",
            ]
        )
        #expect(try Self.run(pair).status == 0)
        #expect(DocumentedExample.verdict("fbgraph get me --live --token x") == .needsNetwork)
        #expect(DocumentedExample.verdict("rm -rf /") == .unknown)
    }

    @Test("No help text, README.md or Migration.md example puts a real token on the command line (ps shows it)")
    func noTokenOnTheCommandLine() throws {
        func helps(_ command: Command) -> [String] { [command.help] + command.subcommands.flatMap(helps) }
        let texts =
            try ["README.md", "Migration.md"].map {
                ($0, try String(contentsOf: Self.root.appendingPathComponent($0), encoding: .utf8))
            } + helps(CommandLineTool.root).map { ("a --help", $0) }
        let tokenFromVariable = #/--token[ =]+"?\$/#
        for (name, text) in texts {
            for line in text.components(separatedBy: "\n") where line.contains(tokenFromVariable) {
                Issue.record("\(name) passes a token on the command line: \(line)")
            }
        }
    }
}
