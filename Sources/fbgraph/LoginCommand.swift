import FacebookGraph
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
        action: .parsed { _, output throws(CommandError) in
            let store = TokenStore()
            output.err(try store.remove() ? "logged out: removed \(store.file.path)" : "not logged in")
            return ExitCode.success
        }
    )

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
            guard let components = URLComponents(string: base), ["http", "https"].contains(components.scheme ?? ""),
                components.host?.isEmpty == false
            else { throw .usage("--base-url needs an absolute http or https URL") }
            configuration.graphBaseURL = base.hasSuffix("/") ? base : base + "/"
        }
        configuration.appID = appID
        configuration.clientToken = clientToken
        configuration.retryPolicy = .never
        let scope = arguments.value("--scope").map { $0.split(separator: ",").map(String.init) } ?? []
        let client = GraphClient(configuration: configuration)
        let outcome = waitFor {
            let code = try await client.startDeviceLogin(permissions: scope)
            var streams = StandardStreams()
            streams.out("To log in, open \(code.verificationURI) and enter the code \(code.userCode)")
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
            let store = TokenStore()
            try store.save(token.accessToken)
            output.err("logged in: token \(TokenStore.masked(token.accessToken)) saved to \(store.file.path)")
            return ExitCode.success
        }
    }

    /// Runs `body` on the cooperative pool and blocks this (main, non-pool) thread until it ends.
    private static func waitFor<T: Sendable>(
        _ body: @escaping @Sendable () async throws -> T
    ) -> Result<T, GraphError> {
        let done = DispatchSemaphore(value: 0)
        let result = LockedValue<Result<T, GraphError>?>(nil)
        Task {
            do {
                let value = try await body()
                result.withLock { $0 = .success(value) }
            } catch let error as GraphError {
                result.withLock { $0 = .failure(error) }
            } catch {
                result.withLock {
                    $0 = .failure(GraphError(transport: TransportError(.transferFailed, message: "\(error)", url: "")))
                }
            }
            done.signal()
        }
        done.wait()
        return result.withLock { $0 }
            ?? .failure(GraphError(transport: TransportError(.transferFailed, message: "no result", url: "")))
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
        OVERVIEW: Remove the token fbgraph login saved.

        USAGE: fbgraph logout

        OPTIONS:
          -h, --help              Show this help.

        EXAMPLES:
          fbgraph logout
        """
}
