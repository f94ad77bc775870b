import Foundation

/// Where the shared public corpus lives: `$FB_SHARED_DIR/corpus`, or `shared/corpus` beside the
/// repository (found by walking up from the calling file to `Package.swift`).
package enum SharedCorpus {
    /// The corpus folder, or nil when no repository root is found above `file`.
    package static func directory(file: String = #filePath) -> URL? {
        if let shared = ProcessInfo.processInfo.environment["FB_SHARED_DIR"], !shared.isEmpty {
            return URL(fileURLWithPath: shared).appendingPathComponent("corpus")
        }
        var directory = URL(fileURLWithPath: file).deletingLastPathComponent()
        while directory.path != "/" && !directory.path.isEmpty {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
                return directory.deletingLastPathComponent().appendingPathComponent("shared/corpus")
            }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }

    /// JSONTestSuite's `test_parsing` folder (`y_` files must parse, `n_` files must not).
    package static var jsonTestSuite: URL? { directory()?.appendingPathComponent("JSONTestSuite/test_parsing") }

    /// True when ``jsonTestSuite`` is there.
    package static var jsonTestSuitePresent: Bool {
        jsonTestSuite.map { FileManager.default.fileExists(atPath: $0.path) } ?? false
    }

    /// The `.json` files of ``jsonTestSuite`` whose names start with `prefix`, sorted (none when it is missing).
    package static func jsonTestSuiteFiles(prefix: String) -> [URL] {
        guard let suite = jsonTestSuite, let names = try? FileManager.default.contentsOfDirectory(atPath: suite.path)
        else { return [] }
        return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted().map {
            suite.appendingPathComponent($0)
        }
    }
}
