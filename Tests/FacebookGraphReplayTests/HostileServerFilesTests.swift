// The hostile-input suite of the contract-test kit's files and servers (issue 21, items 4 and 7):
// a HAR file from someone else, a head built in memory, a web page that renamed itself to 127.0.0.1.
//
// Each row is one hostile input and the outcome it must have. Recorded fields go through the HAR
// reader (the file is refused with one line naming the entry and the field) and, built in memory
// past the reader, through the replay server over a real socket, whose head is read byte for byte:
// no injected header line may arrive. Host rows send a raw origin-form request to the replay server
// and to the Graph stand-in: each must get 421 and nothing of the cassette. `fbgraph replay serve`
// is covered by `HostileReplayServeTests` (fbgraphTests), the friend cache by `HostileServerCacheTests`.

import FacebookGraph
import FacebookGraphTestSupport
import Foundation
import Testing

@testable import FacebookGraphReplay

/// One hostile input.
enum HostileFileInput: Sendable {
    /// A recorded response header field.
    case responseHeader(name: String, value: String)
    /// A recorded request header field (used for matching).
    case requestHeader(name: String, value: String)
    /// A recorded reason phrase.
    case statusText(String)
    /// An origin-form request whose `Host` lines are these (`{PORT}` is the server's port).
    case hostLines([String])
}

/// One row of the hostile-files table.
struct HostileFileCase: Sendable, CustomTestStringConvertible {
    let name: String
    let input: HostileFileInput
    /// For recorded fields: the location the reader names (`response.headers[1].value`).
    var location = ""

    var testDescription: String { name }

    static let all: [HostileFileCase] = [
        HostileFileCase(
            name: "CRLF in a response header value (header injection)",
            input: .responseHeader(name: "X-Count", value: "1\r\nSet-Cookie: injected=1"),
            location: "response.headers[1].value"),
        HostileFileCase(
            name: "a bare LF in a response header value",
            input: .responseHeader(name: "X-Count", value: "1\nSet-Cookie: injected=1"),
            location: "response.headers[1].value"),
        HostileFileCase(
            name: "a bare CR in a response header value",
            input: .responseHeader(name: "X-Count", value: "1\rSet-Cookie: injected=1"),
            location: "response.headers[1].value"),
        HostileFileCase(
            name: "a NUL in a response header value",
            input: .responseHeader(name: "X-Count", value: "1\u{0}Set-Cookie: injected=1"),
            location: "response.headers[1].value"),
        HostileFileCase(
            name: "a line feed followed by a combining mark (one Character, not \"\\n\")",
            input: .responseHeader(name: "X-Count", value: "1\n\u{301}Set-Cookie: injected=1"),
            location: "response.headers[1].value"),
        HostileFileCase(
            name: "a response header name with CRLF",
            input: .responseHeader(name: "Set-Cookie: injected=1\r\nX-Count", value: "1"),
            location: "response.headers[1].name"),
        HostileFileCase(
            name: "a response header name that is not a token (space, colon)",
            input: .responseHeader(name: "Set-Cookie: injected", value: "1"),
            location: "response.headers[1].name"),
        HostileFileCase(
            name: "an empty response header name",
            input: .responseHeader(name: "", value: "Set-Cookie: injected=1"),
            location: "response.headers[1].name"),
        HostileFileCase(
            name: "CRLF in a request header value used for matching",
            input: .requestHeader(name: "Accept", value: "*/*\r\nX-Injected: 1"),
            location: "request.headers[0].value"),
        HostileFileCase(
            name: "a request header name with LF",
            input: .requestHeader(name: "Accept\nX-Injected", value: "1"),
            location: "request.headers[0].name"),
        HostileFileCase(
            name: "CRLF in statusText",
            input: .statusText("OK\r\nSet-Cookie: injected=1"),
            location: "response.statusText"),
        HostileFileCase(
            name: "a page rebinding its DNS name to 127.0.0.1 (Host: evil.example:PORT)",
            input: .hostLines(["Host: evil.example:{PORT}"])),
        HostileFileCase(name: "Host: 127.0.0.1.evil.com", input: .hostLines(["Host: 127.0.0.1.evil.com"])),
        HostileFileCase(
            name: "Host: localhost.evil.com:PORT", input: .hostLines(["Host: localhost.evil.com:{PORT}"])),
        HostileFileCase(name: "Host: [::1].evil.com", input: .hostLines(["Host: [::1].evil.com"])),
        HostileFileCase(
            name: "Host: 127.0.0.1:80@evil.com (a port that is not digits)",
            input: .hostLines(["Host: 127.0.0.1:80@evil.com"])),
        HostileFileCase(name: "no Host header", input: .hostLines([])),
        HostileFileCase(
            name: "two Host headers, a loopback one first",
            input: .hostLines(["Host: 127.0.0.1:{PORT}", "Host: evil.example"])),
    ]
}

