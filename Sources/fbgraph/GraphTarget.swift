import FacebookGraph
import FacebookGraphReplay
import Foundation

/// Where a request-making command sends its requests, and with which token — decided in one place
/// from `--live`, `--cassette`, `--base-url`, `--token`, `FB_ACCESS_TOKEN` and the token
/// `fbgraph login` saved (``TokenStore``):
///
/// | options | transport | token |
/// |---|---|---|
/// | none | ``BundledRecordings``, replayed in process | `--token`, `FB_ACCESS_TOKEN` or `<TOKEN-1>` |
/// | `--cassette FILE` | strict replay of FILE, in process | `--token` or `FB_ACCESS_TOKEN`, if any |
/// | `--live` | libcurl to graph.facebook.com (REST: api.facebook.com) | `--token`, `FB_ACCESS_TOKEN` or the saved one: required |
/// | `--base-url URL` | libcurl to URL (Graph and REST) | `--token`, `FB_ACCESS_TOKEN` or the saved one, if any |
///
/// The libcurl engine refuses a token over plain http to any host but loopback.
struct GraphTarget {
    /// The real Graph API.
    static let liveGraphBase = GraphConfiguration.defaultGraphBaseURL
    /// The real legacy REST API.
    static let liveRESTBase = GraphConfiguration.defaultRESTBaseURL

    /// The target options every request-making command accepts.
    static let options = [
        OptionDefinition("--live"),
        OptionDefinition("--cassette", value: "FILE"),
        OptionDefinition("--base-url", value: "URL"),
        OptionDefinition("--token", value: "TOKEN"),
        OptionDefinition("-v", "--verbose"),
    ]

    /// What carries the requests: every request goes through `transport.base`.
    let transport: GraphTransport
    /// The Graph API base URL, ending in `/`.
    let graphBase: String
    /// The REST API base URL (`…/method/NAME` is appended), ending in `/`.
    let restBase: String
    /// The access token to send, or nil.
    let token: String?
    /// True with `-v`: ``transport`` describes each request and response on standard error.
    let verbose: Bool

    /// The core's configuration for this target: its base URLs and token; the CLI sends each request
    /// once (no retries), so what it prints is what the server said.
    var configuration: GraphConfiguration {
        var configuration = GraphConfiguration(accessToken: token)
        configuration.graphBaseURL = graphBase
        configuration.restBaseURL = restBase
        configuration.retryPolicy = .never
        return configuration
    }

    /// `--base-url`'s value, checked (an absolute `http` or `https` URL with a host, read by `URLParts`)
    /// and ending in `/`: the one check `fbgraph`'s commands and `fbgraph login` make of it.
    ///
    /// - Throws: ``CommandError/usage(_:)`` when it is not such a URL.
    static func checkedBaseURL(_ text: String) throws(CommandError) -> String {
        guard (try? URLParts(text).origin()) != nil else {
            throw .usage("--base-url needs an absolute http or https URL")
        }
        return text.hasSuffix("/") ? text : text + "/"
    }

    /// The target `arguments` name.
    ///
    /// - Parameters:
    ///   - arguments: The parsed command line, holding the ``options``.
    ///   - recording: True for `record`, whose `--cassette` is where to write: the target is then
    ///     live, graph.facebook.com unless `--base-url` names another server.
    ///   - environment: Where `FB_ACCESS_TOKEN` is read.
    /// - Throws: ``CommandError/usage(_:)`` for conflicting options or `--live` without a token;
    ///   ``CommandError/failure(_:)`` when a cassette cannot be read.
    init(
        _ arguments: CommandArguments,
        recording: Bool = false,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(CommandError) {
        let baseURL = arguments.value("--base-url")
        let live = arguments.has("--live")
        // `fbgraph login`'s token counts only where a real server is called, and is read only when
        // neither --token nor FB_ACCESS_TOKEN gives one (an unsafe token file is then an error).
        var given = [arguments.value("--token"), environment["FB_ACCESS_TOKEN"]].compactMap { $0 }.first {
            !$0.isEmpty
        }
        if given == nil, live || baseURL != nil || recording {
            given = try TokenStore(environment: environment).load()
        }
        let cassettePath = recording ? nil : arguments.value("--cassette")
        let verbose = arguments.has("--verbose")
        if live, baseURL != nil {
            throw .usage("--live and --base-url both name a server; give one")
        }
        if cassettePath != nil, live || baseURL != nil {
            throw .usage("--cassette replays a file; it cannot be combined with \(live ? "--live" : "--base-url")")
        }
        if let baseURL {
            let base = try Self.checkedBaseURL(baseURL)
            self.init(transport: .libcurl, graphBase: base, restBase: base, token: given, verbose: verbose)
        } else if live || recording {
            guard let given else {
                throw .usage(
                    "\(live ? "--live" : "record") needs an access token: set FB_ACCESS_TOKEN, run fbgraph login, or pass --token"
                )
            }
            self.init(
                transport: .libcurl, graphBase: Self.liveGraphBase, restBase: Self.liveRESTBase, token: given,
                verbose: verbose)
        } else if let cassettePath {
            self.init(
                transport: .replay(try CassetteFile.open(cassettePath)),
                graphBase: Self.liveGraphBase,
                restBase: Self.liveRESTBase,
                token: given,
                verbose: verbose
            )
        } else {
            let cassette: Cassette
            do {
                cassette = try BundledRecordings.demoCassette()
            } catch {
                throw .failure("the bundled recordings do not load: \(error)")
            }
            self.init(
                transport: .replay(cassette),
                graphBase: Self.liveGraphBase,
                restBase: Self.liveRESTBase,
                token: given ?? BundledRecordings.token,
                verbose: verbose
            )
        }
    }

    private init(transport: GraphTransport, graphBase: String, restBase: String, token: String?, verbose: Bool) {
        self.transport = verbose ? GraphTransport(VerboseTransport(base: transport.base)) : transport
        self.verbose = verbose
        self.graphBase = graphBase
        self.restBase = restBase
        self.token = token
    }
}

extension GraphTarget {
    /// The target options' lines of an OPTIONS section.
    static let help = """
          --live                  Call the real Graph API (graph.facebook.com; REST api.facebook.com);
                                  needs a token.
          --cassette FILE         Replay the HAR file FILE strictly, in process: no network; a request
                                  without a recorded entry fails with the diff against the nearest.
          --base-url URL          Call the server at URL. A token goes over plain http only to a
                                  loopback host (127.0.0.1, ::1, localhost); elsewhere use https.
          --token TOKEN           The access token (default FB_ACCESS_TOKEN, then the token
                                  'fbgraph login' saved, for --live and --base-url). A real
                                  token on the command line shows in ps: prefer FB_ACCESS_TOKEN
                                  or fbgraph login. Any token replays as <TOKEN-1>, the
                                  placeholder recordings hold.
                                  Without --live, --cassette or --base-url the recordings built into
                                  fbgraph answer, in process, with the token <TOKEN-1>.
          -v, --verbose           Describe each request sent and each response (status, time,
                                  size) on standard error; secrets show as <redacted>.
        """
}
