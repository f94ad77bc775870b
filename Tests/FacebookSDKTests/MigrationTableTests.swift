import FacebookGraphTestSupport
import FacebookGraphTestTraits
import Foundation
import Testing

/// Migration.md's table "Every legacy spelling and its modern equivalent" covers the legacy module's
/// public surface exactly, and each row of its deviations table names a test that exists.
///
/// The public symbols come from the built `FacebookSDK` module through `scripts/symbol-graph` (the
/// extraction `scripts/docs` uses): every symbol is keyed by its path (`Facebook.logout()`,
/// `FBRequestDelegate.request(_:didLoad:)`, `NSObject.jsonValue()`, `kFBGeneralErrorCode`).
@Suite("Migration.md's tables", .onOwnThread)
struct MigrationTableTests {
    static let root = PackageRoot.url

    /// The lines of the Markdown table that follows `heading` in Migration.md (header and separator
    /// dropped), each split into its cells.
    static func table(after heading: String) throws -> [[String]] {
        let text = try String(contentsOf: root.appendingPathComponent("Migration.md"), encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: heading) else { return [] }
        let rows = lines[(start + 1)...].drop { !$0.hasPrefix("|") }.prefix { $0.hasPrefix("|") }
        return rows.dropFirst(2).map { row in
            row.dropFirst().dropLast().components(separatedBy: " | ").map {
                $0.trimmingCharacters(in: .whitespaces)
            }
        }
    }

    /// The code spans of `text`.
    static func codeSpans(_ text: String) -> [String] {
        text.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
    }

    /// The keys of the legacy module's public symbols, from its symbol graph.
    static func publicSymbols() throws -> Set<String> {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("legacy-symbols-\(UUID())")
        defer { try? FileManager.default.removeItem(at: output) }
        let bin = BuiltExecutable.url(named: "fbgraph").deletingLastPathComponent()
        var environment = ProcessInfo.processInfo.environment
        environment["BIN"] = bin.path
        let run = try BuiltExecutable.run(
            root.appendingPathComponent("scripts/symbol-graph"), arguments: ["FacebookSDK", output.path],
            environment: environment, currentDirectory: root, timeout: 120)
        guard run.status == 0 else {
            throw SymbolGraphFailure(description: "scripts/symbol-graph exited \(run.status): \(run.stderr)")
        }
        var keys = Set<String>()
        for file in try FileManager.default.contentsOfDirectory(atPath: output.path) where file.hasSuffix(".json") {
            let data = try Data(contentsOf: output.appendingPathComponent(file))
            let graph = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            for symbol in graph["symbols"] as? [[String: Any]] ?? [] {
                let precise = (symbol["identifier"] as? [String: Any])?["precise"] as? String ?? ""
                // A member a type only inherits (NSObject's, Equatable's `!=`) is not its spelling, unless
                // it comes from one of this module's underscored protocols (`_FBCEnum`'s `init(_:)`):
                // those exist to give each type the member, and the symbol graph omits the protocol.
                if let range = precise.range(of: "::SYNTHESIZED::") {
                    guard precise[..<range.lowerBound].contains(/^s:11FacebookSDK\d+_/) else { continue }
                }
                let path = symbol["pathComponents"] as? [String] ?? []
                keys.insert(path.joined(separator: "."))
            }
        }
        return keys
    }

    struct SymbolGraphFailure: Error, CustomStringConvertible {
        var description: String
    }

    @Test("The spelling table has a row for every public legacy symbol, and names nothing else")
    func tableCoversThePublicSymbols() throws {
        let rows = try Self.table(after: "## Every legacy spelling and its modern equivalent")
        #expect(rows.count > 40, "the table was not found")
        let listed = Set(rows.compactMap(\.first).flatMap(Self.codeSpans))
        let symbols = try Self.publicSymbols()
        #expect(symbols.count > 100, "the symbol graph looks empty: \(symbols.count) symbols")
        let missing = symbols.subtracting(listed).sorted()
        #expect(
            missing.isEmpty,
            """
            Migration.md's table "Every legacy spelling and its modern equivalent" has no row for \
            \(missing.count) public symbol(s) of FacebookSDK; add each, in backticks in the first column:
            \(missing.joined(separator: "\n"))
            """)
        let unknown = listed.subtracting(symbols).sorted()
        #expect(
            unknown.isEmpty,
            """
            Migration.md's table names \(unknown.count) spelling(s) FacebookSDK does not have publicly \
            (first column, in backticks):
            \(unknown.joined(separator: "\n"))
            """)
    }

    @Test("Each deviation names the test that pins it, and that test exists")
    func deviationsNameTheirTests() throws {
        let rows = try Self.table(after: "## Deviations, each deliberate and tested")
        #expect(rows.count >= 16, "the deviations table was not found")
        let tests = try FileManager.default.subpathsOfDirectory(atPath: Self.root.appendingPathComponent("Tests").path)
        for row in rows {
            let number = row.first ?? "?"
            let pins = Self.pins(in: row.last ?? "")
            #expect(!pins.isEmpty, "deviation \(number) names no test (`File.swift`: \"test name\")")
            for pin in pins {
                let path = tests.first { ($0 as NSString).lastPathComponent == pin.file }
                guard let path else {
                    Issue.record("deviation \(number): no test file \(pin.file) under Tests/")
                    continue
                }
                let source = try String(
                    contentsOf: Self.root.appendingPathComponent("Tests").appendingPathComponent(path), encoding: .utf8)
                #expect(
                    source.contains("\"\(pin.name)\""), "deviation \(number): \(pin.file) has no test \"\(pin.name)\"")
            }
        }
    }

    /// The `File.swift`: "test name" pairs of a cell.
    static func pins(in cell: String) -> [(file: String, name: String)] {
        var pins: [(String, String)] = []
        var rest = Substring(cell)
        while let open = rest.range(of: "`"), let close = rest[open.upperBound...].range(of: "`") {
            let file = String(rest[open.upperBound..<close.lowerBound])
            rest = rest[close.upperBound...]
            guard file.hasSuffix(".swift"), rest.hasPrefix(": \"") else { continue }
            let nameStart = rest.index(rest.startIndex, offsetBy: 3)
            guard let end = rest[nameStart...].firstIndex(of: "\"") else { break }
            pins.append((file, String(rest[nameStart..<end])))
            rest = rest[rest.index(after: end)...]
        }
        return pins
    }
}
