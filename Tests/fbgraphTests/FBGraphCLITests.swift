import FacebookGraph
import FacebookGraphReplay
import FacebookGraphTestSupport
import FacebookGraphTestTraits
import Foundation
import Testing

/// `fbgraph` as a user runs it: the built binary, its output streams and its exit status.
@Suite("The fbgraph binary", .onOwnThread)
struct FBGraphCLITests {
    @Test("--version prints the version and exits 0")
    func version() throws {
        let run = try CLIRunner.run(["--version"])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("fbgraph "))
        #expect(run.stdout.split(separator: " ").last?.split(separator: ".").count == 3)
    }

    @Test("The version has one source: --version, PackageVersion and CHANGELOG.md's newest release agree")
    func versionHasOneSource() throws {
        let run = try CLIRunner.run(["--version"])
        #expect(run.stdout == "fbgraph \(PackageVersion.current)\n")
        let changelog = try String(
            contentsOf: PackageRoot.url.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let newest = changelog.components(separatedBy: "\n").first {
            $0.hasPrefix("## ") && $0.dropFirst(3).first?.isNumber == true
        }
        #expect(
            newest?.hasPrefix("## \(PackageVersion.current) ") == true, "newest release heading: \(newest ?? "none")")
    }

    @Test(
        "--help on every level shows OVERVIEW, USAGE, OPTIONS and EXAMPLES",
        arguments: [
            ["--help"], ["-h"], ["help"], ["get", "--help"], ["post", "-h"], ["delete", "--help"], ["rest", "--help"],
            ["batch", "--help"], ["replay", "--help"], ["replay", "serve", "--help"], ["record", "--help"],
            ["record", "get", "--help"], ["cassette", "--help"], ["cassette", "scan", "--help"],
            ["cassette", "inspect", "-h"], ["demo", "--help"], ["help", "get"], ["help", "replay", "serve"],
            ["get", "me", "--bogus", "--help"],
        ]
    )
    func help(arguments: [String]) throws {
        let run = try CLIRunner.run(arguments)
        #expect(run.status == 0)
        for section in ["OVERVIEW:", "USAGE: fbgraph", "OPTIONS:", "EXAMPLES:"] {
            #expect(run.stdout.contains(section), "\(arguments) lacks \(section)")
        }
        #expect(run.stderr.isEmpty)
    }

    @Test("Each subcommand's help is its own, and the hidden record-demo is not listed")
    func helpNamesTheCommand() throws {
        #expect(
            try CLIRunner.run(["replay", "serve", "--help"]).stdout.contains("USAGE: fbgraph replay serve CASSETTE"))
        #expect(
            try CLIRunner.run(["cassette", "scan", "--help"]).stdout.contains("USAGE: fbgraph cassette scan PATH..."))
        #expect(try CLIRunner.run(["post", "--help"]).stdout.contains("-F, --form name=@file"))
        let root = try CLIRunner.run(["--help"]).stdout
        for name in [
            "get PATH", "post PATH", "delete PATH", "rest METHOD", "batch FILE.json", "replay serve", "record get",
        ] {
            #expect(root.contains(name))
        }
        #expect(!root.contains("record-demo"))
        #expect(!(try CLIRunner.run(["cassette", "--help"]).stdout.contains("record-demo")))
    }

    @Test(
        "Usage errors exit 64 and name the offending argument",
        arguments: [
            (["frobnicate"], "frobnicate"), (["--bogus"], "--bogus"),
            (["get"], "missing PATH"), (["get", "me", "--bogus"], "--bogus"), (["get", "me", "extra"], "extra"),
            (["get", "me", "-p"], "-p"), (["get", "me", "-p", "novalue"], "-p"),
            (["get", "me", "--compact=1"], "--compact"),
            (["get", "me", "-F", "source=@x.jpg"], "-F"), (["get", "me", "--compact", "--pretty"], "--pretty"),
            (["get", "me", "--live"], "--token"),
            (["get", "me", "--live", "--base-url", "http://127.0.0.1:1/"], "--live"),
            (["get", "me", "--cassette", "x.har", "--live"], "--cassette"),
            (["get", "me", "--base-url", "nowhere"], "--base-url"),
            (["get", "me", "--fields", "id", "-p", "fields=name"], "--fields"),
            (["post"], "missing PATH"), (["post", "me/photos", "-F", "novalue"], "-F"),
            (["post", "me/photos", "-F", "source=@/nonexistent/cat.jpg"], "/nonexistent/cat.jpg"),
            (["delete"], "missing PATH"), (["delete", "4_1", "--token"], "--token"),
            (["rest"], "missing METHOD"), (["rest", "users.getInfo", "-F", "a=b"], "-F"),
            (["batch"], "missing FILE"), (["batch", "/nonexistent/batch.json"], "/nonexistent/batch.json"),
            (["replay"], "missing subcommand"), (["replay", "play"], "play"),
            (["replay", "serve"], "missing CASSETTE"),
            (["replay", "serve", "x.har", "--port", "99999"], "--port"),
            (["replay", "serve", "x.har", "--port"], "--port"),
            (["record"], "missing subcommand"), (["record", "put", "me"], "put"),
            (["record", "get", "me"], "--cassette"),
            (["record", "get"], "missing PATH"), (["record", "get", "me", "--cassette", "x.har"], "--token"),
            (["cassette"], "missing subcommand"), (["cassette", "scrub"], "scrub"),
            (["cassette", "scan"], "missing PATH"),
            (["cassette", "inspect"], "missing FILE"), (["cassette", "inspect", "a.har", "b.har"], "b.har"),
            (["demo", "extra"], "extra"), (["help", "frobnicate"], "frobnicate"),
            (["cassette", "scrub", "--help"], "scrub"),
        ]
    )
    func usageErrors(arguments: [String], named: String) throws {
        let run = try CLIRunner.run(arguments)
        #expect(run.status == 64, "\(arguments): \(run.stderr)")
        #expect(run.stderr.hasPrefix("error: "), "\(arguments)")
        #expect(run.stderr.contains(named), "\(arguments): \(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    @Test("A usage error shows the command's usage line and where its help is")
    func usageErrorShowsUsage() throws {
        let run = try CLIRunner.run(["replay", "serve", "--port", "x", "a.har"])
        #expect(run.status == 64)
        #expect(
            run.stderr == """
                error: --port needs a number from 0 to 65535
                USAGE: fbgraph replay serve CASSETTE [--port N]
                  See 'fbgraph replay serve --help' for more.

                """)
    }

    @Test(
        "demo replays the bundled recordings in process, shows every style — delegate, block, the modern client — and exits 0"
    )
    func demo() throws {
        let run = try CLIRunner.run(["demo"])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stdout.contains("replayed in process: no server, no network"))
        #expect(run.stdout.contains("page 3 -> 1 friend as GraphUser, no paging.next"))
        #expect(run.stdout.contains("fields=error_4 -> throttled (code 4, after 2 attempts): "))
        #expect(run.stdout.contains("fields=error_200 -> permission (code 200): "))
        #expect(run.stdout.contains("fields=error_2 -> transient (code 2, after 2 attempts): "))
        #expect(run.stdout.contains("fields=error_502 -> server (status 502, after 2 attempts): "))
        #expect(run.stdout.contains("7 friends over 3 pages: Ada Lovelace,"))
        #expect(run.stdout.contains("block: (request, nil, error) facebookErrDomain 10000"))
        #expect(run.stdout.contains("error code 190, subcode 463"))
        #expect(run.stdout.contains("refused before any connection"))
        #expect(run.stdout.contains("delegate: request(_:didLoad:) name = Mark Demo"))
        #expect(run.stdout.contains("block: (request, result, nil) with 3 friends"))
        #expect(run.stdout.contains("11 of 49 recorded entries answered; nothing left the process."))
        let delegateLines = run.stdout.split(separator: "\n").filter { $0.contains("delegate: ") }.map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        #expect(
            delegateLines.map { $0.split(separator: " ")[1] } == [
                "requestLoading", "request(_:didReceive:)", "request(_:didLoadRawResponse:)", "request(_:didLoad:)",
            ])
        #expect(!run.stdout.contains("EAA"), "the demo must not print a token")
        #expect(run.stdout.split(separator: "\n").count <= 40)
        #expect(run.stderr.isEmpty)
    }

    @Test("get prints the JSON body and exits 0; one line when stdout is not a terminal, indented with --pretty")
    func get() throws {
        let bin = try HTTPBin()
        defer { bin.stop() }
        let compact = try CLIRunner.run(["get", "get", "-p", "fields=id,name", "--base-url", bin.baseURL])
        #expect(compact.status == 0)
        #expect(compact.stdout.hasSuffix("}\n"))
        #expect(compact.stdout.split(separator: "\n").count == 1)
        #expect(compact.stdout.contains(#""fields":"id,name""#))
        let pretty = try CLIRunner.run(["get", "get", "--pretty", "--base-url", bin.baseURL])
        #expect(pretty.status == 0)
        #expect(pretty.stdout.contains("\n  \"args\" : {"))
        let forced = try CLIRunner.run(["get", "get", "--compact", "--base-url", bin.baseURL])
        #expect(forced.stdout.trimmingCharacters(in: .newlines).split(separator: "\n").count == 1)
    }

    @Test("A non-2xx response prints the body, one http error line on stderr, and exits 1")
    func errorStatus() throws {
        let bin = try HTTPBin()
        defer { bin.stop() }
        let run = try CLIRunner.run(["get", "status/404", "--base-url", bin.baseURL])
        #expect(run.status == 1)
        #expect(run.stdout == #"{"status":404}"# + "\n")
        #expect(run.stderr == #"error: invalidRequest (status 404): {"status":404}"# + "\n")
    }

    @Test("A transport failure exits 1 with one clear line and no secret")
    func transportFailure() throws {
        let run = try CLIRunner.run(["get", "me", "--base-url", "http://127.0.0.1:1/", "--token", "EAABsecret"])
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("error: transport (cannotConnect): "))
        #expect(run.stderr.split(separator: "\n").count == 1)
        #expect(!run.stderr.contains("EAABsecret"))
        #expect(run.stdout.isEmpty)
    }

    @Test("A token over plain http to a real host is refused, and the token is not printed")
    func insecureToken() throws {
        let run = try CLIRunner.run(
            ["get", "me", "--base-url", "http://graph.example.invalid/"], environment: ["FB_ACCESS_TOKEN": "EAABsecret"]
        )
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("error: transport (insecureSecret): "))
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
        #expect(run.stdout.contains(#""method":"GET""#))
    }

    @Test(
        "A loopback target never goes through the environment's proxy, with or without a token",
        arguments: [["--token", "EAABproxyLeak123"], []]
    )
    func loopbackBypassesProxy(extra: [String]) throws {
        let target = try HTTPBin()
        defer { target.stop() }
        let proxy = try HTTPBin()
        defer { proxy.stop() }
        let run = try CLIRunner.run(
            ["get", "get", "--base-url", target.baseURL + "/"] + extra,
            environment: ["http_proxy": proxy.baseURL, "ALL_PROXY": proxy.baseURL, "HTTPS_PROXY": proxy.baseURL]
        )
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(proxy.server.requestsServed == 0, "the proxy saw the request")
        #expect(target.server.requestsServed == 1)
    }
}
