import FacebookGraphTestSupport
import Foundation
import XCTest

/// Checks the private nginx the transport tests and the benchmark run against, with the `curl`
/// command (not the engine), so a fixture fault is not mistaken for an engine fault.
final class NginxFixtureTests: XCTestCase {
    /// `/usr/bin/curl`, which these tests drive.
    private static let curlPath = "/usr/bin/curl"

    /// Serves `/me` over HTTP/1.1 and over HTTPS + HTTP/2 with the run's CA, refuses host
    /// verification on the wrong-host port, logs `/logged/*`, and stops cleanly.
    func testServesHTTPAndHTTP2AndFailsWrongHost() throws {
        try XCTSkipUnless(NginxFixture.isAvailable, "nginx or openssl is not installed")
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: Self.curlPath), "no \(Self.curlPath)")
        let fixture = try NginxFixture()
        defer { fixture.stop() }

        let plain = try curl(["--http1.1", "-w", "\n%{http_code} %{http_version}", fixture.httpURL("/me")])
        XCTAssertEqual(plain.status, 0, plain.errorOutput)
        XCTAssertTrue(plain.output.hasPrefix(#"{"id":"100004567891234","name":"Alexandra Marie Smith""#))
        XCTAssertTrue(plain.output.hasSuffix("\n200 1.1"), plain.output)
        XCTAssertEqual(plain.output.split(separator: "\n").first?.utf8.count, 293)

        let secure = try curl([
            "--cacert", fixture.caFile, "--http2", "-w", "\n%{http_code} %{http_version}", fixture.httpsURL("/me"),
        ])
        XCTAssertEqual(secure.status, 0, secure.errorOutput)
        XCTAssertTrue(secure.output.hasSuffix("\n200 2"), "expected HTTP/2: \(secure.output)")

        let small = try curl(["--cacert", fixture.caFile, fixture.httpsURL("/small")])
        XCTAssertEqual(small.output, "true")

        // The same CA signed the wrong-host certificate: only the name check can fail, and must.
        let wrongHost = try curl(["--cacert", fixture.caFile, fixture.wrongHostURL("/me")])
        XCTAssertEqual(wrongHost.status, 60, "curl should fail peer verification (60): \(wrongHost.errorOutput)")
        XCTAssertTrue(wrongHost.errorOutput.contains("127.0.0.1"), wrongHost.errorOutput)
        let wrongHostNoVerify = try curl([
            "--cacert", fixture.caFile, "--resolve",
            "wrong.invalid:\(fixture.wrongHostPort):127.0.0.1",
            "https://wrong.invalid:\(fixture.wrongHostPort)/small",
        ])
        XCTAssertEqual(wrongHostNoVerify.output, "true", "the wrong-host cert is valid for wrong.invalid")

        let logged = try curl(["--http2", "--cacert", fixture.caFile, fixture.httpsURL("/logged/small")])
        XCTAssertEqual(logged.output, "true")
        let lines = fixture.connectionsLogged()
        XCTAssertEqual(lines.count, 1)
        XCTAssertTrue(lines.first?.hasPrefix("HTTP/2.0 conn=") ?? false, "\(lines)")
        XCTAssertTrue(lines.first?.hasSuffix(" reqs=1 200") ?? false, "\(lines)")

        let directory = fixture.directory
        fixture.stop()
        fixture.stop()
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory))
        let afterStop = try curl(["--connect-timeout", "2", fixture.httpURL("/small")])
        XCTAssertNotEqual(afterStop.status, 0, "nginx still answers after stop()")
    }

    /// What one `curl` run printed and returned.
    private struct CurlRun {
        /// The exit status.
        let status: Int32
        /// Standard output.
        let output: String
        /// Standard error.
        let errorOutput: String
    }

    /// Runs `curl -sS --max-time 10` with `arguments`.
    private func curl(_ arguments: [String]) throws -> CurlRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.curlPath)
        process.arguments = ["-sS", "--max-time", "10"] + arguments
        let output = ChildProcess.pipe()
        let errors = ChildProcess.pipe()
        process.standardOutput = output
        process.standardError = errors
        try ChildProcess.run(process)
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CurlRun(
            status: process.terminationStatus,
            output: String(decoding: outputData, as: UTF8.self),
            errorOutput: String(decoding: errorData, as: UTF8.self)
        )
    }
}
