import FacebookGraph
import FacebookGraphReplay
import FacebookGraphTestSupport
import FacebookGraphTestTraits
import Foundation
import Testing

@testable import FacebookSDK

/// When and where callbacks arrive (legacy-sdk-facts §2.3; issue: delivery).
@Suite("Legacy delivery: order, queue, cancel, lifetime", .onOwnThread)
struct LegacyDeliveryTests {
    @Test("Order: requestLoading inside the call, then didReceive, didLoadRawResponse, didLoad on the callback queue")
    func order() throws {
        let fixture = try LegacyFixture()
        defer { fixture.stop() }
        let recorder = Recorder()
        // Start the request on the callback queue itself: nothing but requestLoading may arrive
        // before the call returns.
        let (request, namesAtReturn): (FBRequest, [String]) = fixture.onQueue {
            let request: FBRequest = fixture.facebook.request(withGraphPath: "get", andDelegate: recorder)
            // Give a misbehaving implementation its chance to deliver early: the server has
            // answered, and a later request over the same engine has completed.
            #expect(eventually { fixture.bin.server.requestsServed >= 1 })
            #expect(fixture.barrierOnAnotherQueue())
            return (request, recorder.names)
        }
        #expect(namesAtReturn == ["loading"])
        #expect(recorder.waitForTerminal())
        #expect(recorder.names == ["loading", "didReceive", "didLoadRaw", "didLoad"])
        let queued = recorder.events.dropFirst()
        #expect(queued.allSatisfy { $0.onCallbackQueue })
        #expect(recorder.events.allSatisfy { $0.request === request }, "every callback gets the object returned")
        #expect(fixture.onQueue { request.state } == FBRequestState(kFBRequestStateComplete))
        #expect(fixture.onQueue { request.loading() } == false)
        #expect(fixture.onQueue { request.responseText } == nil)
        #expect(fixture.onQueue { request.connection } == nil)
    }

    /// What a delegate does to `request.params` in `requestLoading`.
    enum ParameterEdit: String, CaseIterable, Sendable {
        /// The token replaced by another string: same count, another value.
        case replaceToken
        /// `format` replaced by an equal string in a new object: the same request goes out.
        case equalNewObject
        /// `sdk` removed and `fields` added: same count, another key.
        case swapKey
        /// Nothing touched.
        case none
    }

    @Test(
        "requestLoading may change the parameters (v2 sends what params holds after it): every change reaches the server",
        arguments: ParameterEdit.allCases)
    func requestLoadingChangesParameters(edit: ParameterEdit) throws {
        let fixture = try LegacyFixture()
        defer { fixture.stop() }
        fixture.login(token: "TOKEN-1")
        final class Editor: NSObject, FBRequestDelegate, @unchecked Sendable {
            let edit: ParameterEdit
            var result: Any?
            let done = DispatchSemaphore(value: 0)
            init(_ edit: ParameterEdit) { self.edit = edit }
            func requestLoading(_ request: FBRequest!) {
                switch edit {
                case .replaceToken: request.params.setObject("TOKEN-2", forKey: "access_token" as NSString)
                case .equalNewObject:
                    request.params.setObject(NSString(string: "js" + "on"), forKey: "format" as NSString)
                case .swapKey:
                    request.params.removeObject(forKey: "sdk")
                    request.params.setObject("id", forKey: "fields" as NSString)
                case .none: break
                }
            }
            func request(_ request: FBRequest!, didLoad result: Any!) {
                self.result = result
                done.signal()
            }
            func request(_ request: FBRequest!, didFailWithError error: Error!) { done.signal() }
        }
        let editor = Editor(edit)
        fixture.facebook.request(withGraphPath: "get", andDelegate: editor)
        #expect(editor.done.wait(scaledSeconds: 10))
        let args = try #require((editor.result as? [String: Any])?["args"] as? [String: Any])
        #expect(args["access_token"] as? String == (edit == .replaceToken ? "TOKEN-2" : "TOKEN-1"))
        #expect(args["format"] as? String == "json")
        #expect(args["sdk"] as? String == (edit == .swapKey ? nil : "ios"))
        #expect(args["fields"] as? String == (edit == .swapKey ? "id" : nil))
        #expect(args["sdk_version"] as? String == "2")
        #expect(args.count == 4)
    }

