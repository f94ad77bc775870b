import Dispatch
import Foundation
import Glibc
import Synchronization

/// One benchmark client run in its own process, so that its CPU time and peak RSS are its own.
///
/// The child is started by a small `/bin/sh` that forks it (`"$@"; exit $?`) rather than spawned
/// straight from this process: on Linux `ru_maxrss` survives `execve`, and glibc's `posix_spawn`
/// shares this process's memory until the exec, so a directly spawned child would report at least
/// this parent's peak RSS (~35 MB) as its own. Forked from `sh`, it starts from `sh`'s ~2 MB.
///
/// Output goes to files (no pipe can fill up and stall the child). The shell leads a process group
/// of its own (Foundation's `Process` makes one), so a child that outlives its timeout gets
/// `SIGTERM` and then `SIGKILL` through the group.
struct ChildProcess {
    /// The process group of the child running now (0 when none), for ``killRunning()``.
    private static let runningGroup = Atomic<Int32>(0)
    /// The signal that interrupted the benchmark, or 0.
    private static let interruption = Atomic<Int32>(0)

    /// The program to run.
    let executable: String
    /// Its arguments.
    let arguments: [String]
    /// How long it may run.
    let timeoutSeconds: Int

    /// Runs the child to completion (or until killed), keeping its output under `directory`.
    func run(in directory: String) -> ChildOutcome {
        let outputPath = "\(directory)/child.out"
        let errorPath = "\(directory)/child.err"
        guard FileManager.default.createFile(atPath: outputPath, contents: nil),
            FileManager.default.createFile(atPath: errorPath, contents: nil),
            let output = FileHandle(forWritingAtPath: outputPath),
            let errors = FileHandle(forWritingAtPath: errorPath)
        else {
            return ChildOutcome(status: nil, timedOut: false, output: "", errorOutput: "cannot create output files")
        }
        defer {
            try? output.close()
            try? errors.close()
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "\"$@\"; exit $?", "sh", executable] + arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = errors
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        do {
            try process.run()
        } catch {
            return ChildOutcome(status: nil, timedOut: false, output: "", errorOutput: "cannot start: \(error)")
        }
        let group = process.processIdentifier
        Self.runningGroup.store(group, ordering: .releasing)
        defer { Self.runningGroup.store(0, ordering: .releasing) }
        var timedOut = false
        if exited.wait(timeout: .now() + .seconds(timeoutSeconds)) == .timedOut {
            timedOut = true
            kill(-group, SIGTERM)
            if exited.wait(timeout: .now() + .seconds(5)) == .timedOut {
                kill(-group, SIGKILL)
                exited.wait()
            }
        }
        let read = { (path: String) in (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
        return ChildOutcome(
            status: timedOut ? nil : process.terminationStatus,
            killedBySignal: process.terminationReason == .uncaughtSignal,
            timedOut: timedOut,
            output: read(outputPath),
            errorOutput: read(errorPath)
        )
    }

    /// The signal (`SIGINT`, `SIGTERM`) that interrupted the benchmark, or nil.
    static var interruptingSignal: Int32? {
        let number = interruption.load(ordering: .acquiring)
        return number == 0 ? nil : number
    }

    /// Makes `SIGINT` and `SIGTERM` kill the running child's process group and record the signal,
    /// so the caller can stop between children and clean up. A handler, not `SIG_IGN`: ignored
    /// signals would stay ignored in every child across `execve`; handlers reset to the default.
    static func installInterruptHandler() {
        // Touch the statics now: their lazy initialization is not async-signal-safe.
        _ = runningGroup.load(ordering: .relaxed)
        _ = interruption.load(ordering: .relaxed)
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { number in
            ChildProcess.interruption.store(number, ordering: .releasing)
            let group = ChildProcess.runningGroup.load(ordering: .acquiring)
            if group > 0 { kill(-group, SIGKILL) }
        }
        action.sa_flags = SA_RESTART
        sigaction(SIGINT, &action, nil)
        sigaction(SIGTERM, &action, nil)
    }

    /// The first executable called `name` on `PATH`.
    static func findExecutable(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// The path of the running executable (`/proc/self/exe`), to spawn children of itself.
    static var currentExecutable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }
}

/// How a child run ended.
struct ChildOutcome {
    /// The exit status, or nil when the child could not start or was killed after its timeout.
    let status: Int32?
    /// True when ``status`` is the number of the signal that killed the child.
    var killedBySignal = false
    /// True when the child was killed for outliving its timeout.
    let timedOut: Bool
    /// Its standard output.
    let output: String
    /// Its standard error.
    let errorOutput: String

    /// The child's RESULT line, parsed; nil when it printed none.
    var result: BenchmarkResult? {
        output.split(separator: "\n").last { $0.hasPrefix("RESULT ") }.map { BenchmarkResult(line: String($0)) }
    }

    /// The child's `LATENCY` line (``RequestLatency``), parsed; nil when it printed none.
    var latency: BenchmarkResult? {
        output.split(separator: "\n").last { $0.hasPrefix("LATENCY ") }.map { BenchmarkResult(line: String($0)) }
    }

    /// How the child ended, for a report: `exit 1`, `killed by signal 9`, `did not run`.
    var ending: String {
        guard let status else { return timedOut ? "killed after its timeout" : "did not run" }
        return killedBySignal ? "killed by signal \(status)" : "exit \(status)"
    }

    /// True when the child exited 0 and its RESULT line reports every request as good.
    var succeeded: Bool {
        guard status == 0, let result else { return false }
        return result.failed == 0 && result.missing == 0 && result.ok > 0
    }
}

/// A `RESULT key=value…` line, as every child prints it (the C loop's format, which the Swift
/// clients copy): `impl`, `n`, `ok`, `fail`, `missing`, `wall_s`, `rps`, `cpu_us_per_req`,
/// `maxrss_kb`, `conns`…; or a `LATENCY p50_us=… p99_us=…` line, read the same way.
struct BenchmarkResult {
    /// Every `key=value` pair of the line.
    let fields: [String: String]

    /// Parses the pairs of a RESULT line; words without `=` are skipped.
    init(line: String) {
        var fields: [String: String] = [:]
        for word in line.split(separator: " ") {
            let pair = word.split(separator: "=", maxSplits: 1)
            if pair.count == 2 { fields[String(pair[0])] = String(pair[1]) }
        }
        self.fields = fields
    }

    /// The number under `key`, or nil.
    func number(_ key: String) -> Double? {
        fields[key].flatMap(Double.init)
    }

    /// Requests that succeeded.
    var ok: Int { Int(number("ok") ?? 0) }
    /// Requests that completed badly.
    var failed: Int { Int(number("fail") ?? 0) }
    /// Requests that never completed (time limit).
    var missing: Int { Int(number("missing") ?? 0) }
    /// Successful requests per wall-clock second.
    var requestsPerSecond: Double { number("rps") ?? 0 }
    /// User + system CPU microseconds per successful request.
    var cpuMicrosecondsPerRequest: Double { number("cpu_us_per_req") ?? 0 }
    /// Peak resident set, in MB (`maxrss_kb` / 1024).
    var peakRSSMegabytes: Double { (number("maxrss_kb") ?? 0) / 1024 }
    /// Connections opened, or nil when the client cannot tell.
    var connections: Int? { number("conns").flatMap { $0 < 0 ? nil : Int($0) } }
    /// The median request's latency in milliseconds (a `LATENCY` line's `p50_us`), or nil.
    var medianLatencyMilliseconds: Double? { number("p50_us").map { $0 / 1_000 } }
    /// The 99th percentile latency in milliseconds (a `LATENCY` line's `p99_us`), or nil.
    var tailLatencyMilliseconds: Double? { number("p99_us").map { $0 / 1_000 } }
}
