import FacebookGraph
import FacebookGraphReplay
import FacebookGraphTestSupport
import Foundation

@testable import FacebookSDK

/// A Graph look-alike for the friend picker on a loopback HTTPBin: `/<user>/friends` in cursor pages
/// of `pageSize` (each `paging.next` echoing the token, as Graph does), an empty last page, and
/// `/me` answering the owner's id. Every request is recorded.
final class FriendServer: @unchecked Sendable {
    static let ownerID = "4"
    let bin: HTTPBin
    /// Signalled when the first friends request arrives.
    let friendsRequested = AsyncEvent()
    private let recorded = LockedValue<[HTTPServerRequest]>([])

    /// - Parameters:
    ///   - lists: Each user's friends as JSON object texts, in paging order.
    ///   - pageSize: Friends per page.
    ///   - emptyLastPage: End with an empty page (Graph's way); false ends at a page without `next`.
    ///   - failure: A status and body answered to every friends request instead.
    ///   - hang: Never answer a friends request.
    init(
        lists: [String: [String]],
        pageSize: Int = 3,
        emptyLastPage: Bool = true,
        failure: (status: Int, body: String)? = nil,
        hang: Bool = false
    ) throws {
        let recorded = self.recorded
        let friendsRequested = self.friendsRequested
        var routes: [String: LoopbackHTTPServer.Handler] = [:]
        routes["/me"] = { request in
            recorded.withLock { $0.append(request) }
            return HTTPBin.json(["id": FriendServer.ownerID])
        }
        for (user, friends) in lists {
            routes["/\(user)/friends"] = { request in
                recorded.withLock { $0.append(request) }
                friendsRequested.signal()
                if hang { return .hang }
                if let failure {
                    return .full(
                        status: failure.status, headers: ["Content-Type": "application/json"],
                        body: Data(failure.body.utf8))
                }
                return FriendServer.page(
                    of: friends, user: user, request: request, pageSize: pageSize, emptyLastPage: emptyLastPage)
            }
        }
        bin = try HTTPBin(extraRoutes: routes)
    }

    private static func page(
        of friends: [String], user: String, request: HTTPServerRequest, pageSize: Int, emptyLastPage: Bool
    ) -> HTTPServerResponse {
        let start = Int(request.queryValue("after") ?? "0") ?? 0
        let items = Array(friends.dropFirst(start).prefix(pageSize))
        var body = #"{"data":[\#(items.joined(separator: ","))]"#
        let end = start + items.count
        if !items.isEmpty, end < friends.count || emptyLastPage {
            let host = request.headers["Host"] ?? "127.0.0.1"
            let fields = request.queryValue("fields") ?? ""
            let token = request.queryValue("access_token") ?? ""
            body +=
                #","paging":{"next":"http://\#(host)/\#(user)/friends?fields=\#(fields)&after=\#(end)&access_token=\#(token)"}"#
        }
        body += "}"
        return .full(status: 200, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
    }

    var requests: [HTTPServerRequest] { recorded.withLock { $0 } }
    var friendRequests: [HTTPServerRequest] { requests.filter { $0.path.hasSuffix("/friends") } }

    /// An open session aimed at this server.
    func session(token: String = "TOKEN-PICKER", userID: String? = nil) -> FBSession {
        let session = FBSession(accessToken: token, expirationDate: Date(timeIntervalSinceNow: 3600), userID: userID)
        session.graphBaseURL = bin.url("/")
        session.pageStore = nil  // never the user's own cache directory
        return session
    }

    /// A friend as Graph returns it.
    static func friend(
        _ id: String, _ first: String?, _ last: String?, middle: String? = nil, picture: Any? = nil,
        extra: [String: Any] = [:]
    ) -> String {
        var object: [String: Any] = ["id": id]
        object["first_name"] = first
        object["last_name"] = last
        object["middle_name"] = middle
        object["name"] = [first, middle, last].compactMap { $0 }.joined(separator: " ")
        object["picture"] = picture
        object.merge(extra) { $1 }
        let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        return data.flatMap { String(data: $0, encoding: .utf8) } ?? "{}"
    }
}

/// Records every picker and view-controller delegate call, in order, with the queue it ran on.
final class PickerRecorder: NSObject, FBFriendPickerDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [String] = []
    private(set) var errors: [Error] = []
    /// The delegate's filter; nil includes everyone.
    var include: (@Sendable (FBGraphUser) -> Bool)?
    let queueKey = DispatchSpecificKey<String>()
    private(set) var offQueueCalls = 0

    var events: [String] { lock.withLock { recorded } }
    func count(_ name: String) -> Int { events.filter { $0 == name }.count }

    private var waiters: [(condition: () -> Bool, event: AsyncEvent)] = []

