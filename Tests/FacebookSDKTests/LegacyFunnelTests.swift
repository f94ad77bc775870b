import FacebookGraph
import FacebookGraphTestSupport
import FacebookGraphTestTraits
import Foundation
import Testing

@testable import FacebookSDK

/// Issue 25: every legacy style is an adapter on `GraphClient`'s one execute path. A counting
/// transport (``RecordingTransport``: counts, then sends to the loopback server over the engine)
/// and the client's own `.sent` events must agree, call for call: a transfer the client did not
/// send would show as a transport request without its event.
@Suite("The legacy APIs send through GraphClient's one execute path", .onOwnThread)
struct LegacyFunnelTests {
    /// Counts the client's `.sent` events.
    final class SentEvents: @unchecked Sendable {
        private let lock = NSLock()
        private var sent = 0

        var count: Int { lock.withLock { sent } }

        var handler: @Sendable (GraphEvent) -> Void {
            { [self] event in
                if case .sent = event.kind { lock.withLock { sent += 1 } }
            }
        }
    }

    static let me = #"{"id":"4","name":"Mark"}"#

    @Test("A delegate, a block, a Result, an async and a v3.1 call each pass through GraphClient.execute once")
    func everyStyleThroughTheClient() async throws {
        let fixture = try LegacyFixture(routes: ["/me": LegacyFixture.answer(Self.me)])
        defer { fixture.stop() }
        fixture.login()
        let transport = RecordingTransport()
        let events = SentEvents()
        fixture.facebook.transport = GraphTransport(transport)
        fixture.facebook.eventHandler = events.handler

        let recorder = Recorder()
        fixture.facebook.request(withGraphPath: "me", andDelegate: recorder)
        #expect(recorder.waitForTerminal())
        #expect(recorder.names == ["loading", "didReceive", "didLoadRaw", "didLoad"])
        #expect(transport.requests.count == 1)
        #expect(events.count == 1)

        let block = AsyncEvent()
        fixture.facebook.request(withGraphPath: "me", params: NSMutableDictionary(), method: "GET") { _, result, _ in
            if (result as? NSDictionary)?["id"] as? String == "4" { block.signal() }
        }
        #expect(await block.wait())
        #expect(transport.requests.count == 2)
        #expect(events.count == 2)

        let result = AsyncEvent()
        fixture.facebook.request(withGraphPath: "me", params: NSMutableDictionary(), method: "GET") {
            (outcome: Result<GraphResponse, GraphError>) in
            if (try? outcome.get())?.status == 200 { result.signal() }
        }
        #expect(await result.wait())
        #expect(transport.requests.count == 3)
        #expect(events.count == 3)

        let awaited = try await fixture.facebook.request(
            withGraphPath: "me", params: NSMutableDictionary(), method: "GET")
        #expect(awaited.body == Data(Self.me.utf8))
        #expect(transport.requests.count == 4)
        #expect(events.count == 4)

        let session = FBSession(accessToken: "TOKEN-1", expirationDate: .distantFuture)
        session.graphBaseURL = fixture.bin.url("/")
        session.transport = GraphTransport(transport)
        session.eventHandler = events.handler
        let v31 = AsyncEvent()
        FBRequest(session: session, graphPath: "me").start { _, result, error in
            if error == nil, (result as? NSDictionary)?["id"] as? String == "4" { v31.signal() }
        }
        #expect(await v31.wait())
        #expect(transport.requests.count == 5)
        #expect(events.count == 5)
    }

    @Test(
        "One token rule, one integer reader: a Graph code past Int32 that truncates to 190 expires no session, on the delegate, block and Result paths alike",
        arguments: [LegacyFunnelStyle.delegate, .block, .result])
    func truncatedCodeIsNoTokenError(_ style: LegacyFunnelStyle) async throws {
        // 4294967486 is 2^32 + 190: Objective-C's intValue (Int32) reads it as 190.
        let body = #"{"error":{"message":"Not a token error","type":"OAuthException","code":4294967486}}"#
        let fixture = try LegacyFixture(routes: ["/me": LegacyFixture.answer(body, status: 400)])
        defer { fixture.stop() }
        fixture.login()
        fixture.facebook.invalidatesSessionOnGraphTokenErrors = true
        let request = try #require(await style.send(fixture))
        #expect(fixture.barrier())
        #expect(fixture.onQueue { request.sessionDidExpire } == false)
        #expect(!fixture.session.names.contains("fbSessionInvalidated"))
        #expect(fixture.onQueue { fixture.facebook.accessToken } == "TOKEN-1")
    }

    @Test(
        "One token rule: a Graph 2500 named only in the message's (#2500) expires the session on the delegate, block and Result paths alike",
        arguments: [LegacyFunnelStyle.delegate, .block, .result])
    func codeInMessageIsATokenError(_ style: LegacyFunnelStyle) async throws {
        let body = #"{"error":{"message":"(#2500) An active access token must be used","type":"OAuthException"}}"#
        let fixture = try LegacyFixture(routes: ["/me": LegacyFixture.answer(body, status: 400)])
        defer { fixture.stop() }
        fixture.login()
        fixture.facebook.invalidatesSessionOnGraphTokenErrors = true
        _ = try #require(await style.send(fixture))
        #expect(eventually { fixture.session.names.contains("fbSessionInvalidated") })
        #expect(fixture.onQueue { fixture.facebook.accessToken } == nil)
    }

    @Test("The parameters Facebook stores into an empty dictionary are what LegacyRequestBody reads back from it")
    func fastPathMatchesTheDictionary() {
        for token in [nil, "TOKEN-1"] as [String?] {
            let entries = OpenURLStrings.storedEntries(token: token.map { (text: $0, object: $0 as NSString) })
            let params = NSMutableDictionary()
            for entry in entries { params.setObject(entry.object, forKey: entry.key) }
            let read = LegacyRequestBody.values(of: params).map { pair -> String in
                guard case .text(let text) = pair.value else { return "\(pair.key)=<file>" }
                return "\(pair.key)=\(text)"
            }
            let fast = LegacyRequestBody.values(stored: entries).map { pair -> String in
                guard case .text(let text) = pair.value else { return "\(pair.key)=<file>" }
                return "\(pair.key)=\(text)"
            }
            #expect(fast == read)
        }
    }
}

/// The legacy style a ``LegacyFunnelTests`` case sends `GET me` with.
enum LegacyFunnelStyle: String, CustomStringConvertible, Sendable {
    case delegate, block, result

    var description: String { rawValue }

    /// Sends `GET me` on `fixture`'s object in this style and returns the request once its terminal
    /// callback has run, or nil when it did not arrive in time.
    func send(_ fixture: LegacyFixture) async -> FBRequest? {
        let done = AsyncEvent()
        let request: FBRequest?
        switch self {
        case .delegate:
            let recorder = Recorder()
            request = fixture.facebook.request(withGraphPath: "me", andDelegate: recorder)
            guard recorder.waitForTerminal() else { return nil }
            done.signal()
        case .block:
            request = fixture.facebook.request(withGraphPath: "me", params: NSMutableDictionary(), method: "GET") {
                _, _, _ in done.signal()
            }
        case .result:
            request = fixture.facebook.request(withGraphPath: "me", params: NSMutableDictionary(), method: "GET") {
                (_: Result<GraphResponse, GraphError>) in done.signal()
            }
        }
        return await done.wait() ? request : nil
    }
}
