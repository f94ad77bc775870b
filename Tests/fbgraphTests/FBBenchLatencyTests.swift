import FacebookGraph
import FacebookGraphReplay
import FacebookGraphTestSupport
import FacebookGraphTestTraits
import Foundation
import Testing

@testable import fbbench

/// `fbbench`'s per-request latency (issue 22: p50 and p99 beside C's for every row): the
/// percentile rule, every Swift client's `LATENCY` line over a real loopback server (the delegate
/// client pairs each callback with its request's stamp), and the header that measures the C anchor
/// the same way, compiled in front of a small libcurl multi program as it is in front of the anchor.
@Suite("fbbench: per-request latency for the Swift clients and the C anchor", .onOwnThread)
struct FBBenchLatencyTests {
    /// A user object as the clients check it (`id` a string; the engine compares body sizes).
    static let me = #"{"id":"4","name":"Mark Zuckerberg","first_name":"Mark"}"#

    /// An HTTPBin answering `/me` with ``me``.
    static func server() throws -> HTTPBin {
        try HTTPBin(extraRoutes: [
            "/me": { _ in .full(status: 200, headers: ["Content-Type": "application/json"], body: Data(me.utf8)) }
        ])
    }

    /// The fields of the one `LATENCY` line in `output`, or nil.
    static func latencyFields(_ output: String) -> [String: Double]? {
        guard let line = output.split(separator: "\n").first(where: { $0.hasPrefix("LATENCY ") }) else { return nil }
        var fields: [String: Double] = [:]
        for word in line.split(separator: " ").dropFirst() {
            let pair = word.split(separator: "=", maxSplits: 1)
            if pair.count == 2, let value = Double(pair[1]) { fields[String(pair[0])] = value }
        }
        return fields
    }

    /// Checks a LATENCY line: `requests` samples, 0 < p50 ≤ p99 ≤ max, and no sample of a minute or
    /// more (a request paired with no stamp would count from the clock's zero: the machine's uptime).
    static func expectLatency(_ output: String, requests: Int, _ context: String) {
        guard let fields = latencyFields(output) else {
            Issue.record("no LATENCY line (\(context)): \(output)")
            return
        }
        #expect(fields["n"] == Double(requests), "\(context)")
        let p50 = fields["p50_us"] ?? -1
        let p99 = fields["p99_us"] ?? -1
        let largest = fields["max_us"] ?? -1
        #expect(p50 > 0 && p50 <= p99 && p99 <= largest, "\(context): \(fields)")
        #expect(largest < 60_000_000, "\(context): \(fields)")
    }

    @Test("The percentiles are nearest-rank: 100 samples of 1…100 ms give p50 50 ms, p99 99 ms, max 100 ms")
    func nearestRank() {
        let samples = (1...100).map { UInt64($0) * 1_000_000 }
        #expect(
            RequestLatency.line(sorted: samples) == "LATENCY p50_us=50000.0 p99_us=99000.0 max_us=100000.0 n=100")
        #expect(RequestLatency.line(sorted: [7_000]) == "LATENCY p50_us=7.0 p99_us=7.0 max_us=7.0 n=1")
        #expect(RequestLatency.line(sorted: []) == "LATENCY n=0")
    }

    @Test(
        "transport-child --latency prints a LATENCY line with one sample per request; without it, none",
        arguments: ["engine", "legacy-block", "legacy-delegate-nsdictionary", "modern-async"])
    func swiftClients(client: String) throws {
        let bin = try Self.server()
        defer { bin.stop() }
        let arguments = [
            "transport-child", "--client", client, "--url", bin.url("/me"), "--requests", "120", "--concurrency", "8",
            "--time-limit", "60",
        ]
        let measured = try FBBenchCLITests.run(arguments + ["--latency"])
        #expect(measured.status == 0, "\(measured.stdout)\(measured.stderr)")
        #expect(measured.stdout.contains("RESULT "), "\(measured.stdout)")
        Self.expectLatency(measured.stdout, requests: 120, client)

        let plain = try FBBenchCLITests.run(arguments)
        #expect(plain.status == 0, "\(plain.stdout)\(plain.stderr)")
        #expect(Self.latencyFields(plain.stdout) == nil, "\(plain.stdout)")
    }

    @Test("The C anchor's latency header, compiled in front of a libcurl multi loop, records every transfer once")
    func cLoopHook() throws {
        let compiler = try #require(
            fbbench.ChildProcess.findExecutable("cc"), "no C compiler (cc) on PATH: scripts/bootstrap installs one")
        let bin = try Self.server()
        defer { bin.stop() }
        let directory = try TestFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // The anchor's shape: handles added, transfers read off curl_multi_info_read, each removed and
        // added again until 40 are done, then every handle removed once more and libcurl cleaned up.
        let program = """
            #include <curl/curl.h>
            #include <stdio.h>
            static size_t sink(char *p, size_t s, size_t n, void *u) { (void)p; (void)u; return s * n; }
            int main(int argc, char **argv) {
                (void)argc;
                curl_global_init(CURL_GLOBAL_DEFAULT);
                CURLM *m = curl_multi_init();
                CURL *h[4];
                long started = 0, done = 0;
                for (int i = 0; i < 4; i++) {
                    h[i] = curl_easy_init();
                    curl_easy_setopt(h[i], CURLOPT_URL, argv[1]);
                    curl_easy_setopt(h[i], CURLOPT_WRITEFUNCTION, sink);
                    curl_multi_add_handle(m, h[i]);
                    started++;
                }
                int running = 1;
                while (done < 40) {
                    curl_multi_perform(m, &running);
                    CURLMsg *msg;
                    int left;
                    while ((msg = curl_multi_info_read(m, &left))) {
                        if (msg->msg != CURLMSG_DONE) continue;
                        if (msg->data.result != CURLE_OK) return 1;
                        CURL *e = msg->easy_handle;
                        done++;
                        curl_multi_remove_handle(m, e);
                        if (started < 40) { curl_multi_add_handle(m, e); started++; }
                    }
                    curl_multi_poll(m, NULL, 0, 1000, NULL);
                }
                for (int i = 0; i < 4; i++) { curl_multi_remove_handle(m, h[i]); curl_easy_cleanup(h[i]); }
                curl_multi_cleanup(m);
                printf("RESULT done=%ld\\n", done);
                curl_global_cleanup();
                return 0;
            }
            """
        let source = try TestFiles.write(program, to: "loop.c", in: directory)
        let header = try TestFiles.write(RequestLatency.cLoopHook, to: "fbbench_latency.h", in: directory)
        let binary = directory.appendingPathComponent("loop").path
        let compiled = try BuiltExecutable.run(
            URL(fileURLWithPath: compiler), arguments: ["-O2", "-include", header, "-o", binary, source, "-lcurl"],
            environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"], timeout: 120)
        #expect(compiled.status == 0, "\(compiled.stderr)")
        let ran = try BuiltExecutable.run(
            URL(fileURLWithPath: binary), arguments: [bin.url("/me")], environment: [:], timeout: 60)
        #expect(ran.status == 0, "\(ran.stderr)")
        #expect(ran.stdout.contains("RESULT done=40"), "\(ran.stdout)")
        Self.expectLatency(ran.stdout, requests: 40, "C loop")
    }
}