@Suite("Hostile files and requests: the kit's HAR reader and loopback servers")
struct HostileServerFilesTests {
    /// The body every replayed answer of the test cassette has.
    static let recordedBody = "the recorded friend list"

    /// A one-entry HAR file (`GET http://127.0.0.1/x` answered 200) with `input` planted.
    static func file(planting input: HostileFileInput) throws -> Data {
        var requestHeaders: [[String: String]] = []
        var responseHeaders = [["name": "Content-Type", "value": "text/plain"]]
        var statusText = "OK"
        switch input {
        case .responseHeader(let name, let value): responseHeaders.append(["name": name, "value": value])
        case .requestHeader(let name, let value): requestHeaders.append(["name": name, "value": value])
        case .statusText(let text): statusText = text
        case .hostLines: break
        }
        let entry: [String: Any] = [
            "request": ["method": "GET", "url": "http://127.0.0.1/x", "headers": requestHeaders],
            "response": [
                "status": 200, "statusText": statusText, "headers": responseHeaders,
                "content": ["mimeType": "text/plain", "text": recordedBody],
            ],
        ]
        return try JSONSerialization.data(withJSONObject: ["log": ["version": "1.2", "entries": [entry]]])
    }

    /// The same entry built in memory, past the reader, with `input` planted.
    static func cassette(planting input: HostileFileInput) -> Cassette {
        var entry = CassetteTests.entry("GET", "http://127.0.0.1/x", body: Data(recordedBody.utf8), mime: "text/plain")
        switch input {
        case .responseHeader(let name, let value): entry.response.headers.append(HARNameValue(name: name, value: value))
        case .requestHeader(let name, let value): entry.request.headers.append(HARNameValue(name: name, value: value))
        case .statusText(let text): entry.response.statusText = text
        case .hostLines: break
        }
        return Cassette(archive: HARArchive(entries: [entry]))
    }

