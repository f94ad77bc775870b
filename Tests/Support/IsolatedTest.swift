import Foundation

/// Runs one test of this test binary again, alone, in a child process.
///
/// For a test whose subject is the process itself: its resident size (which other suites' large
/// bodies would move), or its environment (which `setenv` must not change while the engine thread
/// reads it). The test checks ``isChild``: false, it calls ``run(filter:environment:timeout:)`` and
/// asserts the child's exit status; true, it does its work.
package enum IsolatedTest {
    /// Set (to `1`) in the child's environment.
    package static let variable = "FACEBOOKSDKSHIM_ISOLATED_TEST"

    /// True in the child run.
    package static var isChild: Bool { ProcessInfo.processInfo.environment[variable] != nil }

    /// Runs the Swift Testing tests `filter` matches (a regular expression over test ids such as
    /// `FacebookSDKTests.SoakTests/soak()`) in a child process of this test binary, whose environment
    /// is this process's plus ``variable`` and `environment`; waits at most `timeout` seconds (times
    /// the timeout scale) on a Dispatch thread, never one of the cooperative pool's.
    package static func run(
        filter: String, environment: [String: String] = [:], timeout: Double
    ) async throws -> ProgramRun {
        let binary = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        var childEnvironment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        childEnvironment[variable] = "1"
        let finalEnvironment = childEnvironment
        let result: Result<ProgramRun, any Error> = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(
                    returning: Result {
                        try BuiltExecutable.run(
                            URL(fileURLWithPath: binary),
                            arguments: ["--testing-library", "swift-testing", "--filter", filter],
                            environment: finalEnvironment, timeout: timeout * testTimeoutScale)
                    })
            }
        }
        return try result.get()
    }
}

extension ProgramRun {
    /// The end of what the child printed, for a failure message.
    package var tail: String {
        "stdout:\n\(stdout.suffix(6000))\nstderr:\n\(stderr.suffix(3000))"
    }
}
