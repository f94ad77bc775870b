import FacebookGraphTestSupport
import Foundation
import Glibc

/// `fbbench transport`: the engine, URLSession and the reference C libcurl loop against one private
/// nginx, each run in its own child process, interleaved run by run, reported as medians.
struct TransportBenchmark {
    /// The text `fbbench transport --help` prints.
    static let help = """
        OVERVIEW: N GETs of /me with C in flight, per client, against a private nginx on loopback.

        USAGE: fbbench transport [--requests N] [--concurrency C] [--runs R] [--h2] [--c-source PATH]

        OPTIONS:
          --requests N      Requests per run and client (default 20000).
          --concurrency C   Requests in flight (default 64).
          --runs R          Runs per client; the table shows medians (default 3).
          --h2              Adds HTTPS + HTTP/2 rows (engine, C) over one multiplexed connection.
          --c-source PATH   The reference C loop (default: env FB_BENCH_C_SOURCE, else
                            ../shared/bench/c_multi.c beside the package). Absent: no C rows.
          --time-limit S    Each child gives up after S seconds (default 120); killed 30 s later.
          -h, --help        Shows this help.

        Rows run interleaved (engine, URLSession, C, engine, …), each client in its own process,
        so CPU time (getrusage user + sys over the measured loop) and peak RSS are its own.
        Exit status 1 when any child reports a failed or missing request.
        """

    /// Requests per run and client.
    let requests: Int
    /// Requests in flight.
    let concurrency: Int
    /// Runs per client.
    let runs: Int
    /// Adds the HTTPS + HTTP/2 rows.
    let includeHTTP2: Bool
    /// The C loop's source given with `--c-source`.
    let cSource: String?
    /// Each child's own time limit; the parent kills it 30 s after.
    let timeLimitSeconds: Int
    /// Adds the end-to-end API rows: legacy block and delegate (the result read as a Swift
    /// dictionary, and again through `NSDictionary`), modern async with a typed decode.
    var includeAPIs = false
    /// Filled by ``run()``: each row's median req/s, for `fbbench all`'s chart.
    var medians: [(label: String, requestsPerSecond: Double)] = []
    /// Filled by ``run()``: each row's median p99 latency in milliseconds (rows that reported one),
    /// for `fbbench all`'s chart.
    var tailLatencies: [(label: String, milliseconds: Double)] = []

    /// One client configuration: a row of the table.
    enum Client: CaseIterable {
        case engineHTTP1, urlSessionHTTP1, cHTTP1, engineHTTP2, cHTTP2, legacyBlock, legacyDelegate
        case legacyBlockNSDictionary, legacyDelegateNSDictionary, modernAsync

        /// The row's label.
        var label: String {
            switch self {
            case .engineHTTP1: "engine, HTTP/1.1"
            case .urlSessionHTTP1: "URLSession (tuned), HTTP/1.1"
            case .cHTTP1: "C libcurl multi, HTTP/1.1"
            case .engineHTTP2: "engine, HTTPS + HTTP/2"
            case .cHTTP2: "C libcurl multi, HTTPS + HTTP/2"
            case .legacyBlock: "legacy block API, HTTP/1.1"
            case .legacyDelegate: "legacy delegate API, HTTP/1.1"
            case .legacyBlockNSDictionary: "legacy block, NSDictionary read"
            case .legacyDelegateNSDictionary: "legacy delegate, NSDictionary read"
            case .modernAsync: "modern async + GraphUser, HTTP/1.1"
            }
        }

        /// The rows `--apis` adds, in the table's order.
        static let apiRows: [Client] = [
            .legacyBlock, .legacyDelegate, .legacyBlockNSDictionary, .legacyDelegateNSDictionary, .modernAsync,
        ]

        /// The `transport-child --client` name of a Swift row, nil for the C rows.
        var childClient: String? {
            switch self {
            case .engineHTTP1, .engineHTTP2: "engine"
            case .urlSessionHTTP1: "urlsession"
            case .legacyBlock: "legacy-block"
            case .legacyDelegate: "legacy-delegate"
            case .legacyBlockNSDictionary: "legacy-block-nsdictionary"
            case .legacyDelegateNSDictionary: "legacy-delegate-nsdictionary"
            case .modernAsync: "modern-async"
            case .cHTTP1, .cHTTP2: nil
            }
        }
    }

