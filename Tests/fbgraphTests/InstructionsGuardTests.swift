import FacebookGraphTestSupport
import Foundation
import Testing

/// `scripts/instructions-guard`'s verdict on a measurement (`--measured`, so no callgrind run): it
/// fails on a row more than 5% over its baseline, naming the row, the baseline and the new figure,
/// and on a baseline row not measured; it passes within 5%. The measuring half is shown failing by
/// hand with `FBBENCH_INJECT_INSTRUCTIONS` (docs/PERFORMANCE.md, "The instruction guard").
@Suite("scripts/instructions-guard")
struct InstructionsGuardTests {
    static let baseline =
        "# a comment\nc-loop\t64000\nengine\t90000\nlegacy-block\t400000\nlegacy-parse-per-byte\t290.0\n"

    /// Runs the guard on `measured` against ``baseline``; returns its status and its output.
    func verdict(_ measured: String) throws -> (status: Int32, output: String) {
        let directory = try TestFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let baseline = try TestFiles.write(Self.baseline, to: "baseline.tsv", in: directory)
        let measuredPath = try TestFiles.write(measured, to: "measured.tsv", in: directory)
        let run = try BuiltExecutable.run(
            URL(fileURLWithPath: "/bin/bash"),
            arguments: [
                PackageRoot.url.appendingPathComponent("scripts/instructions-guard").path, "--measured", measuredPath,
            ],
            environment: ["PATH": "/usr/bin:/bin", "INSTRUCTIONS_GUARD_BASELINE": baseline],
            timeout: 30 * testTimeoutScale)
        return (run.status, run.stdout + run.stderr)
    }

    @Test("A row more than 5% over its baseline fails, naming the row, the baseline and the new figure")
    func overBaseline() throws {
        let run = try verdict("c-loop\t64000\nengine\t90000\nlegacy-block\t421000\nlegacy-parse-per-byte\t290.0\n")
        #expect(run.status == 1)
        let line = run.output.split(separator: "\n").first { $0.hasPrefix("legacy-block") } ?? ""
        #expect(line.contains("400000") && line.contains("421000") && line.contains("OVER"), "\(run.output)")
        #expect(run.output.contains("FAILED"))
        #expect(!run.output.split(separator: "\n").contains { $0.hasPrefix("engine") && $0.contains("OVER") })
    }

    @Test("Rows within 5% pass, a faster row too")
    func withinBaseline() throws {
        let run = try verdict("c-loop\t60000\nengine\t94000\nlegacy-block\t419000\nlegacy-parse-per-byte\t150.0\n")
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("every row within 5%"))
    }

    @Test("The committed baseline has a row for every row fbbench instructions measures, so the guard gates each")
    func baselineCoversEveryRow() throws {
        let rows = try BuiltExecutable.run(
            BuiltExecutable.url(named: "fbbench"), arguments: ["instructions", "--rows"],
            environment: ["PATH": "/usr/bin:/bin"], timeout: 30 * testTimeoutScale)
        #expect(rows.status == 0, "\(rows.stderr)")
        let measured = rows.stdout.split(separator: "\n").map(String.init)
        #expect(measured.contains("legacy-block-nsdictionary") && measured.contains("legacy-delegate-nsdictionary"))
        let committed = try String(
            contentsOf: PackageRoot.url.appendingPathComponent("Benchmarks/instructions-baseline.tsv"), encoding: .utf8)
        let baselineRows = Set(
            committed.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap {
                $0.split(separator: "\t").first.map(String.init)
            })
        #expect(measured.filter { !baselineRows.contains($0) } == [], "rows without a baseline")
    }

    @Test("A baseline row the run did not measure fails; a missing C loop is reported, not failed")
    func notMeasured() throws {
        let missing = try verdict("c-loop\t64000\nengine\t90000\nlegacy-parse-per-byte\t290.0\n")
        #expect(missing.status == 1)
        #expect(missing.output.contains("NOT MEASURED"), "\(missing.output)")
        let noC = try verdict("engine\t90000\nlegacy-block\t400000\nlegacy-parse-per-byte\t290.0\n")
        #expect(noC.status == 0, "\(noC.output)")
        #expect(noC.output.contains("C loop not built"))
    }
}
