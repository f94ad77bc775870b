import FacebookGraph
import FacebookGraphTestSupport
import FacebookSDK
import Foundation
import Glibc

/// `fbbench all` and its sections that are not the transport table: `parse`, `memory`,
/// `instructions`. Each section is also a subcommand of its own.
enum AllBenchmark {
    /// The text `fbbench all --help` prints.
    static let help = """
        OVERVIEW: Every benchmark in one run: transport and API rows (engine, C loop, URLSession, legacy
        block and delegate, modern async; HTTP/1.1 and HTTPS + HTTP/2; req/s, CPU, p50 and p99 latency),
        parse, memory, instructions per request under callgrind (HTTP/1.1, and the C loop and the
        engine over HTTPS + HTTP/2), the picker, then the chart.

        USAGE: fbbench all [--requests N] [--runs R] [--chart PATH] [--memory-requests N]

        OPTIONS:
          --requests N         Requests per transport run (default 20000).
          --runs R             Transport runs per client (default 3).
          --memory-requests N  Requests of the long memory run (default 1000000).
          --chart PATH         Where the SVG chart goes (default docs/performance-chart.svg under the package).
          -h, --help           Shows this help.
        """

    /// The text `fbbench parse --help` prints.
    static let parseHelp = """
        OVERVIEW: The 5,000-friend body (1.5 MB) through six parsers: GraphJSON to Swift containers, the
        v2 parse to the legacy result (json-framework's mutable containers), JSONSerialization, the
        GraphJSON decoder and JSONDecoder to [GraphUser], and the GraphJSON decoder to a caller's own
        Decodable model of the same users; median ms per parse, MB/s and the ratios, then instructions
        per byte under callgrind when valgrind is there.

        USAGE: fbbench parse [--iterations N]

        OPTIONS:
          --iterations N  Timed parses per parser; the table shows the median (default 20).
          -h, --help      Shows this help.

        Exit status 1 when a parser fails on the body or a callgrind run fails.
        """

    /// The text `fbbench memory --help` prints.
    static let memoryHelp = """
        OVERVIEW: Peak RSS of the legacy block API with 1,000 and 10,000 requests in flight, and its
        resident set after 10,000 and after N requests at 64 in flight (with the curve), against a
        private nginx on loopback.

        USAGE: fbbench memory [--memory-requests N]

        OPTIONS:
          --memory-requests N  Requests of the long run (default 1000000, at least 10000).
          -h, --help           Shows this help.

        Exit status 1 when a run fails or any request goes unanswered.
        """

    /// Runs every section; returns the worst exit status.
    static func runAll(requests: Int, runs: Int, memoryRequests: Int, chart: String?) -> Int32 {
        var transport = TransportBenchmark(
            requests: requests, concurrency: 64, runs: runs, includeHTTP2: true, cSource: nil, timeLimitSeconds: 300)
        transport.includeAPIs = true
        var status = transport.run()
        print("\n== parse ==")
        status = max(status, runParse(iterations: 20))
        print("\n== memory ==")
        status = max(status, runMemory(longRequests: memoryRequests))
        print("\n== instructions per request (callgrind) ==")
        let instructions = InstructionsBenchmark.run(InstructionsBenchmark.Options(includeHTTP2: true)).rows.map {
            ($0.label, $0.value)
        }
        print("\n== picker (filter + group + sort per keystroke) ==")
        status = max(status, PickerFilterBenchmark.run())
        let path = chart ?? packageRoot().appendingPathComponent("docs/performance-chart.svg").path
        writeChart(
            to: path, rates: transport.medians, tailLatencies: transport.tailLatencies, instructions: instructions)
        print("\nchart written to \(path)")
        return status
    }

    // MARK: - parse

    /// The 5,000-friend page.
    struct FriendsPage: Decodable {
        let data: [GraphUser]
    }

