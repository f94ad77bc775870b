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

        // 4–5. The modern client over the same cassette: Result completions, typed pages, classified errors.
        let client = DemoModernClient.client(.replay(cassette))
        output.out("\n4. The modern client: GraphClient.execute { result in … } per page, following paging.next")
        show(DemoModernClient.friendsPages(client), &output)
        output.out(
            "\n5. The modern client's errors, classified; what may pass (throttled, transient, 5xx) is tried twice")
        show(DemoModernClient.classifiedErrors(client), &output)

        // 6. The secret policy: a token over plain http to a real host is refused before connecting.
        output.out("\n6. GET me over plain http to graph.facebook.com with a token")
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
}

/// Blocking calls on any transport of the package (the libcurl engine, a cassette), for the demo
/// and the recorder.
enum DemoEngine {
    /// Builds `base` + `path` + an encoded query (values encoded to the RFC 3986 unreserved set).
    static func url(base: String, path: String, parameters: [(String, String)]) -> String {
        FormEncoding.appending(parameters, to: GraphRequest.join(base: base, version: nil, path: path))
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
        do {
            let request = try PreparedRequest(method: method, url: url, headers: headers, body: body)
            return transport.sendAndWait(request, timeout: .seconds(60))
        } catch {
            return .failure(error)
        }
    }
}