    @Test("A caller's edits of its params after the call change neither that request nor the next one")
    func parameterEditsStayWithTheirRequest() throws {
        let fixture = try LegacyFixture()
        defer { fixture.stop() }
        fixture.login(token: "TOKEN-1")
        let params = NSMutableDictionary()
        let first = Recorder()
        fixture.facebook.request(withGraphPath: "get", andParams: params, andDelegate: first)
        // The call has built its request: what the caller does to its dictionary now is its own.
        #expect(params.count == 4, "v2 stored its entries into the caller's dictionary")
        params.setObject("xml", forKey: "format" as NSString)
        params.setObject("id", forKey: "fields" as NSString)
        params.removeObject(forKey: "access_token")
        #expect(first.waitForTerminal())
        // A later request with the same token starts from what Facebook stores, not the edits.
        let second = Recorder()
        fixture.facebook.request(withGraphPath: "get", andParams: NSMutableDictionary(), andDelegate: second)
        #expect(second.waitForTerminal())
        for recorder in [first, second] {
            let result = recorder.events.first { $0.name == "didLoad" }?.value
            let args = try #require((result as? [String: Any])?["args"] as? [String: Any])
            #expect(args["access_token"] as? String == "TOKEN-1")
            #expect(args["format"] as? String == "json")
            #expect(args["sdk"] as? String == "ios")
            #expect(args["sdk_version"] as? String == "2")
            #expect(args.count == 4, "\(args)")
        }
    }

    @Test(
        "didReceive gets an HTTPURLResponse with the status; responseText holds the body during the terminal callback")
    func responseAndBody() throws {
        let fixture = try LegacyFixture()
        defer { fixture.stop() }
        final class BodyWatcher: NSObject, FBRequestDelegate, @unchecked Sendable {
            var status = 0
            var textDuringLoad: Data?
            let done = DispatchSemaphore(value: 0)
            func request(_ request: FBRequest!, didReceive response: URLResponse!) {
                status = (response as? HTTPURLResponse)?.statusCode ?? -1
            }
            func request(_ request: FBRequest!, didLoad result: Any!) {
                textDuringLoad = request.responseText.map { Data(referencing: $0) }
                done.signal()
            }
        }
        let watcher = BodyWatcher()
        fixture.facebook.request(withGraphPath: "status/201", andDelegate: watcher)
        #expect(watcher.done.wait(scaledSeconds: 10))
        #expect(watcher.status == 201)
        #expect(watcher.textDuringLoad == Data(#"{"status":201}"#.utf8))
    }

