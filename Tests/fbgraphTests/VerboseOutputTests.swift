import FacebookGraph
import FacebookGraphReplay
import FacebookGraphTestSupport
import FacebookGraphTestTraits
import Foundation
import Testing

/// `fbgraph -v`: each request and response described on standard error — and, with a planted token
/// that a careless server echoes in its errors (by name and bare), neither output holds it.
@Suite("fbgraph -v", .onOwnThread)
struct VerboseOutputTests {
    static let token = "EAAPlantedCLIToken3Vb8Hd0Qx9Zr2Lm4Np6"

    /// A server that echoes the request target (token included) in its errors, and the bare token.
    static func server() throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer { request in
            let json: HTTPHeaders = ["Content-Type": "application/json"]
            let target = request.target.replacingOccurrences(of: "\"", with: "")
            switch request.path {
            case "/me":
                return .full(status: 200, headers: json, body: Data(#"{"id":"4","name":"Mark"}"#.utf8))
            case "/me/friends":
                let next = "https://graph.facebook.com/v19.0/4/friends?access_token=\(token)&after=QVFI"
                return .full(
                    status: 200, headers: json, body: Data(#"{"data":[],"paging":{"next":"\#(next)"}}"#.utf8))
            case "/bare":
                return .full(
                    status: 400, headers: json,
                    body: Data(#"{"error":{"message":"token \#(token) revoked","code":190}}"#.utf8))
            default:
                return .full(
                    status: 400, headers: json,
                    body: Data(#"{"error":{"message":"Invalid OAuth access token \#(target)","code":190}}"#.utf8))
            }
        }
    }

    /// Records an issue when `run`'s output holds the planted token.
    static func expectClean(_ run: CLIRun, _ what: String) {
        #expect(!run.stdout.contains(token), "\(what): the token is on stdout: \(run.stdout)")
        #expect(!run.stderr.contains(token), "\(what): the token is on stderr: \(run.stderr)")
    }

    @Test("-v prints the request and the response's status, time and size on stderr, the token as <redacted>")
    func describesTheExchange() throws {
        let server = try Self.server()
        defer { server.stop() }
        let run = try CLIRunner.run(["get", "me", "-v", "--base-url", server.baseURL, "--token", Self.token])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.first == "> GET \(server.baseURL)/me?access_token=<redacted>")
        let response = try #require(lines.last)
        #expect(response.hasPrefix("< 200 GET \(server.baseURL)/me?access_token=<redacted> ("))
        #expect(response.hasSuffix(" ms, 24 bytes)"))
        #expect(run.stdout.contains("\"name\""), "the body is still printed on stdout")
        Self.expectClean(run, "get me -v")
        // Without -v, stderr stays empty.
        let quiet = try CLIRunner.run(["get", "me", "--base-url", server.baseURL, "--token", Self.token])
        #expect(quiet.stderr.isEmpty)
    }

    @Test("A success body that echoes the sent token (a paging.next link) prints it as <redacted>, the rest as sent")
    func successBodyEcho() throws {
        let server = try Self.server()
        defer { server.stop() }
        let run = try CLIRunner.run([
            "get", "me/friends", "--compact", "--base-url", server.baseURL, "--token", Self.token,
        ])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stdout.contains("friends?access_token=<redacted>&after=QVFI"), "\(run.stdout)")
        Self.expectClean(run, "get me/friends")
    }

    @Test("-v on a cassette miss: one short ! line, then the nearest-entry diff once, on its own lines")
    func cassetteMissIsPrintedOnce() throws {
        let cassette = try TestFiles.directory().appendingPathComponent("miss.har")
        try Data(
            #"""
            {"log":{"version":"1.2","creator":{"name":"test","version":"1"},"entries":[
            {"startedDateTime":"2026-01-01T00:00:00Z","time":1,
             "request":{"method":"GET","url":"https://graph.facebook.com/me?fields=id&access_token=<TOKEN-1>",
              "httpVersion":"HTTP/1.1","headers":[],"queryString":[],"cookies":[],"headersSize":-1,"bodySize":0},
             "response":{"status":200,"statusText":"OK","httpVersion":"HTTP/1.1","headers":[],"cookies":[],
              "content":{"size":2,"mimeType":"application/json","text":"{}"},"redirectURL":"","headersSize":-1,
              "bodySize":2},
             "cache":{},"timings":{"send":0,"wait":1,"receive":0}}]}}
            """#.utf8
        ).write(to: cassette)
        let run = try CLIRunner.run([
            "get", "me", "--fields", "id,email", "-v", "--cassette", cassette.path, "--token", Self.token,
        ])
        #expect(run.status == 1, "stderr: \(run.stderr)")
        let lines = run.stderr.split(separator: "\n").map(String.init)
        let failure = try #require(lines.first { $0.hasPrefix("! ") }, "\(lines)")
        #expect(failure.contains("noRecordedResponse"), "\(failure)")
        #expect(!failure.contains("nearest"), "the ! line repeats the diff: \(failure)")
        #expect(!failure.contains("parameter fields"), "the ! line repeats the diff: \(failure)")
        // The diff is printed once, readably: its own lines after the `error:` line.
        let nearest = lines.filter { $0.contains("nearest: entry 0") }
        #expect(nearest.count == 1, "\(lines)")
        #expect(nearest.first?.hasPrefix("nearest: ") == true, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("  - parameter fields: ") }, "\(lines)")
        Self.expectClean(run, "get me --cassette (miss) -v")
    }

    @Test(
        "-v never shows the token: errors echoing it by name or bare, a POST, a batch, the REST bridge",
        arguments: [
            ["get", "bad"], ["get", "bare"], ["get", "me/friends"], ["post", "me/feed", "-p", "message=hi"],
            ["delete", "bad"],
            ["batch", "BATCH-FILE"], ["rest", "users.getLoggedInUser", "--bridge"],
        ]
    )
    func neverShowsTheToken(command: [String]) throws {
        let server = try Self.server()
        defer { server.stop() }
        let batch = try TestFiles.directory().appendingPathComponent("batch.json")
        try Data(#"[{"method":"GET","relative_url":"me"},{"method":"GET","relative_url":"bad"}]"#.utf8).write(to: batch)
        let arguments = command.map { $0 == "BATCH-FILE" ? batch.path : $0 }
        let run = try CLIRunner.run(arguments + ["-v", "--base-url", server.baseURL, "--token", Self.token])
        #expect(run.stderr.contains("> "), "-v described no request: \(run.stderr)")
        Self.expectClean(run, command.joined(separator: " "))
    }
}
