// `fbgraph replay serve` against hostile input (issue 21, items 4 and 7): a HAR file whose recorded
// header would split a response is refused at start with one line; a request that a web page
// renamed to 127.0.0.1 sends (a foreign `Host`, origin form) gets 421; the documented plain-http
// proxy mode still answers. The kit-level table is `HostileServerFilesTests`.

import FacebookGraph
import FacebookGraphReplay
import FacebookGraphTestSupport
import FacebookGraphTestTraits
import Foundation
import Testing

@Suite("fbgraph replay serve: hostile files and requests", .onOwnThread)
struct HostileReplayServeTests {
    /// A one-entry export (`GET http://www.example.com/x`, 200) with `header` among the response's.
    static func export(responseHeader header: (String, String)?, in directory: URL) throws -> String {
        var headers = [["name": "Content-Type", "value": "text/plain"]]
        if let header { headers.append(["name": header.0, "value": header.1]) }
        let entry: [String: Any] = [
            "request": ["method": "GET", "url": "http://www.example.com/x", "headers": [[String: String]]()],
            "response": [
                "status": 200, "statusText": "OK", "headers": headers,
                "content": ["mimeType": "text/plain", "text": "recorded"],
            ],
        ]
        let data = try JSONSerialization.data(withJSONObject: ["log": ["version": "1.2", "entries": [entry]]])
        let url = directory.appendingPathComponent("export.har")
        try data.write(to: url)
        return url.path
    }

    @Test(
        "A recorded header with CR, LF or NUL, or a name that is not a token, stops replay serve with one line",
        arguments: [
            ("X-Count", "1\r\nSet-Cookie: injected=1", "response.headers[1].value"),
            ("X-Count", "1\nSet-Cookie: injected=1", "response.headers[1].value"),
            ("X-Count", "1\u{0}", "response.headers[1].value"),
            ("Set-Cookie: injected=1\r\nX", "1", "response.headers[1].name"),
        ])
    func headerSplittingFileRefused(name: String, value: String, location: String) throws {
        let directory = try TestFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try Self.export(responseHeader: (name, value), in: directory)
        let run = try CLIRunner.run(["replay", "serve", path], timeout: 20)
        #expect(run.status == 1, "\(run.stdout)")
        #expect(run.stderr.hasPrefix("error: \(path): entry 0, \(location): a header "), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        #expect(run.stdout.isEmpty, "it listened: \(run.stdout)")
    }

    @Test("A foreign Host in an origin-form request gets 421; loopback and the proxy form are answered")
    func rebindingHostRefused() throws {
        let directory = try TestFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try RunningCLI(["replay", "serve", try Self.export(responseHeader: nil, in: directory)])
        defer { server.stop() }
        let line = try #require(server.firstLine(), "no listening line; stderr: \(server.stderr)")
        let port = try #require(Int(line.split(separator: ":").last ?? ""), "\(line)")
        func send(_ url: String, resolve: [String] = [], proxy: Bool = false) throws -> RawResponse {
            var options = TransferOptions()
            options.resolve = resolve
            options.proxy = proxy ? "http://127.0.0.1:\(port)" : nil
            return try CurlEngine.shared.sendAndWait(
                try PreparedRequest(url: url, options: options), timeout: .seconds(20).scaledForTests
            ).get()
        }
        // What a page at evil.example, rebound to 127.0.0.1, sends: its own name in Host.
        let rebound = try send("http://evil.example:\(port)/x", resolve: ["evil.example:\(port):127.0.0.1"])
        #expect(rebound.status == 421)
        let text = String(decoding: rebound.body, as: UTF8.self)
        #expect(text.contains("answers only requests addressed to localhost"), "\(text)")
        #expect(!text.contains("recorded"))
        let loopback = try send("http://127.0.0.1:\(port)/x")
        #expect(loopback.status == 200 && loopback.body == Data("recorded".utf8))
        // The documented proxy mode (no credential, so the proxy carries it).
        let proxied = try send("http://www.example.com/x", proxy: true)
        #expect(proxied.status == 200 && proxied.body == Data("recorded".utf8))
    }
}
