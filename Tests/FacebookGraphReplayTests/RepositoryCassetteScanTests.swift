import FacebookGraphTestSupport
import Foundation
import Testing

@testable import FacebookGraphReplay

/// Every cassette committed to this repository is free of anything token-shaped.
@Suite("The repository's own cassettes")
struct RepositoryCassetteScanTests {
    /// The package root (the test support's one walk to Package.swift).
    static var packageRoot: URL { PackageRoot.url }

    /// Every `.har` file under Sources/ and Tests/, found by the scanner's own directory walk.
    static func cassettes() throws -> [String] {
        try ["Sources", "Tests"].flatMap { folder in
            try SecretScanner.files(at: packageRoot.appendingPathComponent(folder).path).filter { $0.hasSuffix(".har") }
        }.sorted()
    }

    @Test("No committed cassette holds a token, proof, app secret or Authorization value")
    func scanCommittedCassettes() throws {
        let files = try Self.cassettes()
        // A walk that found nothing would pass for the wrong reason: the bundled cassette must be there.
        try #require(
            files.contains { $0.hasSuffix("Sources/fbgraph/Recordings/demo.har") },
            "the bundled cassette was not found under \(Self.packageRoot.path)")
        let findings = try SecretScanner.fromEnvironment().scan(paths: files)
        #expect(findings.isEmpty, "\(findings.map(\.description).joined(separator: "\n"))")
        print("scanned \(files.count) cassette(s): \(findings.count) finding(s)")
    }
}
