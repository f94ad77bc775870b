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
}
