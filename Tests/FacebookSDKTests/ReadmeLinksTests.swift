import FacebookGraphTestSupport
import Foundation
import Testing

/// The README points readers at the migration guide and at the generated documentation's entry
/// point, and the files behind those links exist.
@Suite("README links")
struct ReadmeLinksTests {
    @Test("The README links Migration.md, the sample, and the docs' entry points, which exist")
    func linksResolve() throws {
        let root = PackageRoot.url
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        for target in [
            "Migration.md", "Legacy/Samples/Hackbook/README.md",
            "Sources/FacebookGraph/FacebookGraph.docc/GettingStarted.md",
            "Legacy/FacebookSDK/FacebookSDK.docc/TheMigrationPath.md",
        ] {
            #expect(readme.contains("](\(target))"), "README.md does not link \(target)")
            #expect(
                FileManager.default.fileExists(atPath: root.appendingPathComponent(target).path), "\(target) is gone")
        }
        // The generated entry points, as DocC names them after the articles' file names.
        #expect(readme.contains("documentation/facebookgraph/gettingstarted"))
        #expect(readme.contains("documentation/facebooksdk/themigrationpath"))
    }
}
