import FacebookGraph
import FacebookGraphReplay
import FacebookGraphTestSupport
import FacebookGraphTestTraits
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The replay targets: the recordings built into the binary, `--cassette FILE`, and `replay serve`.
@Suite("fbgraph replay", .onOwnThread)
struct ReplayCommandTests {
    @Test("get me with no target answers from the bundled recordings, offline, with no token")
    func getMeOffline() throws {
        let run = try CLIRunner.run(
            ["get", "me"], environment: ["http_proxy": "http://127.0.0.1:1", "https_proxy": "http://127.0.0.1:1"])
        #expect(
            run.status == 0,
            "fbgraph get me needs the bundled recordings (Sources/fbgraph/Recordings): \(run.stderr)"
        )
        #expect(run.stderr.isEmpty)
        let object = try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        #expect(object?["id"] is String, "stdout: \(run.stdout)")
        #expect(object?["name"] is String, "stdout: \(run.stdout)")
    }

    @Test("--cassette replays a HAR file in process: any token matches <TOKEN-1>, the version prefix is ignored")
    func cassetteReplay() throws {
        let directory = try TestFiles.directory()
        let cassette = try TestFiles.meCassette(in: directory)
        let run = try CLIRunner.run([
            "get", "me", "--fields", "id,name", "--cassette", cassette, "--token", "EAABanyToken",
        ])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stdout == TestFiles.recordedMe + "\n")
        #expect(run.stderr.isEmpty)
        let text = try CLIRunner.run(["get", "4/picture", "--cassette", cassette])
        #expect(text.status == 0, "stderr: \(text.stderr)")
        #expect(text.stdout == "a picture\n")
    }

    @Test("--cassette: a request without a recorded entry exits 1 with the diff on stderr")
    func cassetteMismatch() throws {
        let directory = try TestFiles.directory()
        let cassette = try TestFiles.meCassette(in: directory)
        let run = try CLIRunner.run([
            "get", "me", "--fields", "id,email", "--cassette", cassette, "--token", "EAABanyToken",
        ])
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("error: transport (noRecordedResponse): no recorded entry matches GET "))
        #expect(run.stderr.contains("nearest: entry 0 GET https://graph.facebook.com/v19.0/me"))
        #expect(run.stderr.contains("fields"))
        #expect(!run.stderr.contains("EAABanyToken"))
        let once = try CLIRunner.run(["get", "me/feed", "--cassette", cassette])
        #expect(once.status == 1)
        let missing = try CLIRunner.run(["get", "me", "--cassette", directory.appendingPathComponent("none.har").path])
        #expect(missing.status == 1)
        #expect(missing.stderr.hasPrefix("error: \(directory.appendingPathComponent("none.har").path): no such file; "))
    }

    @Test(
        "replay serve prints its URL, answers through libcurl, and exits 0 on a signal", arguments: [SIGTERM, SIGINT])
    func replayServe(signal: Int32) throws {
        let directory = try TestFiles.directory()
        let cassette = try TestFiles.meCassette(in: directory)
        let server = try RunningCLI(["replay", "serve", cassette])
        defer { server.stop() }
        let line = try #require(server.firstLine(), "no listening line; stderr: \(server.stderr)")
        #expect(line.hasPrefix("listening on http://127.0.0.1:"))
        let url = String(line.dropFirst("listening on ".count))
        #expect(Int(url.split(separator: ":").last ?? "") ?? 0 > 0)

        let hit = try CLIRunner.run(["get", "me", "--fields", "id,name", "--base-url", url, "--token", "<TOKEN-1>"])
        #expect(hit.status == 0, "stderr: \(hit.stderr)")
        #expect(hit.stdout == TestFiles.recordedMe + "\n")

        let miss = try CLIRunner.run(["get", "me/friends", "--base-url", url, "--token", "<TOKEN-1>"])
        #expect(miss.status == 1)
        #expect(miss.stderr.hasPrefix("error: server (status 501): no recorded entry matches this request"))
        #expect(miss.stdout.contains("CassetteMismatch"))

        server.send(signal)
        #expect(server.exitStatus(within: 5) == 0, "stderr: \(server.stderr)")
    }

    /// A Chrome-like export where one path was recorded on two hosts: `https://yahoo.com/` answered
    /// 301, `https://www.yahoo.com/` answered 200.
    static func twoHostExport(in directory: URL) throws -> String {
        let timings = #""timings":{"send":-1,"wait":-1,"receive":-1}"#
        return try TestFiles.write(
            #"""
            {"log":{"version":"1.2","creator":{"name":"WebInspector","version":"537.36"},"entries":[
            {"request":{"method":"GET","url":"https://yahoo.com/","headers":[]},"response":{"status":301,
             "headers":[{"name":"Location","value":"http://www.yahoo.com/"}],"content":{"size":0,"mimeType":"text/html"}},
             \#(timings)},
            {"request":{"method":"GET","url":"https://www.yahoo.com/","headers":[]},"response":{"status":200,
             "headers":[{"name":"Content-Type","value":"text/html"}],"content":{"mimeType":"text/html","text":"welcome to www"}},
             \#(timings)}]}}
            """#,
            to: "export.har", in: directory)
    }

    @Test(
        "--cassette answers each host with its own entry: the full URL picks www.yahoo.com's 200, not yahoo.com's 301")
    func cassetteHostMatching() throws {
        let export = try Self.twoHostExport(in: try TestFiles.directory())
        let www = try CLIRunner.run(["get", "https://www.yahoo.com/", "--cassette", export])
        #expect(www.status == 0, "stderr: \(www.stderr)")
        #expect(www.stdout == "welcome to www\n")
        let bare = try CLIRunner.run(["get", "https://yahoo.com/", "--cassette", export])
        #expect(bare.status == 1)
        #expect(bare.stderr.contains("status 301"), "stderr: \(bare.stderr)")
    }

    @Test("replay serve works as a plain-http proxy (http_proxy=…): the proxied URL's host picks the entry")
    func replayServeAsProxy() throws {
        let export = try Self.twoHostExport(in: try TestFiles.directory())
        let server = try RunningCLI(["replay", "serve", export])
        defer { server.stop() }
        let line = try #require(server.firstLine(), "no listening line; stderr: \(server.stderr)")
        let proxy = String(line.dropFirst("listening on ".count))
        // The name is never looked up: only the proxy can answer for it.
        let www = try CLIRunner.run(
            ["get", "http://www.yahoo.com/", "--base-url", "http://www.yahoo.com/"], environment: ["http_proxy": proxy])
        #expect(www.status == 0, "stderr: \(www.stderr)")
        #expect(www.stdout == "welcome to www\n")
        server.send(SIGTERM)
        #expect(server.exitStatus(within: 5) == 0, "stderr: \(server.stderr)")
        #expect(server.stderr.contains("stopped after 1 request(s)"))
    }

    @Test("--cassette of a foreign file that kept a real token: the diff on stderr never shows it")
    func foreignSecretNotInDiff() throws {
        let token = "EAA" + "GforeignRealToken9x8Y7z6W5v4U3t"
        let directory = try TestFiles.directory()
        let entry = HAREntry(
            startedDateTime: "",
            request: HARRequest(
                method: "GET", url: "https://graph.facebook.com/v19.0/me?fields=id&access_token=\(token)"),
            response: HARResponse(status: 200, content: HARContent(mimeType: "application/json", body: Data("{}".utf8)))
        )
        let path = directory.appendingPathComponent("foreign.har")
        try HARArchive(entries: [entry]).write(to: path)
        let run = try CLIRunner.run(["get", "me", "--fields", "id,name", "--cassette", path.path, "--token", "OTHER"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("parameter access_token: recorded"), "stderr: \(run.stderr)")
        #expect(!run.stderr.contains(token) && !run.stderr.contains("EAAG"), "stderr: \(run.stderr)")
    }

    @Test("replay serve --port listens on the given port; a port in use fails with exit 1")
    func replayServePort() throws {
        let directory = try TestFiles.directory()
        let cassette = try TestFiles.meCassette(in: directory)
        let first = try RunningCLI(["replay", "serve", cassette])
        defer { first.stop() }
        let line = try #require(first.firstLine(), "stderr: \(first.stderr)")
        let port = String(line.split(separator: ":").last ?? "")
        let second = try CLIRunner.run(["replay", "serve", cassette, "--port", port], timeout: 10)
        #expect(second.status == 1)
        #expect(second.stderr.hasPrefix("error: cannot listen on 127.0.0.1:\(port)"))
        first.send(SIGTERM)
        #expect(first.exitStatus(within: 5) == 0)
    }

    @Test("replay serve whose reader went away (| head) still stops cleanly on SIGTERM: EPIPE is not a trap")
    func closedOutputIsNotACrash() throws {
        let directory = try TestFiles.directory()
        let cassette = try TestFiles.meCassette(in: directory)
        let process = Process()
        process.executableURL = CLIRunner.binary
        process.arguments = ["replay", "serve", cassette]
        process.environment = CLIRunner.environment([:])
        process.standardInput = FileHandle.nullDevice
        let pipe = ChildProcess.pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        let firstLine = LockedValue("")
        try ChildProcess.run(process)
        // What `head -1` does: read a line, then exit, closing the only read end.
        let reader = PipeReader(pipe.fileHandleForReading, closesAfterFirstLine: true) { data in
            firstLine.withLock { $0 += String(decoding: data, as: UTF8.self) }
        }
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        #expect(eventually(seconds: 10) { firstLine.withLock { $0.contains("\n") } })
        #expect(firstLine.withLock { $0 }.hasPrefix("listening on "))
        #expect(reader.waitUntilClosed(), "the reader did not close the pipe after the first line")
        kill(process.processIdentifier, SIGTERM)
        #expect(eventually(seconds: 5) { !process.isRunning })
        #expect(process.terminationReason == .exit, "fbgraph died of signal \(process.terminationStatus)")
        #expect(process.terminationStatus == 0)
    }
}
