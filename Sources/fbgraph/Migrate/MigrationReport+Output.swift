import FacebookGraph
import Foundation

extension MigrationReport {
    /// The `--json` schema's name and version: a reader checks both. The version grows when a field
    /// changes meaning or goes away; new fields may appear within a version.
    static let schemaName = "fbgraph-migrate-report"
    static let schemaVersion = 1

    /// The text report: one line per site (`file:line:column: stage: symbol (kind)`), its modern
    /// equivalent and problems indented below it, then the totals. Every line is terminal-inert.
    func text() -> String {
        var lines: [String] = []
        for site in sites {
            let found = site.found
            let stage = found.stage?.title ?? "no stage"
            lines.append(
                "\(site.file):\(found.line):\(found.column): \(stage): \(found.symbol.spelling) (\(found.kind.rawValue))"
            )
            lines.append("    modern: \(found.symbol.modern)")
            for problem in found.problems {
                lines.append("    problem (\(problem.kind.rawValue)): \(problem.message)")
            }
        }
        if !sites.isEmpty { lines.append("") }
        lines.append(totalsLine)
        return lines.map { TerminalText.inert($0) }.joined(separator: "\n")
    }

    /// `totals: delegate N, block N, Result N, async N, no stage N; N sites in N files, N problems`.
    var totalsLine: String {
        let stages = Stage.allCases.map { "\($0.title) \(count($0))" } + ["no stage \(count(nil))"]
        var line = "totals: \(stages.joined(separator: ", ")); \(sites.count) sites in \(fileCount) files, "
        line += "\(problemCount) problems"
        if !unreadable.isEmpty { line += "; \(unreadable.count) files not read" }
        return line
    }

    /// The JSON report (schema ``schemaName`` version ``schemaVersion``, documented in Migration.md):
    ///
    /// ```json
    /// {"schema": "fbgraph-migrate-report", "version": 1, "files": 3,
    ///  "sites": [{"file": "A.swift", "line": 12, "column": 9, "symbol": "Facebook.request(…)",
    ///             "kind": "call", "stage": "delegate", "modern": "…",
    ///             "problems": [{"kind": "rest-not-bridged", "message": "…"}]}],
    ///  "totals": {"delegate": 1, "block": 0, "result": 0, "async": 0, "none": 0, "sites": 1, "problems": 1},
    ///  "unreadable": [{"file": "B.swift", "reason": "cannot be opened"}]}
    /// ```
    func json() -> String {
        var totals: [String: Int] = ["none": count(nil), "sites": sites.count, "problems": problemCount]
        for stage in Stage.allCases { totals[stage.rawValue] = count(stage) }
        let object: [String: Any] = [
            "schema": Self.schemaName,
            "version": Self.schemaVersion,
            "files": fileCount,
            "sites": sites.map { site -> [String: Any] in
                [
                    "file": site.file,
                    "line": site.found.line,
                    "column": site.found.column,
                    "symbol": site.found.symbol.spelling,
                    "kind": site.found.kind.rawValue,
                    "stage": site.found.stage?.rawValue ?? NSNull(),
                    "modern": site.found.symbol.modern,
                    "problems": site.found.problems.map { ["kind": $0.kind.rawValue, "message": $0.message] },
                ]
            },
            "totals": totals,
            "unreadable": unreadable.map { ["file": $0.file, "reason": $0.reason] },
        ]
        let options: JSONSerialization.WritingOptions = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: options) else {
            return "{}"  // every value above is a string, a number, null, or a container of them
        }
        return JSONPrinter.escapingTerminalControls(String(decoding: data, as: UTF8.self))
    }
}
