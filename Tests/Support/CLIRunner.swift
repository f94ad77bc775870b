import Foundation

/// Runs the built `fbgraph` binary and captures what it printed.
package struct CLIRun {
    package var status: Int32
    package var stdout: String
    package var stderr: String
}

package enum CLIRunner {
    /// The `fbgraph` next to the test bundle (`.build/<config>/fbgraph`), or `FBGRAPH_BINARY`.
    package static var binary: URL {
        if let path = ProcessInfo.processInfo.environment["FBGRAPH_BINARY"] { return URL(fileURLWithPath: path) }
        return BuiltExecutable.url(named: "fbgraph")
    }

    /// Runs `fbgraph arguments…` with `environment` added, waiting at most `timeout` seconds;
    /// through `launcher` when given (`["/usr/bin/setsid", "--wait"]`: `launcher… fbgraph arguments…`).
    package static func run(
        _ arguments: [String],
        environment: [String: String] = [:],
        timeout: Double = 60,
        launcher: [String] = []
    ) throws -> CLIRun {
        let program = launcher.first.map { URL(fileURLWithPath: $0) } ?? binary
        let run = try BuiltExecutable.run(
            program, arguments: launcher.dropFirst() + (launcher.isEmpty ? [] : [binary.path]) + arguments,
            environment: Self.environment(environment), timeout: timeout)
        return CLIRun(status: run.status, stdout: run.stdout, stderr: run.stderr)
    }

    /// The test process's environment without tokens, secrets or proxies, plus `extra`. The config
    /// folder points at an empty place, so a token a developer saved with `fbgraph login` never
    /// reaches a test server.
    package static func environment(_ extra: [String: String]) -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        let cleared = [
            "FB_ACCESS_TOKEN", "FB_APP_SECRET", "FB_CLIENT_SECRET", "FB_APP_TOKEN", "FB_GRAPH_BASE_URL",
            "FB_APP_ID", "FB_CLIENT_TOKEN", "http_proxy", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY",
        ]
        for key in cleared { env[key] = nil }
        env["XDG_CONFIG_HOME"] =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("fbgraph-tests-no-config-\(UUID().uuidString)").path
        env.merge(extra) { $1 }
        return env
    }
}
