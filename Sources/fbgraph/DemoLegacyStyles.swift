import FacebookGraph
import FacebookGraphReplay
import FacebookSDK
import Foundation

/// The legacy API styles as `fbgraph demo` shows them — the v2 delegate and the seed's block
/// callback, unchanged legacy code over `facebook.transport = .replay(cassette)` — and the
/// helpers `fbgraph cassette record-demo` uses to make the same calls while recording.
///
/// Every call waits (bounded) for its one terminal callback, so transcripts and recordings come
/// out in a fixed order.
enum DemoLegacyStyles {
    /// How long a legacy call may take before the demo gives up on it.
    static let timeout: Duration = .seconds(30)

    /// What one step printed, and whether it went as expected.
    struct Step {
        /// Transcript lines, indented.
        var lines: [String]
        /// True when the step got the answer it expected.
        var ok: Bool
    }

    /// A `Facebook` object that carries its requests over `transport`, logged in with `token`
    /// through the SSO callback as legacy apps were — which, as in v2, reloads the frictionless
    /// recipient cache (`GET me/apprequestformerrecipients`) and marks the token fresh, so no
    /// request extends it. Returns once that reload has finished.
    static func loggedIn(
        token: String,
        transport: GraphTransport,
        graphBaseURL: String = GraphConfiguration.defaultGraphBaseURL,
        restBaseURL: String = GraphConfiguration.defaultRESTBaseURL + "method/"
    ) -> Facebook {
        let facebook = Facebook(appId: "123", andDelegate: nil)
        facebook.transport = transport
        facebook.graphBaseURL = graphBaseURL
        facebook.restBaseURL = restBaseURL
        facebook.callbackQueue = DispatchQueue(label: "fbgraph.demo.callbacks")
        let escaped = FormEncoding.escape(token)
        facebook.handleOpen(URL(string: "fb123://authorize#access_token=\(escaped)&expires_in=0"))
        // What the login started on its own (v2 sends requests after a login) ends before the first call.
        _ = waitForTerminalCallback { finish in facebook.whenIdle(finish) }
        return facebook
    }

    // MARK: The demo's steps

    /// The v2 delegate: `request(withGraphPath: "me", andDelegate:)`, every callback in order.
    static func delegateCall(_ facebook: Facebook) -> Step {
        let delegate = TranscriptDelegate()
        let completed = waitForTerminalCallback { finish in
            delegate.onTerminalCallback = finish
            facebook.request(withGraphPath: "me", andDelegate: delegate)
        }
        let lines = delegate.transcript.map { "   delegate: \($0)" }
        return Step(lines: lines, ok: completed && delegate.loadedName == "Mark Demo")
    }

    /// The seed's block callback: the first page of `me/friends` (three per page).
    static func blockCall(_ facebook: Facebook) -> Step {
        let outcome = blockOutcome { callback in
            let params = NSMutableDictionary(dictionary: ["limit": "3"])
            facebook.request(withGraphPath: "me/friends", params: params, method: "GET", callback: callback)
        }
        guard case .loaded(let result) = outcome else {
            return Step(lines: ["   block: \(describe(outcome))"], ok: false)
        }
        let count = ((result as? [String: Any])?["data"] as? [Any])?.count ?? 0
        return Step(lines: ["   block: (request, result, nil) with \(count) friends on the first page"], ok: count == 3)
    }

    /// The block callback with an expired token: `(request, nil, error)`, the Graph error inside.
    static func expiredTokenCall(_ facebook: Facebook, expiredToken: String) -> Step {
        let saved = facebook.accessToken
        facebook.accessToken = expiredToken
        defer { facebook.accessToken = saved }
        let outcome = blockOutcome { callback in
            facebook.request(withGraphPath: "me", params: NSMutableDictionary(), method: "GET", callback: callback)
        }
        guard case .failed(let error) = outcome else {
            return Step(lines: ["   block: unexpectedly \(describe(outcome))"], ok: false)
        }
        let graph = error.userInfo["error"] as? [String: Any]
        let code = graph?["code"] as? Int ?? 0
        let subcode = graph?["error_subcode"] as? Int ?? 0
        let message = (graph?["message"] as? String ?? "").prefix { $0 != "." }
        let lines = [
            "   block: (request, nil, error) \(error.domain) \(error.code)",
            "          error code \(code), subcode \(subcode): \(message)",
        ]
        return Step(lines: lines, ok: code == 190 && subcode == 463)
    }

    // MARK: Waiting for one call

