import FacebookGraph
import FacebookGraphReplay
import FacebookGraphTestSupport
import FacebookGraphTestTraits
import Foundation
import Testing

@testable import FacebookSDK

/// The migration path's `Result` and `async` overloads on `Facebook`: the same funnel as the delegate
/// and the block, the core's outcome.
@Suite("Facebook's Result and async overloads", .onOwnThread)
struct LegacyModernOverloadTests {
    /// A one-shot box for a Result delivered on the callback queue.
    final class Outcome: @unchecked Sendable {
        let event = AsyncEvent()
        private let lock = NSLock()
        private var stored: Result<GraphResponse, GraphError>?
        private(set) var onCallbackQueue = false
        private(set) var count = 0

        func record(_ result: Result<GraphResponse, GraphError>) {
            lock.lock()
            stored = result
            count += 1
            onCallbackQueue = DispatchQueue.getSpecific(key: LegacyFixture.queueKey) == "legacy.callbacks"
            lock.unlock()
            event.signal()
        }

        var result: Result<GraphResponse, GraphError>? {
            lock.lock()
            defer { lock.unlock() }
            return stored
        }
    }

    static let me = #"{"id":"4","name":"Mark","first_name":"Mark"}"#

    @Test("The Result closure gets the core's response on the callback queue, with the session's token")
    func resultClosure() async throws {
        let fixture = try LegacyFixture(routes: [
            "/me": { request in
                LegacyFixture.answer(request.queryValue("access_token") == "TOKEN-1" ? Self.me : "{}")(request)
            }
        ])
        defer { fixture.stop() }
        fixture.login()
        let outcome = Outcome()
        let request: FBRequest = fixture.facebook.request(
            withGraphPath: "me", params: NSMutableDictionary(), method: "GET"
        ) {
            outcome.record($0)
        }
        #expect(await outcome.event.wait())
        let response = try #require(try outcome.result?.get())
        #expect(outcome.onCallbackQueue)
        #expect(outcome.count == 1)
        #expect(response.status == 200)
        let object = try #require(try response.jsonObject() as? [String: Any])
        #expect(object["name"] as? String == "Mark")
        #expect(try response.decode(GraphUser.self).firstName == "Mark")
        #expect(eventually { fixture.facebook.requestsInFlight == 0 })
        #expect(request.state == FBRequestState(kFBRequestStateComplete))
    }

    @Test("A REST call's Result closure and its async form get the core's response, with the session's token")
    func restResultAndAsync() async throws {
        let rows = #"[{"uid":4,"name":"Mark"}]"#
        let fixture = try LegacyFixture(routes: [
            "/method/users.getInfo": { request in
                LegacyFixture.answer(request.queryValue("access_token") == "TOKEN-1" ? rows : "{}")(request)
            }
        ])
        defer { fixture.stop() }
        fixture.login()
        let outcome = Outcome()
        fixture.facebook.request(
            withMethodName: "users.getInfo", andParams: NSMutableDictionary(dictionary: ["uids": "4"]),
            andHttpMethod: "GET"
        ) {
            outcome.record($0)
        }
        #expect(await outcome.event.wait())
        let response = try #require(try outcome.result?.get())
        #expect(outcome.onCallbackQueue)
        #expect(outcome.count == 1)
        #expect(response.body == Data(rows.utf8))
        let awaited = try await fixture.facebook.request(
            withMethodName: "users.getInfo", andParams: NSMutableDictionary(dictionary: ["uids": "4"]),
            andHttpMethod: "GET")
        #expect(awaited.body == response.body)
        struct Row: Decodable {
            var uid: Int
            var name: String
        }
        #expect(try awaited.decode([Row].self).first?.name == "Mark")
    }