    /// What a raw socket read: the head's lines (status line first) and the body.
    struct RawAnswer {
        var lines: [String]
        var body: String
        var status: Int? { lines.first.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } }
    }

    /// Sends `head` (and the blank line) to `port`, and reads the answer's head and body.
    static func exchange(port: Int, head: String) throws -> RawAnswer {
        let client = try RawClient(port: port, timeout: Int(5 * testTimeoutScale))
        #expect(client.send(head + "\r\n\r\n"))
        let bytes = try #require(client.readUntil(Array("\r\n\r\n".utf8)), "no answer head")
        let lines = String(decoding: bytes.dropLast(4), as: UTF8.self).components(separatedBy: "\r\n")
        let length =
            lines.dropFirst().first { $0.lowercased().hasPrefix("content-length:") }
            .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
        let body = try #require(client.readExactly(length), "the body was cut short")
        return RawAnswer(lines: lines, body: String(decoding: body, as: UTF8.self))
    }

    @Test(
        "Each hostile input is refused where it enters, and nothing injected reaches the wire",
        arguments: HostileFileCase.all)
    func hostileInput(_ row: HostileFileCase) throws {
        switch row.input {
        case .responseHeader, .requestHeader, .statusText:
            try recordedField(row)
        case .hostLines(let lines):
            try misdirected(lines: lines)
        }
    }

    /// A recorded field: refused by the reader, from memory and from a file, in one line naming the
    /// entry and the field; built in memory, never written into a response head.
    func recordedField(_ row: HostileFileCase) throws {
        let data = try Self.file(planting: row.input)
        let error = try #require(throws: HARReadError.self) { try HARArchive(data: data) }
        #expect(error.description.hasPrefix("entry 0, \(row.location): "), "\(error.description)")
        #expect(!error.description.contains("\n") && !error.description.contains("injected"), "\(error)")

        let directory = try CassetteTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("hostile.har")
        try data.write(to: path)
        let fileError = try #require(throws: CassetteError.self) { try Cassette(contentsOf: path) }
        #expect("\(fileError)".contains("hostile.har: entry 0, \(row.location): "), "\(fileError)")

        let server = try ReplayServer(cassette: Self.cassette(planting: row.input))
        defer { server.stop() }
        let answer = try Self.exchange(port: server.port, head: "GET /x HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)")
        let injected = answer.lines.dropFirst().filter {
            $0.lowercased().hasPrefix("set-cookie") || $0.lowercased().hasPrefix("x-injected") || $0.contains("\0")
        }
        #expect(injected.isEmpty, "injected header lines arrived: \(injected)")
        #expect(
            answer.lines.first
                == "HTTP/1.1 \(answer.status ?? 0) \(HTTPServerResponse.reasonPhrase(for: answer.status ?? 0))")
        if case .responseHeader = row.input {
            #expect(answer.status == 500, "\(answer.lines)")
            #expect(answer.body.contains("refused to write this response: its header field 2"), "\(answer.body)")
        } else {
            #expect(answer.status == 200 && answer.body == Self.recordedBody, "\(answer.lines) \(answer.body)")
        }
    }

    /// An origin-form request with these `Host` lines: 421 from the replay server and from the Graph
    /// stand-in, with nothing of what they would have answered.
    func misdirected(lines: [String]) throws {
        let replay = try ReplayServer(cassette: Self.cassette(planting: .hostLines([])))
        defer { replay.stop() }
        let standIn = try GraphStandInServer()
        defer { standIn.stop() }
        let targets = [
            (replay.port, "/x", Self.recordedBody),
            (standIn.port, "/v19.0/me?access_token=\(GraphStandInServer.validToken)", "\"id\""),
        ]
        for (port, path, secret) in targets {
            let host = lines.map { $0.replacingOccurrences(of: "{PORT}", with: "\(port)") }
            let version = lines.isEmpty ? "HTTP/1.0" : "HTTP/1.1"
            let answer = try Self.exchange(
                port: port, head: (["GET \(path) \(version)"] + host).joined(separator: "\r\n"))
            #expect(answer.status == 421, "\(host): \(answer.lines)")
            #expect(answer.lines.first == "HTTP/1.1 421 Misdirected Request")
            #expect(answer.body.contains("answers only requests addressed to localhost, 127.0.0.0/8 or [::1]"))
            #expect(!answer.body.contains(secret), "\(answer.body)")
        }
    }

    @Test(
        "Loopback names, with and without a port, and proxy requests naming any host are answered",
        arguments: [
            "GET /x HTTP/1.1\r\nHost: 127.0.0.1:{PORT}", "GET /x HTTP/1.1\r\nHost: 127.0.0.1",
            "GET /x HTTP/1.1\r\nHost: LOCALHOST:{PORT}", "GET /x HTTP/1.1\r\nHost: [::1]:{PORT}",
            "GET /x HTTP/1.1\r\nHost: 127.8.9.10", "GET /x HTTP/1.1\r\nHost: app.localhost:{PORT}",
            "GET http://www.example.com/x HTTP/1.1\r\nHost: www.example.com",
            "GET http://evil.example/x HTTP/1.1\r\nHost: evil.example",
        ])
    func loopbackAndProxyAnswered(_ head: String) throws {
        let server = try ReplayServer(cassette: Self.cassette(planting: .hostLines([])))
        defer { server.stop() }
        let answer = try Self.exchange(
            port: server.port, head: head.replacingOccurrences(of: "{PORT}", with: "\(server.port)"))
        #expect(answer.status == 200, "\(answer.lines) \(answer.body)")
        #expect(answer.body == Self.recordedBody)
    }

    @Test("The Host rule reads a Host header's host: brackets kept, the port digits only")
    func hostNameOfHostHeader() {
        #expect(HTTPServerRequest.hostName(ofHostHeader: "127.0.0.1:8080") == "127.0.0.1")
        #expect(HTTPServerRequest.hostName(ofHostHeader: "[::1]:8080") == "[::1]")
        #expect(HTTPServerRequest.hostName(ofHostHeader: "localhost") == "localhost")
        #expect(HTTPServerRequest.hostName(ofHostHeader: "localhost:") == "localhost")
        #expect(HTTPServerRequest.hostName(ofHostHeader: "::1") == nil)
        #expect(HTTPServerRequest.hostName(ofHostHeader: "127.0.0.1:80x") == nil)
        #expect(HTTPServerRequest.hostName(ofHostHeader: "[::1") == nil)
        #expect(HTTPServerRequest.hostName(ofHostHeader: "") == nil)
    }
}
