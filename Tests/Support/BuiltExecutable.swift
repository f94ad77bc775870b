import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What a finished child process printed, and how it exited.
package struct ProgramRun: Sendable {
    /// The exit status.
    package var status: Int32
    /// Everything it wrote to standard output.
    package var stdout: String
    /// Everything it wrote to standard error.
    package var stderr: String
}

/// A run that did not finish within its time; the process was killed.
package struct ProgramTimedOut: Error, CustomStringConvertible {
    /// The program and its arguments.
    package var command: [String]
    package var description: String { "\(command.joined(separator: " ")) did not finish in time" }
}

/// The package's own executables (`fbgraph`, the Hackbook stages), as the build put them next to
/// the test bundle, run with every wait bounded.
package enum BuiltExecutable {
    /// The executable `name` in the build's products folder (`.build/<config>/`), found by walking
    /// up from the test binary; where it is not built, the path it would have (running it fails).
    package static func url(named name: String) -> URL {
        built(named: name)
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent(name)
    }

    /// The executable `name` next to the running test bundle (looking up to four folders up from the
    /// bundle's binary), or nil when it is not built.
    package static func built(named name: String) -> URL? {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }

    /// Runs `executable arguments…` with exactly `environment`, standard input empty, waiting at most
    /// `timeout` seconds (then SIGKILL and ``ProgramTimedOut``).
    package static func run(
        _ executable: URL,
        arguments: [String],
        environment: [String: String],
        currentDirectory: URL? = nil,
        timeout: Double = 60
    ) throws -> ProgramRun {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        let out = ChildProcess.pipe()
        let err = ChildProcess.pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try ChildProcess.run(process)
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
        if !group.wait(scaledSeconds: timeout) {
            // SIGKILL: a child may inherit a mask that blocks SIGTERM, and a timed-out run has failed.
            kill(process.processIdentifier, SIGKILL)
            throw ProgramTimedOut(command: [executable.lastPathComponent] + arguments)
        }
        process.waitUntilExit()
        return ProgramRun(
            status: process.terminationStatus,
            stdout: String(decoding: outData.data, as: UTF8.self),
            stderr: String(decoding: errData.data, as: UTF8.self)
        )
    }

    private final class ReadBox: @unchecked Sendable {
        var data = Data()
    }
}
