import FacebookGraph
import FacebookGraphTestSupport
import Foundation
import Testing

@testable import FacebookGraphReplay

/// Entries a browser export holds that are not plain answers: a failed request (status 0), a HEAD,
/// a protocol switch (101), a 304 with the cached body — played alike in process and over the
/// replay server.
@Suite("Replaying failures, HEAD and protocol switches")
struct ReplayAnswerTests {
    /// Chrome's failed request, a HEAD with its length, a WebSocket upgrade and a 304 with a body.
    static func cassette() throws -> Cassette {
        let json = #"""
            {"log":{"entries":[
            {"request":{"method":"GET","url":"https://www.google.com/"},
             "response":{"status":0,"statusText":"","headers":[],"content":{"size":0,"mimeType":"x-unknown"},
                         "_error":"net::ERR_INTERNET_DISCONNECTED"}},
            {"request":{"method":"HEAD","url":"https://files.example/x.whl"},
             "response":{"status":200,"headers":[{"name":"content-length","value":"78258"},
                         {"name":"content-type","value":"application/octet-stream"}],"content":{"size":0,"mimeType":""}}},
            {"request":{"method":"GET","url":"https://demo.example/v3/channel"},
             "response":{"status":101,"headers":[{"name":"upgrade","value":"websocket"}],"content":{"size":0}}},
            {"request":{"method":"GET","url":"https://cached.example/"},
             "response":{"status":304,"headers":[],"content":{"size":6,"text":"cached"}}}
            ]}}
            """#
        return Cassette(archive: try HARArchive(data: Data(json.utf8)))
    }

    /// A request whose transfer gives up after five seconds (a client waiting forever fails the test).
    static func request(_ url: String, method: String = "GET") throws -> PreparedRequest {
        var options = TransferOptions()
        options.totalTimeout = .seconds(5)
        options.followRedirects = false
        return try PreparedRequest(method: method, url: url, options: options)
    }

    @Test(
        "Status 0 (a request that failed without a response) answers 502 naming the recorded error, in process and served"
    )
    func recordedFailure() throws {
        let cassette = try Self.cassette()
        let transport = CassetteTransport(cassette: cassette, live: RefusingTransport())
        let inProcess = try CassetteTests.send(transport, try Self.request("https://www.google.com/")).get()
        #expect(inProcess.status == 502)
        let text = String(decoding: inProcess.body, as: UTF8.self)
        #expect(text.contains("CassetteRecordedFailure") && text.contains("net::ERR_INTERNET_DISCONNECTED"), "\(text)")
        #expect(text.contains("entry 0"))

        let server = try ReplayServer(cassette: cassette)
        defer { server.stop() }
        let served = try CassetteTests.send(CurlEngine.shared, try Self.request(server.baseURL + "/")).get()
        #expect(served.status == 502)
        #expect(served.body == inProcess.body)
    }

    @Test("HEAD answers the recorded Content-Length, not 0")
    func headLength() throws {
        let cassette = try Self.cassette()
        let server = try ReplayServer(cassette: cassette)
        defer { server.stop() }
        let served = try CassetteTests.send(
            CurlEngine.shared, try Self.request(server.baseURL + "/x.whl", method: "HEAD")
        ).get()
        #expect(served.status == 200)
        #expect(served.headers["content-length"] == "78258")
        #expect(served.body.isEmpty)
        let transport = CassetteTransport(cassette: cassette, live: RefusingTransport())
        let inProcess = try CassetteTests.send(
            transport, try Self.request("https://files.example/x.whl", method: "HEAD")
        )
        .get()
        #expect(inProcess.headers["content-length"] == "78258")
    }

    @Test("A recorded 101 (WebSocket) is refused clearly instead of leaving the client waiting")
    func protocolSwitch() throws {
        let cassette = try Self.cassette()
        let transport = CassetteTransport(cassette: cassette, live: RefusingTransport())
        let error = try #require(
            CassetteTests.send(transport, try Self.request("https://demo.example/v3/channel")).failure)
        #expect(error.code == .noRecordedResponse)
        #expect(error.message.contains("entry 2 recorded 101 Switching Protocols"), "\(error.message)")

        let server = try ReplayServer(cassette: cassette)
        defer { server.stop() }
        let served = try CassetteTests.send(CurlEngine.shared, try Self.request(server.baseURL + "/v3/channel")).get()
        #expect(served.status == 501)
        let text = String(decoding: served.body, as: UTF8.self)
        #expect(text.contains("CassetteUnplayable") && text.contains("101 Switching Protocols"), "\(text)")
    }

    @Test("A 304 that kept the cached body answers without one, in process as on the wire")
    func notModified() throws {
        let cassette = try Self.cassette()
        let transport = CassetteTransport(cassette: cassette, live: RefusingTransport())
        let inProcess = try CassetteTests.send(transport, try Self.request("https://cached.example/")).get()
        #expect(inProcess.status == 304)
        #expect(inProcess.body.isEmpty)
    }
}
