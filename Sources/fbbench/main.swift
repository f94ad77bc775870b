// fbbench: benchmarks of the FacebookGraph transport. The top level stays synchronous (valgrind
// crashes on a Swift program whose top level uses `await`): every subcommand blocks until done.

import FacebookGraph
import Foundation
import Glibc

/// The text `fbbench --help` prints.
let generalHelp = """
    OVERVIEW: Benchmarks of the FacebookGraph libcurl engine beside URLSession and a C libcurl loop.

    USAGE: fbbench <subcommand> [options]

    SUBCOMMANDS:
      transport         Runs every client against a private nginx, each in its own process, and
                        prints a table of req/s, CPU µs per request and peak RSS.
      transport-child   Runs one Swift client once and prints one RESULT line (used by `transport`).
      all               Every section below in one run, then docs/performance-chart.svg.
      parse             The 5,000-friend body: GraphJSON, JSONSerialization, the GraphJSON decoder,
                        JSONDecoder (with callgrind instructions per byte when valgrind is there).
      memory            Peak RSS with 1,000 and 10,000 in flight; RSS after 10,000 and 1,000,000 requests.
      instructions      Instructions per request under valgrind --tool=callgrind.
      picker            Times the friend picker's filter + group + sort after a keystroke (5,000 friends).

    OPTIONS:
      -h, --help        Shows this help; `fbbench <subcommand> --help` shows a subcommand's.
      --version         Shows the package version.

    EXAMPLES:
      swift run -c release fbbench all
      swift run -c release fbbench transport --apis
      swift run -c release fbbench transport --h2 --requests 5000 --runs 1
      swift run -c release fbbench picker
    """

/// The text `fbbench transport-child --help` prints.
let childHelp = """
    OVERVIEW: Sends N GETs with C in flight through one Swift client; prints one RESULT line.

    USAGE: fbbench transport-child --client NAME --url URL [options]

    OPTIONS:
      --client NAME       engine (the FacebookGraph CurlEngine), urlsession (FoundationNetworking),
                          legacy-block or legacy-delegate (v2's APIs, the result read as [String: Any]),
                          legacy-block-nsdictionary or legacy-delegate-nsdictionary (the same, the
                          result read through NSDictionary, no bridge), modern-async (GraphUser).
      --url URL           The URL every request fetches.
      --requests N        Requests to send (default 20000).
      --concurrency C     Requests kept in flight (default 64).
      --ca FILE           Extra CA file for https (engine only; URLSession cannot take one on Linux).
      --time-limit S      Gives up after S seconds (default 120).
      --rss-every N       Writes `RSS n=… kb=…` (the resident set) to standard error every N requests.
      --latency           Records every request's latency and prints `LATENCY p50_us=… p99_us=… max_us=… n=…`
                          after the RESULT line.
      -h, --help          Shows this help.

    Exit status 0 when every response had status 200 and the first response's body size.
    """

/// A command line that cannot run: reported on standard error with exit status 64.
struct UsageError: Error {
    /// What is wrong, naming the bad argument.
    let message: String
}

/// A subcommand's `--name value` (or `--name=value`) options and bare flags, checked against the
/// names the subcommand accepts.
struct ParsedOptions {
    /// The options that took a value.
    private var values: [String: String] = [:]
    /// The bare flags that were given.
    private var flags: Set<String> = []

    /// Parses `arguments`; any name outside `valued` and `flagNames` is a usage error.
    init(_ arguments: ArraySlice<String>, valued: Set<String>, flags flagNames: Set<String>) throws(UsageError) {
        var rest = arguments
        while let argument = rest.popFirst() {
            let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
            if flagNames.contains(argument) {
                flags.insert(argument)
            } else if valued.contains(parts[0]) {
                guard let value = parts.count == 2 ? parts[1] : rest.popFirst() else {
                    throw UsageError(message: "\(parts[0]) needs a value")
                }
                values[parts[0]] = value
            } else {
                throw UsageError(message: "unknown argument '\(argument)'")
            }
        }
    }

    /// True when `flag` was given.
    func has(_ flag: String) -> Bool {
        flags.contains(flag)
    }

    /// The value of option `name`, or nil.
    func string(_ name: String) -> String? {
        values[name]
    }

    /// The integer value of option `name` (or `defaultValue`), which must lie in `range`.
    func integer(_ name: String, default defaultValue: Int, in range: ClosedRange<Int>) throws(UsageError) -> Int {
        guard let text = values[name] else { return defaultValue }
        guard let value = Int(text), range.contains(value) else {
            throw UsageError(message: "\(name) must be an integer in \(range.lowerBound)...\(range.upperBound)")
        }
        return value
    }
}