    /// Runs the benchmark, prints progress and the table; returns the exit status.
    mutating func run() -> Int32 {
        guard NginxFixture.isAvailable else {
            printError("nginx and openssl are needed (apt-get install nginx openssl)")
            return 1
        }
        let fixture: NginxFixture
        let workDirectory: String
        do {
            fixture = try NginxFixture()
            workDirectory = try Self.makeWorkDirectory()
        } catch {
            printError("\(error)")
            return 1
        }
        // Ctrl-C or TERM kills the running child; the loop below then stops and cleans up.
        ChildProcess.installInterruptHandler()
        defer {
            fixture.stop()
            try? FileManager.default.removeItem(atPath: workDirectory)
        }

        let cBinary = compileCLoop(into: workDirectory, recordingLatency: true)
        var clients: [Client] = [.engineHTTP1, .urlSessionHTTP1]
        if cBinary != nil { clients.append(.cHTTP1) }
        if includeAPIs {
            clients += Client.apiRows
        }
        if includeHTTP2 {
            clients.append(.engineHTTP2)
            if cBinary != nil { clients.append(.cHTTP2) }
        }
        print("fbbench transport: \(requests) GETs of /me, \(concurrency) in flight, \(runs) run(s) per client")
        print("nginx 1 worker on 127.0.0.1: http \(fixture.httpPort), https \(fixture.httpsPort)\n")

        var results: [Client: [ChildOutcome]] = [:]
        let schedule = (1...runs).flatMap { run in clients.map { (run, $0) } }
        for (run, client) in schedule {
            if ChildProcess.interruptingSignal != nil { break }
            let outcome = childProcess(for: client, fixture: fixture, cBinary: cBinary).run(in: workDirectory)
            results[client, default: []].append(outcome)
            print(progressLine(run: run, client: client, outcome: outcome))
            fflush(nil)
        }
        if let signal = ChildProcess.interruptingSignal {
            printError("interrupted by signal \(signal); nginx stopped")
            return 128 + signal
        }
        print()
        printTable(clients: clients, results: results)
        medians = clients.map { client in
            let values = (results[client] ?? []).compactMap(\.result).map(\.requestsPerSecond).sorted()
            return (client.label, values.isEmpty ? 0 : values[values.count / 2])
        }
        tailLatencies = clients.compactMap { client in
            Self.latencyMedian(results[client] ?? [], \.tailLatencyMilliseconds).map { (client.label, $0) }
        }
        let allGood = results.values.allSatisfy { $0.allSatisfy(\.succeeded) }
        if !allGood { printError("some child runs failed (see above)") }
        return allGood ? 0 : 1
    }

    /// The command line of one client's child.
    private func childProcess(for client: Client, fixture: NginxFixture, cBinary: String?) -> ChildProcess {
        let load = [
            "--requests", "\(requests)", "--concurrency", "\(concurrency)", "--time-limit", "\(timeLimitSeconds)",
            "--latency",
        ]
        let cLoad = ["-n", "\(requests)", "-c", "\(concurrency)", "-T", "\(timeLimitSeconds)"]
        let (executable, arguments): (String, [String])
        switch client {
        case .engineHTTP1:
            (executable, arguments) = (
                ChildProcess.currentExecutable,
                ["transport-child", "--client", "engine", "--url", fixture.httpURL("/me")] + load
            )
        case .urlSessionHTTP1:
            (executable, arguments) = (
                ChildProcess.currentExecutable,
                ["transport-child", "--client", "urlsession", "--url", fixture.httpURL("/me")] + load
            )
        case .engineHTTP2:
            (executable, arguments) = (
                ChildProcess.currentExecutable,
                ["transport-child", "--client", "engine", "--url", fixture.httpsURL("/me"), "--ca", fixture.caFile]
                    + load
            )
        case .legacyBlock, .legacyDelegate, .legacyBlockNSDictionary, .legacyDelegateNSDictionary, .modernAsync:
            (executable, arguments) = (
                ChildProcess.currentExecutable,
                ["transport-child", "--client", client.childClient ?? "", "--url", fixture.httpURL("/me")] + load
            )
        case .cHTTP1:
            (executable, arguments) = (cBinary ?? "c_multi", cLoad + ["-u", fixture.httpURL("/me")])
        case .cHTTP2:
            (executable, arguments) = (
                cBinary ?? "c_multi", cLoad + ["-2", "-A", fixture.caFile, "-u", fixture.httpsURL("/me")]
            )
        }
        return ChildProcess(executable: executable, arguments: arguments, timeoutSeconds: timeLimitSeconds + 30)
    }

