import FacebookGraphTestSupport
import Foundation

/// `fbbench instructions`: instructions per request of each client under
/// `valgrind --tool=callgrind`, and optionally the parses' instructions per byte, in a table and
/// (`--tsv PATH`) in the file `scripts/instructions-guard` compares with its committed baseline.
enum InstructionsBenchmark {
    /// The text `fbbench instructions --help` prints.
    static let help = """
        OVERVIEW: Instructions per request under valgrind --tool=callgrind for the C loop, the engine,
        the legacy block and delegate APIs and the modern async path: each client at two request
        counts (N and 3N), the difference divided by the extra requests, so start-up is not counted.
        The legacy APIs have two rows each: the caller reads the result as a Swift dictionary
        (legacy-block, legacy-delegate: Foundation's bridge of the NSMutableDictionary is counted)
        and through NSDictionary (legacy-block-nsdictionary, legacy-delegate-nsdictionary: the
        library's own cost, no bridge).

        USAGE: fbbench instructions [--requests N] [--parse] [--h2] [--tsv PATH] [--rows]

        OPTIONS:
          --requests N  The smaller run's requests; the larger sends 3N (default 1000).
          --parse       Also the v2 parse of the 5,000-friend body to the mutable legacy result, and
                        its decode into a caller's own Decodable model (the general keyed
                        containers), in instructions per byte (a child parsing twice minus once).
          --h2          Also the C loop and the engine over HTTPS + HTTP/2 (one multiplexed
                        connection, the run's CA): rows c-loop-h2 and engine-h2, the engine's
                        compared with the C loop's over the same protocol. `fbbench all` measures
                        them; the guard does not.
          --tsv PATH    Also writes one `row<TAB>instructions` line per row measured (the rows:
                        c-loop, engine, legacy-block, legacy-delegate, legacy-block-nsdictionary,
                        legacy-delegate-nsdictionary, modern-async, legacy-parse-per-byte,
                        caller-typed-parse-per-byte).
          --rows        Prints the key of every row a full run measures, one a line, and measures
                        nothing (every key needs a baseline row; InstructionsGuardTests checks).
          -h, --help    Shows this help.

        Needs valgrind (apt-get install valgrind); exit status 1 when a row could not be counted.
        Every Swift client's completion also runs FBBENCH_INJECT_INSTRUCTIONS iterations of busy
        work when that variable is set (a benchmark-only slowdown, to see scripts/instructions-guard fail).
        """

    /// What to measure.
    struct Options {
        /// The smaller run's requests (the larger sends three times as many).
        var requests = 1_000
        /// Whether to count the parses' instructions per byte too.
        var includeParse = false
        /// Whether to count the C loop and the engine over HTTPS + HTTP/2 too.
        var includeHTTP2 = false
        /// Where the `row<TAB>value` lines go, if anywhere.
        var tsvPath: String?
    }

    /// One measured row: its key in the baseline file, its label in the table, and its count.
    struct Row {
        var key: String
        var label: String
        var value: Double
    }

    /// The Swift clients measured, in the table's order: the `transport-child --client` name (the
    /// row's key) and the row's label.
    static let clients: [(key: String, label: String)] = [
        ("engine", "engine"), ("legacy-block", "legacy block API"), ("legacy-delegate", "legacy delegate API"),
        ("legacy-block-nsdictionary", "legacy block, NSDictionary read"),
        ("legacy-delegate-nsdictionary", "legacy delegate, NSDictionary read"),
        ("modern-async", "modern async + GraphUser"),
    ]

    /// The key of every row a run with the C loop and `--parse` writes.
    static var rowKeys: [String] {
        ["c-loop"] + clients.map(\.key) + ["legacy-parse-per-byte", "caller-typed-parse-per-byte"]
    }