    private func add(_ name: String) {
        lock.withLock {
            recorded.append(name)
            if DispatchQueue.getSpecific(key: queueKey) == nil { offQueueCalls += 1 }
        }
        recheck()
    }

    /// Signals `event` once `condition` holds; the condition is evaluated on the callback queue,
    /// after each recorded call (and by ``recheck()``).
    func signal(_ event: AsyncEvent, when condition: @escaping () -> Bool) {
        lock.withLock { waiters.append((condition, event)) }
    }

    /// Evaluates the pending conditions (on the callback queue) and signals those that hold.
    func recheck() {
        let pending = lock.withLock { waiters }
        for (index, waiter) in pending.enumerated().reversed() where waiter.condition() {
            waiter.event.signal()
            lock.withLock { _ = waiters.indices.contains(index) ? waiters.remove(at: index) : waiter }
        }
    }

    func friendPickerViewControllerDataDidChange(_ friendPicker: FBFriendPickerViewController!) {
        add("dataDidChange")
    }
    func friendPickerViewControllerSelectionDidChange(_ friendPicker: FBFriendPickerViewController!) {
        add("selectionDidChange")
    }
    func friendPickerViewController(_ friendPicker: FBFriendPickerViewController!, shouldInclude user: FBGraphUser!)
        -> Bool
    {
        include?(user) ?? true
    }
    func friendPickerViewController(_ friendPicker: FBFriendPickerViewController!, handleError error: Error!) {
        lock.withLock { errors.append(error) }
        add("handleError")
    }
    func facebookViewControllerDoneWasPressed(_ sender: Any!) { add("done") }
    func facebookViewControllerCancelWasPressed(_ sender: Any!) { add("cancel") }

    /// Appends a marker (the modal handler's call) to the same timeline.
    func mark(_ name: String) { add(name) }
}

/// A picker on a private serial callback queue with a recorder as its delegate.
final class PickerFixture: @unchecked Sendable {
    let queue = DispatchQueue(label: "picker.callbacks")
    let recorder = PickerRecorder()
    let picker: FBFriendPickerViewController
    let store: FriendCacheStore?

    init(session: FBSession, store: FriendCacheStore? = nil) {
        queue.setSpecific(key: recorder.queueKey, value: "picker")
        picker = FBFriendPickerViewController()
        picker.callbackQueue = queue
        picker.delegate = recorder
        picker.session = session
        session.pageStore = store
        picker.refreshDelay = .seconds(0)
        self.store = store
    }

    /// Runs `body` on the callback queue (where the picker's state lives) and returns its value.
    func onQueue<T>(_ body: (FBFriendPickerViewController) -> T) -> T {
        queue.sync { body(picker) }
    }

    /// Waits (suspending, bounded) until `condition` holds, evaluated on the callback queue after each
    /// delegate call: the picker's state may be read directly there.
    func wait(
        seconds: Double = 60,
        until condition: @escaping (FBFriendPickerViewController, PickerRecorder) -> Bool
    ) async -> Bool {
        let event = AsyncEvent()
        let picker = picker
        let recorder = recorder
        recorder.signal(event) { condition(picker, recorder) }
        queue.async { recorder.recheck() }
        return await event.wait(seconds: seconds)
    }

    /// Starts loading and waits until loading ends (bounded); returns whether it ended.
    func load(_ configure: (FBFriendPickerViewController) -> Void = { _ in }) async -> Bool {
        onQueue { picker in
            configure(picker)
            picker.loadData()
        }
        return await wait { picker, recorder in !picker.isLoading && recorder.count("dataDidChange") > 0 }
    }

    /// The rows' display names, section by section.
    var names: [String] { onQueue { $0.sections.flatMap { $0.rows.map(\.displayName) } } }
}

/// A friend cache in a fresh temporary directory; ``remove()`` deletes it.
final class TemporaryCache: @unchecked Sendable {
    let directory: URL
    let store: FriendCacheStore

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("picker-cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        store = try FriendCacheStore(directory: directory)
    }

    /// A second store instance on the same directory (what a restarted process opens).
    func reopen() throws -> FriendCacheStore {
        try FriendCacheStore(directory: directory)
    }

    /// The key the picker files `userID`'s list with `extraFields` under for `owner`.
    static func key(userID: String = "me", extraFields: [String] = [], owner: String = FriendServer.ownerID)
        -> FriendCacheKey
    {
        FriendCacheKey(userID: userID, fields: FriendListRequest.defaultFields + extraFields, owner: owner)
    }

    /// Every byte the cache wrote, as text (the database, its journal, the data files).
    func everythingWritten() throws -> String {
        var text = ""
        let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            if let data = try? Data(contentsOf: file) { text += String(decoding: data, as: UTF8.self) }
        }
        return text
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}
