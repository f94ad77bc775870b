import FacebookGraphTestSupport
import Foundation
import Testing

/// Issue 25's one JSON reader, kept: every read in `Sources/` and `Legacy/` goes through `GraphJSON` or
/// `GraphJSONDecoder` (docs/ARCHITECTURE.md, "reading JSON"). `JSONSerialization` and `JSONDecoder` may
/// only write, with two exceptions: `GraphJSONDecoder`'s fallback for a document beyond its tape's
/// size, and `fbbench`, which measures the package against them.
@Suite("One JSON reader in the package's sources")
struct OneJSONReaderTests {
    /// Files that may read with Foundation's parsers, and why.
    static let allowed: [String: String] = [
        "Sources/FacebookGraph/JSON/GraphJSONDecoder.swift": "the fallback beyond the tape's size",
        "Sources/fbgraph/Migrate/MigrationTable.swift": "the modern equivalents it names, as text",
    ]

    @Test("No file under Sources/ or Legacy/ reads JSON with JSONSerialization or JSONDecoder")
    func noSecondReader() throws {
        let root = PackageRoot.url
        var offenders: [String] = []
        var filesRead = 0
        for folder in ["Sources", "Legacy"] {
            let base = root.appendingPathComponent(folder)
            let walker = try #require(FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil))
            for case let file as URL in walker where file.pathExtension == "swift" {
                let relative = String(file.path.dropFirst(root.path.count + 1))
                if relative.hasPrefix("Sources/fbbench/") || Self.allowed[relative] != nil { continue }
                filesRead += 1
                let text = try String(contentsOf: file, encoding: .utf8)
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    let code = line.trimmingCharacters(in: .whitespaces)
                    if code.hasPrefix("//") { continue }
                    if code.contains("JSONSerialization.jsonObject(")
                        || (code.contains("JSONDecoder()") && !code.contains("GraphJSONDecoder()"))
                    {
                        offenders.append("\(relative):\(number + 1): \(code)")
                    }
                }
            }
        }
        #expect(filesRead > 250, "the walk found the package's sources (\(filesRead) files)")
        #expect(offenders.isEmpty, "a second JSON reader:\n\(offenders.joined(separator: "\n"))")
    }
}
