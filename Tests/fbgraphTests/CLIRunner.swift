import FacebookGraphTestSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs the built `fbgraph` binary and captures what it printed.
struct CLIRun {
    var status: Int32
    var stdout: String
    var stderr: String
}

enum CLIRunner {
    /// The `fbgraph` next to the test bundle (`.build/<config>/fbgraph`), or `FBGRAPH_BINARY`.
    static var binary: URL {
        if let path = ProcessInfo.processInfo.environment["FBGRAPH_BINARY"] { return URL(fileURLWithPath: path) }
        if let built = BuiltProducts.executable(named: "fbgraph") { return built }
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        return testBinary.deletingLastPathComponent().appendingPathComponent("fbgraph")
    }

    /// Runs `fbgraph arguments…` with `environment` added, waiting at most `timeout` seconds;
    /// through `launcher` when given (`["/usr/bin/setsid", "--wait"]`: `launcher… fbgraph arguments…`).
    static func run(
        _ arguments: [String],
        environment: [String: String] = [:],
        timeout: Double = 60,
        launcher: [String] = []
    ) throws -> CLIRun {
        let process = Process()
        if let program = launcher.first {
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = launcher.dropFirst() + [binary.path] + arguments
        } else {
            process.executableURL = binary
            process.arguments = arguments
        }
        process.environment = Self.environment(environment)
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both pipes concurrently so a full pipe never blocks the child.
        let outData = ReadBox()
        let errData = ReadBox()
        let group = DispatchGroup()
        for (pipe, box) in [(out, outData), (err, errData)] {
            group.enter()
            DispatchQueue.global().async {
                box.data = pipe.fileHandleForReading.readDataToEndOfFile()
                group.leave()
            }
        }
        if group.wait(timeout: .now() + timeout) == .timedOut {
            // SIGKILL: a child may inherit a mask that blocks SIGTERM, and a timed-out run has failed.
            kill(process.processIdentifier, SIGKILL)
            throw CLIRunnerError.timedOut(arguments)
        }
        process.waitUntilExit()
        return CLIRun(
            status: process.terminationStatus,
            stdout: String(decoding: outData.data, as: UTF8.self),
            stderr: String(decoding: errData.data, as: UTF8.self)
        )
    }

    /// The test process's environment without tokens, secrets or proxies, plus `extra`. The config
    /// folder points at an empty place, so a token a developer saved with `fbgraph login` never
    /// reaches a test server.
    static func environment(_ extra: [String: String]) -> [String: String] {
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

    private final class ReadBox: @unchecked Sendable {
        var data = Data()
    }
}

enum CLIRunnerError: Error {
    case timedOut([String])
}
