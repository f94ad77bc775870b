import FacebookGraphTestSupport
import Foundation
import Testing

/// Stage 4, the `async` step a team takes on its way to Swift 6, builds in Swift 6 language mode with
/// complete checking (the package's strict build compiles it so), and gets there without opting out
/// of the checks: its isolation is the main actor, where the `Facebook` object's callbacks arrive.
@Suite("Hackbook stage 4 in Swift 6 mode")
struct Stage4IsolationTests {
    static let stage = PackageRoot.url.appendingPathComponent("Legacy/Samples/Hackbook/Hackbook4Async")

    @Test("Package.swift builds Hackbook4Async in Swift 6 language mode")
    func swift6LanguageMode() throws {
        let manifest = try String(contentsOf: PackageRoot.url.appendingPathComponent("Package.swift"), encoding: .utf8)
        let target = try #require(manifest.range(of: "name: \"Hackbook4Async\""))
        let end = manifest[target.upperBound...].range(of: ")\n")?.lowerBound ?? manifest.endIndex
        let declaration = manifest[target.upperBound..<end]
        #expect(declaration.contains(".swiftLanguageMode(.v6)"), "Hackbook4Async: \(declaration)")
    }

    @Test("Its sources opt out of no concurrency check: no @preconcurrency, nonisolated(unsafe) or @unchecked")
    func noEscapeHatches() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.stage.path).filter {
            $0.hasSuffix(".swift")
        }
        #expect(files.count >= 3)
        for file in files {
            let source = try String(contentsOf: Self.stage.appendingPathComponent(file), encoding: .utf8)
            for hatch in ["@preconcurrency", "nonisolated(unsafe)", "@unchecked", "assumeIsolated"] {
                #expect(!source.contains(hatch), "\(file) uses \(hatch)")
            }
        }
    }
}
