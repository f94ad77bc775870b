import FacebookSDK
import Foundation

/// The legacy API styles, run by `fbgraph demo` against the embedded server: the v2 delegate and
/// the seed's block callback. Each waits (bounded) for its one terminal callback.
enum DemoLegacyStyles {
    /// A v2 delegate that writes what it receives into a transcript.
    final class TranscriptDelegate: NSObject, FBRequestDelegate, @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        let done = DispatchSemaphore(value: 0)

        var transcript: [String] {
            lock.lock()
            defer { lock.unlock() }
            return lines
        }

        private func note(_ line: String) {
            lock.lock()
            lines.append(line)
            lock.unlock()
        }

        func requestLoading(_ request: FBRequest!) { note("requestLoading") }
        func request(_ request: FBRequest!, didReceive response: URLResponse!) {
            note("request(_:didReceive:) HTTP \((response as? HTTPURLResponse)?.statusCode ?? 0)")
        }
        func request(_ request: FBRequest!, didLoadRawResponse data: Data!) {
            note("request(_:didLoadRawResponse:) \(data.count) bytes")
        }
        func request(_ request: FBRequest!, didLoad result: Any!) {
            let name = (result as? [String: Any])?["name"] as? String ?? "?"
            note("request(_:didLoad:) name = \(name)")
            done.signal()
        }
        func request(_ request: FBRequest!, didFailWithError error: (any Error)!) {
            let error = error as NSError
            note("request(_:didFailWithError:) \(error.domain) \(error.code)")
            done.signal()
        }
    }

    /// Runs both styles; returns the transcript lines and whether both completed.
    static func run(baseURL: String, token: String) -> (lines: [String], ok: Bool) {
        let facebook = Facebook(appId: "123", andDelegate: nil)
        facebook.graphBaseURL = baseURL
        facebook.callbackQueue = DispatchQueue(label: "fbgraph.demo.callbacks")
        facebook.accessToken = token
        facebook.expirationDate = .distantFuture
        // A token restored by hand counts as never refreshed; mark it fresh so the demo does not
        // ask the (absent) REST server to extend it.
        facebook.handleOpen(URL(string: "fb123://authorize#access_token=\(token)&expires_in=0"))

        var lines: [String] = []
        let delegate = TranscriptDelegate()
        facebook.request(withGraphPath: "me", andDelegate: delegate)
        let delegateDone = delegate.done.wait(timeout: .now() + 30) == .success
        lines += delegate.transcript.map { "   delegate: \($0)" }

        let blockDone = DispatchSemaphore(value: 0)
        let blockLine = LineBox()
        facebook.request(withGraphPath: "me/friends", params: NSMutableDictionary(), method: "GET") { _, result, error in
            if let error {
                blockLine.value = "block: (request, nil, error) \((error as NSError).code)"
            } else {
                let count = ((result as? [String: Any])?["data"] as? [Any])?.count ?? 0
                blockLine.value = "block: (request, result, nil) with \(count) friends on the first page"
            }
            blockDone.signal()
        }
        let blockCompleted = blockDone.wait(timeout: .now() + 30) == .success
        lines.append("   \(blockLine.value)")
        return (lines, delegateDone && blockCompleted)
    }

    private final class LineBox: @unchecked Sendable {
        var value = "block: no answer"
    }
}