    /// How a legacy call ended.
    enum Outcome: @unchecked Sendable {
        /// `request(_:didLoad:)`, or the block's `(request, result, nil)`.
        case loaded(Any?)
        /// `request(_:didFailWithError:)`, or the block's `(request, nil, error)`.
        case failed(NSError)
        /// No terminal callback within ``timeout``.
        case timedOut
    }

    /// Starts a call that reports to a delegate and waits for its terminal callback.
    static func delegateOutcome(_ start: (any FBRequestDelegate) -> Void) -> Outcome {
        let outcome = BlockingWait.run(timeout: timeout) { (finish: @escaping @Sendable (Outcome) -> Void) in
            start(Waiter(finish))
            return finish
        } cancel: { finish in
            finish(.timedOut)
        }
        if case .completed(let outcome) = outcome { return outcome }
        return .timedOut
    }

    /// Starts a call that reports to a block and waits for the block.
    static func blockOutcome(_ start: (@escaping (FBRequest?, Any?, (any Error)?) -> Void) -> Void) -> Outcome {
        let outcome = BlockingWait.run(timeout: timeout) { (finish: @escaping @Sendable (Outcome) -> Void) in
            start { _, result, error in
                if let error {
                    finish(.failed(error as NSError))
                } else {
                    finish(.loaded(result))
                }
            }
            return finish
        } cancel: { finish in
            finish(.timedOut)
        }
        if case .completed(let outcome) = outcome { return outcome }
        return .timedOut
    }

    /// Starts a call with `start`, which hands the completion it is given to the call's terminal
    /// callback, and waits for it (at most ``timeout``); true when it came.
    static func waitForTerminalCallback(_ start: (@escaping @Sendable () -> Void) -> Void) -> Bool {
        let outcome = BlockingWait.run(timeout: timeout) { (finish: @escaping @Sendable (Bool) -> Void) in
            start { finish(true) }
            return finish
        } cancel: { finish in
            finish(false)
        }
        if case .completed(let arrived) = outcome { return arrived }
        return false
    }

    /// One line for an outcome.
    static func describe(_ outcome: Outcome) -> String {
        switch outcome {
        case .loaded(let result): "(request, result, nil): \(result.map { "\(type(of: $0))" } ?? "nil")"
        case .failed(let error): "(request, nil, error) \(error.domain) \(error.code): \(error.localizedDescription)"
        case .timedOut: "no answer within \(timeout)"
        }
    }

    /// Hands the outcome of one call, from its terminal callback, to the waiting thread.
    final class Waiter: NSObject, FBRequestDelegate, @unchecked Sendable {
        /// Called with the outcome.
        let finish: @Sendable (Outcome) -> Void

        init(_ finish: @escaping @Sendable (Outcome) -> Void) {
            self.finish = finish
        }

        func request(_ request: FBRequest!, didLoad result: Any!) { finish(.loaded(result)) }
        func request(_ request: FBRequest!, didFailWithError error: (any Error)!) { finish(.failed(error as NSError)) }
    }

    /// A v2 delegate that writes what it receives into a transcript.
    final class TranscriptDelegate: NSObject, FBRequestDelegate, @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        private var name: String?
        private var terminal: (@Sendable () -> Void)?

        /// Called by the terminal callback (set before the call starts).
        var onTerminalCallback: (@Sendable () -> Void)? {
            get { lock.withLock { terminal } }
            set { lock.withLock { terminal = newValue } }
        }

        /// The lines so far.
        var transcript: [String] { lock.withLock { lines } }
        /// The `name` of the loaded result, if one loaded.
        var loadedName: String? { lock.withLock { name } }

        private func note(_ line: String) {
            lock.withLock { lines.append(line) }
        }

        func requestLoading(_ request: FBRequest!) { note("requestLoading") }
        func request(_ request: FBRequest!, didReceive response: URLResponse!) {
            note("request(_:didReceive:) HTTP \((response as? HTTPURLResponse)?.statusCode ?? 0)")
        }
        func request(_ request: FBRequest!, didLoadRawResponse data: Data!) {
            note("request(_:didLoadRawResponse:) \(data.count) bytes")
        }
        func request(_ request: FBRequest!, didLoad result: Any!) {
            let loaded = (result as? [String: Any])?["name"] as? String
            lock.withLock { name = loaded }
            note("request(_:didLoad:) name = \(loaded ?? "?")")
            onTerminalCallback?()
        }
        func request(_ request: FBRequest!, didFailWithError error: (any Error)!) {
            let error = error as NSError
            note("request(_:didFailWithError:) \(error.domain) \(error.code)")
            onTerminalCallback?()
        }
    }
}
