import FacebookGraphReplay
import FacebookGraphTestSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#endif
import Testing

@testable import FacebookGraph

/// The engine's defects from issue 8, each over real loopback sockets.
@Suite("The engine's security and robustness fixes")
struct EngineSecurityTests {
    /// The header values HTTPBin saw, by lower-cased name.
    private static func headers(_ json: [String: Any]) -> [String: String] {
        let raw = json["headers"] as? [String: String] ?? [:]
        return Dictionary(raw.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    @Test(
        "A body-less POST, PUT or PATCH sends an empty body and never reads standard input",
        arguments: ["POST", "PUT", "PATCH", "post"])
    func bodylessUpload(method: String) async throws {
        let bin = try HTTPBin()
        defer { bin.stop() }
        let request = try PreparedRequest(method: method, url: bin.url("/anything"), options: testOptions())
        let response = try await CurlEngine.shared.send(request)
        let json = try #require(jsonObject(response.body))
        #expect(json["method"] as? String == method.uppercased())
        #expect(json["body_length"] as? Int == 0)
        let seen = Self.headers(json)
        #expect(seen["content-length"] == "0", "\(seen)")
        #expect(seen["transfer-encoding"] == nil, "\(seen)")
    }

    @Test("A huge timeout is clamped, not a trap")
    func hugeTimeout() async throws {
        let bin = try HTTPBin()
        defer { bin.stop() }
        var options = TransferOptions()
        options.totalTimeout = .seconds(Int64.max)
        options.connectTimeout = .seconds(Int64.max / 2)
        let response = try await CurlEngine.shared.send(try PreparedRequest(url: bin.url("/get"), options: options))
        #expect(response.status == 200)
    }

    @Test("A resolve pin is for its own request: it neither stays in the DNS cache nor lends its connection")
    func resolvePinsDoNotLeak() async throws {
        let first = try LoopbackHTTPServer(host: "127.0.0.1") { _ in .text("real") }
        defer { first.stop() }
        let pinned = try LoopbackHTTPServer(host: "127.0.0.2", port: UInt16(first.port)) { _ in .text("pinned") }
        defer { pinned.stop() }
        let engine = CurlEngine()
        defer { engine.shutdown() }
        let url = "http://localhost:\(first.port)/x"
        var options = testOptions()
        options.resolve = ["localhost:\(first.port):127.0.0.2"]
        let viaPin = try await engine.send(try PreparedRequest(url: url, options: options))
        #expect(String(decoding: viaPin.body, as: UTF8.self) == "pinned")
        let plain = try await engine.send(try PreparedRequest(url: url, options: testOptions()))
        #expect(String(decoding: plain.body, as: UTF8.self) == "real")
        #expect(pinned.requestsServed == 1)
    }

    @Test("Cancelling after, or during, a private engine's shutdown is a no-op")
    func cancelAroundShutdown() throws {
        let bin = try HTTPBin()
        defer { bin.stop() }
        for _ in 0..<20 {
            let engine = CurlEngine()
            let log = CompletionLog()
            let handle = engine.execute(try PreparedRequest(url: bin.url("/hang"), options: testOptions())) {
                log.record(0, $0)
            }
            let canceller = Thread { for _ in 0..<200 { handle.cancel() } }
            canceller.start()
            engine.shutdown()
            handle.cancel()
            #expect(log.snapshot[0]?.count == 1)
        }
    }
}

@Suite("The extra CA bundle is written nowhere", .enabled(if: NginxFixture.isAvailable))
struct CABundleFileTests {
    @Test(
        "A process that trusts an extra CA, through the shared engine and a private one, verifies TLS against it and leaves nothing in its temporary directory"
    )
    func nothingWritten() async throws {
        let environment = ProcessInfo.processInfo.environment
        if IsolatedTest.isChild {
            let url = try #require(environment["FACEBOOKSDKSHIM_CA_TEST_URL"])
            let caFile = try #require(environment["FACEBOOKSDKSHIM_CA_TEST_CA"])
            var options = testOptions()
            options.additionalCAFile = caFile
            let engine = CurlEngine()
            for engine in [CurlEngine.shared, engine] {
                let response = try await engine.send(try PreparedRequest(url: url, options: options))
                #expect(response.status == 200 && response.httpVersion == "2")
            }
            engine.shutdown()
            #expect(try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory()) == [])
            return
        }
        let nginx = try NginxFixture()
        defer { nginx.stop() }
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("ca-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: temporary) }
        let run = try await IsolatedTest.run(
            filter: "CABundleFileTests/nothingWritten",
            environment: [
                "TMPDIR": temporary.path, "FACEBOOKSDKSHIM_CA_TEST_URL": nginx.httpsURL("/me"),
                "FACEBOOKSDKSHIM_CA_TEST_CA": nginx.caFile,
            ],
            timeout: 120)
        #expect(run.status == 0, "\(run.tail)")
        #expect((run.stdout + run.stderr).contains("verifies TLS against it"), "the child ran no test")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path) == [])
    }

    @Test("A directory another user pre-created at the old predictable path is never used")
    func predictablePathIgnored() async throws {
        let nginx = try NginxFixture()
        defer { nginx.stop() }
        let trap = FileManager.default.temporaryDirectory.appendingPathComponent("FacebookSDKShim-ca-\(getpid())")
        try? FileManager.default.createDirectory(at: trap, withIntermediateDirectories: true)
        chmod(trap.path, 0o777)
        defer { try? FileManager.default.removeItem(at: trap) }
        let engine = CurlEngine()
        defer { engine.shutdown() }
        var options = testOptions()
        options.additionalCAFile = nginx.caFile
        let response = try await engine.send(try PreparedRequest(url: nginx.httpsURL("/me"), options: options))
        #expect(response.status == 200)
        #expect((try FileManager.default.contentsOfDirectory(atPath: trap.path)) == [])
    }
}
