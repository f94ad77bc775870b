import FacebookGraph
import FacebookGraphTestSupport
import FacebookGraphTestTraits
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@testable import FacebookGraphReplay

/// The cassette: HAR round trips, recording with redaction, strict replay, playback order, the
/// replay server over the real libcurl path.
@Suite("Cassettes: record, redact, replay", .onOwnThread)
struct CassetteTests {
    /// A fresh temporary directory for one test.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("cassette-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func entry(
        _ method: String, _ url: String, status: Int = 200, body: Data, mime: String,
        playback: HAREntry.Playback = .repeatable
    ) -> HAREntry {
        HAREntry(
            startedDateTime: "2026-11-29T12:00:00.000Z",
            request: HARRequest(method: method, url: url, queryString: HARRequest.queryItems(of: url)),
            response: HARResponse(
                status: status,
                statusText: "OK",
                headers: [HARNameValue(name: "Content-Type", value: mime)],
                content: HARContent(mimeType: mime, body: body)
            ),
            playback: playback
        )
    }

    /// Sends `request` through `transport` and waits (bounded).
    static func send(_ transport: any HTTPTransport, _ request: PreparedRequest) -> Result<RawResponse, TransportError>
    {
        transport.sendAndWait(request, timeout: .seconds(20).scaledForTests)
    }

    @Test("HAR round trip is byte-exact: bare scalars, text/javascript JSON, form bodies, binary, a BOM")
    func harRoundTrip() throws {
        let bodies: [(Data, String)] = [
            (Data("true".utf8), "text/javascript; charset=UTF-8"),
            (Data("1240077".utf8), "text/javascript; charset=UTF-8"),
            (
                Data(#"{"data":[],"paging":{"next":"https:\/\/graph.facebook.com\/x"}}"#.utf8),
                "text/javascript; charset=UTF-8"
            ),
            (Data("access_token=<TOKEN-1>&expires=5184000".utf8), "text/plain"),
            (Data([0x89, 0x50, 0x4E, 0x47, 0x00, 0xFF, 0xFE]), "image/png"),
            (Data([0xEF, 0xBB, 0xBF] + Array("{\"a\":\"é\\u00e9\"}".utf8)), "application/json"),
            (Data(), "application/json"),
        ]
        let archive = HARArchive(
            entries: bodies.enumerated().map {
                Self.entry("GET", "https://graph.facebook.com/e\($0.offset)", body: $0.element.0, mime: $0.element.1)
            },
            provenance: HARProvenance(recordedAt: "2026-11-29T12:00:00.000Z", redactionRules: ["access_token"])
        )
        let first = try archive.encoded()
        let decoded = try HARArchive(data: first)
        #expect(decoded == archive)
        #expect(try decoded.encoded() == first, "writing what was read gives the same bytes")
        for (index, (body, _)) in bodies.enumerated() {
            #expect(decoded.log.entries[index].response.content.body == body, "body \(index)")
        }
        #expect(decoded.log.entries[4].response.content.encoding == "base64")
        #expect(decoded.log.entries[5].response.content.encoding == "base64", "a BOM must survive, so not as text")
        #expect(decoded.log.entries[0].response.content.encoding == nil)
        let text = String(decoding: first, as: UTF8.self)
        #expect(text.contains("\"_provenance\""))
        #expect(text.contains("\"version\" : \"1.2\""))
    }

    @Test("A foreign postData with only params is re-encoded with every non-unreserved byte escaped, letters too")
    func postDataFromParams() throws {
        let json =
            #"{"mimeType":"application/x-www-form-urlencoded","params":[{"name":"msg é","value":"Grüße & ½+1"}]}"#
        let postData = try JSONDecoder().decode(HARPostData.self, from: Data(json.utf8))
        #expect(postData.text == "msg%20%C3%A9=Gr%C3%BC%C3%9Fe%20%26%20%C2%BD%2B1")
        #expect(FormEncoding.decode(postData.text).map(\.value) == ["Grüße & ½+1"])
    }

    @Test("Foreign HAR files with missing optional fields load")
    func lenientReading() throws {
        let minimal =
            #"{"log":{"entries":[{"request":{"method":"GET","url":"http://x/me"},"response":{"status":200,"content":{"mimeType":"application/json","text":"{}"}}}]}}"#
        let archive = try HARArchive(data: Data(minimal.utf8))
        #expect(archive.log.entries.count == 1)
        #expect(archive.log.entries[0].response.content.body == Data("{}".utf8))
        #expect(throws: (any Error).self) { try HARArchive(data: Data("not json".utf8)) }
    }

    @Test(
        "Recording redacts the token everywhere, the run that recorded fails for review, and strict replay then needs no server"
    )
    func recordThenReplay() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("me.har").path
        let token = "EAAGsecretToken0123456789abcdef"
        let bin = try HTTPBin(extraRoutes: [
            "/me": { request in
                let body =
                    #"{"id":"4","paging":{"next":"http:\/\/127.0.0.1\/me?access_token=\#(request.queryValue("access_token") ?? "")&after=X"}}"#
                return .full(status: 200, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
            }
        ])
        let url = bin.url("/me?fields=id&access_token=\(token)")
        var recordedBody = Data()
        #expect(throws: CassetteError.self) {
            try Cassette.use(path, mode: .once) { transport in
                let response = try Self.send(transport.base, try PreparedRequest(url: url)).get()
                recordedBody = response.body
                #expect(response.status == 200)
            }
        }
        bin.stop()
        #expect(String(decoding: recordedBody, as: UTF8.self).contains(token), "the live caller gets the real answer")
        let file = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!file.contains(token), "the token must not reach the cassette")
        #expect(file.contains("<TOKEN-1>"))
        #expect(SecretScanner().scan(text: file, file: path).isEmpty)

        // Replay with another token: the server is gone, the placeholder identity matches.
        let replayed = try Cassette.use(path, mode: .never) { transport in
            try Self.send(
                transport.base,
                try PreparedRequest(url: url.replacingOccurrences(of: token, with: "EAAGanotherToken99999999999999"))
            ).get()
        }
        #expect(replayed.status == 200)
        #expect(String(decoding: replayed.body, as: UTF8.self).contains("access_token=<TOKEN-1>"))
        // `once` mode with the file present replays strictly and records nothing.
        let again = try Cassette(contentsOf: URL(fileURLWithPath: path), mode: .once)
        #expect(!again.isRecording)
    }

    @Test("Strict replay of an unmatched request: an error with the nearest entries and a diff, and no network")
    func unmatchedDiff() throws {
        let cassette = Cassette(
            archive: HARArchive(entries: [
                Self.entry(
                    "GET", "https://graph.facebook.com/v19.0/me?fields=id,name&access_token=<TOKEN-1>",
                    body: Data("{}".utf8), mime: "application/json"),
                Self.entry(
                    "GET", "https://graph.facebook.com/me/friends?limit=5&access_token=<TOKEN-1>",
                    body: Data("{}".utf8), mime: "application/json"),
            ]))
        let transport = CassetteTransport(cassette: cassette, live: RefusingTransport())
        let result = Self.send(
            transport, try PreparedRequest(url: "https://graph.facebook.com/me?fields=id,email&access_token=EAAGxyz"))
        let error = try #require(result.failure)
        #expect(error.code == .noRecordedResponse)
        #expect(error.message.contains("nearest: entry 0 GET"))
        #expect(
            error.message.contains(#"parameter fields: recorded "id,name", live "email,id""#),
            "fields compare canonically")
        #expect(!error.message.contains("EAAGxyz"))
        #expect(cassette.unusedEntries.count == 2)
    }

    @Test("Parameters reordered and fields reordered still match; the version prefix is ignored")
    func reorderedMatch() throws {
        let cassette = Cassette(
            archive: HARArchive(entries: [
                Self.entry(
                    "GET", "https://graph.facebook.com/v19.0/me?fields=id,name&locale=en_US&access_token=<TOKEN-1>",
                    body: Data(#"{"id":"4"}"#.utf8), mime: "application/json")
            ]))
        let transport = CassetteTransport(cassette: cassette, live: RefusingTransport())
        let response = try Self.send(
            transport,
            try PreparedRequest(url: "https://graph.facebook.com/me?access_token=REAL&locale=en_US&fields=name%2Cid")
        ).get()
        #expect(response.body == Data(#"{"id":"4"}"#.utf8))
        #expect(cassette.unusedEntries.isEmpty)
    }

    @Test("`once` entries play in order — a paging chain — and then report exhaustion")
    func onceInOrder() throws {
        let url = "https://graph.facebook.com/me/notifications?access_token=<TOKEN-1>"
        let cassette = Cassette(
            archive: HARArchive(entries: [
                Self.entry("GET", url, body: Data(#"{"page":1}"#.utf8), mime: "application/json", playback: .once),
                Self.entry("GET", url, body: Data(#"{"page":2}"#.utf8), mime: "application/json", playback: .once),
            ]))
        let transport = CassetteTransport(cassette: cassette, live: RefusingTransport())
        let request = try PreparedRequest(url: url.replacingOccurrences(of: "<TOKEN-1>", with: "T"))
        #expect(try Self.send(transport, request).get().body == Data(#"{"page":1}"#.utf8))
        #expect(try Self.send(transport, request).get().body == Data(#"{"page":2}"#.utf8))
        let third = try #require(Self.send(transport, request).failure)
        #expect(third.message.contains("already played"))
    }

    @Test("new_episodes replays what matches and records what does not")
    func newEpisodes() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("c.har")
        let bin = try HTTPBin()
        defer { bin.stop() }
        try HARArchive(entries: [
            Self.entry("GET", bin.url("/get?a=1"), body: Data("recorded".utf8), mime: "text/plain")
        ]).write(to: path)
        let cassette = try Cassette(contentsOf: path, mode: .newEpisodes)
        let transport = CassetteTransport(cassette: cassette)
        #expect(
            try Self.send(transport, try PreparedRequest(url: bin.url("/get?a=1"))).get().body == Data("recorded".utf8))
        #expect(bin.server.requestsServed == 0)
        #expect(try Self.send(transport, try PreparedRequest(url: bin.url("/get?a=2"))).get().status == 200)
        #expect(bin.server.requestsServed == 1)
        #expect(cassette.recordedCount == 1)
        #expect(try cassette.save())
        #expect(try HARArchive(contentsOf: path).log.entries.count == 2)
    }

    @Test("Recording redacts off the live transport's thread: an engine thread is never stalled by a large body")
    func redactionLeavesTheEngineThread() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("c.har")
        try HARArchive(entries: []).write(to: path)
        let cassette = try Cassette(contentsOf: path, mode: .newEpisodes)
        let live = ThreadedLiveTransport()
        let transport = CassetteTransport(cassette: cassette, live: live)
        let body = Data(
            ("{\"access_token\":\"EAAGm0PX4ZCpsBAKZBq7xZCfake0Test1\"}" + String(repeating: " ", count: 1 << 20)).utf8)
        live.answer = RawResponse(status: 200, headers: [:], body: body, effectiveURL: "https://graph.facebook.com/me")
        let result = try #require(
            Self.sendRecordingThread(transport, try PreparedRequest(url: "https://graph.facebook.com/me")))
        #expect(result.response.status == 200)
        #expect(!result.onLiveThread, "the completion (and the redaction before it) ran on the live thread")
        #expect(cassette.recordedCount == 1)
        #expect(cassette.entries.first?.response.content.text?.contains("<TOKEN-1>") == true)
    }

    /// Sends through `transport` and waits for its completion: the response and whether the completion
    /// ran on the live transport's thread (marked in its thread dictionary: thread ids are reused once a
    /// thread ends, so comparing them could mistake a new worker for the finished live thread). The
    /// 120 s limit only guards against a hang (redacting the 1 MiB body takes under a second alone, but
    /// the whole suite runs beside it on two cores); a timeout and a failure are recorded apart.
    static func sendRecordingThread(
        _ transport: some HTTPTransport, _ request: PreparedRequest
    ) -> (response: RawResponse, onLiveThread: Bool)? {
        let done = DispatchSemaphore(value: 0)
        let outcome = LockedValue<Result<(RawResponse, Bool), TransportError>?>(nil)
        transport.execute(request) { result in
            let onLive = Thread.current.threadDictionary[ThreadedLiveTransport.marker] != nil
            outcome.withLock { $0 = result.map { ($0, onLive) } }
            done.signal()
        }
        guard done.wait(scaledSeconds: 120) else {
            Issue.record("no completion within 120 s")
            return nil
        }
        switch outcome.withLock({ $0 }) {
        case .success(let answer)?: return answer
        case .failure(let error)?:
            Issue.record("the request failed: \(error)")
            return nil
        case nil: return nil
        }
    }

    @Test("A missing cassette in strict mode is a clear error; FB_RECORD_MODE is parsed strictly")
    func modes() throws {
        #expect(throws: CassetteError.self) {
            try Cassette(contentsOf: URL(fileURLWithPath: "/nonexistent/x.har"), mode: .never)
        }
        #expect(try RecordMode.fromEnvironment([:]) == .never)
        #expect(try RecordMode.fromEnvironment(["FB_RECORD_MODE": "new_episodes"]) == .newEpisodes)
        #expect(try RecordMode.fromEnvironment(["FB_RECORD_MODE": "ALL"]) == .all)
        #expect(throws: CassetteError.self) { try RecordMode.fromEnvironment(["FB_RECORD_MODE": "sometimes"]) }
    }

    @Test("The replay server answers over the real libcurl path, and an unmatched request gets 501 with the diff")
    func replayServer() throws {
        let cassette = Cassette(
            archive: HARArchive(entries: [
                Self.entry(
                    "GET", "https://graph.facebook.com/me?access_token=<TOKEN-1>",
                    body: Data(#"{"id":"4","name":"Mark"}"#.utf8), mime: "application/json"),
                Self.entry(
                    "GET", "https://graph.facebook.com/status", status: 502,
                    body: Data("<html>Bad Gateway</html>".utf8), mime: "text/html"),
            ]))
        let server = try ReplayServer(cassette: cassette)
        defer { server.stop() }
        let engine = CurlEngine.shared
        let hit = try Self.send(engine, try PreparedRequest(url: server.baseURL + "/me?access_token=ANYTOKEN")).get()
        #expect(hit.status == 200)
        #expect(hit.body == Data(#"{"id":"4","name":"Mark"}"#.utf8))
        #expect(hit.headers["content-type"] == "application/json")
        let otherClient = try Self.send(
            engine, try PreparedRequest(url: server.baseURL + "/me?access_token=ANOTHERTOKEN")
        ).get()
        #expect(otherClient.status == 200, "a second client with another token matches too: the server is stateless")
        let gateway = try Self.send(engine, try PreparedRequest(url: server.baseURL + "/status")).get()
        #expect(gateway.status == 502)
        let miss = try Self.send(engine, try PreparedRequest(url: server.baseURL + "/me/friends?access_token=ANYTOKEN"))
            .get()
        #expect(miss.status == 501)
        let json = try #require(try JSONSerialization.jsonObject(with: miss.body) as? [String: Any])
        let error = try #require(json["error"] as? [String: Any])
        #expect(error["type"] as? String == "CassetteMismatch")
        let nearest = try #require(error["nearest"] as? [[String: Any]])
        #expect((nearest.first?["differences"] as? [String])?.contains("path: recorded /me, live /me/friends") == true)
        #expect(!String(decoding: miss.body, as: UTF8.self).contains("ANYTOKEN"))
    }
}

/// A transport that must never be used: strict replay must not reach the network.
final class RefusingTransport: HTTPTransport {
    func execute(
        _ request: PreparedRequest,
        completion: @escaping @Sendable (Result<RawResponse, TransportError>) -> Void
    ) -> TransferHandle {
        Issue.record("strict replay reached the network for \(request.url)")
        completion(.failure(TransportError(.transferFailed, message: "refused", url: request.url)))
        return TransferHandle(nil)
    }
}

/// A live transport that answers every request with ``answer`` from a thread of its own, as the
/// engine answers from its thread.
final class ThreadedLiveTransport: HTTPTransport, @unchecked Sendable {
    /// What every request gets.
    var answer = RawResponse(status: 200, headers: [:], body: Data(), effectiveURL: "")
    /// The key its thread carries in its thread dictionary.
    static let marker = "FacebookSDKShim.tests.liveTransportThread"

    func execute(
        _ request: PreparedRequest,
        completion: @escaping @Sendable (Result<RawResponse, TransportError>) -> Void
    ) -> TransferHandle {
        let answer = self.answer
        let thread = Thread {
            Thread.current.threadDictionary[Self.marker] = true
            completion(.success(answer))
        }
        thread.start()
        return TransferHandle(nil)
    }
}
