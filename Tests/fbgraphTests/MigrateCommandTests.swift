import FacebookGraphTestSupport
import Foundation
import Testing

@testable import fbgraph

/// `fbgraph migrate report` run as a user runs it: exit codes, the JSON schema, what will not work,
/// unreadable files and hostile file names.
@Suite("fbgraph migrate report, the command")
struct MigrateCommandTests {
    static let hackbook = PackageRoot.url.appendingPathComponent("Legacy/Samples/Hackbook").path

    @Test("No path is a usage error (64); paths without a readable Swift source exit 66")
    func exitCodes() throws {
        let usage = try CLIRunner.run(["migrate", "report"])
        #expect(usage.status == 64, "stderr: \(usage.stderr)")
        let missing = try CLIRunner.run(["migrate", "report", "/nonexistent/folder"])
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("'/nonexistent/folder' does not exist"))
        let directory = try TestFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try TestFiles.write("not swift", to: "README.md", in: directory)
        let empty = try CLIRunner.run(["migrate", "report", directory.path])
        #expect(empty.status == 66)
        #expect(empty.stdout.isEmpty)
        let help = try CLIRunner.run(["--help"])
        #expect(help.stdout.contains("migrate report PATH..."))
    }

    @Test("--json prints the documented schema, version 1, with the same sites and totals as the text")
    func jsonSchema() throws {
        let run = try CLIRunner.run(["migrate", "report", "--json", Self.hackbook])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["schema"] as? String == "fbgraph-migrate-report")
        #expect(object["version"] as? Int == 1)
        #expect(object["files"] as? Int == 14)
        #expect((object["unreadable"] as? [Any])?.isEmpty == true)
        let totals = try #require(object["totals"] as? [String: Int])
        #expect(
            totals == [
                "delegate": 34, "block": 7, "result": 7, "async": 7, "none": 38, "sites": 93, "problems": 4,
            ])
        let sites = try #require(object["sites"] as? [[String: Any]])
        #expect(sites.count == 93)
        let keys: Set<String> = ["file", "line", "column", "symbol", "kind", "stage", "modern", "problems"]
        for site in sites {
            #expect(Set(site.keys) == keys)
            #expect(site["line"] is Int && site["column"] is Int && site["symbol"] is String)
            #expect(
                site["stage"] is NSNull || ["delegate", "block", "result", "async"].contains(site["stage"] as? String))
            #expect(["call", "reference", "conformance", "implementation"].contains(site["kind"] as? String))
        }
        let first = try #require(sites.first)
        #expect((first["file"] as? String)?.hasSuffix("Hackbook1Delegates/APICallsViewController.swift") == true)
        #expect(first["symbol"] as? String == "FBRequestDelegate")
        #expect(first["stage"] as? String == "delegate")
        let text = try CLIRunner.run(["migrate", "report", Self.hackbook])
        #expect(
            text.stdout.hasSuffix(
                "totals: delegate 34, block 7, Result 7, async 7, no stage 38; 93 sites in 14 files, 4 problems\n"))
    }

    @Test("Dialogs, REST methods the bridge does not answer and FQL it does not translate are named")
    func whatWillNotWork() throws {
        let directory = try TestFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = try TestFiles.write(
            """
            import FacebookSDK

            final class Feed: NSObject, FBDialogDelegate {
                let facebook = Facebook(appId: "1", andDelegate: nil)

                func run() {
                    facebook.authorize(["publish_stream"]); facebook.dialog("feed", andDelegate: self)
                    facebook.request(withMethodName: "photos.upload", andParams: [:], andHttpMethod: "POST", andDelegate: nil)
                    facebook.request(withMethodName: "users.getInfo", andParams: [:], andHttpMethod: "GET", andDelegate: nil)
                    let params = NSMutableDictionary(dictionary: ["query": "SELECT message FROM stream WHERE source_id = me()"])
                    facebook.request(withMethodName: "fql.query", andParams: params, andHttpMethod: "GET") { result in }
                    facebook.request(withMethodName: method, andParams: [:], andHttpMethod: "GET", andDelegate: nil)
                }

                func dialogDidComplete(_ dialog: FBDialog!) {}
            }
            """, to: "Feed.swift", in: directory)
        let run = try CLIRunner.run(["migrate", "report", "--json", file])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let sites = try #require(object["sites"] as? [[String: Any]])
        func problems(line: Int) -> [String] {
            sites.filter { $0["line"] as? Int == line }.flatMap { site in
                (site["problems"] as? [[String: String]] ?? []).compactMap { $0["kind"] }
            }
        }
        #expect(problems(line: 3) == ["unsupported"])  // FBDialogDelegate: no web view
        #expect(problems(line: 7) == ["unsupported", "unsupported"])  // authorize: a device login; a dialog
        #expect(problems(line: 8) == ["rest-not-bridged"])
        #expect(problems(line: 9).isEmpty)  // users.getInfo: bridged
        #expect(problems(line: 11) == ["fql-not-translated"])
        #expect(problems(line: 12) == ["rest-method-unknown"])
        #expect(problems(line: 15) == ["unsupported", "unsupported"])  // the dialog callback and FBDialog
        let stages = sites.filter { $0["line"] as? Int == 11 }.map { $0["stage"] as? String }
        #expect(stages == ["result"])
    }

    @Test("A file that cannot be read is named on standard error and skipped; a pipe does not stall the report")
    func unreadableFile() throws {
        let directory = try TestFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let good = try TestFiles.write("let f: Facebook! = nil\nf.logout()\n", to: "Good.swift", in: directory)
        let large = try TestFiles.write("", to: "Large.swift", in: directory)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: large))
        try handle.truncate(atOffset: UInt64(MigrationReport.maximumFileSize) + 1)  // sparse: no disk used
        try handle.close()
        let pipe = directory.appendingPathComponent("Pipe.swift").path
        #expect(mkfifo(pipe, 0o600) == 0)
        let run = try CLIRunner.run(["migrate", "report", directory.path, pipe], timeout: 60)
        #expect(run.status == 0)
        #expect(run.stderr.contains("Large.swift' larger than 8 MiB"))
        #expect(run.stderr.contains("Pipe.swift' is not a regular file"))
        #expect(run.stdout.contains("\(good):2:3: no stage: Facebook.logout() (call)"))
        #expect(run.stdout.hasSuffix("2 sites in 1 files, 0 problems; 2 files not read\n"))
    }

    @Test("A file name that would drive a terminal is printed inert")
    func hostileFileName() throws {
        let directory = try TestFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try TestFiles.write("let f: Facebook! = nil\n", to: "a\u{1B}]0;PWNED\u{07}b.swift", in: directory)
        let run = try CLIRunner.run(["migrate", "report", directory.path])
        #expect(run.status == 0)
        #expect(!run.stdout.contains("\u{1B}"))
        #expect(run.stdout.contains("a^[]0;PWNED^Gb.swift:1:8: no stage: Facebook (reference)"))
    }
}