    @Test(
        "responseText is one object per response: repeated reads in the callbacks get the same object, edits included")
    func responseTextIsOneObjectPerResponse() throws {
        let fixture = try LegacyFixture()
        defer { fixture.stop() }
        final class TextReader: NSObject, FBRequestDelegate, @unchecked Sendable {
            var sameObject = false
            var firstText: Data?
            var textAfterEdit: Data?
            var textInDidLoad: Data?
            let done = DispatchSemaphore(value: 0)
            func request(_ request: FBRequest!, didLoadRawResponse data: Data!) {
                let first = request.responseText
                let second = request.responseText
                sameObject = first != nil && first === second
                firstText = first.map { Data(referencing: $0) }
                first?.append(Data("!".utf8))
                textAfterEdit = request.responseText.map { Data(referencing: $0) }
            }
            func request(_ request: FBRequest!, didLoad result: Any!) {
                textInDidLoad = request.responseText.map { Data(referencing: $0) }
                done.signal()
            }
            func request(_ request: FBRequest!, didFailWithError error: Error!) { done.signal() }
        }
        let reader = TextReader()
        let request: FBRequest = fixture.facebook.request(withGraphPath: "status/201", andDelegate: reader)
        #expect(reader.done.wait(scaledSeconds: 10))
        let body = Data(#"{"status":201}"#.utf8)
        #expect(reader.sameObject)
        #expect(reader.firstText == body)
        #expect(reader.textAfterEdit == body + Data("!".utf8))
        #expect(reader.textInDidLoad == body + Data("!".utf8), "the object read earlier is the one didLoad sees")
        #expect(eventually { fixture.onQueue { request.state } == FBRequestState(kFBRequestStateComplete) })
        #expect(fixture.onQueue { request.responseText } == nil)
    }

    @Test("The state is Loading while in flight")
    func loadingState() throws {
        // Held until the checks are made: an answer after a fixed delay may come first on a loaded machine.
        let held = HeldRoute()
        let fixture = try LegacyFixture(routes: ["/slowly": held.handler])
        defer { fixture.stop() }
        let recorder = Recorder()
        let request: FBRequest = fixture.onQueue {
            fixture.facebook.request(withGraphPath: "slowly", andDelegate: recorder)
        }
        #expect(fixture.onQueue { request.state } == FBRequestState(kFBRequestStateLoading))
        #expect(fixture.onQueue { request.loading() })
        #expect(fixture.onQueue { request.connection != nil })
        #expect(fixture.facebook.requestsInFlight == 1)
        held.release()
        #expect(recorder.waitForTerminal())
        #expect(eventually { fixture.facebook.requestsInFlight == 0 })
    }

    @Test("By default callbacks arrive on the main queue")
    @MainActor
    func mainQueueByDefault() async throws {
        let bin = try HTTPBin()
        defer { bin.stop() }
        let facebook = Facebook(appId: "1", andDelegate: nil)
        facebook.graphBaseURL = bin.url("/")
        _ = LegacyFixture.mainQueueKey
        let recorder = Recorder()
        facebook.request(withGraphPath: "get", andDelegate: recorder)
        let deadline = ContinuousClock.now + .seconds(10).scaledForTests
        while recorder.events.count < 4, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(25))
        }
        #expect(recorder.names == ["loading", "didReceive", "didLoadRaw", "didLoad"])
        #expect(
            recorder.events.dropFirst().allSatisfy { $0.onMainQueue },
            "\(recorder.events.map { "\($0.name):\($0.onMainQueue)" })")
    }

    @Test("Nothing is delivered after connection.cancel()")
    func cancel() throws {
        let held = HeldRoute()
        let fixture = try LegacyFixture(routes: ["/hold": held.handler])
        defer { fixture.stop() }
        let recorder = Recorder()
        let request: FBRequest = fixture.facebook.request(withGraphPath: "hold", andDelegate: recorder)
        #expect(eventually { held.hasArrived })
        fixture.onQueue { request.connection.cancel() }
        // The answer comes after the cancel; once the server gave it and a later request on the same
        // queue completed, anything it could cause has been delivered.
        #expect(held.releaseAndWaitUntilAnswered())
        #expect(fixture.barrier())
        #expect(recorder.names == ["loading"])
        #expect(fixture.onQueue { request.state } == FBRequestState(kFBRequestStateComplete))
        #expect(eventually { fixture.facebook.requestsInFlight == 0 })
    }

    @Test("Nothing is delivered after delegate = nil")
    func delegateNil() throws {
        let held = HeldRoute()
        let fixture = try LegacyFixture(routes: ["/hold": held.handler])
        defer { fixture.stop() }
        let recorder = Recorder()
        let request: FBRequest = fixture.facebook.request(withGraphPath: "hold", andDelegate: recorder)
        fixture.onQueue { request.delegate = nil }
        held.release()
        #expect(eventually { fixture.onQueue { request.state } == FBRequestState(kFBRequestStateComplete) })
        #expect(recorder.names == ["loading"])
    }

    @Test("Deviation: the delegate is held until the terminal callback, then released")
    func delegateLifetime() throws {
        let held = HeldRoute()
        let fixture = try LegacyFixture(routes: ["/hold": held.handler])
        defer { fixture.stop() }
        weak var weakRecorder: Recorder?
        var request: FBRequest?
        do {
            let recorder = Recorder()
            weakRecorder = recorder
            request = fixture.facebook.request(withGraphPath: "hold", andDelegate: recorder)
        }
        #expect(weakRecorder != nil, "an inline delegate must survive until its callbacks")
        held.release()
        #expect(eventually { fixture.onQueue { request?.state } == FBRequestState(kFBRequestStateComplete) })
        fixture.onQueue {}
        #expect(weakRecorder == nil, "the delegate is released after the terminal callback")
    }

    @Test("The Facebook object keeps a request alive until it completes")
    func facebookKeepsRequestAlive() throws {
        let held = HeldRoute()
        let fixture = try LegacyFixture(routes: ["/hold": held.handler])
        defer { fixture.stop() }
        let recorder = Recorder()
        weak var weakRequest: FBRequest?
        do {
            weakRequest = fixture.facebook.request(withGraphPath: "hold", andDelegate: recorder)
        }
        #expect(weakRequest != nil)
        held.release()
        #expect(recorder.waitForTerminal())
        #expect(recorder.events.last?.request != nil)
    }

    @Test("50 requests in flight: each called back once, on its own request object")
    func fiftyInFlight() throws {
        let fixture = try LegacyFixture()
        defer { fixture.stop() }
        let recorder = Recorder()
        var requests: [Int: FBRequest] = [:]
        for index in 0..<50 {
            requests[index] = fixture.facebook.request(
                withGraphPath: "get",
                andParams: NSMutableDictionary(dictionary: ["i": "\(index)"]),
                andDelegate: recorder
            )
        }
        #expect(fixture.facebook.requestsInFlight <= 50)
        #expect(recorder.waitForTerminal(50, seconds: 30))
        #expect(fixture.barrier())  // a 51st callback would have been delivered by now
        let terminal = recorder.events.filter { $0.name == "didLoad" || $0.name == "didFail" }
        #expect(terminal.count == 50)
        for event in terminal {
            let index = ((event.value as? [String: Any])?["args"] as? [String: Any])?["i"] as? String
            let request = try #require(requests[Int(index ?? "") ?? -1])
            #expect(event.request === request)
        }
        #expect(Set(terminal.compactMap { $0.request.map(ObjectIdentifier.init) }).count == 50)
        #expect(eventually { fixture.facebook.requestsInFlight == 0 })
    }

    @Test(
        """
        A transport failure reaches didFailWithError as NSURLErrorDomain; request.error stays nil, as in v2 \
        (a base URL without its final / makes a bad URL: v2 appends the path verbatim, as Migration.md says)
        """,
        arguments: [
            ("http://127.0.0.1:1/", URLError.Code.cannotConnectToHost),
            ("http://127.0.0.1:1", URLError.Code.badURL),
        ]
    )
    func transportFailure(baseURL: String, code: URLError.Code) throws {
        let fixture = try LegacyFixture()
        defer { fixture.stop() }
        fixture.facebook.graphBaseURL = baseURL
        let recorder = Recorder()
        let request: FBRequest = fixture.facebook.request(withGraphPath: "me", andDelegate: recorder)
        #expect(recorder.waitForTerminal())
        #expect(recorder.names == ["loading", "didFail"])
        let error = try #require(recorder.error)
        #expect(error.domain == NSURLErrorDomain)
        #expect(error.code == code.rawValue)
        #expect(fixture.onQueue { request.error } == nil)
    }

    @Test(
        "A token bound for plain http to a real host fails before any connection, with the token kept out of the error")
    func insecureToken() throws {
        let fixture = try LegacyFixture()
        defer { fixture.stop() }
        fixture.login(token: "EAABsecret")
        fixture.facebook.graphBaseURL = "http://graph.example.invalid/"
        let recorder = Recorder()
        fixture.facebook.request(withGraphPath: "me", andDelegate: recorder)
        #expect(recorder.waitForTerminal())
        let error = try #require(recorder.error)
        #expect(error.domain == NSURLErrorDomain)
        #expect(error.code == URLError.Code.appTransportSecurityRequiresSecureConnection.rawValue)
        #expect(!"\(error)".contains("EAABsecret"))
    }
}