    /// The parsers of the parse section: `parse-child --impl` name, row label, work.
    static func parsers(_ body: Data) -> [(impl: String, label: String, work: () -> Bool)] {
        [
            ("graphjson", "GraphJSON → Any (immutable)", { ((try? GraphJSON.parse(body)) as? [String: Any]) != nil }),
            ("legacy", "v2 parse → mutable legacy result", { legacyResult(body) }),
            (
                "serialization", "JSONSerialization → Any",
                { ((try? JSONSerialization.jsonObject(with: body)) as? [String: Any]) != nil }
            ),
            (
                "typed", "GraphJSON decoder → [GraphUser] (typed model)",
                { (try? GraphJSONDecoder().decode(FriendsPage.self, from: body))?.data.count == 5000 }
            ),
            (
                "caller-typed", "GraphJSON decoder → a caller's own Decodable",
                { (try? GraphJSONDecoder().decode(CallerFriendsPage.self, from: body))?.data.count == 5000 }
            ),
            (
                "decoder", "JSONDecoder → [GraphUser] (typed model)",
                { (try? JSONDecoder().decode(FriendsPage.self, from: body))?.data.count == 5000 }
            ),
        ]
    }

    /// The legacy result of `body`, as `request(_:didLoad:)` gets it (v2's parse: json-framework's
    /// mutable containers); true when it is a dictionary.
    static func legacyResult(_ body: Data) -> Bool {
        guard case .result(let value) = LegacyResponseParser.parse(body: body, status: 200) else { return false }
        return value is NSMutableDictionary
    }

    /// Parses the 5,000-friend body `iterations` times per implementation; prints ms per parse,
    /// MB/s and the ratios, then (with valgrind) instructions per byte under callgrind.
    static func runParse(iterations: Int) -> Int32 {
        guard let body = friendsBody() else { return 1 }
        print("body: \(body.count) bytes (5,000 friends, Graph escaping), \(iterations) parses each, median")
        let cases = parsers(body)
        var medians: [String: Double] = [:]
        for (impl, name, work) in cases {
            var times: [Double] = []
            for _ in 0..<iterations {
                let clock = ContinuousClock()
                let start = clock.now
                guard work() else {
                    print("\(name): FAILED to parse")
                    return 1
                }
                let elapsed = start.duration(to: clock.now)
                times.append(Double(elapsed.components.attoseconds) * 1e-15 + Double(elapsed.components.seconds) * 1e3)
            }
            times.sort()
            let median = times[times.count / 2]
            medians[impl] = median
            print(
                name.padding(toLength: 48, withPad: " ", startingAt: 0)
                    + String(format: "%8.2f ms %8.1f MB/s", median, Double(body.count) / median / 1000))
        }
        if let ours = medians["graphjson"], let foundation = medians["serialization"], let decoder = medians["decoder"],
            let typed = medians["typed"]
        {
            print(String(format: "  legacy result: GraphJSON is %.2f× JSONSerialization's speed", foundation / ours))
            if let legacy = medians["legacy"] {
                print(
                    String(
                        format: "  mutable legacy result: %.2f× the time of GraphJSON's Swift containers", legacy / ours
                    ))
            }
            print(String(format: "  typed model: the GraphJSON decoder is %.2f× JSONDecoder's speed", decoder / typed))
        }
        let instructions = parseInstructions(bodyBytes: body.count)
        // With valgrind there, every parser must have been counted.
        let counted = ChildProcess.findExecutable("valgrind") == nil || instructions.count == cases.count
        if let typed = instructions["typed"], let decoder = instructions["decoder"] {
            print(String(format: "  typed model: JSONDecoder ÷ GraphJSON decoder instructions %.2f×", decoder / typed))
        }
        if let ours = instructions["graphjson"], let foundation = instructions["serialization"] {
            print(
                String(format: "  legacy result: JSONSerialization ÷ GraphJSON instructions %.2f×", foundation / ours))
            if let legacy = instructions["legacy"] {
                print(String(format: "  mutable legacy result ÷ GraphJSON instructions %.2f×", legacy / ours))
            }
        }
        return counted ? 0 : 1
    }

