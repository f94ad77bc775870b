import FacebookGraphReplay
import Foundation

/// `fbgraph replay serve CASSETTE`: serves a cassette on loopback (``ReplayServer``) until SIGINT
/// or SIGTERM, so any HTTP client — in any language — runs against recordings.
enum ReplayServeCommand {
    /// The `serve` command.
    static let command = Command(
        name: "serve",
        help: help,
        options: [OptionDefinition("--port", value: "N")],
        positionals: ["CASSETTE"],
        action: .parsed(run)
    )

    /// Serves the cassette `arguments` name; returns 0 once a signal stopped the server.
    static func run(_ arguments: CommandArguments, output: inout StandardStreams) throws(CommandError) -> Int32 {
        var port: UInt16 = 0
        if let text = arguments.value("--port") {
            guard let number = UInt16(text) else { throw .usage("--port needs a number from 0 to 65535") }
            port = number
        }
        let path = arguments.positional("CASSETTE")
        let cassette = try CassetteFile.open(path)
        let signals = TerminationSignals()
        let server: ReplayServer
        do {
            server = try ReplayServer(cassette: cassette, port: port)
        } catch {
            throw .failure("cannot listen on 127.0.0.1:\(port): \(error)")
        }
        output.out("listening on \(server.baseURL)")
        signals.wait()
        server.stop()
        output.err("stopped after \(server.requestsServed) request(s)")
        return ExitCode.success
    }

    /// `fbgraph replay --help`.
    static let groupHelp = """
        OVERVIEW: Serve recordings over HTTP.

        USAGE: fbgraph replay serve CASSETTE [--port N]

        SUBCOMMANDS:
          serve CASSETTE      Serve a HAR cassette on 127.0.0.1 until SIGINT or SIGTERM.

        OPTIONS:
          -h, --help          Show this help (fbgraph replay serve --help for the subcommand's).

        EXAMPLES:
          fbgraph replay serve Tests/Cassettes/me.har --port 8080
        """

    /// `fbgraph replay serve --help`.
    static let help = """
        OVERVIEW: Serve a HAR cassette on 127.0.0.1 over HTTP/1.1, so the real libcurl path — and
        programs in any language — run against recordings. Requests are matched as in an in-process
        replay (secrets by placeholder); a request without an entry gets HTTP 501 with the diff
        against the nearest entries. Prints `listening on http://127.0.0.1:PORT` once ready and
        serves until SIGINT or SIGTERM, then exits 0. Never goes to the network.

        HOSTS: an ordinary request is answered only when its Host header names loopback (localhost,
        127.0.0.0/8, [::1]; 421 otherwise), so a web page that renames itself to 127.0.0.1 cannot read
        the cassette. Where the cassette holds entries for the host of a proxy request (its
        absolute-form target), only those answer; elsewhere any host's entry does. So the server is
        also a plain-http proxy for browser exports: http_proxy=http://127.0.0.1:PORT any-program
        (https through it — CONNECT — is refused; ask for the http:// URL, which an https recording
        answers).

        USAGE: fbgraph replay serve CASSETTE [--port N]

        OPTIONS:
          --port N                The port to listen on (default 0: a free port, printed).
          -h, --help              Show this help.

        EXIT STATUS: 0 after SIGINT or SIGTERM stopped the server, 1 when the cassette cannot be read or
        the port cannot be bound (one line on standard error), 64 on a usage error.

        EXAMPLES:
          fbgraph replay serve Tests/Cassettes/me.har --port 8080 &
          fbgraph get me --fields id,name --base-url http://127.0.0.1:8080/ --token anything
          http_proxy=http://127.0.0.1:8080 curl http://www.example.com/
        """
}
