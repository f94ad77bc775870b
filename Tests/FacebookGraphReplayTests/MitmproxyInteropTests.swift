import FacebookGraph
import FacebookGraphTestSupport
import FacebookGraphTestTraits
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@testable import FacebookGraphReplay

/// Interoperability with mitmproxy (from PyPI): its HAR export replays with this kit, and this kit's
/// HAR opens in mitmproxy. CI installs mitmproxy (scripts/bootstrap); on a machine without it the
/// suite is skipped — except under CI=true, where a missing mitmdump is a failure.
@Suite(
    "mitmproxy interop",
    .enabled(if: Mitmproxy.executable != nil || ProcessInfo.processInfo.environment["CI"] == "true"), .onOwnThread)
struct MitmproxyInteropTests {
    static var mitmdump: String? { Mitmproxy.executable }

    static func send(_ url: String, on engine: CurlEngine) throws -> RawResponse {
        try engine.sendAndWait(try PreparedRequest(url: url), timeout: .seconds(20).scaledForTests).get()
    }

    /// Runs mitmdump with `arguments`; returns the running process and its output file.
    static func launch(_ arguments: [String], output: URL) throws -> Process {
        let process = Process()
        let executable = try #require(mitmdump, "mitmdump is not installed (pip install mitmproxy)")
        // A test runs on a dispatch thread whose blocked-signal mask a spawned child inherits across
        // exec, so mitmdump would never see SIGINT. Unblock it, then exec mitmdump.
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            [
                "python3", "-c",
                "import os, signal, sys; signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM}); "
                    + "os.execv(sys.argv[1], sys.argv[1:])",
                executable,
            ] + arguments
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let handle = try ChildProcess.locked { try FileHandle(forWritingTo: output) }
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try ChildProcess.run(process)
        return process
    }

    /// Waits (bounded) for `process` to exit; if it does not, terminates it, and kills it (SIGKILL
    /// cannot be blocked) if it survives that too. Returns whether it exited by itself.
    static func waitForExit(_ process: Process, seconds: Double) -> Bool {
        let deadline = ContinuousClock.now + .seconds(seconds).scaledForTests
        while process.isRunning, ContinuousClock.now < deadline { usleep(20_000) }
        guard process.isRunning else { return true }
        stop(process)
        return false
    }

    /// Ends `process` for sure: SIGTERM, then SIGKILL after two seconds.
    static func stop(_ process: Process) {
        guard process.isRunning else { return }
        process.terminate()
        let deadline = Date().addingTimeInterval(2)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    @Test("Traffic recorded by mitmproxy (reverse proxy, HAR export) replays with this kit")
    func mitmproxyHARReplays() throws {
        let directory = try CassetteTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let upstream = try HTTPBin(extraRoutes: [
            "/me": LegacyAnswer.json(#"{"id":"4","name":"Mark"}"#),
            "/me/friends": LegacyAnswer.json(#"{"data":[{"id":"1","name":"Ada"}],"paging":{}}"#),
        ])
        defer { upstream.stop() }
        let port = try LoopbackPorts.free()
        let harPath = directory.appendingPathComponent("mitm.har")
        let proxy = try Self.launch(
            [
                "--mode", "reverse:\(upstream.baseURL)", "--listen-host", "127.0.0.1", "--listen-port", "\(port)",
                "--set", "hardump=\(harPath.path)", "-q",
            ],
            output: directory.appendingPathComponent("mitmdump.log")
        )
        defer { Self.stop(proxy) }
        #expect(eventually(seconds: 30) { LoopbackPorts.accepts(port: port) }, "mitmdump did not start listening")

        let base = "http://127.0.0.1:\(port)"
        // A private engine: shutting it down closes its kept-alive connection to the proxy, which
        // mitmproxy's graceful shutdown would otherwise wait for.
        let engine = CurlEngine()
        let liveMe = try Self.send(base + "/me?fields=id,name&access_token=EAAGmitmToken0123456789", on: engine)
        let liveFriends = try Self.send(base + "/me/friends?limit=1&access_token=EAAGmitmToken0123456789", on: engine)
        engine.shutdown()
        #expect(liveMe.status == 200 && liveFriends.status == 200)
        proxy.interrupt()
        #expect(Self.waitForExit(proxy, seconds: 20))
        #expect(upstream.server.requestsServed == 2)

        // mitmproxy's HAR, redacted as this kit records, replayed in process with another token.
        let foreign = try HARArchive(contentsOf: harPath)
        #expect(foreign.log.entries.count == 2)
        let redactor = Redactor()
        let cassette = Cassette(archive: HARArchive(entries: foreign.log.entries.map(redactor.redact)))
        #expect(!String(decoding: try cassette.archiveData(), as: UTF8.self).contains("EAAGmitmToken"))
        let transport = CassetteTransport(cassette: cassette, live: RefusingTransport())
        let replayedMe = try CassetteTests.send(
            transport,
            try PreparedRequest(url: "https://graph.facebook.com/me?access_token=OTHER&fields=name,id")
        ).get()
        #expect(replayedMe.body == liveMe.body)
        let replayedFriends = try CassetteTests.send(
            transport,
            try PreparedRequest(url: "https://graph.facebook.com/me/friends?access_token=OTHER&limit=1")
        ).get()
        #expect(replayedFriends.body == liveFriends.body)
        #expect(cassette.unusedEntries.isEmpty)
    }

    @Test("This kit's HAR opens in mitmproxy (mitmdump -nr)")
    func kitHAROpensInMitmproxy() throws {
        let directory = try CassetteTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("kit.har")
        let binary = Data([0x89, 0x50, 0x4E, 0x47, 0x00, 0xFF])
        try HARArchive(entries: [
            CassetteTests.entry(
                "GET", "https://graph.facebook.com/me?access_token=<TOKEN-1>",
                body: Data(#"{"id":"4","name":"KitRecorded"}"#.utf8), mime: "application/json"),
            CassetteTests.entry("GET", "https://graph.facebook.com/4/picture", body: binary, mime: "image/png"),
        ]).write(to: path)
        let log = directory.appendingPathComponent("read.log")
        let reader = try Self.launch(["-n", "-r", path.path, "--flow-detail", "3"], output: log)
        #expect(Self.waitForExit(reader, seconds: 60))
        #expect(reader.terminationStatus == 0)
        let output = try String(contentsOf: log, encoding: .utf8)
        #expect(output.contains("graph.facebook.com/me"), "\(output.prefix(2000))")
        #expect(output.contains("KitRecorded"))
        #expect(output.contains("/4/picture"))
    }
}

/// Where mitmdump is installed, if it is.
enum Mitmproxy {
    static let executable: String? = {
        let environment = ProcessInfo.processInfo.environment
        if let explicit = environment["MITMDUMP"], FileManager.default.isExecutableFile(atPath: explicit) {
            return explicit
        }
        var directories = (environment["PATH"] ?? "").split(separator: ":").map(String.init)
        directories += [
            "/usr/local/bin", "/usr/bin", "\(environment["HOME"] ?? "/root")/.local/bin", "/root/.pyenv/shims",
        ]
        return directories.map { "\($0)/mitmdump" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()
}

/// Canned JSON answers for loopback routes.
enum LegacyAnswer {
    static func json(_ body: String) -> LoopbackHTTPServer.Handler {
        let data = Data(body.utf8)
        return { _ in .full(status: 200, headers: ["Content-Type": "application/json"], body: data) }
    }
}
