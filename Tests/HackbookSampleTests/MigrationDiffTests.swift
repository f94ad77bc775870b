import FacebookGraphTestSupport
import Foundation
import Testing

/// Migration.md's step-by-step diffs are taken from the Hackbook stages: each ```diff block follows a
/// `<!-- diff: OLD NEW -->` line naming two stage files (under `Legacy/Samples/Hackbook/`), and in
/// each of its hunks (separated by `@@` lines) the old side — context and `-` lines — is a run of
/// consecutive lines of OLD, and the new side — context and `+` lines — a run of NEW. A stage edited
/// without its diff (or a diff edited without the stage) fails here.
@Suite("Migration.md's diffs match the Hackbook stages")
struct MigrationDiffTests {
    /// One diff block: the two files it compares, where it starts, and its hunks.
    struct DiffBlock {
        var old: String
        var new: String
        var line: Int
        var hunks: [[String]]
    }

    static let samples = PackageRoot.url.appendingPathComponent("Legacy/Samples/Hackbook")

    static func diffBlocks() throws -> [DiffBlock] {
        let text = try String(contentsOf: PackageRoot.url.appendingPathComponent("Migration.md"), encoding: .utf8)
        var blocks: [DiffBlock] = []
        var pending: (old: String, new: String)?
        var current: DiffBlock?
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            if var block = current {
                if line == "```" {
                    blocks.append(block)
                    current = nil
                } else if line.hasPrefix("@@") {
                    block.hunks.append([])
                    current = block
                } else {
                    block.hunks[block.hunks.count - 1].append(line)
                    current = block
                }
            } else if line.hasPrefix("<!-- diff: "), line.hasSuffix(" -->") {
                let files = line.dropFirst("<!-- diff: ".count).dropLast(" -->".count).split(separator: " ")
                pending = files.count == 2 ? (String(files[0]), String(files[1])) : nil
            } else if line == "```diff" {
                let files = pending ?? ("?", "?")
                current = DiffBlock(old: files.old, new: files.new, line: index + 1, hunks: [[]])
                pending = nil
            }
        }
        return blocks
    }

    static func lines(of file: String) throws -> [String] {
        try String(contentsOf: samples.appendingPathComponent(file), encoding: .utf8).components(separatedBy: "\n")
    }

    /// True when `run` occurs as consecutive lines of `lines` (an empty run always does).
    static func contains(_ lines: [String], run: [String]) -> Bool {
        guard !run.isEmpty else { return true }
        guard run.count <= lines.count else { return false }
        return (0...(lines.count - run.count)).contains { Array(lines[$0..<($0 + run.count)]) == run }
    }

    @Test("Each step of the path has a diff, between consecutive stages")
    func everyStepHasADiff() throws {
        let blocks = try Self.diffBlocks()
        let steps = Set(blocks.map { "\($0.old.prefix(9)) → \($0.new.prefix(9))" })
        #expect(steps.isSuperset(of: ["Hackbook1 → Hackbook2", "Hackbook2 → Hackbook3", "Hackbook3 → Hackbook4"]))
        for block in blocks {
            #expect(block.old != "?", "Migration.md:\(block.line): a ```diff block without <!-- diff: OLD NEW -->")
        }
    }

    @Test("Every hunk's old side is in the old stage and its new side in the new one")
    func hunksMatchTheSources() throws {
        for block in try Self.diffBlocks() where block.old != "?" {
            let old = try Self.lines(of: block.old)
            let new = try Self.lines(of: block.new)
            for (number, hunk) in block.hunks.enumerated() {
                let where_ = "Migration.md:\(block.line), hunk \(number + 1) (\(block.old) → \(block.new))"
                let malformed = hunk.filter { !["+", "-", " "].contains($0.first.map(String.init) ?? "") }
                #expect(malformed.isEmpty, "\(where_): lines without a +, - or space prefix: \(malformed)")
                #expect(hunk.contains { $0.hasPrefix("+") || $0.hasPrefix("-") }, "\(where_): no change shown")
                let oldSide = hunk.filter { $0.hasPrefix(" ") || $0.hasPrefix("-") }.map { String($0.dropFirst()) }
                let newSide = hunk.filter { $0.hasPrefix(" ") || $0.hasPrefix("+") }.map { String($0.dropFirst()) }
                let oldFound = Self.contains(old, run: oldSide)
                let newFound = Self.contains(new, run: newSide)
                #expect(
                    oldFound,
                    "\(where_): these lines are not consecutive in \(block.old):\n\(oldSide.joined(separator: "\n"))")
                #expect(
                    newFound,
                    "\(where_): these lines are not consecutive in \(block.new):\n\(newSide.joined(separator: "\n"))")
            }
        }
    }
}
