import FacebookGraph
import FacebookSDK
import Foundation

/// `fbgraph login` and `fbgraph logout`: Facebook Login for Devices from a terminal, the token kept in
/// the user's config folder (``TokenStore``) for later `--live` and `--base-url` commands.
enum LoginCommand {
    /// `fbgraph login`.
    static let login = Command(
        name: "login",
        help: loginHelp,
        options: [
            OptionDefinition("--app-id", value: "ID"), OptionDefinition("--client-token", value: "TOKEN"),
            OptionDefinition("--scope", value: "a,b"), OptionDefinition("--base-url", value: "URL"),
        ],
        action: .parsed { arguments, output throws(CommandError) in try runLogin(arguments, output: &output) }
    )

    /// `fbgraph logout`.
    static let logout = Command(
        name: "logout",
        help: logoutHelp,
        action: .parsed { _, output throws(CommandError) in try runLogout(output: &output) }
    )

    /// Removes the saved token and the cached friend lists of its owner (`fbgraph friends` keeps
    /// them under the owner's id, as `FBSession.closeAndClearTokenInformation()` clears them).
    static func runLogout(
        output: inout StandardStreams,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(CommandError) -> Int32 {
        let store = TokenStore(environment: environment)
        let owner = store.loadOwner()
        guard try store.remove() else {
            output.err("not logged in")
            return ExitCode.success
        }
        output.err("logged out: removed \(store.file.path)")
        guard let owner else { return ExitCode.success }
        let cache = FriendCacheStore.defaultDirectory(environment: environment)
        guard FileManager.default.fileExists(atPath: cache.path) else { return ExitCode.success }
        do {
            try FriendCacheStore(directory: cache).removeEntries(owner: owner)
            output.err("removed user \(owner)'s cached friend lists from \(cache.path)")
        } catch {
            throw .failure("the token is removed, but not user \(owner)'s cached friend lists: \(error)")
        }
        return ExitCode.success
    }

    static func runLogin(
        _ arguments: CommandArguments,
        output: inout StandardStreams,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(CommandError) -> Int32 {
        guard let appID = arguments.value("--app-id") ?? environment["FB_APP_ID"], !appID.isEmpty else {
            throw .usage("login needs the app id: pass --app-id or set FB_APP_ID")
        }
        guard let clientToken = arguments.value("--client-token") ?? environment["FB_CLIENT_TOKEN"],
            !clientToken.isEmpty
        else {
            throw .usage("login needs the app's client token: pass --client-token or set FB_CLIENT_TOKEN")
        }
        var configuration = GraphConfiguration()
        if let base = arguments.value("--base-url") {
            configuration.graphBaseURL = try GraphTarget.checkedBaseURL(base)
        }
        configuration.appID = appID
        configuration.clientToken = clientToken
        configuration.retryPolicy = .never
        // Tests only: shortens device login's waits (the 5 s floor becomes 50 ms at 0.01), so a test
        // sees the polls' count and spacing without waiting seconds for each.
        if let scale = environment["FBGRAPH_TEST_TIME_SCALE"].flatMap(Double.init), scale >= 0.001, scale <= 1 {
            configuration.deviceLoginTimeScale = scale
        }
        let scope = arguments.value("--scope").map { $0.split(separator: ",").map(String.init) } ?? []
        let client = GraphClient(configuration: configuration)
        let outcome = waitFor(timeout: loginBound) {
            let code = try await client.startDeviceLogin(permissions: scope)
            var streams = StandardStreams()
            // Both come from the server: shown inert (the core has checked the URI is http or https).
            let uri = TerminalText.inert(code.verificationURI)
            streams.out("To log in, open \(uri) and enter the code \(TerminalText.inert(code.userCode))")
            return try await client.finishDeviceLogin(code) { progress in
                var streams = StandardStreams()
                switch progress {
                case .pending(let interval):
                    streams.err("waiting for approval… (checking every \(interval.components.seconds) s)")
                case .slowedDown(let interval):
                    streams.err("the server asked to check less often: every \(interval.components.seconds) s")
                }
            }
        }
        switch outcome {
        case .failure(let error):
            output.err("error: \(error)")
            return ExitCode.failure
        case .success(let token):
            let store = TokenStore(environment: environment)
            let owner = owner(of: token.accessToken, configuration: configuration)
            try store.save(token.accessToken, owner: owner)
            output.err("logged in: token \(TokenStore.masked(token.accessToken)) saved to \(store.file.path)")
            if owner == nil {
                output.err("note: the token's user id is unknown, so logout cannot clear its cached friend lists")
            }
            return ExitCode.success
        }
    }

    /// The longest a login may take: a device code lives minutes (Graph's `expires_in`, 15 at most
    /// today) and the core stops polling when it expires; this bound only keeps a server that never
    /// answers from holding the command for ever.
    static let loginBound: Duration = .seconds(3600)

    /// The id of `token`'s user (`me?fields=id`), for logout to clear that user's cached friend
    /// lists; nil when the server does not say, or answers something that is not an id.
    private static func owner(of token: String, configuration: GraphConfiguration) -> String? {
        var configuration = configuration
        configuration.accessToken = token
        let client = GraphClient(configuration: configuration)
        struct Me: Decodable { var id: String }
        let answer = waitFor(timeout: .seconds(60)) {
            try await client.send(GraphRequest(path: "me", parameters: ["fields": "id"])).decode(Me.self).id
        }
        guard case .success(let id) = answer, !id.isEmpty, id.count <= 64,
            id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
        else { return nil }
        return id
    }

    /// Runs `body` on the cooperative pool and blocks this (main, non-pool) thread until it ends or
    /// `timeout` passes (then it is cancelled: ``BlockingWait``).
    private static func waitFor<T: Sendable>(
        timeout: Duration,
        _ body: @escaping @Sendable () async throws -> T
    ) -> Result<T, GraphError> {
        let outcome = BlockingWait.run(timeout: timeout) { () async -> Result<T, GraphError> in
            do {
                return .success(try await body())
            } catch let error as GraphError {
                return .failure(error)
            } catch {
                return .failure(GraphError(transport: TransportError(.transferFailed, message: "\(error)", url: "")))
            }
        }
        switch outcome {
        case .completed(let result):
            return result
        case .timedOut:
            return .failure(
                GraphError(transport: TransportError(.timedOut, message: "no answer within \(timeout)", url: "")))
        }
    }

    static let loginHelp = """
        OVERVIEW: Log in with Facebook Login for Devices: fbgraph shows a code and a URL to open on
        another device, checks until you approve, and saves the token (mode 0600, in
        $XDG_CONFIG_HOME/fbgraph or ~/.config/fbgraph) for later --live and --base-url commands.

        USAGE: fbgraph login [--app-id ID] [--client-token TOKEN] [--scope a,b] [--base-url URL]

        OPTIONS:
          --app-id ID             The app's id (default FB_APP_ID).
          --client-token TOKEN    The app's client token, App Dashboard > Settings > Advanced
                                  (default FB_CLIENT_TOKEN).
          --scope a,b             The permissions to ask for.
          --base-url URL          The Graph server (default https://graph.facebook.com/).
          -h, --help              Show this help.

        EXAMPLES:
          fbgraph login --app-id 1234 --client-token abcd --scope public_profile,user_friends
          fbgraph get me --live
          fbgraph logout
        """

    static let logoutHelp = """
        OVERVIEW: Remove the token fbgraph login saved, and the friend lists fbgraph friends cached for
        its user.

        USAGE: fbgraph logout

        OPTIONS:
          -h, --help              Show this help.

        EXAMPLES:
          fbgraph logout
        """
}
