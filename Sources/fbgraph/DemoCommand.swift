import FacebookGraph
import FacebookGraphReplay
import FacebookSDK
import Foundation

/// `fbgraph demo`: a transcript of calls answered by the bundled recordings, replayed in process —
/// no server, no network, no token. One call in each legacy style, an expired token, the friends
/// list paged through `paging.next`, and the secret policy refusing a token over plain http.
enum DemoCommand {
    /// Runs the demo; exits 0 when every step got the answer it expected, 1 otherwise.
    static func run(_ arguments: [String], output: inout StandardStreams) -> Int32 {
        if arguments.contains("-h") || arguments.contains("--help") {
            output.out(Help.demo)
            return ExitCode.success
        }
        if let unexpected = arguments.first {
            output.err("error: unexpected argument '\(unexpected)'\n\n\(Help.demo)")
            return ExitCode.usage
        }
        let cassette: Cassette
        do {
            cassette = try BundledRecordings.demoCassette()
        } catch {
            output.err("error: cannot load the bundled recordings: \(error)")
            return ExitCode.failure
        }
        let total = cassette.entries.count
        output.out("fbgraph demo — \(total) bundled recordings, replayed in process: no server, no network\n")
        var failures = 0
        func show(_ step: DemoLegacyStyles.Step, _ output: inout StandardStreams) {
            step.lines.forEach { output.out($0) }
            if !step.ok { failures += 1 }
        }

        // 1–3. Unchanged legacy code over `facebook.transport = .replay(cassette)`.
        let facebook = DemoLegacyStyles.loggedIn(token: BundledRecordings.token, transport: .replay(cassette))
        output.out("1. The v2 delegate, request(withGraphPath: \"me\", andDelegate: self)")
        show(DemoLegacyStyles.delegateCall(facebook), &output)
        output.out("\n2. The seed's block callback, request(withGraphPath: \"me/friends\", params:, method:) { … }")
        show(DemoLegacyStyles.blockCall(facebook), &output)
        output.out("\n3. The block callback with an expired token")
        show(DemoLegacyStyles.expiredTokenCall(facebook, expiredToken: BundledRecordings.expiredToken), &output)

        // 4. The engine's seam over the same cassette, following the server-written next URLs.
        output.out("\n4. GET me/friends on the engine, following paging.next")
        show(friendsPages(CassetteTransport(cassette: cassette)), &output)

        // 5. The secret policy: a token over plain http to a real host is refused before connecting.
        output.out("\n5. GET me over plain http to graph.facebook.com with a token")
        do {
            _ = try PreparedRequest(url: "http://graph.facebook.com/me?access_token=\(GraphStandIn.validToken)")
            output.out("   -> unexpectedly allowed")
            failures += 1
        } catch {
            output.out("   -> refused before any connection: \(error.message)")
            output.out("      (the error shows the URL as \(error.redactedURL))")
        }

        let used = total - cassette.unusedEntries.count
        output.out("\n\(used) of \(total) recorded entries answered; nothing left the process.")
        return failures == 0 ? ExitCode.success : ExitCode.failure
    }

    /// Every page of `me/friends` (three per page), each request the previous page's `paging.next`.
    static func friendsPages(_ transport: any HTTPTransport) -> DemoLegacyStyles.Step {
        var lines: [String] = []
        var next: String? = DemoEngine.url(
            base: "https://graph.facebook.com/",
            path: "me/friends",
            parameters: [("access_token", BundledRecordings.token), ("limit", "3")]
        )
        var names: [String] = []
        var pages = 0
        while let url = next, pages < 10 {
            let response: RawResponse
            switch DemoEngine.send(method: "GET", url: url, over: transport) {
            case .success(let answer): response = answer
            case .failure(let error):
                lines.append("   page \(pages + 1) -> \(error.code): \(error.message.prefix { $0 != "\n" })")
                return DemoLegacyStyles.Step(lines: lines, ok: false)
            }
            pages += 1
            let object = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any]
            let data = object?["data"] as? [[String: Any]] ?? []
            names += data.compactMap { $0["name"] as? String }
            next = (object?["paging"] as? [String: Any])?["next"] as? String
            let friends = data.count == 1 ? "1 friend" : "\(data.count) friends"
            let status = "HTTP/\(response.httpVersion) \(response.status)"
            lines.append("   page \(pages) -> \(status): \(friends), \(next == nil ? "no paging.next" : "paging.next")")
        }
        lines.append("   \(names.count) friends over \(pages) pages: \(names.joined(separator: ", "))")
        return DemoLegacyStyles.Step(lines: lines, ok: names.count == 7 && pages == 3)
    }
}

/// Blocking calls on any transport of the package (the libcurl engine, a cassette), for the demo
/// and the recorder.
enum DemoEngine {
    /// Builds `base` + `path` + an encoded query (values encoded to the RFC 3986 unreserved set).
    static func url(base: String, path: String, parameters: [(String, String)]) -> String {
        var url = base.hasSuffix("/") ? base : base + "/"
        url += path.hasPrefix("/") ? String(path.dropFirst()) : path
        return FormEncoding.appending(parameters, to: url)
    }

    /// `name=value&…`, names and values encoded to the RFC 3986 unreserved set.
    static func form(_ parameters: [(String, String)]) -> String {
        FormEncoding.encode(parameters)
    }

    /// Prepares and sends one request, and waits (at most 60 seconds) for the answer.
    static func send(
        method: String,
        url: String,
        headers: HTTPHeaders = [:],
        body: Data? = nil,
        over transport: any HTTPTransport
    ) -> Result<RawResponse, TransportError> {
        let request: PreparedRequest
        do {
            request = try PreparedRequest(method: method, url: url, headers: headers, body: body)
        } catch {
            return .failure(error)
        }
        let done = DispatchSemaphore(value: 0)
        let box = ResultBox()
        let handle = transport.execute(request) { result in
            box.set(result)
            done.signal()
        }
        guard done.wait(timeout: .now() + 60) == .success else {
            handle.cancel()
            return .failure(TransportError(.timedOut, message: "no answer within 60 seconds", url: url))
        }
        return box.result ?? .failure(TransportError(.transferFailed, message: "no result", url: url))
    }

    /// The one result of a transfer, handed from the transport's thread to the waiting one.
    private final class ResultBox: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: Result<RawResponse, TransportError>?

        /// The result, once stored.
        var result: Result<RawResponse, TransportError>? { lock.withLock { stored } }

        /// Stores the result.
        func set(_ result: Result<RawResponse, TransportError>) {
            lock.withLock { stored = result }
        }
    }
}
