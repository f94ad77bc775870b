import FacebookGraph
import FacebookGraphTestSupport
import FacebookGraphTestTraits
import Foundation
import Testing

@testable import FacebookGraphReplay

/// `Cassette.use` never saves while requests its body started are still in flight: it waits for
/// them, or fails naming them and saves nothing.
@Suite("Cassette.use and requests in flight", .onOwnThread)
struct CassetteInFlightTests {
    /// A loopback server whose `/slow` answers after `delay`.
    static func server(delay: Duration) throws -> HTTPBin {
        try HTTPBin(extraRoutes: [
            "/slow": { _ in
                .delayed(
                    delay,
                    then: .full(status: 200, headers: ["Content-Type": "application/json"], body: Data("{}".utf8)))
            }
        ])
    }

    /// Runs `Cassette.use` in `once` mode on a fresh cassette whose body fires one request at `/slow`
    /// (answered after `delay`) and returns at once; returns the error it threw and the cassette's path.
    static func fireAndForget(delay: Duration, inFlightTimeout: Duration = .seconds(30)) throws -> (
        error: CassetteError?, path: String
    ) {
        let directory = try CassetteTests.temporaryDirectory()
        let path = directory.appendingPathComponent("slow.har").path
        let bin = try server(delay: delay)
        defer { bin.stop() }
        let url = bin.url("/slow?access_token=EAAGsecretToken0123456789abcdef")
        let error = #expect(throws: CassetteError.self) {
            try Cassette.use(path, mode: .once, inFlightTimeout: inFlightTimeout) { transport in
                // Fire and forget, as a legacy call whose callback the test never waits for.
                transport.base.execute(try PreparedRequest(url: url)) { _ in }
            }
        }
        return (error, path)
    }

    @Test("A body that returns before its answer still records it: use waits for the transfer, then saves")
    func waitsForTheAnswer() throws {
        let (error, path) = try Self.fireAndForget(delay: .milliseconds(300))
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        guard let error, error.code == .recordedNewEntries else {
            Issue.record("expected recordedNewEntries, got \(String(describing: error))")
            return
        }
        #expect(error.count == 1)
        let saved = try Cassette(contentsOf: URL(fileURLWithPath: path), mode: .never)
        #expect(saved.entries.count == 1)
        #expect(saved.entries.first?.request.url.contains("/slow") == true)
    }

    @Test("Requests still in flight after the bound fail the run, named without their secrets; nothing is saved")
    func failsNamingThem() throws {
        let (error, path) = try Self.fireAndForget(delay: .seconds(20), inFlightTimeout: .milliseconds(200))
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        guard let error, error.code == .requestsInFlight, let reported = error.path else {
            Issue.record("expected requestsInFlight, got \(String(describing: error))")
            return
        }
        let requests = error.requests
        #expect(reported == path)
        #expect(requests.count == 1)
        #expect(requests.first?.hasPrefix("GET http://127.0.0.1:") == true, "\(requests)")
        #expect(requests.first?.contains("/slow") == true)
        let text = "\(error)"
        #expect(!text.contains("EAAGsecretToken"), "\(text)")
        #expect(text.contains("<TOKEN-1>"))
        #expect(!FileManager.default.fileExists(atPath: path), "nothing may be saved while a request is in flight")
    }

    @Test("The async form waits without blocking a thread, and fails the same way")
    func asyncForm() async throws {
        let directory = try CassetteTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let bin = try Self.server(delay: .milliseconds(300))
        defer { bin.stop() }
        let recordedPath = directory.appendingPathComponent("async.har").path
        await #expect(throws: CassetteError.self) {
            try await Cassette.use(recordedPath, mode: .once) { transport in
                transport.base.execute(try PreparedRequest(url: bin.url("/slow"))) { _ in }
                await Task.yield()  // an async body: the async form
            }
        }
        #expect(try Cassette(contentsOf: URL(fileURLWithPath: recordedPath), mode: .never).entries.count == 1)

        let stuck = try Self.server(delay: .seconds(20))
        defer { stuck.stop() }
        let stuckPath = directory.appendingPathComponent("stuck.har").path
        do {
            try await Cassette.use(stuckPath, mode: .once, inFlightTimeout: .milliseconds(200)) { transport in
                transport.base.execute(try PreparedRequest(url: stuck.url("/slow"))) { _ in }
                await Task.yield()
            }
            Issue.record("use returned while a request was in flight")
        } catch let error as CassetteError where error.code == .requestsInFlight {
            #expect(error.requests.count == 1)
        }
        #expect(!FileManager.default.fileExists(atPath: stuckPath))
    }

    @Test("Strict replay: answered requests are done before use returns; nothing waits")
    func replayIsNotInFlight() throws {
        let cassette = Cassette(
            archive: HARArchive(entries: [
                CassetteTests.entry(
                    "GET", "https://graph.facebook.com/me", body: Data("{}".utf8), mime: "application/json")
            ]))
        let transport = CassetteTransport(cassette: cassette)
        let done = DispatchSemaphore(value: 0)
        transport.execute(try PreparedRequest(url: "https://graph.facebook.com/me")) { _ in done.signal() }
        #expect(done.wait(scaledSeconds: 10))
        #expect(cassette.inFlight.waitUntilIdle(timeout: .seconds(10).scaledForTests) == [])
        #expect(cassette.inFlight.names == [])
    }
}
