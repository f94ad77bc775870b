import Foundation

/// The package's executables as the test build made them, for tests that run one as a child process.
package enum BuiltProducts {
    /// The executable `name` next to the running test bundle (`.build/<config>/name`, looking up to
    /// four folders up from the bundle's binary), or nil when it is not built.
    package static func executable(named name: String) -> URL? {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }
}
