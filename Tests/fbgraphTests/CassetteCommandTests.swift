import FacebookGraphReplay
import FacebookGraphTestSupport
import FacebookGraphTestTraits
import Foundation
import Testing

/// `record`, `cassette scan` and `cassette inspect`.
@Suite("fbgraph cassettes", .onOwnThread)
struct CassetteCommandTests {
    /// A token shaped like a real user token, which the scanner must catch anywhere (built at run
    /// time, so this source file itself scans clean).
    static let token = "EAA" + "BwzLixnjYBAKZCZBtestToken1234567890abcdef"

    @Test("record appends redacted entries; the token is nowhere in the file; scan is clean; the file replays")
    func record() throws {
        let bin = try HTTPBin()
        defer { bin.stop() }
        let directory = try TestFiles.directory()
        let path = directory.appendingPathComponent("recorded/me.har").path
        let first = try CLIRunner.run([
            "record", "get", "get", "--fields", "id,name", "--cassette", path, "--base-url", bin.baseURL, "--token",
            Self.token,
        ])
        #expect(first.status == 0, "stderr: \(first.stderr)")
        #expect(first.stdout.hasPrefix("recorded entry 0: GET \(bin.baseURL)/get?fields=id%2Cname&access_token="))
        #expect(first.stdout.hasSuffix(" (status 200)\n"))
        #expect(first.stdout.contains("TOKEN-1"))
        let second = try CLIRunner.run(
            ["record", "post", "post", "-p", "message=Hi", "--cassette", path, "--base-url", bin.baseURL],
            environment: ["FB_ACCESS_TOKEN": Self.token]
        )
        #expect(second.status == 0, "stderr: \(second.stderr)")
        #expect(second.stdout == "recorded entry 1: POST \(bin.baseURL)/post (status 200)\n")
        for run in [first, second] {
            #expect(!run.stdout.contains(Self.token) && !run.stderr.contains(Self.token))
        }

        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!text.contains(Self.token))
        #expect(!text.contains("EAABwz"))
        #expect(text.contains("<TOKEN-1>"))
        let archive = try HARArchive(contentsOf: URL(fileURLWithPath: path))
        #expect(archive.log.entries.map(\.request.method) == ["GET", "POST"])
        #expect(archive.log.provenance != nil)

        let scan = try CLIRunner.run(["cassette", "scan", path], environment: ["FB_ACCESS_TOKEN": Self.token])
        #expect(scan.status == 0, "stdout: \(scan.stdout)")
        #expect(scan.stdout == "clean: 1 files\n")

