import FacebookGraph
import FacebookGraphCorpusSupport
import FacebookGraphReplay
import FacebookGraphTestSupport
import FacebookGraphTestTraits
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Every HAR file in `../shared/corpus/har-interop` (exports of Charles, Chrome, Firefox, Safari,
/// Insomnia and mitmproxy; a BOM, a WebSocket flow, a corrupted gzip body, a broken file, a
/// valid/invalid pair): each valid one loads, and each of its entries is replayed in process and
/// through `fbgraph replay serve`, its status and body bytes compared with the recording; each
/// broken one fails with its one clear line.
@Suite("The HAR interop corpus", .onOwnThread)
struct HARInteropCorpusTests {
    /// The files that are not HAR, with the line each is refused with (after `FILE: `).
    static let broken = [
        "mitmproxy/corrupted-brokenfile.har": #"line 5, column 1: not valid JSON (found '"')"#,
        "node-har-validator/invalid.har": "log: a required field is missing",
    ]

    /// The corpus folder, inside the shared corpus (SharedCorpus: skipped when absent, a failure
    /// when the corpus is required; never a pass on nothing).
    static let corpus = "har-interop"

    /// The corpus's `.har` files, relative to it, sorted.
    static func files(in folder: URL) throws -> [String] {
        let root = folder.path + "/"
        return try SecretScanner.files(at: folder.path).filter { $0.hasSuffix(".har") }.map {
            $0.hasPrefix(root) ? String($0.dropFirst(root.count)) : $0
        }
    }

    @Test(
        "Every file loads or is refused with its one clear line, by inspect and by replay serve",
        SharedCorpus.needed(corpus)
    )
    func everyFileReadsOrFailsClearly() throws {
        let folder = try SharedCorpus.url(Self.corpus)
        let files = try Self.files(in: folder)
        #expect(files.count >= 14, "\(files)")
        #expect(Set(Self.broken.keys).isSubset(of: Set(files)), "\(files)")
        for file in files {
            let path = folder.appendingPathComponent(file).path
            let inspect = try CLIRunner.run(["cassette", "inspect", path])
            guard let detail = Self.broken[file] else {
                #expect(inspect.status == 0, "\(file) does not load: \(inspect.stderr)")
                #expect(inspect.stderr.isEmpty, "\(file): \(inspect.stderr)")
                continue
            }
            for run in [inspect, try CLIRunner.run(["replay", "serve", path], timeout: 20)] {
                #expect(run.status == 1, "\(file)")
                #expect(run.stderr == "error: \(path): \(detail)\n", "\(file)")
                #expect(run.stdout.isEmpty, "\(file)")
            }
        }
    }

    @Test(
        "Each entry of each valid file replays in process and through replay serve: status and body bytes",
        SharedCorpus.needed(corpus)
    )
    func everyEntryReplays() throws {
        let folder = try SharedCorpus.url(Self.corpus)
        var replayed = 0
        for file in try Self.files(in: folder) where Self.broken[file] == nil {
            let path = folder.appendingPathComponent(file).path
            let archive = try HARArchive(contentsOf: URL(fileURLWithPath: path))
            let cassette = try Cassette(contentsOf: URL(fileURLWithPath: path), mode: .never)
            let transport = CassetteTransport(cassette: cassette)
            let server = try RunningCLI(["replay", "serve", path])
            defer { server.stop() }
            let line = try #require(server.firstLine(), "\(file): no listening line; stderr: \(server.stderr)")
            let port = try #require(Int(line.split(separator: ":").last ?? ""), "\(file): \(line)")
            for (index, entry) in archive.log.entries.enumerated() {
                let label = "\(file) entry \(index) \(entry.request.method) \(entry.request.url)"
                let expected = Self.expectedAnswer(to: index, in: archive.log.entries)
                let inProcess = transport.sendAndWait(
                    try Self.request(for: entry, port: nil), timeout: .seconds(20).scaledForTests)
                Self.check(inProcess, expected, label: "\(label) (in process)")
                let served = CurlEngine.shared.sendAndWait(
                    try Self.request(for: entry, port: port), timeout: .seconds(20).scaledForTests)
                Self.check(served, expected, label: "\(label) (served)")
                if entry.request.method == "HEAD", let length = entry.response.header("content-length") {
                    #expect((try? served.get())?.headers["content-length"] == length, "\(label)")
                }
                replayed += 1
            }
            server.send(SIGTERM)
            #expect(server.exitStatus(within: 5) == 0, "\(file): \(server.stderr)")
        }
        #expect(replayed >= 40, "only \(replayed) entries replayed")
    }

    // MARK: What the recording says the answer is

    /// What replaying entry `index` must give, derived from the recording and the HTTP rules the
    /// documentation states (not from the replay code).
    enum Expected {
        /// This status and these body bytes.
        case response(status: Int, body: Data)
        /// A failed request (status 0): 502 whose body names the recorded error.
        case recordedFailure(error: String?)
        /// A protocol switch: refused (in process an error, served a 501).
        case refused
    }

    /// The answer to entry `index`: the first entry with the very same request answers (identical
    /// requests replay the first recording); no body to a HEAD or for a 204 or 304.
    static func expectedAnswer(to index: Int, in entries: [HAREntry]) -> Expected {
        let request = entries[index].request
        let first =
            entries.first {
                $0.request.method == request.method && $0.request.url == request.url
                    && $0.request.postData?.body == request.postData?.body
            } ?? entries[index]
        let response = first.response
        switch response.status {
        case 0: return .recordedFailure(error: nil)
        case 100..<200: return .refused
        default:
            let bodiless = request.method == "HEAD" || response.status == 204 || response.status == 304
            return .response(status: response.status, body: bodiless ? Data() : response.content.body)
        }
    }

    /// Checks one replayed result against `expected`.
    static func check(_ result: Result<RawResponse, TransportError>, _ expected: Expected, label: String) {
        let served = label.hasSuffix("(served)")
        switch (expected, result) {
        case (.response(let status, let body), .success(let response)):
            #expect(response.status == status, "\(label)")
            #expect(response.body == body, "\(label): \(response.body.count) bytes, recorded \(body.count)")
        case (.recordedFailure(let error), .success(let response)):
            #expect(response.status == 502, "\(label)")
            let text = String(decoding: response.body, as: UTF8.self)
            #expect(text.contains("CassetteRecordedFailure") && text.contains(error ?? "status 0"), "\(label): \(text)")
        case (.refused, .success(let response)) where served:
            #expect(response.status == 501, "\(label)")
            let text = String(decoding: response.body, as: UTF8.self)
            #expect(text.contains("CassetteUnplayable") && text.contains("Switching Protocols"), "\(label): \(text)")
        case (.refused, .failure(let error)) where !served:
            #expect(error.code == .noRecordedResponse && error.message.contains("Switching Protocols"), "\(label)")
        default:
            Issue.record("\(label): expected \(expected), got \(result)")
        }
    }

    // MARK: Sending an entry's request

    /// The entry's request: as recorded for the in-process replay (`port` nil), or as plain http
    /// through the replay server on `port` as a proxy — so the target names the recorded host in
    /// absolute form (the server refuses an origin-form request whose `Host` is not loopback). A
    /// loopback host (which never goes through a proxy) is pinned to the server instead; a
    /// credential over plain http to another host is refused before any connection.
    static func request(for entry: HAREntry, port: Int?) throws -> PreparedRequest {
        var url = entry.request.url
        var options = TransferOptions()
        options.followRedirects = false
        if let port {
            var components = try #require(URLComponents(string: url), "\(url)")
            let host = try #require(components.host, "\(url)")
            components.scheme = "http"
            if SecretDefinition.isLoopback(host: host) {
                components.port = port
                options.resolve = ["\(host):\(port):127.0.0.1"]
            } else {
                options.proxy = "http://127.0.0.1:\(port)"
            }
            url = try #require(components.string, "\(url)")
        }
        var headers = HTTPHeaders()
        let body = entry.request.postData.map(\.body).flatMap { $0.isEmpty ? nil : $0 }
        if let postData = entry.request.postData, body != nil, !postData.mimeType.isEmpty {
            headers.add(name: "Content-Type", value: postData.mimeType)
        }
        return try PreparedRequest(
            method: entry.request.method, url: url, headers: headers, body: body, options: options)
    }
}