/// Runs the subcommand `arguments` names (program name excluded) and returns the exit status.
func runCommand(_ arguments: [String]) -> Int32 {
    do throws(UsageError) {
        switch arguments.first {
        case "-h", "--help", "help":
            print(generalHelp)
            return 0
        case "--version":
            print("fbbench (FacebookSDKShim) \(PackageVersion.current)")
            return 0
        case "transport":
            let options = try ParsedOptions(
                arguments.dropFirst(),
                valued: ["--requests", "--concurrency", "--runs", "--c-source", "--time-limit"],
                flags: ["--h2", "--apis", "-h", "--help"]
            )
            if options.has("-h") || options.has("--help") {
                print(TransportBenchmark.help)
                return 0
            }
            var benchmark = TransportBenchmark(
                requests: try options.integer("--requests", default: 20_000, in: 1...100_000_000),
                concurrency: try options.integer("--concurrency", default: 64, in: 1...20_000),
                runs: try options.integer("--runs", default: 3, in: 1...100),
                includeHTTP2: options.has("--h2"),
                cSource: options.string("--c-source"),
                timeLimitSeconds: try options.integer("--time-limit", default: 120, in: 1...86_400)
            )
            benchmark.includeAPIs = options.has("--apis")
            return benchmark.run()
        case "all":
            let options = try ParsedOptions(
                arguments.dropFirst(), valued: ["--requests", "--runs", "--chart", "--memory-requests"],
                flags: ["-h", "--help"])
            if options.has("-h") || options.has("--help") {
                print(AllBenchmark.help)
                return 0
            }
            return AllBenchmark.runAll(
                requests: try options.integer("--requests", default: 20_000, in: 1...100_000_000),
                runs: try options.integer("--runs", default: 3, in: 1...100),
                memoryRequests: try options.integer("--memory-requests", default: 1_000_000, in: 10_000...100_000_000),
                chart: options.string("--chart"))
        case "parse":
            let options = try ParsedOptions(arguments.dropFirst(), valued: ["--iterations"], flags: ["-h", "--help"])
            if options.has("-h") || options.has("--help") {
                print(AllBenchmark.parseHelp)
                return 0
            }
            return AllBenchmark.runParse(iterations: try options.integer("--iterations", default: 20, in: 1...10_000))
        case "parse-child":
            let options = try ParsedOptions(
                arguments.dropFirst(), valued: ["--impl", "--iterations", "--body"], flags: [])
            return AllBenchmark.runParseChild(
                impl: options.string("--impl") ?? "graphjson",
                iterations: try options.integer("--iterations", default: 1, in: 1...10_000),
                bodyPath: options.string("--body"))
        case "memory":
            let options = try ParsedOptions(
                arguments.dropFirst(), valued: ["--memory-requests"], flags: ["-h", "--help"])
            if options.has("-h") || options.has("--help") {
                print(AllBenchmark.memoryHelp)
                return 0
            }
            return AllBenchmark.runMemory(
                longRequests: try options.integer("--memory-requests", default: 1_000_000, in: 10_000...100_000_000))
        case "instructions":
            let options = try ParsedOptions(
                arguments.dropFirst(), valued: ["--requests", "--tsv"],
                flags: ["--parse", "--h2", "--rows", "-h", "--help"])
            if options.has("-h") || options.has("--help") {
                print(InstructionsBenchmark.help)
                return 0
            }
            if options.has("--rows") {
                print(InstructionsBenchmark.rowKeys.joined(separator: "\n"))
                return 0
            }
            let outcome = InstructionsBenchmark.run(
                InstructionsBenchmark.Options(
                    requests: try options.integer("--requests", default: 1_000, in: 10...1_000_000),
                    includeParse: options.has("--parse"), includeHTTP2: options.has("--h2"),
                    tsvPath: options.string("--tsv")))
            return outcome.complete && !outcome.rows.isEmpty ? 0 : 1
        case "transport-child":
            let options = try ParsedOptions(
                arguments.dropFirst(),
                valued: ["--client", "--url", "--requests", "--concurrency", "--ca", "--time-limit", "--rss-every"],
                flags: ["-h", "--help", "--latency"]
            )
            if options.has("-h") || options.has("--help") {
                print(childHelp)
                return 0
            }
            guard let url = options.string("--url") else { throw UsageError(message: "--url is required") }
            let settings = LoadSettings(
                url: url,
                requests: try options.integer("--requests", default: 20_000, in: 1...100_000_000),
                concurrency: try options.integer("--concurrency", default: 64, in: 1...20_000),
                caFile: options.string("--ca"),
                timeLimitSeconds: try options.integer("--time-limit", default: 120, in: 1...86_400),
                residentTraceInterval: options.string("--rss-every") == nil
                    ? nil : try options.integer("--rss-every", default: 0, in: 1...100_000_000),
                recordsLatency: options.has("--latency")
            )
            switch options.string("--client") {
            case "engine": return EngineClient.run(settings)
            case "urlsession": return URLSessionClient.run(settings)
            case "legacy-block": return LegacyClients.runBlock(settings)
            case "legacy-delegate": return LegacyClients.runDelegate(settings)
            case "legacy-block-nsdictionary": return LegacyClients.runBlock(settings, reading: .nsDictionary)
            case "legacy-delegate-nsdictionary": return LegacyClients.runDelegate(settings, reading: .nsDictionary)
            case "modern-async": return LegacyClients.runModernAsync(settings)
            default:
                throw UsageError(
                    message: "--client must be engine, urlsession, legacy-block, legacy-delegate, "
                        + "legacy-block-nsdictionary, legacy-delegate-nsdictionary or modern-async")
            }
        case "picker":
            let options = try ParsedOptions(
                arguments.dropFirst(), valued: ["--friends", "--keystrokes"], flags: ["-h", "--help"])
            if options.has("-h") || options.has("--help") {
                print(PickerFilterBenchmark.help)
                return 0
            }
            return PickerFilterBenchmark.run(
                friends: try options.integer("--friends", default: 5_000, in: 1...1_000_000),
                keystrokes: try options.integer("--keystrokes", default: 2_000, in: 1...10_000_000))
        case let other:
            throw UsageError(message: other.map { "unknown subcommand '\($0)'" } ?? "no subcommand given")
        }
    } catch {
        FileHandle.standardError.write(Data("fbbench: \(error.message)\nSee 'fbbench --help'.\n".utf8))
        return 64
    }
}

exit(runCommand(Array(CommandLine.arguments.dropFirst())))