    /// Measures the rows `options` asks for and prints them. Returns the rows counted and whether
    /// every row that was attempted could be counted.
    static func run(_ options: Options) -> (rows: [Row], complete: Bool) {
        guard let valgrind = ChildProcess.findExecutable("valgrind") else {
            print("valgrind not found (apt-get install valgrind): no instruction counts")
            return ([], false)
        }
        guard let fixture = try? NginxFixture(), let work = try? TransportBenchmark.makeWorkDirectory() else {
            print("instructions: cannot start nginx")
            return ([], false)
        }
        defer {
            fixture.stop()
            try? FileManager.default.removeItem(atPath: work)
        }
        let transport = TransportBenchmark(
            requests: 1, concurrency: 64, runs: 1, includeHTTP2: false, cSource: nil, timeLimitSeconds: 60)
        let cBinary = transport.compileCLoop(into: work)
        let url = fixture.httpURL("/me")
        var plan: [(key: String, label: String, arguments: (Int) -> [String])] = []
        let httpsURL = fixture.httpsURL("/me")
        if let cBinary {
            plan.append(("c-loop", "C libcurl multi", { [cBinary, "-n", "\($0)", "-c", "64", "-u", url] }))
            if options.includeHTTP2 {
                plan.append(
                    (
                        "c-loop-h2", "C libcurl multi, HTTPS + HTTP/2",
                        { [cBinary, "-n", "\($0)", "-c", "64", "-2", "-A", fixture.caFile, "-u", httpsURL] }
                    ))
            }
        } else {
            print("C libcurl multi: not measured (no C source, see fbbench transport --help)")
        }
        for (client, label) in clients {
            plan.append(
                (
                    client, label,
                    {
                        [
                            ChildProcess.currentExecutable, "transport-child", "--client", client, "--url", url,
                            "--requests", "\($0)", "--time-limit", "600",
                        ]
                    }
                ))
        }
        if options.includeHTTP2 {
            plan.append(
                (
                    "engine-h2", "engine, HTTPS + HTTP/2",
                    {
                        [
                            ChildProcess.currentExecutable, "transport-child", "--client", "engine", "--url", httpsURL,
                            "--ca", fixture.caFile, "--requests", "\($0)", "--time-limit", "600",
                        ]
                    }
                ))
        }
        let (small, large) = (options.requests, 3 * options.requests)
        var rows: [Row] = []
        var complete = true
        for entry in plan {
            guard let low = collected(valgrind, entry.arguments(small), work),
                let high = collected(valgrind, entry.arguments(large), work)
            else {
                print("\(entry.label): callgrind run failed")
                complete = false
                continue
            }
            let perRequest = Double(high - low) / Double(large - small)
            rows.append(Row(key: entry.key, label: entry.label, value: perRequest))
            print(entry.label.padding(toLength: 36, withPad: " ", startingAt: 0) + String(format: "%10.0f", perRequest))
        }
        // Each row against the C loop over the same protocol.
        let anchors = rows.filter { $0.key.hasPrefix("c-loop") }
        for row in rows where !row.key.hasPrefix("c-loop") {
            let anchorKey = row.key.hasSuffix("-h2") ? "c-loop-h2" : "c-loop"
            if let c = anchors.first(where: { $0.key == anchorKey })?.value {
                print(String(format: "  %@ ÷ C: %.2f×", row.label, row.value / c))
            }
        }
        if options.includeParse {
            let parses = [
                (
                    "legacy", "legacy-parse-per-byte", "v2 parse, instructions per byte",
                    "v2 parse → mutable legacy result"
                ),
                (
                    "caller-typed", "caller-typed-parse-per-byte", "caller's Decodable, instructions per byte",
                    "GraphJSON decoder → caller's Decodable"
                ),
            ]
            // The body is written once for every parse row and read by each child (`--body`).
            let bodyPath = AllBenchmark.writeFriendsBody(into: work)
            for (impl, key, label, name) in parses {
                if let bodyPath, let perByte = parsePerByte(impl, bodyPath: bodyPath, valgrind, work) {
                    rows.append(Row(key: key, label: label, value: perByte))
                    print(
                        name.padding(toLength: 32, withPad: " ", startingAt: 0)
                            + String(format: " %10.1f instructions per byte", perByte))
                } else {
                    print("\(name): callgrind run failed")
                    complete = false
                }
            }
        }
        if let path = options.tsvPath {
            let lines = rows.map {
                "\($0.key)\t" + String(format: $0.key.hasSuffix("per-byte") ? "%.1f" : "%.0f", $0.value)
            }
            do {
                try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
            } catch {
                print("instructions: cannot write \(path): \(error)")
                complete = false
            }
        }
        return (rows, complete)
    }

    /// A parse of the 5,000-friend body at `bodyPath` (`parse-child --impl IMPL --body PATH`): two
    /// parses minus one, ÷ the body's bytes. The child reads the body its parent wrote: generated in
    /// the child, it cost ~12 of each callgrind run's ~14 CPU-s.
    private static func parsePerByte(_ impl: String, bodyPath: String, _ valgrind: String, _ work: String) -> Double? {
        let base = [
            ChildProcess.currentExecutable, "parse-child", "--impl", impl, "--body", bodyPath, "--iterations",
        ]
        let outcome = ChildProcess(
            executable: ChildProcess.currentExecutable,
            arguments: ["parse-child", "--impl", impl, "--body", bodyPath],
            timeoutSeconds: 300
        ).run(in: work)
        guard outcome.status == 0,
            let field = outcome.output.split(separator: " ").first(where: { $0.hasPrefix("body_bytes=") }),
            let bytes = Double(field.dropFirst("body_bytes=".count).trimmingCharacters(in: .whitespacesAndNewlines)),
            bytes > 0,
            let one = collected(valgrind, base + ["1"], work), let two = collected(valgrind, base + ["2"], work)
        else { return nil }
        return Double(two - one) / bytes
    }

    /// Total instructions callgrind counted for one run of `command`, or nil.
    static func collected(_ valgrind: String, _ command: [String], _ work: String) -> Int? {
        let outcome = ChildProcess(
            executable: valgrind,
            arguments: ["--tool=callgrind", "--callgrind-out-file=/dev/null"] + command,
            timeoutSeconds: 900
        ).run(in: work)
        guard outcome.status == 0 else { return nil }
        guard let line = outcome.errorOutput.split(separator: "\n").first(where: { $0.contains("Collected :") }),
            let number = line.split(separator: ":").last.map({ $0.trimmingCharacters(in: .whitespaces) })
        else { return nil }
        return Int(number)
    }
}