    /// Compiles `c_multi.c` into `directory`; nil (with the reason printed) when it is absent or
    /// does not compile. With `recordingLatency`, ``RequestLatency/cLoopHook`` is compiled in front
    /// of it (`cc -include`), the anchor's source unchanged: the binary then prints a `LATENCY` line.
    /// `fbbench instructions` compiles it without, so the C row's count is the anchor's own.
    func compileCLoop(into directory: String, recordingLatency: Bool = false) -> String? {
        let source = cSourcePath()
        guard FileManager.default.fileExists(atPath: source) else {
            print("C reference loop not found at \(source): no C rows (use --c-source or FB_BENCH_C_SOURCE)")
            return nil
        }
        guard let compiler = ChildProcess.findExecutable("cc") else {
            print("no C compiler (cc) on PATH: no C rows")
            return nil
        }
        let binary = "\(directory)/c_multi"
        var hook: [String] = []
        if recordingLatency {
            let header = "\(directory)/fbbench_latency.h"
            guard FileManager.default.createFile(atPath: header, contents: Data(RequestLatency.cLoopHook.utf8)) else {
                print("cannot write \(header): no C rows")
                return nil
            }
            hook = ["-include", header]
        }
        let outcome = ChildProcess(
            executable: compiler,
            arguments: ["-O2"] + hook + ["-o", binary, source, "-lcurl"],
            timeoutSeconds: 120
        ).run(in: directory)
        guard outcome.status == 0 else {
            print("cc failed on \(source): no C rows\n\(outcome.output)\(outcome.errorOutput)")
            return nil
        }
        return binary
    }

    /// `--c-source`, else `FB_BENCH_C_SOURCE`, else `../shared/bench/c_multi.c` relative to the
    /// package root.
    func cSourcePath() -> String {
        if let cSource { return cSource }
        if let fromEnvironment = ProcessInfo.processInfo.environment["FB_BENCH_C_SOURCE"] { return fromEnvironment }
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        return packageRoot.appendingPathComponent("../shared/bench/c_multi.c").standardizedFileURL.path
    }

    /// One line per child run, as it finishes.
    private func progressLine(run: Int, client: Client, outcome: ChildOutcome) -> String {
        let prefix = "run \(run)/\(runs)  \(client.label.padding(toLength: 36, withPad: " ", startingAt: 0))"
        guard let result = outcome.result else {
            return "\(prefix) FAILED (no RESULT line, \(outcome.ending))\n"
                + outcome.errorOutput.split(separator: "\n").prefix(10).map { "    \($0)" }.joined(separator: "\n")
        }
        let numbers = String(
            format: "%8.0f req/s %8.1f µs/req %6.1f MB",
            result.requestsPerSecond, result.cpuMicrosecondsPerRequest, result.peakRSSMegabytes
        )
        if outcome.succeeded { return "\(prefix)\(numbers)" }
        return "\(prefix)\(numbers)  FAILED ok=\(result.ok) fail=\(result.failed) missing=\(result.missing)\n"
            + outcome.errorOutput.split(separator: "\n").prefix(5).map { "    \($0)" }.joined(separator: "\n")
    }

    /// The median over `outcomes` of a latency figure (`metric` of each run's `LATENCY` line), or nil
    /// when no run reported one.
    private static func latencyMedian(_ outcomes: [ChildOutcome], _ metric: (BenchmarkResult) -> Double?) -> Double? {
        let values = outcomes.compactMap(\.latency).compactMap(metric).sorted()
        guard !values.isEmpty else { return nil }
        let middle = values.count / 2
        return values.count % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2
    }