    /// Instructions per parse of each parser under callgrind (a child parsing 3 times minus one
    /// parsing once, ÷ 2, so start-up is not counted); prints them per parse and per byte. Returns
    /// impl → instructions per parse (empty without valgrind).
    static func parseInstructions(bodyBytes: Int) -> [String: Double] {
        guard let valgrind = ChildProcess.findExecutable("valgrind") else {
            print("valgrind not found (apt-get install valgrind): no instruction counts")
            return [:]
        }
        guard let work = try? TransportBenchmark.makeWorkDirectory() else { return [:] }
        defer { try? FileManager.default.removeItem(atPath: work) }
        guard let bodyPath = writeFriendsBody(into: work) else { return [:] }
        var results: [String: Double] = [:]
        for (impl, label, _) in parsers(Data()) {
            let base = [
                ChildProcess.currentExecutable, "parse-child", "--impl", impl, "--body", bodyPath, "--iterations",
            ]
            guard let one = InstructionsBenchmark.collected(valgrind, base + ["1"], work),
                let three = InstructionsBenchmark.collected(valgrind, base + ["3"], work)
            else {
                print("parse, \(label): callgrind run failed")
                continue
            }
            let perParse = Double(three - one) / 2
            results[impl] = perParse
            print(
                "callgrind: \(label)".padding(toLength: 59, withPad: " ", startingAt: 0)
                    + String(format: "%12.0f per parse, %6.1f per byte", perParse, perParse / Double(bodyBytes)))
        }
        return results
    }

    /// `parse-child --impl graphjson|legacy|serialization|typed|caller-typed|decoder --iterations N
    /// [--body PATH]`: for callgrind. With `--body` it reads the friends body a parent wrote
    /// (``writeFriendsBody(into:)``) instead of generating it: generating the 1.5 MB page costs ~12 CPU-s
    /// under callgrind, more than the parse that is measured.
    static func runParseChild(impl: String, iterations: Int, bodyPath: String? = nil) -> Int32 {
        let body: Data?
        if let bodyPath {
            body = try? Data(contentsOf: URL(fileURLWithPath: bodyPath))
            if body == nil { FileHandle.standardError.write(Data("fbbench: cannot read the body \(bodyPath)\n".utf8)) }
        } else {
            body = friendsBody()
        }
        guard let body else { return 1 }
        guard let work = parsers(body).first(where: { $0.impl == impl })?.work else {
            print("unknown parser '\(impl)'")
            return 64
        }
        var ok = 0
        for _ in 0..<iterations where work() { ok += 1 }
        print("RESULT impl=\(impl) n=\(iterations) ok=\(ok) body_bytes=\(body.count)")
        return ok == iterations ? 0 : 1
    }

    private static func friendsBody() -> Data? {
        let directory = NSTemporaryDirectory() + "/fbbench-data-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        guard (try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)) != nil,
            let path = writeFriendsBody(into: directory)
        else { return nil }
        return try? Data(contentsOf: URL(fileURLWithPath: path))
    }

    /// Writes the fixture's bodies (the 5,000-friend page among them) into `directory` and returns
    /// the friends page's path, for `parse-child --body`; nil, with the reason on standard error, if
    /// they could not be written.
    static func writeFriendsBody(into directory: String) -> String? {
        do {
            try NginxFixtureData.write(into: directory)
            return directory + "/friends"
        } catch {
            FileHandle.standardError.write(Data("fbbench: cannot write the friends body: \(error)\n".utf8))
            return nil
        }
    }

    // MARK: - memory

