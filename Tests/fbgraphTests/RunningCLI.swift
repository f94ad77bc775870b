import FacebookGraphTestSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// An `fbgraph` process left running (`replay serve`): its output read as it comes, a signal sent
/// to it, its exit awaited — every wait bounded.
final class RunningCLI: @unchecked Sendable {
    private let process = Process()
    private let lock = NSLock()
    private var stdoutText = ""
    private var stderrText = ""
    /// The readers of standard output and error.
    private var readers: [PipeReader] = []

    /// Starts `fbgraph arguments…` (with the environment ``CLIRunner`` uses).
    init(_ arguments: [String]) throws {
        process.executableURL = CLIRunner.binary
        process.arguments = arguments
        process.environment = CLIRunner.environment([:])
        process.standardInput = FileHandle.nullDevice
        let out = ChildProcess.pipe()
        let err = ChildProcess.pipe()
        process.standardOutput = out
        process.standardError = err
        try ChildProcess.run(process)
        readers = [
            PipeReader(out.fileHandleForReading) { [weak self] in self?.append($0, toStdout: true) },
            PipeReader(err.fileHandleForReading) { [weak self] in self?.append($0, toStdout: false) },
        ]
    }

    /// What the process has written to standard output so far.
    var stdout: String { lock.withLock { stdoutText } }
    /// What the process has written to standard error so far.
    var stderr: String { lock.withLock { stderrText } }

    /// The first line of standard output, waiting at most `seconds` for it.
    func firstLine(within seconds: Double = 10) -> String? {
        guard eventually(seconds: seconds, { stdout.contains("\n") }) else { return nil }
        return stdout.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init)
    }

    /// Sends `signal` to the process.
    func send(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// The exit status once the process has exited on its own (not by a signal), waiting at most
    /// `seconds`; nil if it is still running or was killed by a signal.
    func exitStatus(within seconds: Double = 5) -> Int32? {
        guard eventually(seconds: seconds, { !process.isRunning }) else { return nil }
        return process.terminationReason == .exit ? process.terminationStatus : nil
    }

    /// Kills the process if it still runs (cleanup after a failed test).
    func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    private func append(_ data: Data, toStdout: Bool) {
        guard !data.isEmpty else { return }
        let text = String(decoding: data, as: UTF8.self)
        lock.withLock {
            if toStdout { stdoutText += text } else { stderrText += text }
        }
    }
}