    /// The table of medians and the ratios measured in this run.
    private func printTable(clients: [Client], results: [Client: [ChildOutcome]]) {
        func median(_ client: Client, _ metric: (BenchmarkResult) -> Double) -> Double? {
            let values = (results[client] ?? []).compactMap(\.result).map(metric).sorted()
            guard !values.isEmpty else { return nil }
            let middle = values.count / 2
            return values.count % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2
        }
        func cell(_ value: Double?, _ format: String) -> String {
            value.map { String(format: format, $0) } ?? "—"
        }
        func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
            let fill = String(repeating: " ", count: max(0, width - text.count))
            return left ? text + fill : fill + text
        }
        print("Medians of \(runs) run(s), \(requests) requests, \(concurrency) in flight:\n")
        func latencyMedian(_ client: Client, _ metric: (BenchmarkResult) -> Double?) -> Double? {
            Self.latencyMedian(results[client] ?? [], metric)
        }
        print(
            pad("client", 36, left: true) + pad("req/s", 10) + pad("CPU µs/req", 12) + pad("peak RSS MB", 13)
                + pad("conns", 7) + pad("p50 ms", 9) + pad("p99 ms", 9))
        for client in clients {
            let connections = median(client) { Double($0.connections ?? -1) }.flatMap { $0 < 0 ? nil : $0 }
            print(
                pad(client.label, 36, left: true) + pad(cell(median(client, \.requestsPerSecond), "%.0f"), 10)
                    + pad(cell(median(client, \.cpuMicrosecondsPerRequest), "%.1f"), 12)
                    + pad(cell(median(client, \.peakRSSMegabytes), "%.1f"), 13) + pad(cell(connections, "%.0f"), 7)
                    + pad(cell(latencyMedian(client, \.medianLatencyMilliseconds), "%.2f"), 9)
                    + pad(cell(latencyMedian(client, \.tailLatencyMilliseconds), "%.2f"), 9))
        }
        func ratio(_ name: String, _ numerator: Double?, _ denominator: Double?) {
            guard let numerator, let denominator, denominator > 0 else {
                print("  \(name): n/a")
                return
            }
            print("  \(name): \(String(format: "%.2f", numerator / denominator))×")
        }
        let rps: (BenchmarkResult) -> Double = \.requestsPerSecond
        let cpu: (BenchmarkResult) -> Double = \.cpuMicrosecondsPerRequest
        let tail: (BenchmarkResult) -> Double? = \.tailLatencyMilliseconds
        print("\nRatios measured in this run (of the medians):")
        ratio("engine req/s ÷ URLSession req/s, HTTP/1.1", median(.engineHTTP1, rps), median(.urlSessionHTTP1, rps))
        ratio("engine req/s ÷ C req/s, HTTP/1.1", median(.engineHTTP1, rps), median(.cHTTP1, rps))
        ratio("engine CPU µs/req ÷ C CPU µs/req, HTTP/1.1", median(.engineHTTP1, cpu), median(.cHTTP1, cpu))
        ratio("engine p99 ÷ C p99, HTTP/1.1", latencyMedian(.engineHTTP1, tail), latencyMedian(.cHTTP1, tail))
        if includeAPIs {
            for client in Client.apiRows {
                ratio("\(client.label) req/s ÷ C req/s", median(client, rps), median(.cHTTP1, rps))
                ratio("\(client.label) CPU µs/req ÷ C CPU µs/req", median(client, cpu), median(.cHTTP1, cpu))
                ratio("\(client.label) p99 ÷ C p99", latencyMedian(client, tail), latencyMedian(.cHTTP1, tail))
            }
        }
        if includeHTTP2 {
            ratio("engine req/s ÷ C req/s, HTTPS + HTTP/2", median(.engineHTTP2, rps), median(.cHTTP2, rps))
            ratio("engine CPU µs/req ÷ C CPU µs/req, HTTPS + HTTP/2", median(.engineHTTP2, cpu), median(.cHTTP2, cpu))
            ratio("engine p99 ÷ C p99, HTTPS + HTTP/2", latencyMedian(.engineHTTP2, tail), latencyMedian(.cHTTP2, tail))
            print("\nNo URLSession HTTPS row: URLSession on Linux cannot be given a custom CA for the test server.")
        }
    }

    /// A fresh private directory for the C binary and the children's output.
    static func makeWorkDirectory() throws -> String {
        var template = Array((NSTemporaryDirectory() + "/fbbench-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "mkdtemp failed"])
        }
        return String(cString: made)
    }

    /// Writes `fbbench: message` to standard error.
    private func printError(_ message: String) {
        FileHandle.standardError.write(Data("fbbench: \(message)\n".utf8))
    }
}