        let replay = try CLIRunner.run(["get", "get", "--fields", "id,name", "--cassette", path, "--token", "another"])
        #expect(replay.status == 0, "stderr: \(replay.stderr)")
        #expect(replay.stdout.contains(#""path":"/get""#))
    }

    @Test("record gives a token-shaped value in no secret parameter a placeholder instead of refusing the entry")
    func recordUnnamedTokenShape() throws {
        let bin = try HTTPBin()
        defer { bin.stop() }
        let directory = try TestFiles.directory()
        let path = directory.appendingPathComponent("debug.har").path
        let run = try CLIRunner.run([
            "record", "get", "anything", "-p", "debug=\(Self.token)", "--cassette", path, "--base-url", bin.baseURL,
        ])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stdout.contains("debug=%3CTOKEN-1%3E") || run.stdout.contains("debug=<TOKEN-1>"), "\(run.stdout)")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!text.contains("EAABwz"))
        let scan = try CLIRunner.run(["cassette", "scan", path])
        #expect(scan.stdout == "clean: 1 files\n")
    }

    @Test("record reports a transport failure and writes nothing")
    func recordFailure() throws {
        let directory = try TestFiles.directory()
        let path = directory.appendingPathComponent("none.har").path
        let run = try CLIRunner.run([
            "record", "get", "me", "--cassette", path, "--base-url", "http://127.0.0.1:1/", "--token", Self.token,
        ])
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("error: transport (cannotConnect): "))
        #expect(!run.stderr.contains(Self.token))
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("cassette scan finds an EAA token: exit 1, file:line:column, masked")
    func scanFinds() throws {
        let directory = try TestFiles.directory()
        let clean = try TestFiles.write("{\n  \"token\": \"<TOKEN-1>\"\n}\n", to: "clean.har", in: directory)
        let leak = try TestFiles.write("{\n  token: \(Self.token)\n}\n", to: "leak.har", in: directory)
        let run = try CLIRunner.run(["cassette", "scan", clean, leak])
        #expect(run.status == 1)
        #expect(run.stdout == "\(leak):2:10: user or page token (EAA…): EAABwz…\n")
        #expect(!run.stdout.contains(Self.token) && !run.stderr.contains(Self.token))
        #expect(run.stderr.hasPrefix("error: 1 secret-shaped value(s) in 1 of 2 file(s)"))

        let directoryRun = try CLIRunner.run(["cassette", "scan", directory.path])
        #expect(directoryRun.status == 1)
        #expect(directoryRun.stdout.hasSuffix("leak.har:2:10: user or page token (EAA…): EAABwz…\n"))

        let cleanRun = try CLIRunner.run(["cassette", "scan", clean])
        #expect(cleanRun.status == 0)
        #expect(cleanRun.stdout == "clean: 1 files\n")

        let missing = try CLIRunner.run(["cassette", "scan", directory.appendingPathComponent("nothing").path])
        #expect(missing.status == 1)
        #expect(missing.stderr.hasPrefix("error: no such file or directory"))
    }

    @Test("cassette scan never calls a file it could not read clean")
    func scanReportsUnscannedFiles() throws {
        let directory = try TestFiles.directory()
        let big = directory.appendingPathComponent("big.har")
        #expect(FileManager.default.createFile(atPath: big.path, contents: nil))
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: UInt64(SecretScanner.maximumFileSize + 1))
        try handle.close()
        let run = try CLIRunner.run(["cassette", "scan", directory.path])
        #expect(run.status == 1)
        #expect(run.stdout.contains("big.har:1:1: not scanned (larger than 32 MiB)"))
        #expect(run.stderr.contains("1 file(s) could not be scanned"))
        #expect(!run.stdout.contains("clean"))
    }

    @Test("cassette inspect lists index, method, URL, status, playback and size, and the provenance")
    func inspect() throws {
        let directory = try TestFiles.directory()
        let path = try TestFiles.meCassette(in: directory)
        let run = try CLIRunner.run(["cassette", "inspect", path])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "\(path): 2 entries, written by FacebookSDKShim 0.1.0")
        #expect(
            Array(lines.dropFirst().prefix(3)) == [
                "INDEX  METHOD  STATUS  PLAYBACK    SIZE  URL",
                "    0  GET        200  repeatable    33  "
                    + "https://graph.facebook.com/v19.0/me?fields=id%2Cname&access_token=%3CTOKEN-1%3E",
                "    1  GET        200  once           9  https://graph.facebook.com/v19.0/4/picture",
            ])
        #expect(lines.contains("provenance: recorded 2024-05-01T12:00:00.000Z by FacebookSDKShim 0.1.0"))
        #expect(lines.contains("redaction rules: parameter:access_token"))

        let leakyRun = try Self.inspectOneEntry(
            url: "https://graph.facebook.com/me?access_token=\(Self.token)", named: "leaky.har", in: directory)
        #expect(leakyRun.status == 0)
        #expect(leakyRun.stdout.contains("0  https://graph.facebook.com/me?access_token=<redacted>\n"))
        #expect(!leakyRun.stdout.contains("EAAB"))
        #expect(leakyRun.stdout.contains("provenance: none"))

        // A token in a parameter no rule names is hidden as well, because the scanner flags it.
        let unnamedRun = try Self.inspectOneEntry(
            url: "https://graph.facebook.com/me?debug=\(Self.token)&limit=1", named: "unnamed.har", in: directory)
        #expect(unnamedRun.status == 0)
        #expect(unnamedRun.stdout.contains("0  https://graph.facebook.com/me?debug=<redacted>&limit=1\n"))
        #expect(!unnamedRun.stdout.contains(Self.token))

        let bad = try TestFiles.write("not json", to: "bad.har", in: directory)
        let badRun = try CLIRunner.run(["cassette", "inspect", bad])
        #expect(badRun.status == 1)
        #expect(badRun.stderr == "error: \(bad): line 1, column 1: not valid JSON (found 'n')\n")
    }

    @Test(
        "A cassette that cannot be read fails inspect, --cassette and replay serve with one readable line",
        arguments: [
            (
                #"{"log":{"entries":[{"request":{"method":"GET","url":"http://x/"},"response":{"status":200,"#
                    + #""content":{"text":"@@ not base64 @@","encoding":"base64"}}}]}}"#,
                "entry 0, response.content.text: expected base64 (the encoding says base64), found text that is "
                    + "not base64"
            ),
            (
                "{\"log\":{\"entries\":[\n  {\"request\":{\"method\":\"GET\",\"url\":\"http://x/\"}",
                "line 2, column 48: not valid JSON (the file ends early)"
            ),
            (
                #"{"log":{"entries":[{"request":{"method":"GET","url":"http://x/","headers":[{"name":"a","value":{"b":1}}]},"#
                    + #""response":{"status":200}}]}}"#,
                "entry 0, request.headers[0].value: expected a string, found an object"
            ),
        ]
    )
    func unreadableCassette(text: String, detail: String) throws {
        let directory = try TestFiles.directory()
        let path = try TestFiles.write(text, to: "x.har", in: directory)
        for arguments in [
            ["cassette", "inspect", path], ["get", "me", "--cassette", path], ["replay", "serve", path],
        ] {
            let run = try CLIRunner.run(arguments, timeout: 20)
            #expect(run.status == 1, "\(arguments)")
            #expect(run.stderr == "error: \(path): \(detail)\n", "\(arguments)")
            #expect(run.stdout.isEmpty)
        }
        let missing = try CLIRunner.run(["cassette", "inspect", directory.appendingPathComponent("none.har").path])
        #expect(missing.status == 1)
        #expect(missing.stderr.hasPrefix("error: \(directory.appendingPathComponent("none.har").path): no such file; "))
    }

    @Test(
        "A missing or unreadable cassette is one error line, never an NSError dump; a missing one names fbgraph record")
    func cassetteFileErrors() throws {
        let directory = try TestFiles.directory()
        let missing = directory.appendingPathComponent("missing.har").path
        let notHAR = try TestFiles.write("not json", to: "broken.har", in: directory)
        let commands: [[String]] = [
            ["cassette", "inspect", missing], ["replay", "serve", missing], ["get", "me", "--cassette", missing],
            ["cassette", "inspect", notHAR], ["replay", "serve", notHAR], ["get", "me", "--cassette", notHAR],
        ]
        for arguments in commands {
            let run = try CLIRunner.run(arguments)
            #expect(run.status == 1, "\(arguments)")
            let lines = run.stderr.split(separator: "\n")
            #expect(lines.count == 1 && run.stderr.hasPrefix("error: "), "\(arguments): \(run.stderr)")
            #expect(!run.stderr.contains("NSCocoaErrorDomain") && !run.stderr.contains("UserInfo"), "\(run.stderr)")
            if arguments.contains(missing) {
                #expect(run.stderr.contains("\(missing): no such file") && run.stderr.contains("fbgraph record"))
            } else {
                #expect(run.stderr.contains("\(notHAR): line 1, column 1: not valid JSON"), "\(run.stderr)")
            }
        }
    }

    /// `fbgraph cassette inspect` over a cassette of one GET of `url`, written as `name` in `directory`.
    private static func inspectOneEntry(url: String, named name: String, in directory: URL) throws -> CLIRun {
        let entry = HAREntry(
            startedDateTime: "",
            request: HARRequest(method: "GET", url: url),
            response: HARResponse(status: 200, content: HARContent(mimeType: "text/plain", body: Data()))
        )
        let path = directory.appendingPathComponent(name)
        try HARArchive(entries: [entry]).write(to: path)
        return try CLIRunner.run(["cassette", "inspect", path.path])
    }
}
