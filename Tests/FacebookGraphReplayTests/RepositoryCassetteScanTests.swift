import Foundation
import Testing

@testable import FacebookGraphReplay

/// Every cassette committed to this repository is free of anything token-shaped.
@Suite("The repository's own cassettes")
struct RepositoryCassetteScanTests {
    /// The package root: the nearest folder above this file that holds Package.swift.
    static var packageRoot: URL {
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while directory.path != "/" {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
                return directory
            }
            directory = directory.deletingLastPathComponent()
        }
        return directory
    }

    /// Every `.har` file under Sources/ and Tests/.
    static func cassettes() -> [String] {
        var found: [String] = []
        for folder in ["Sources", "Tests"] {
            let root = packageRoot.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(atPath: root.path) else { continue }
            while let relative = walker.nextObject() as? String {
                if relative.hasSuffix(".har") { found.append(root.appendingPathComponent(relative).path) }
            }
        }
        return found.sorted()
    }

    @Test("No committed cassette holds a token, proof, app secret or Authorization value")
    func scanCommittedCassettes() throws {
        let files = Self.cassettes()
        let findings = try SecretScanner.fromEnvironment().scan(paths: files)
        #expect(findings.isEmpty, "\(findings.map(\.description).joined(separator: "\n"))")
        print("scanned \(files.count) cassette(s): \(findings.count) finding(s)")
    }
}
