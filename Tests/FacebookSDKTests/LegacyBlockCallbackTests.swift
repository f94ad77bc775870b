import FacebookGraph
import FacebookGraphReplay
import FacebookGraphTestSupport
import FacebookGraphTestTraits
import Foundation
import Synchronization
import Testing

@testable import FacebookSDK

/// Seed 002's block callbacks, with its bugs fixed.
@Suite("Seed 002 block callbacks", .onOwnThread)
struct LegacyBlockCallbackTests {
    /// Collects block invocations.
    final class Calls: @unchecked Sendable {
        private let lock = NSLock()
        private var recorded: [(request: FBRequest?, result: Any?, error: Error?)] = []
        var all: [(request: FBRequest?, result: Any?, error: Error?)] {
            lock.lock()
            defer { lock.unlock() }
            return recorded
        }
        func callback() -> (FBRequest?, Any?, Error?) -> Void {
            { request, result, error in
                self.lock.lock()
                self.recorded.append((request, result, error))
                self.lock.unlock()
            }
        }
    }

    @Test("A Graph call with a block: usesBlockCallback is set, the block gets (request, result, nil) once")
    func graphSuccess() throws {
        let fixture = try LegacyFixture()
        defer { fixture.stop() }
        let calls = Calls()
        let request: FBRequest = fixture.facebook.request(
            withGraphPath: "get",
            params: NSMutableDictionary(dictionary: ["a": "1"]),
            method: "GET",
            callback: calls.callback()
        )
        #expect(request.usesBlockCallback)
        #expect(eventually { calls.all.count == 1 })
        #expect(fixture.barrier())  // a second call of the block would have arrived by now
        #expect(calls.all.count == 1)
        let call = try #require(calls.all.first)
        #expect(call.request === request)
        #expect(call.error == nil)
        #expect(((call.result as? [String: Any])?["args"] as? [String: Any])?["a"] as? String == "1")
    }

    @Test("A REST call with a block gets (request, nil, error) with the delegate's error values")
    func restFailure() throws {
        let fixture = try LegacyFixture(routes: [
            "/method/friends.getAppUsers": LegacyFixture.answer(
                #"{"error_code":102,"error_msg":"Session key invalid"}"#)
        ])
        defer { fixture.stop() }
        let calls = Calls()
        fixture.facebook.request(
            withMethodName: "friends.getAppUsers",
            andParams: NSMutableDictionary(),
            andHttpMethod: "GET",
            callback: calls.callback()
        )
        #expect(eventually { calls.all.count == 1 })
        let error = try #require(calls.all.first?.error as NSError?)
        #expect(calls.all.first?.result == nil)
        #expect(error.domain == facebookErrDomain)
        #expect(error.code == 102)
        #expect(error.userInfo["error_msg"] as? String == "Session key invalid")
    }

    @Test("Seed bug fixed: the block fires exactly once on a network failure")
    func networkFailure() throws {
        let fixture = try LegacyFixture()
        defer { fixture.stop() }
        fixture.facebook.graphBaseURL = "http://127.0.0.1:1/"
        let calls = Calls()
        fixture.facebook.request(
            withGraphPath: "me", params: NSMutableDictionary(), method: "GET", callback: calls.callback())
        #expect(eventually { calls.all.count == 1 })
        #expect(fixture.barrier())  // a second call of the block would have arrived by now
        #expect(calls.all.count == 1)
        #expect((calls.all.first?.error as NSError?)?.domain == NSURLErrorDomain)
    }

    @Test("Seed bug fixed: concurrent block requests never overwrite each other")
    func concurrent() throws {
        let fixture = try LegacyFixture()
        defer { fixture.stop() }
        let calls = Calls()
        var requests: [FBRequest] = []
        for index in 0..<20 {
            requests.append(
                fixture.facebook.request(
                    withGraphPath: "get",
                    params: NSMutableDictionary(dictionary: ["i": "\(index)"]),
                    method: "GET",
                    callback: calls.callback()
                )
            )
        }
        #expect(eventually(seconds: 20) { calls.all.count == 20 })
        for call in calls.all {
            let index = Int(((call.result as? [String: Any])?["args"] as? [String: Any])?["i"] as? String ?? "") ?? -1
            #expect(call.request === requests[index])
        }
    }

    @Test(
        "FBRequest.getWithParams(_:httpMethod:callback:requestURL:) builds an unstarted request that connect() starts")
    func standaloneRequest() throws {
        let bin = try HTTPBin()
        defer { bin.stop() }
        let calls = Calls()
        let request: FBRequest = FBRequest.getWithParams(
            NSMutableDictionary(dictionary: ["x": "y"]),
            httpMethod: "GET",
            callback: calls.callback(),
            requestURL: bin.url("/get")
        )
        #expect(request.usesBlockCallback)
        #expect(request.state == FBRequestState(kFBRequestStateReady))
        #expect(!request.loading())
        let queue = DispatchQueue(label: "standalone")
        request.callbackQueue = queue
        request.connect()
        #expect(eventually { calls.all.count == 1 })
        #expect(((calls.all.first?.result as? [String: Any])?["args"] as? [String: Any])?["x"] as? String == "y")
    }
}
