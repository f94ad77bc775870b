import FacebookGraphTestSupport
import Foundation
import Testing

/// The Swift examples of the documents are code that compiles and runs: each ```swift block of
/// Migration.md appears, verbatim up to whitespace, between `// example: Migration.md` and
/// `// end of example` in MigrationExamples.swift (which this target compiles and
/// MigrationExamplesTests runs); each block of README.md is marked `<!-- file: PATH -->` and
/// `scripts/check-consumer` builds and runs it as a user's package.
@Suite("Documented Swift examples")
struct DocumentationExamplesTests {
    /// The package root.
    static let root = PackageRoot.url

    /// One ```swift block: where it starts, its lines, and the marker line before it.
    struct Block {
        var line: Int
        var lines: [String]
        var marker: String?
    }

    static func swiftBlocks(in file: String) throws -> [Block] {
        let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
        var blocks: [Block] = []
        var current: Block?
        var previous = ""
        for (index, raw) in text.components(separatedBy: "\n").enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if current == nil, line == "```swift" {
                current = Block(line: index + 1, lines: [], marker: previous.hasPrefix("<!-- file: ") ? previous : nil)
            } else if let block = current, line == "```" {
                blocks.append(block)
                current = nil
            } else if current != nil {
                current?.lines.append(raw)
            }
            if !line.isEmpty { previous = line }
        }
        return blocks
    }

    /// A line with every whitespace character removed: swift-format may realign the mirror.
    static func squeezed(_ line: String) -> String {
        String(line.filter { !$0.isWhitespace })
    }

    /// A squeezed line without its `//` comment.
    static func withoutComment(_ line: String) -> String {
        line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? line
    }

    /// The regions of the mirror file, squeezed, without blank lines.
    static func regions(in file: String) throws -> (regions: [[String]], all: Set<String>) {
        let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
        var regions: [[String]] = []
        var current: [String]?
        for line in text.components(separatedBy: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed == "// example: Migration.md" {
                current = []
            } else if trimmed == "// end of example", let region = current {
                regions.append(region)
                current = nil
            } else if current != nil, !trimmed.isEmpty {
                current?.append(squeezed(line))
            }
        }
        return (regions, Set(text.components(separatedBy: "\n").map(squeezed)))
    }

    @Test("Every Swift block of Migration.md is mirrored, verbatim, in code this target compiles")
    func migrationBlocksAreMirrored() throws {
        let blocks = try Self.swiftBlocks(in: "Migration.md")
        let mirror = try Self.regions(in: "Tests/FacebookSDKTests/MigrationExamples.swift")
        #expect(blocks.count >= 7, "Migration.md's Swift blocks were not found")
        var used = Set<Int>()
        for block in blocks {
            let lines = block.lines.map(Self.squeezed).filter { !$0.isEmpty }
            // Imports cannot sit inside a function: they only need to be in the file.
            let imports = Set(mirror.all.filter { $0.hasPrefix("import") }.map(Self.withoutComment))
            for line in lines.map(Self.withoutComment) where line.hasPrefix("import") {
                let mirrored = imports.contains(line)
                #expect(mirrored, "Migration.md:\(block.line): '\(line)' is not in the mirror")
            }
            let body = lines.filter { !$0.hasPrefix("import") }
            guard !body.isEmpty else { continue }
            let match = mirror.regions.indices.first { mirror.regions[$0].filter { !$0.hasPrefix("import") } == body }
            #expect(
                match != nil,
                "Migration.md:\(block.line): this example is not mirrored in MigrationExamples.swift; copy it there")
            if let match { used.insert(match) }
        }
        let stale = mirror.regions.indices.filter {
            !used.contains($0) && !mirror.regions[$0].allSatisfy { $0.hasPrefix("import") }
        }
        #expect(stale.isEmpty, "regions \(stale) of MigrationExamples.swift match no block of Migration.md")
    }

    @Test("Every Swift block of README.md is a file of the consumer package scripts/check-consumer builds")
    func readmeBlocksAreConsumerFiles() throws {
        let blocks = try Self.swiftBlocks(in: "README.md")
        #expect(blocks.count >= 4)
        for block in blocks {
            #expect(block.marker != nil, "README.md:\(block.line): a Swift block without <!-- file: PATH -->")
        }
        let script = try String(contentsOf: Self.root.appendingPathComponent("scripts/check-consumer"), encoding: .utf8)
        for path in blocks.compactMap(\.marker).map({ $0.dropFirst("<!-- file: ".count).dropLast(" -->".count) }) {
            #expect(script.contains(String(path)), "scripts/check-consumer does not check that \(path) was written")
        }
    }
}
