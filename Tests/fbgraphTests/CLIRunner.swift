import Foundation

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
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directory = testBinary.deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("fbgraph")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return testBinary.deletingLastPathComponent().appendingPathComponent("fbgraph")
    }

    /// Runs `fbgraph arguments…` with `environment` added, waiting at most `timeout` seconds.
    static func run(_ arguments: [String], environment: [String: String] = [:], timeout: Double = 60) throws -> CLIRun {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for key in ["FB_ACCESS_TOKEN", "FB_GRAPH_BASE_URL", "http_proxy", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"] {
            env[key] = nil
        }
        env.merge(environment) { $1 }
        process.environment = env
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
            process.terminate()
            throw CLIRunnerError.timedOut(arguments)
        }
        process.waitUntilExit()
        return CLIRun(
            status: process.terminationStatus,
            stdout: String(decoding: outData.data, as: UTF8.self),
            stderr: String(decoding: errData.data, as: UTF8.self)
        )
    }

    private final class ReadBox: @unchecked Sendable {
        var data = Data()
    }
}

enum CLIRunnerError: Error {
    case timedOut([String])
}
