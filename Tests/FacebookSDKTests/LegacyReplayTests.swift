import FacebookGraph
import FacebookGraphReplay
import FacebookGraphTestSupport
import FacebookGraphTestTraits
import Foundation
import Testing

@testable import FacebookSDK

/// Legacy code, unchanged, tested offline against recorded responses: record once through the
/// legacy object, then replay with the server gone.
@Suite("Legacy code over a cassette", .onOwnThread)
struct LegacyReplayTests {
    @Test("Record the legacy calls once, replay them offline: same results, same errors, same invalidation")
    func recordAndReplay() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("legacy-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("legacy.har").path
        let routes: [String: LoopbackHTTPServer.Handler] = [
            "/me": LegacyFixture.answer(#"{"id":"4","name":"Mark"}"#),
            "/method/users.getInfo": LegacyFixture.answer(
                #"{"error_code":190,"error_msg":"Invalid OAuth 2.0 Access Token"}"#),
        ]

        /// Runs the same legacy flow against whatever transport the cassette gives.
        func run(_ fixture: LegacyFixture, transport: GraphTransport) -> (Recorder, Recorder, [String]) {
            fixture.facebook.transport = transport
            fixture.login(token: "EAAGrealToken0123456789abcdef")
            let me = Recorder()
            let rest = Recorder()
            fixture.facebook.request(withGraphPath: "me", andDelegate: me)
            #expect(me.waitForTerminal())
            fixture.facebook.request(
                withMethodName: "users.getInfo", andParams: NSMutableDictionary(), andHttpMethod: "GET",
                andDelegate: rest)
            #expect(rest.waitForTerminal())
            _ = eventually { fixture.session.names.contains("fbSessionInvalidated") }
            return (me, rest, fixture.session.names)
        }

        // Record.
        let live = try LegacyFixture(routes: routes)
        #expect(throws: CassetteError.self) {
            try Cassette.use(path, mode: .once) { transport in
                let (me, rest, session) = run(live, transport: transport)
                #expect((me.result as? [String: Any])?["name"] as? String == "Mark")
                #expect(rest.error?.code == 190)
                #expect(session == ["fbSessionInvalidated"])
            }
        }
        let baseURL = live.bin.baseURL
        live.stop()
        let file = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!file.contains("EAAGrealToken"))

        // Replay: the server is gone; the legacy object still points at its (dead) base URL.
        let offline = try LegacyFixture()
        offline.stop()
        offline.facebook.graphBaseURL = baseURL + "/"
        offline.facebook.restBaseURL = baseURL + "/method/"
        try Cassette.use(path, mode: .never) { transport in
            let (me, rest, session) = run(offline, transport: transport)
            #expect(me.names == ["loading", "didReceive", "didLoadRaw", "didLoad"])
            #expect((me.result as? [String: Any])?["name"] as? String == "Mark")
            #expect(rest.error?.domain == facebookErrDomain)
            #expect(rest.error?.code == 190)
            #expect(session == ["fbSessionInvalidated"])
        }
    }

    @Test("A request the cassette cannot answer reaches legacy code as NSURLErrorDomain -1008 with the diff")
    func cassetteMissIsResourceUnavailable() throws {
        // Migration.md lists this error among those legacy code can see; this pins what it says.
        let fixture = try LegacyFixture()
        defer { fixture.stop() }
        fixture.login()
        fixture.facebook.graphBaseURL = "https://graph.facebook.com/"
        try Cassette.use("Tests/Cassettes/me.har", mode: .never) { transport in
            fixture.facebook.transport = transport
            let me = Recorder()
            fixture.facebook.request(
                withGraphPath: "me", andParams: NSMutableDictionary(dictionary: ["fields": "id,email"]), andDelegate: me
            )
            #expect(me.waitForTerminal())
            #expect(me.names == ["loading", "didFail"])
            let error = try #require(me.error)
            #expect(error.domain == NSURLErrorDomain)
            #expect(error.code == -1008)
            #expect(error.code == URLError.resourceUnavailable.rawValue)
            #expect(error.localizedDescription.contains("no recorded entry matches GET"), "\(error)")
            #expect(error.localizedDescription.contains("nearest: entry 0"), "\(error)")
        }
    }
}
