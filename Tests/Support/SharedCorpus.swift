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

    /// JSONTestSuite read for a test: every `y_` file (must parse) and `n_` file (must not), each
    /// with its name. Throws when the folder is missing or holds fewer files than the suite has (more
    /// than 90 `y_` and 180 `n_`), so a partial copy fails instead of passing on what is left.
    package static func jsonTestSuiteCases() throws -> JSONTestSuiteCases {
        let read = { (prefix: String) in
            try jsonTestSuiteFiles(prefix: prefix).map { (name: $0.lastPathComponent, data: try Data(contentsOf: $0)) }
        }
        let cases = JSONTestSuiteCases(accept: try read("y_"), reject: try read("n_"))
        guard cases.accept.count > 90, cases.reject.count > 180 else {
            throw IncompleteCorpus(
                description: "JSONTestSuite at \(jsonTestSuite?.path ?? "?") holds only \(cases.accept.count) y_ and "
                    + "\(cases.reject.count) n_ files")
        }
        return cases
    }

    /// JSONTestSuite's files, read.
    package struct JSONTestSuiteCases: Sendable {
        /// The `y_` files: each must parse.
        package var accept: [(name: String, data: Data)]
        /// The `n_` files: each must be rejected.
        package var reject: [(name: String, data: Data)]
    }

    /// A corpus folder that is there but incomplete.
    package struct IncompleteCorpus: Error, CustomStringConvertible {
        /// What is missing.
        package var description: String
    }
}
