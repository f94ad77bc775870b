import FacebookGraph
import FacebookGraphReplay
import FacebookGraphTestSupport
import FacebookGraphTestTraits
import Foundation
import Testing

@testable import FacebookSDK

/// The threading contract of `Facebook`'s `async` overloads (README, "Threads"): the object's state is
/// touched only on its callback queue, whatever the awaiting task runs on, and the code after `await`
/// continues on the caller's actor.
@Suite("Facebook's async overloads keep to the callback queue", .onOwnThread)
struct LegacyAsyncThreadingTests {
    /// Where each request the funnel started was handed to the transport: the funnel (the caller's
    /// parameters, the session's token, the request table, the token extension) runs just before, on
    /// the same thread.
    final class StartLog: Sendable {
        struct Start: Sendable {
            var path: String
            var onMainQueue: Bool
            var onFixtureQueue: Bool
        }

        private let starts = LockedValue<[Start]>([])

        /// A transport recording each start, then sending it with the engine.
        func transport() -> GraphTransport {
            GraphTransport(
                RecordingTransport { [self] request in
                    let start = Start(
                        path: URL(string: request.url)?.path ?? request.url,
                        onMainQueue: LegacyAsyncThreadingTests.onMainQueue(),
                        onFixtureQueue: DispatchQueue.getSpecific(key: LegacyFixture.queueKey) == "legacy.callbacks")
                    starts.withLock { $0.append(start) }
                })
        }

        var all: [Start] { starts.withLock { $0 } }
    }

    static let me = #"{"id":"4","name":"Mark","first_name":"Mark"}"#

    /// A logged-in fixture on its private serial queue whose requests are started through `log`.
    static func fixture(
        routes: [String: LoopbackHTTPServer.Handler] = ["/me": LegacyFixture.answer(me)], log: StartLog
    ) throws -> LegacyFixture {
        let fixture = try LegacyFixture(routes: routes)
        fixture.login()
        fixture.facebook.transport = log.transport()
        return fixture
    }

    /// True on the main queue (where the main actor's jobs and a main-queue object's callbacks run).
    static func onMainQueue() -> Bool {
        DispatchQueue.getSpecific(key: LegacyFixture.mainQueueKey) == "main"
    }

    @Test("A @MainActor caller of a Facebook delivering on the main queue runs on main throughout")
    @MainActor
    func mainActorCallerOnMainQueue() async throws {
        let bin = try HTTPBin(extraRoutes: [
            "/me": LegacyFixture.answer(Self.me),
            "/method/users.getInfo": LegacyFixture.answer(#"[{"uid":4}]"#),
        ])
        defer { bin.stop() }
        let log = StartLog()
        let facebook = Facebook(appId: "123", andDelegate: nil)
        facebook.callbackQueue = .main
        facebook.graphBaseURL = bin.url("/")
        facebook.restBaseURL = bin.url("/method/")
        facebook.transport = log.transport()
        facebook.accessToken = "TOKEN-1"
        facebook.expirationDate = Date(timeIntervalSinceNow: 3600)
        facebook.lastAccessTokenUpdate = Date()
        // Main-actor state the caller passes in, as a view controller would.
        let params = NSMutableDictionary()
        #expect(Self.onMainQueue(), "a @MainActor test starts on the main queue; isMainThread: \(Thread.isMainThread)")

        let response = try await facebook.request(withGraphPath: "me", params: params, method: "GET")
        #expect(Self.onMainQueue(), "resumed off the main queue after the Graph call")
        let user = try await facebook.request(withGraphPath: "me", params: params, method: "GET", as: GraphUser.self)
        #expect(Self.onMainQueue(), "resumed off the main queue after the typed call")
        let rows = try await facebook.request(
            withMethodName: "users.getInfo", andParams: NSMutableDictionary(dictionary: ["uids": "4"]),
            andHttpMethod: "GET")
        #expect(Self.onMainQueue(), "resumed off the main queue after the REST call")

        #expect(response.status == 200)
        #expect(user.firstName == "Mark")
        #expect(rows.status == 200)
        #expect(params["format"] as? String == "json", "the funnel fills the caller's own dictionary, as v2's did")
        let starts = log.all
        #expect(starts.map(\.path) == ["/me", "/me", "/method/users.getInfo"])
        #expect(starts.allSatisfy { $0.onMainQueue }, "\(starts)")
    }

    @Test("Callers on the cooperative pool start their requests on the private serial callback queue")
    func poolCallersOnPrivateQueue() async throws {
        let log = StartLog()
        let fixture = try Self.fixture(log: log)
        defer { fixture.stop() }
        let facebook = fixture.facebook
        let callers = 8
        let users = try await withThrowingTaskGroup(of: GraphUser.self) { group in
            for _ in 0..<callers {
                group.addTask {
                    try await facebook.request(
                        withGraphPath: "me", params: NSMutableDictionary(), method: "GET", as: GraphUser.self)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(users.count == callers)
        #expect(users.allSatisfy { $0.name == "Mark" })
        let starts = log.all
        #expect(starts.count == callers)
        #expect(starts.allSatisfy { $0.onFixtureQueue }, "\(starts)")
        #expect(eventually { facebook.requestsInFlight == 0 })
    }

    @Test("The token extension an async call triggers runs on the callback queue too")
    func extensionOnCallbackQueue() async throws {
        let log = StartLog()
        let fixture = try Self.fixture(
            routes: [
                "/me": LegacyFixture.answer(Self.me),
                "/method/auth.extendSSOAccessToken": LegacyFixture.answer(
                    #"{"access_token":"TOKEN-2","expires_at":\#(Int(Date().timeIntervalSince1970) + 7200)}"#),
            ], log: log)
        defer { fixture.stop() }
        // Due for extension: v2's rule extends a token last refreshed more than a day ago.
        fixture.facebook.lastAccessTokenUpdate = .distantPast
        let response = try await fixture.facebook.request(
            withGraphPath: "me", params: NSMutableDictionary(), method: "GET")
        #expect(response.status == 200)
        #expect(eventually { log.all.count == 2 })
        let starts = log.all
        #expect(Set(starts.map(\.path)) == ["/me", "/method/auth.extendSSOAccessToken"])
        #expect(starts.allSatisfy { $0.onFixtureQueue }, "\(starts)")
    }

    @Test("A task cancelled before it calls still starts nothing off the queue and throws a cancellation")
    func cancelledBeforeTheCall() async throws {
        let log = StartLog()
        let fixture = try Self.fixture(log: log)
        defer { fixture.stop() }
        let facebook = fixture.facebook
        let started = AsyncEvent()
        let task = Task(executorPreference: OwnThreadExecutor.shared) {
            _ = await started.wait()
            return try await facebook.request(withGraphPath: "me", params: NSMutableDictionary(), method: "GET")
        }
        task.cancel()
        started.signal()
        let result = await task.result
        guard case .failure(let error as GraphError) = result else {
            Issue.record("expected a cancellation, got \(result)")
            return
        }
        #expect(error.isCancellation)
        #expect(log.all.allSatisfy { $0.onFixtureQueue }, "\(log.all)")
        #expect(eventually { facebook.requestsInFlight == 0 })
    }
}