    /// Peak RSS with 1,000 and 10,000 in flight; RSS after 10,000 and after `longRequests` requests.
    static func runMemory(longRequests: Int) -> Int32 {
        guard let fixture = try? NginxFixture(), let work = try? TransportBenchmark.makeWorkDirectory() else {
            print("memory: cannot start nginx")
            return 1
        }
        defer {
            fixture.stop()
            try? FileManager.default.removeItem(atPath: work)
        }
        var status: Int32 = 0
        let runs: [(String, Int, Int)] = [
            ("legacy block, 1,000 in flight", 20_000, 1_000), ("legacy block, 10,000 in flight", 40_000, 10_000),
            ("legacy block, \(longRequests) requests, 64 in flight", longRequests, 64),
        ]
        for (label, requests, concurrency) in runs {
            // The long run traces its resident set ten times, so the table can say whether it levels off.
            let trace = requests == longRequests && requests >= 100_000 ? ["--rss-every", "\(requests / 10)"] : []
            let outcome = ChildProcess(
                executable: ChildProcess.currentExecutable,
                arguments: [
                    "transport-child", "--client", "legacy-block", "--url", fixture.httpURL("/me"), "--requests",
                    "\(requests)", "--concurrency", "\(concurrency)", "--time-limit", "900",
                ] + trace,
                timeoutSeconds: 960
            ).run(in: work)
            guard let result = outcome.result else {
                print("\(label): FAILED (\(outcome.ending)) \(outcome.errorOutput.prefix(300))")
                status = 1
                continue
            }
            if !outcome.succeeded { status = 1 }
            let at10k = (result.number("rss_10k_kb") ?? -1) / 1024
            let end = (result.number("rss_end_kb") ?? -1) / 1024
            print(
                label.padding(toLength: 48, withPad: " ", startingAt: 0)
                    + String(
                        format:
                            "peak %6.1f MB  RSS after 10,000 %6.1f MB  at the end %6.1f MB  (end ÷ 10k %.3f) ok=%d fail=%d missing=%d",
                        result.peakRSSMegabytes, at10k, end, at10k > 0 ? end / at10k : 0, result.ok, result.failed,
                        result.missing))
            let curve = outcome.errorOutput.split(separator: "\n").compactMap { line -> String? in
                let fields = line.split(separator: " ")
                guard fields.count == 3, fields[0] == "RSS", let requests = Int(fields[1].dropFirst(2)),
                    let kilobytes = Double(fields[2].dropFirst(3))
                else { return nil }
                return String(format: "%dk %.1f", requests / 1000, kilobytes / 1024)
            }
            if !curve.isEmpty { print("  resident set (requests, MB): " + curve.joined(separator: ", ")) }
        }
        return status
    }

    // MARK: - chart

    /// An SVG of three bar groups: req/s per client, p99 latency per client, and instructions per
    /// request per client.
    static func writeChart(
        to path: String, rates: [(label: String, requestsPerSecond: Double)],
        tailLatencies: [(label: String, milliseconds: Double)],
        instructions: [(label: String, perRequest: Double)]
    ) {
        let rows = rates.count + tailLatencies.count + instructions.count
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="900" height="\(60 + 26 * rows + 120)" font-family="sans-serif" font-size="12">
            <rect width="100%" height="100%" fill="white"/>

            """
        var y = 30
        func group(_ title: String, _ rows: [(String, Double)], _ unit: String, _ color: String) {
            svg += "<text x=\"10\" y=\"\(y)\" font-weight=\"bold\">\(title)</text>\n"
            y += 12
            let top = rows.map(\.1).max() ?? 1
            for (label, value) in rows {
                let width = top > 0 ? Int(500 * value / top) : 0
                let escaped = label.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(
                    of: "<", with: "&lt;")
                svg += "<text x=\"10\" y=\"\(y + 14)\">\(escaped)</text>\n"
                svg += "<rect x=\"260\" y=\"\(y + 3)\" width=\"\(width)\" height=\"16\" fill=\"\(color)\"/>\n"
                let number = String(format: value < 100 ? "%.2f" : "%.0f", value)
                svg += "<text x=\"\(266 + width)\" y=\"\(y + 15)\">\(number) \(unit)</text>\n"
                y += 26
            }
            y += 30
        }
        group(
            "Requests per second (GET /me, 64 in flight, median)", rates.map { ($0.label, $0.requestsPerSecond) },
            "req/s", "#4a7bd0")
        group(
            "p99 latency per request (64 in flight, median of the runs' p99)",
            tailLatencies.map { ($0.label, $0.milliseconds) }, "ms", "#5aa469")
        group(
            "Instructions per request (callgrind)", instructions.map { ($0.label, $0.perRequest) }, "instr", "#d07a4a")
        svg += "</svg>\n"
        try? FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try? Data(svg.utf8).write(to: URL(fileURLWithPath: path))
    }

    private static func packageRoot() -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }
}