    @Test("async and typed async return what the Result closure gets")
    func asyncForms() async throws {
        let fixture = try LegacyFixture(routes: ["/me": LegacyFixture.answer(Self.me)])
        defer { fixture.stop() }
        fixture.login()
        let response = try await fixture.facebook.request(
            withGraphPath: "me", params: NSMutableDictionary(), method: "GET")
        #expect(String(decoding: response.body, as: UTF8.self) == Self.me)
        let user = try await fixture.facebook.request(
            withGraphPath: "me", params: NSMutableDictionary(), method: "GET", as: GraphUser.self)
        #expect(
            user
                == {
                    var user = GraphUser(id: "4", name: "Mark")
                    user.firstName = "Mark"
                    return user
                }())
        await #expect {
            _ = try await fixture.facebook.request(
                withGraphPath: "me", params: NSMutableDictionary(), method: "GET", as: [GraphUser].self)
        } throws: { ($0 as? GraphError)?.category == .decoding }
    }

    @Test("A REST error 190 fails with the core's error, then invalidates the session, as the block path does")
    func restTokenError() async throws {
        let fixture = try LegacyFixture(routes: [
            "/method/users.getInfo": LegacyFixture.answer(
                #"{"error_code":190,"error_msg":"Invalid OAuth 2.0 Access Token"}"#)
        ])
        defer { fixture.stop() }
        fixture.login()
        await #expect {
            _ = try await fixture.facebook.request(
                withMethodName: "users.getInfo", andParams: NSMutableDictionary(dictionary: ["uids": "4"]),
                andHttpMethod: "GET")
        } throws: { error in
            let error = error as? GraphError
            return error?.code == 190 && error?.category == .tokenInvalid
                && error?.message == "Invalid OAuth 2.0 Access Token"
        }
        #expect(eventually { fixture.session.names.contains("fbSessionInvalidated") })
        #expect(fixture.onQueue { fixture.facebook.accessToken } == nil)
    }

    @Test("A Graph 190 invalidates the session only with the v3.1 switch")
    func graphTokenError() async throws {
        let body = #"{"error":{"message":"expired","type":"OAuthException","code":190,"error_subcode":463}}"#
        let fixture = try LegacyFixture(routes: ["/me": LegacyFixture.answer(body, status: 400)])
        defer { fixture.stop() }
        fixture.login()
        await #expect(throws: GraphError.self) {
            _ = try await fixture.facebook.request(withGraphPath: "me", params: NSMutableDictionary(), method: "GET")
        }
        #expect(eventually { fixture.facebook.requestsInFlight == 0 })
        #expect(fixture.onQueue { fixture.facebook.accessToken } == "TOKEN-1")
        fixture.facebook.invalidatesSessionOnGraphTokenErrors = true
        await #expect {
            _ = try await fixture.facebook.request(withGraphPath: "me", params: NSMutableDictionary(), method: "GET")
        } throws: { ($0 as? GraphError)?.category == .tokenExpired }
        #expect(eventually { fixture.session.names.contains("fbSessionInvalidated") })
    }

    @Test("Cancelling the awaiting task cancels the request and throws a cancellation, once")
    func cancellation() async throws {
        let arrived = AsyncEvent()
        let fixture = try LegacyFixture(routes: [
            "/slow": { _ in
                arrived.signal()
                return .hang
            }
        ])
        defer { fixture.stop() }
        fixture.login()
        let facebook = fixture.facebook
        // The task runs on a thread of its own: on the cooperative pool, blocking suites could delay
        // its start and its resume past the test's bounded waits.
        let task = Task(executorPreference: OwnThreadExecutor.shared) {
            try await facebook.request(withGraphPath: "slow", params: NSMutableDictionary(), method: "GET")
        }
        #expect(await arrived.wait())
        task.cancel()
        let result = await task.result
        guard case .failure(let error as GraphError) = result else {
            Issue.record("expected a GraphError, got \(result)")
            return
        }
        #expect(error.isCancellation)
        #expect(eventually { facebook.requestsInFlight == 0 })
        #expect(fixture.session.names.isEmpty, "a cancelled request never invalidates the session")
    }

    @Test("Migration.md's cancel example: the returned FBRequest's connection.cancel() completes with a cancellation")
    func migrationCancelExampleRuns() async throws {
        let fixture = try LegacyFixture(routes: ["/me": LegacyFixture.answer(Self.me)])
        defer { fixture.stop() }
        fixture.login()
        let outcome = Outcome()
        // Started on the callback queue, as the threading contract asks: no answer can be delivered
        // before the example's cancel runs.
        let request = fixture.onQueue { migrationCancelExample(fixture.facebook) { outcome.record($0) } }
        #expect(request != nil)
        #expect(await outcome.event.wait())
        guard case .failure(let error) = outcome.result else {
            Issue.record("expected a cancellation, got \(String(describing: outcome.result))")
            return
        }
        #expect(error.isCancellation)
        #expect(outcome.onCallbackQueue)
        #expect(outcome.count == 1)
        #expect(eventually { fixture.facebook.requestsInFlight == 0 })
    }

    @Test("A transport failure arrives as a transport GraphError through the Result closure")
    func transportFailure() async throws {
        let fixture = try LegacyFixture()
        defer { fixture.stop() }
        fixture.facebook.graphBaseURL = "http://127.0.0.1:1/"
        let outcome = Outcome()
        fixture.facebook.request(withGraphPath: "me", params: NSMutableDictionary(), method: "GET") {
            outcome.record($0)
        }
        #expect(await outcome.event.wait())
        guard case .failure(let error)? = outcome.result else {
            Issue.record("expected a failure")
            return
        }
        #expect(error.category == .transport)
        #expect(error.transportError?.code == .cannotConnect)
        #expect(outcome.count == 1)
    }

    @Test("Migration.md's steps 2 and 3 compile and run as written")
    func migrationExamples() async throws {
        let fixture = try LegacyFixture(routes: ["/me": LegacyFixture.answer(Self.me)])
        defer { fixture.stop() }
        fixture.login()
        let facebook = fixture.facebook
        let printed = Outcome()
        // Step 2, as in Migration.md (with `print` recording the outcome).
        facebook.request(withGraphPath: "me", params: NSMutableDictionary(), method: "GET") { result in
            switch result {
            case .success(let response): print((try? response.jsonObject()) ?? "")
            case .failure(let error) where error.category == .tokenExpired: print("log in again")
            case .failure(let error): print(error)
            }
            printed.record(result)
        }
        #expect(await printed.event.wait())
        #expect(try printed.result?.get().status == 200)
        // Step 3, as in Migration.md (MigrationExamples.swift holds it verbatim).
        let (response, me) = try await migrationAsyncExample(facebook)
        #expect(response.status == 200)
        #expect(me.id == "4")
    }
}
