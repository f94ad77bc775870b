import Foundation

/// The package's root folder (where `Package.swift` is), for tests that read the repository's own
/// files: the documents, the cassettes, the recordings.
package enum PackageRoot {
    /// Found by walking up from this file to `Package.swift`.
    package static let url: URL = {
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path),
            directory.pathComponents.count > 1
        {
            directory.deleteLastPathComponent()
        }
        return directory
    }()
}
