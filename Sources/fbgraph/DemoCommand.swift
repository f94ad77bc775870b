import FacebookGraph
import FacebookGraphReplay
import Foundation

/// `fbgraph demo`: a transcript of real calls through the libcurl engine against the embedded
/// loopback Graph stand-in — no network, no token needed.
enum DemoCommand {
    static func run(_ arguments: [String], output: inout StandardStreams) -> Int32 {
        if arguments.contains("-h") || arguments.contains("--help") {
            output.out(Help.demo)
            return ExitCode.success
        }
        if let unexpected = arguments.first {
            output.err("error: unexpected argument '\(unexpected)'\n\n\(Help.demo)")
            return ExitCode.usage
        }
        let server: LoopbackHTTPServer
        do {
            server = try LoopbackHTTPServer { request in DemoGraph.handle(request) }
        } catch {
            output.err("error: cannot start the embedded server: \(error)")
            return ExitCode.failure
        }
        defer { server.stop() }
        let base = server.baseURL + "/"
        output.out("fbgraph demo — embedded Graph stand-in at \(server.baseURL), libcurl engine (\(engineVersion))\n")

        var failures = 0
        // 1. The current user.
        output.out("1. GET me")
        if let response = call(&output, "GET", GraphURL.make(base: base, path: "me", parameters: [token])) {
            output.out("   -> \(summary(response)): \(JSONPrinter.render(response.body, compact: true))")
        } else {
            failures += 1
        }

        // 2. Friends, following paging.next until the last page.
        output.out("\n2. GET me/friends, following paging.next")
        var next: String? = GraphURL.make(base: base, path: "me/friends", parameters: [token, ("limit", "3")])
        var pages = 0
        var names: [String] = []
        var ports: Set<Int> = []
        while let url = next, pages < 10 {
            guard let response = call(&output, "GET", url) else {
                failures += 1
                break
            }
            pages += 1
            ports.insert(response.connection.localPort)
            let object = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any]
            let data = object?["data"] as? [[String: Any]] ?? []
            names += data.compactMap { $0["name"] as? String }
            output.out("   page \(pages) -> \(summary(response)): \(data.count) friends")
            next = (object?["paging"] as? [String: Any])?["next"] as? String
        }
        output.out("   \(names.count) friends over \(pages) pages on \(ports.count) connection(s): \(names.joined(separator: ", "))")

        // 3. A post.
        output.out("\n3. POST me/feed")
        let form = "message=Hello%20from%20Linux&access_token=\(DemoGraph.validToken)"
        if let response = call(&output, "POST", base + "me/feed", body: Data(form.utf8)) {
            output.out("   -> \(summary(response)): \(JSONPrinter.render(response.body, compact: true))")
        } else {
            failures += 1
        }

        // 4. An expired token: an HTTP 400 with the Graph error body.
        output.out("\n4. GET me with an expired token")
        let expired = GraphURL.make(base: base, path: "me", parameters: [("access_token", "EXPIRED-TOKEN")])
        if let response = call(&output, "GET", expired) {
            let object = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any]
            let error = object?["error"] as? [String: Any]
            let code = error?["code"] as? Int ?? 0
            let subcode = error?["error_subcode"] as? Int ?? 0
            let message = error?["message"] as? String ?? ""
            output.out("   -> \(summary(response)): error code \(code), subcode \(subcode): \(message)")
        } else {
            failures += 1
        }

        // 5. The legacy styles, unchanged legacy code on the same engine.
        output.out("\n5. The legacy v2 delegate and the seed's block callback (import FacebookSDK)")
        let legacy = DemoLegacyStyles.run(baseURL: base, token: DemoGraph.validToken)
        legacy.lines.forEach { output.out($0) }
        if !legacy.ok { failures += 1 }

        // 6. The secret policy: a token over plain http to a real host is refused before connecting.
        output.out("\n6. GET me over plain http to graph.facebook.com with a token")
        do {
            _ = try PreparedRequest(url: "http://graph.facebook.com/me?access_token=\(DemoGraph.validToken)")
            output.out("   -> unexpectedly allowed")
            failures += 1
        } catch {
            output.out("   -> refused before any connection: \(error.message)")
            output.out("      (the error shows the URL as \(error.redactedURL))")
        }

        output.out("\n\(server.requestsServed) requests served over \(server.acceptedConnections) connection(s).")
        return failures == 0 ? ExitCode.success : ExitCode.failure
    }

    private static let token = ("access_token", DemoGraph.validToken)

    private static var engineVersion: String {
        CurlEngine.libcurlVersion.split(separator: " ").prefix(2).joined(separator: " ")
    }

    private static func call(_ output: inout StandardStreams, _ method: String, _ url: String, body: Data? = nil) -> RawResponse? {
        do {
            let headers: HTTPHeaders = body == nil ? [:] : ["Content-Type": "application/x-www-form-urlencoded"]
            let request = try PreparedRequest(method: method, url: url, headers: headers, body: body)
            switch BlockingCall.send(request) {
            case .success(let response): return response
            case .failure(let error):
                output.out("   -> transport error: \(error)")
                return nil
            }
        } catch {
            output.out("   -> refused: \(error)")
            return nil
        }
    }

    private static func summary(_ response: RawResponse) -> String {
        "HTTP/\(response.httpVersion) \(response.status)"
    }
}
