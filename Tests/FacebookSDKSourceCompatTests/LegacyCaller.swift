// A delegate written exactly as an app written against the old SDK's Swift-imported headers wrote
// it: every requirement of FBRequestDelegate, FBSessionDelegate and FBDialogDelegate with the
// importer's spelling (`FBRequest!`, `Any!`, `Error!`, `URLResponse!`, `Data!`, `String!`, `Date!`,
// `URL!`, `FBDialog!`), one `import FacebookSDK`, no Foundation import, Swift 5 language mode.
//
// Each method records its call, in order, under the names of `Caller.Event`. The tests read the
// sequence to prove that each method is the protocol's witness and not its default no-op: a method
// whose spelling only nearly matches would silently never be called.

import FacebookSDK

class Caller: NSObject, FBRequestDelegate, FBSessionDelegate, FBDialogDelegate {
    /// The event names the methods record, one per requirement.
    enum Event {
        static let requestLoading = "requestLoading"
        static let didReceive = "didReceive"
        static let didFailWithError = "didFailWithError"
        static let didLoad = "didLoad"
        static let didLoadRawResponse = "didLoadRawResponse"
        static let fbDidLogin = "fbDidLogin"
        static let fbDidNotLogin = "fbDidNotLogin"
        static let fbDidExtendToken = "fbDidExtendToken"
        static let fbDidLogout = "fbDidLogout"
        static let fbSessionInvalidated = "fbSessionInvalidated"
        static let dialogDidComplete = "dialogDidComplete"
        static let dialogCompleteWithUrl = "dialogCompleteWithUrl"
        static let dialogDidNotCompleteWithUrl = "dialogDidNotCompleteWithUrl"
        static let dialogDidNotComplete = "dialogDidNotComplete"
        static let dialogDidFailWithError = "dialogDidFailWithError"
        static let shouldOpenURLInExternalBrowser = "shouldOpenURLInExternalBrowser"

        /// Every requirement of the three protocols, in declaration order.
        static let all = [
            requestLoading, didReceive, didFailWithError, didLoad, didLoadRawResponse,
            fbDidLogin, fbDidNotLogin, fbDidExtendToken, fbDidLogout, fbSessionInvalidated,
            dialogDidComplete, dialogCompleteWithUrl, dialogDidNotCompleteWithUrl, dialogDidNotComplete,
            dialogDidFailWithError, shouldOpenURLInExternalBrowser,
        ]
    }

    private let lock = NSLock()
    private var recorded: [String] = []
    private var waiters: [(name: String, action: () -> Void)] = []

    // What the callbacks carried, kept the way legacy code kept it. Guarded by `lock`.
    private var _result: Any!
    private var _error: Error!
    private var _response: URLResponse!
    private var _rawResponse: Data!
    private var _responseTextLength: Int = -1
    private var _cancelled: [Bool] = []
    private var _extendedToken: String!
    private var _extendedExpiry: Date!
    private var _dialogURL: String!
    private var _onMainThread: [Bool] = []

    /// The events so far, in the order they arrived.
    var events: [String] { locked { recorded } }
    /// The last `request(_:didLoad:)` result.
    var result: Any! { locked { _result } }
    /// The last `request(_:didFailWithError:)` or `dialog(_:didFailWithError:)` error.
    var error: Error! { locked { _error } }
    /// The last `request(_:didReceive:)` response.
    var response: URLResponse! { locked { _response } }
    /// The last `request(_:didLoadRawResponse:)` body.
    var rawResponse: Data! { locked { _rawResponse } }
    /// The length of `request.responseText` while the last terminal callback ran (-1 if nil).
    var responseTextLength: Int { locked { _responseTextLength } }
    /// The argument of every `fbDidNotLogin(_:)`.
    var notLoginCancelled: [Bool] { locked { _cancelled } }
    /// The arguments of the last `fbDidExtendToken(_:expiresAt:)`.
    var extendedToken: String! { locked { _extendedToken } }
    var extendedExpiry: Date! { locked { _extendedExpiry } }
    /// The `serverURL` of the dialog of the last dialog callback.
    var dialogURL: String! { locked { _dialogURL } }
    /// For each event, whether it arrived on the main thread.
    var onMainThread: [Bool] { locked { _onMainThread } }

    /// Runs `action` (once, on the thread of the callback) the next time `name` is recorded.
    func when(_ name: String, _ action: @escaping () -> Void) {
        locked { waiters.append((name: name, action: action)) }
    }

    /// How many times `name` was recorded.
    func count(_ name: String) -> Int {
        events.filter { $0 == name }.count
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    private func record(_ name: String, _ update: () -> Void = {}) {
        let actions: [() -> Void] = locked {
            update()
            recorded.append(name)
            _onMainThread.append(Thread.isMainThread)
            let ready = waiters.filter { $0.name == name }.map { $0.action }
            waiters.removeAll { $0.name == name }
            return ready
        }
        for action in actions { action() }
    }

    // MARK: - FBRequestDelegate

    func requestLoading(_ request: FBRequest!) {
        record(Event.requestLoading)
    }

    func request(_ request: FBRequest!, didReceive response: URLResponse!) {
        record(Event.didReceive) { _response = response }
    }

    func request(_ request: FBRequest!, didFailWithError error: Error!) {
        let length = request?.responseText?.length ?? -1
        record(Event.didFailWithError) {
            _error = error
            _responseTextLength = length
        }
    }

    func request(_ request: FBRequest!, didLoad result: Any!) {
        let length = request?.responseText?.length ?? -1
        record(Event.didLoad) {
            _result = result
            _responseTextLength = length
        }
    }

    func request(_ request: FBRequest!, didLoadRawResponse data: Data!) {
        record(Event.didLoadRawResponse) { _rawResponse = data }
    }

    // MARK: - FBSessionDelegate

    func fbDidLogin() {
        record(Event.fbDidLogin)
    }

    func fbDidNotLogin(_ cancelled: Bool) {
        record(Event.fbDidNotLogin) { _cancelled.append(cancelled) }
    }

    func fbDidExtendToken(_ accessToken: String!, expiresAt: Date!) {
        record(Event.fbDidExtendToken) {
            _extendedToken = accessToken
            _extendedExpiry = expiresAt
        }
    }

    func fbDidLogout() {
        record(Event.fbDidLogout)
    }

    func fbSessionInvalidated() {
        record(Event.fbSessionInvalidated)
    }

    // MARK: - FBDialogDelegate

    func dialogDidComplete(_ dialog: FBDialog!) {
        record(Event.dialogDidComplete) { _dialogURL = dialog?.serverURL }
    }

    func dialogComplete(with url: URL!) {
        record(Event.dialogCompleteWithUrl)
    }

    func dialogDidNotComplete(with url: URL!) {
        record(Event.dialogDidNotCompleteWithUrl)
    }

    func dialogDidNotComplete(_ dialog: FBDialog!) {
        record(Event.dialogDidNotComplete) { _dialogURL = dialog?.serverURL }
    }

    func dialog(_ dialog: FBDialog!, didFailWithError error: Error!) {
        record(Event.dialogDidFailWithError) {
            _error = error
            _dialogURL = dialog?.serverURL
        }
    }

    /// Answers false, where the protocol's default answers true: the answer shows whose method ran.
    func dialog(_ dialog: FBDialog!, shouldOpenURLInExternalBrowser url: URL!) -> Bool {
        record(Event.shouldOpenURLInExternalBrowser)
        return false
    }
}
