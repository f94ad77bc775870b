import FacebookGraph
import FacebookGraphReplay
import FacebookGraphTestSupport
import Foundation
import FoundationNetworking

@testable import FacebookSDK

/// A `Facebook` object wired to a loopback HTTPBin, delivering on a private queue.
final class LegacyFixture: @unchecked Sendable {
    static let queueKey = DispatchSpecificKey<String>()
    static let mainQueueKey: DispatchSpecificKey<String> = {
        let key = DispatchSpecificKey<String>()
        DispatchQueue.main.setSpecific(key: key, value: "main")
        return key
    }()

    let bin: HTTPBin
    let queue: DispatchQueue
    let facebook: Facebook
    let session = SessionRecorder()

    init(routes: [String: LoopbackHTTPServer.Handler] = [:]) throws {
        bin = try HTTPBin(extraRoutes: routes)
        queue = DispatchQueue(label: "legacy.callbacks")
        queue.setSpecific(key: Self.queueKey, value: "legacy.callbacks")
        facebook = Facebook(appId: "123", andDelegate: session)
        facebook.graphBaseURL = bin.url("/")
        facebook.restBaseURL = bin.url("/method/")
        facebook.callbackQueue = queue
    }

    /// A valid session that is not due for extension.
    func login(token: String = "TOKEN-1") {
        facebook.accessToken = token
        facebook.expirationDate = Date(timeIntervalSinceNow: 3600)
        facebook.lastAccessTokenUpdate = Date()
    }

    /// Runs `body` on the callback queue and waits for it (to read state the queue owns).
    func onQueue<T>(_ body: () -> T) -> T {
        queue.sync(execute: body)
    }

    func stop() {
        bin.stop()
    }

    /// A barrier for a negative check ("nothing more arrives"): a later request on the same object
    /// and callback queue, sent now; returns once its terminal callback has been delivered and the
    /// queue drained. Callbacks are delivered in order on the serial queue, so a doubled callback of
    /// an earlier request, or a late one caused by an answer the server already gave, has been
    /// delivered by then. False when the barrier itself did not complete in time (scaled).
    func barrier(seconds: Double = 10) -> Bool {
        let recorder = Recorder()
        facebook.request(withGraphPath: "get", andDelegate: recorder)
        guard recorder.waitForTerminal(seconds: seconds) else { return false }
        onQueue {}
        return true
    }

    /// A barrier for a check made while the callback queue is held (``onQueue(_:)``): a request from
    /// another `Facebook` object, on its own queue, over the same engine, sent now; returns once it
    /// has completed. An answer the server already gave has been read by the engine by then.
    func barrierOnAnotherQueue(seconds: Double = 10) -> Bool {
        let other = Facebook(appId: "123", andDelegate: nil)
        other.graphBaseURL = bin.url("/")
        other.callbackQueue = DispatchQueue(label: "legacy.barrier")
        let recorder = Recorder()
        other.request(withGraphPath: "get", andDelegate: recorder)
        return recorder.waitForTerminal(seconds: seconds)
    }

    /// A route answering `body` with `status` and a JSON content type.
    static func answer(_ body: String, status: Int = 200, contentType: String = "application/json")
        -> LoopbackHTTPServer.Handler
    {
        let data = Data(body.utf8)
        return { _ in .full(status: status, headers: ["Content-Type": contentType], body: data) }
    }
}

/// One callback, as a delegate saw it.
struct LegacyEvent: @unchecked Sendable {
    var name: String
    var request: FBRequest?
    var value: Any?
    var onCallbackQueue: Bool
    var onMainQueue: Bool
}

/// Records every delegate callback with the queue it arrived on.
final class Recorder: NSObject, FBRequestDelegate, @unchecked Sendable {
    private let condition = MonotonicCondition()
    private var recorded: [LegacyEvent] = []

    var events: [LegacyEvent] {
        condition.lock()
        defer { condition.unlock() }
        return recorded
    }

    var names: [String] { events.map(\.name) }

    private func add(_ name: String, _ request: FBRequest?, _ value: Any?) {
        condition.lock()
        recorded.append(
            LegacyEvent(
                name: name,
                request: request,
                value: value,
                onCallbackQueue: DispatchQueue.getSpecific(key: LegacyFixture.queueKey) != nil,
                onMainQueue: DispatchQueue.getSpecific(key: LegacyFixture.mainQueueKey) != nil
            )
        )
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until `count` terminal callbacks (didLoad / didFail) have arrived.
    @discardableResult
    func waitForTerminal(_ count: Int = 1, seconds: Double = 10) -> Bool {
        let deadline = MonotonicCondition.Deadline(after: .seconds(seconds).scaledForTests)
        condition.lock()
        defer { condition.unlock() }
        while recorded.filter({ $0.name == "didLoad" || $0.name == "didFail" }).count < count {
            if !condition.wait(until: deadline) { return false }
        }
        return true
    }

    func requestLoading(_ request: FBRequest!) { add("loading", request, nil) }
    func request(_ request: FBRequest!, didReceive response: URLResponse!) { add("didReceive", request, response) }
    func request(_ request: FBRequest!, didFailWithError error: Error!) { add("didFail", request, error) }
    func request(_ request: FBRequest!, didLoad result: Any!) { add("didLoad", request, result) }
    func request(_ request: FBRequest!, didLoadRawResponse data: Data!) { add("didLoadRaw", request, data) }

    var result: Any? { events.first { $0.name == "didLoad" }?.value }
    var error: NSError? { events.first { $0.name == "didFail" }?.value as? NSError }
}

/// Records session callbacks, in order, with the request events they follow.
final class SessionRecorder: NSObject, FBSessionDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [String] = []
    private(set) var extendedToken: String?
    private(set) var extendedExpiry: Date?

    var names: [String] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    private func add(_ name: String) {
        lock.lock()
        recorded.append(name)
        lock.unlock()
    }

    func fbDidLogin() { add("fbDidLogin") }
    func fbDidNotLogin(_ cancelled: Bool) { add("fbDidNotLogin(\(cancelled))") }
    func fbDidExtendToken(_ accessToken: String!, expiresAt: Date!) {
        extendedToken = accessToken
        extendedExpiry = expiresAt
        add("fbDidExtendToken")
    }
    func fbDidLogout() { add("fbDidLogout") }
    func fbSessionInvalidated() { add("fbSessionInvalidated") }
}

/// The JSON object a body parses to.
func parsedJSON(_ text: String) -> Any? {
    try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
}
