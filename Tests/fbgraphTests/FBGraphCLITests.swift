import FacebookGraphReplay
import FacebookGraphTestSupport
import Foundation
import Testing

/// `fbgraph` as a user runs it: the built binary, its output streams and its exit status.
@Suite("The fbgraph binary")
struct FBGraphCLITests {
    @Test("--version prints the version and exits 0")
    func version() throws {
        let run = try CLIRunner.run(["--version"])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("fbgraph "))
        #expect(run.stdout.split(separator: " ").last?.split(separator: ".").count == 3)
    }

    @Test("--help on every level shows usage and examples", arguments: [["--help"], ["get", "--help"], ["demo", "--help"]])
    func help(arguments: [String]) throws {
        let run = try CLIRunner.run(arguments)
        #expect(run.status == 0)
        #expect(run.stdout.contains("USAGE: fbgraph"))
        #expect(run.stdout.contains("EXAMPLES:"))
        #expect(run.stderr.isEmpty)
    }

    @Test(
        "Usage errors exit 64 and name the offending argument",
        arguments: [
            (["frobnicate"], "frobnicate"), (["get"], "missing PATH"), (["get", "me", "--bogus"], "--bogus"),
            (["get", "me", "-p"], "-p"), (["get", "me", "-p", "novalue"], "-p"), (["demo", "extra"], "extra"),
        ]
    )
    func usageErrors(arguments: [String], named: String) throws {
        let run = try CLIRunner.run(arguments)
        #expect(run.status == 64)
        #expect(run.stderr.contains(named))
        #expect(run.stdout.isEmpty)
    }

    @Test("demo runs every step against the embedded server and exits 0")
    func demo() throws {
        let run = try CLIRunner.run(["demo"])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stdout.contains("\"name\":\"Mark Demo\""))
        #expect(run.stdout.contains("7 friends over 3 pages on 1 connection(s)"))
        #expect(run.stdout.contains("error code 190, subcode 463"))
        #expect(run.stdout.contains("refused before any connection"))
        #expect(run.stdout.contains("delegate: request(_:didLoad:) name = Mark Demo"))
        #expect(run.stdout.contains("block: (request, result, nil) with 3 friends"))
        let delegateLines = run.stdout.split(separator: "\n").filter { $0.contains("delegate: ") }.map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(delegateLines.map { $0.split(separator: " ")[1] } == [
            "requestLoading", "request(_:didReceive:)", "request(_:didLoadRawResponse:)", "request(_:didLoad:)",
        ])
        #expect(!run.stdout.contains("access_token=DEMO-TOKEN"), "the demo must not print its token")
    }

    @Test("get prints the JSON body and exits 0; pretty by default, one line with --compact")
    func get() throws {
        let bin = try HTTPBin()
        defer { bin.stop() }
        let pretty = try CLIRunner.run(["get", "get", "-p", "fields=id,name", "--base-url", bin.baseURL])
        #expect(pretty.status == 0)
        #expect(pretty.stdout.contains("\n  \"args\" : {"))
        #expect(pretty.stdout.contains("\"fields\" : \"id,name\""))
        let compact = try CLIRunner.run(["get", "get", "--compact", "--base-url", bin.baseURL])
        #expect(compact.status == 0)
        #expect(compact.stdout.trimmingCharacters(in: .newlines).split(separator: "\n").count == 1)
    }

    @Test("A non-2xx response prints the body, says the status on stderr and exits 1")
    func errorStatus() throws {
        let bin = try HTTPBin()
        defer { bin.stop() }
        let run = try CLIRunner.run(["get", "status/404", "--base-url", bin.baseURL])
        #expect(run.status == 1)
        #expect(run.stdout.contains("\"status\" : 404"))
        #expect(run.stderr.contains("HTTP 404"))
    }

    @Test("A transport failure exits 1 with one clear line and no secret")
    func transportFailure() throws {
        let run = try CLIRunner.run(["get", "me", "--base-url", "http://127.0.0.1:1/", "--token", "EAABsecret"])
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("error: cannotConnect"))
        #expect(!run.stderr.contains("EAABsecret"))
    }

    @Test("A token over plain http to a real host is refused, and the token is not printed")
    func insecureToken() throws {
        let run = try CLIRunner.run(["get", "me", "--base-url", "http://graph.example.invalid/"], environment: ["FB_ACCESS_TOKEN": "EAABsecret"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("plain http"))
        #expect(!run.stderr.contains("EAABsecret"))
    }

    @Test("The proxy named by http_proxy carries the request")
    func proxyFromEnvironment() throws {
        let proxy = try HTTPBin(extraRoutes: [:])
        defer { proxy.stop() }
        // The name never resolves: only a proxy can answer for it.
        let run = try CLIRunner.run(
            ["get", "get", "--base-url", "http://proxied.example.invalid/"],
            environment: ["http_proxy": proxy.baseURL]
        )
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(proxy.server.requestsServed == 1)
        #expect(run.stdout.contains("\"method\" : \"GET\""))
    }
}
