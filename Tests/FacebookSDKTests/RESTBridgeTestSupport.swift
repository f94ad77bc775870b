import FacebookGraph
import FacebookGraphReplay
import FacebookGraphTestSupport
import Foundation

@testable import FacebookSDK

/// A `Facebook` object whose REST calls go through the REST-to-Graph bridge, over the bundled
/// recordings (`Sources/fbgraph/Recordings/demo.har`, strict replay) or the Graph stand-in.
final class BridgeFixture: @unchecked Sendable {
    /// A real-shaped token: the cassette's redactor replays it as the recorded `<TOKEN-1>`.
    static let token = "EAAGbridgeToken0123456789abcdef"
    /// The REST host v2 called, which is gone: the bridge's automatic rule switches on for it.
    static let originalRESTBase = GraphConfiguration.defaultRESTBaseURL + "method/"

    let facebook: Facebook
    let session = SessionRecorder()
    let queue = DispatchQueue(label: "bridge.callbacks")
    let cassette: Cassette?
    let server: GraphStandInServer?

    /// Over the bundled recordings, as graph.facebook.com.
    init(pageSize: Int = 100) throws {
        let cassette = try Cassette(
            contentsOf: PackageRoot.url.appendingPathComponent("Sources/fbgraph/Recordings/demo.har"))
        self.cassette = cassette
        server = nil
        facebook = Facebook(appId: GraphStandIn.appID, andDelegate: session)
        facebook.transport = .replay(cassette)
        facebook.graphBaseURL = GraphConfiguration.defaultGraphBaseURL
        facebook.restBaseURL = Self.originalRESTBase
        configure(pageSize: pageSize, token: Self.token)
    }

    /// Over the Graph stand-in on loopback (its REST methods answer at `<stand-in>/method/`).
    init(standInWithToken token: String, pageSize: Int = 100, restBaseURL: String? = nil) throws {
        let server = try GraphStandInServer()
        self.server = server
        cassette = nil
        facebook = Facebook(appId: GraphStandIn.appID, andDelegate: session)
        facebook.transport = .libcurl
        facebook.graphBaseURL = server.baseURL + "/"
        facebook.restBaseURL = restBaseURL ?? Self.originalRESTBase
        configure(pageSize: pageSize, token: token)
    }

    private func configure(pageSize: Int, token: String) {
        facebook.callbackQueue = queue
        facebook.restBridgeFriendsPageSize = pageSize
        facebook.accessToken = token
        facebook.expirationDate = Date(timeIntervalSinceNow: 3600)
        facebook.lastAccessTokenUpdate = Date()
    }

    deinit { server?.stop() }

    /// A REST call through the delegate API; the recorder once its terminal callback arrived.
    func delegateCall(_ method: String, _ params: [String: String] = [:]) -> Recorder {
        let recorder = Recorder()
        facebook.request(
            withMethodName: method, andParams: NSMutableDictionary(dictionary: params), andHttpMethod: "GET",
            andDelegate: recorder)
        recorder.waitForTerminal()
        return recorder
    }

    /// A REST call through `request(withParams:andDelegate:)` (the method inside the dictionary).
    func paramsCall(_ method: String, _ params: [String: String] = [:]) -> Recorder {
        let recorder = Recorder()
        let dictionary = NSMutableDictionary(dictionary: params)
        dictionary["method"] = method
        facebook.request(withParams: dictionary, andDelegate: recorder)
        recorder.waitForTerminal()
        return recorder
    }

    /// A REST call through the seed's block API: `(result, error)`, or nil after 10 seconds.
    func blockCall(_ method: String, _ params: [String: String] = [:]) -> BlockOutcome? {
        let done = DispatchSemaphore(value: 0)
        let box = LockedBox()
        facebook.request(
            withMethodName: method, andParams: NSMutableDictionary(dictionary: params), andHttpMethod: "GET"
        ) { _, result, error in
            box.set(BlockOutcome(result: result, error: error as NSError?))
            done.signal()
        }
        guard done.wait(scaledSeconds: 10) else { return nil }
        return box.value
    }

    /// Runs `body` on the callback queue and waits for it.
    func onQueue<T>(_ body: () -> T) -> T { queue.sync(execute: body) }
}

/// What a block received.
struct BlockOutcome: @unchecked Sendable {
    var result: Any?
    var error: NSError?
}

private final class LockedBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: BlockOutcome?
    func set(_ value: BlockOutcome) {
        lock.lock()
        stored = value
        lock.unlock()
    }
    var value: BlockOutcome? {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}

/// The picture URL the stand-in (and so the recordings) gives `id`.
func standInPictureURL(_ id: String) -> String {
    "https://platform-lookaside.fbsbx.com/platform/profilepic/?asid=\(id)&height=50&width=50"
}

/// The friends' uids as numbers, in Graph's order.
let standInFriendUIDs: [NSNumber] = GraphStandIn.friends.map { NSNumber(value: Int64($0.id)!) }
