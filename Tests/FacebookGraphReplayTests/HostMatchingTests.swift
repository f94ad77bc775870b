import FacebookGraph
import FacebookGraphTestSupport
import Foundation
import Testing

@testable import FacebookGraphReplay

/// The host rule: where a cassette holds entries for the request's host, only those answer; where it
/// holds none, any host's entry does — in process, and over the replay server from an absolute-form
/// (proxy) target.
@Suite("Host-aware matching")
struct HostMatchingTests {
    /// A Chrome-like export: `https://yahoo.com/` answered 301, `https://www.yahoo.com/` answered 200.
    static func yahooCassette() -> Cassette {
        var redirect = CassetteTests.entry("GET", "https://yahoo.com/", status: 301, body: Data(), mime: "text/html")
        redirect.response.headers.append(HARNameValue(name: "Location", value: "http://www.yahoo.com/"))
        let page = CassetteTests.entry(
            "GET", "https://www.yahoo.com/", body: Data("welcome to www".utf8), mime: "text/html")
        let other = CassetteTests.entry(
            "GET", "https://yahoo.com/only-on-yahoo", body: Data("yahoo".utf8), mime: "text/plain")
        return Cassette(archive: HARArchive(entries: [redirect, page, other]))
    }

    /// A request that is never redirected (a recorded 301 must not lead libcurl anywhere).
    static func request(_ url: String, resolve: [String] = [], proxyPort: Int? = nil) throws -> PreparedRequest {
        var options = TransferOptions()
        options.followRedirects = false
        options.resolve = resolve
        options.proxy = proxyPort.map { "http://127.0.0.1:\($0)" }
        return try PreparedRequest(url: url, options: options)
    }

    @Test("In process, each host gets its own entry; a host the cassette never saw gets the first that matches")
    func inProcess() throws {
        let cassette = Self.yahooCassette()
        let transport = CassetteTransport(cassette: cassette, live: RefusingTransport())
        let www = try CassetteTests.send(transport, try Self.request("https://www.yahoo.com/")).get()
        #expect(www.status == 200)
        #expect(www.body == Data("welcome to www".utf8))
        let bare = try CassetteTests.send(transport, try Self.request("https://YAHOO.com:443/")).get()
        #expect(bare.status == 301)
        let loopback = try CassetteTests.send(transport, try Self.request("http://127.0.0.1:9/")).get()
        #expect(loopback.status == 301, "no entry for 127.0.0.1: host-agnostic, first match")
        let elsewhere = try CassetteTests.send(transport, try Self.request("http://127.0.0.1:9/only-on-yahoo")).get()
        #expect(elsewhere.body == Data("yahoo".utf8))
    }

    @Test("A host the cassette knows is never answered by another host's entry; the diff names the host")
    func knownHostIsStrict() throws {
        let transport = CassetteTransport(cassette: Self.yahooCassette(), live: RefusingTransport())
        let error = try #require(
            CassetteTests.send(transport, try Self.request("https://www.yahoo.com/only-on-yahoo")).failure)
        #expect(error.code == .noRecordedResponse)
        #expect(error.message.contains("nearest: entry 2 GET https://yahoo.com/only-on-yahoo"), "\(error.message)")
        #expect(error.message.contains("  - host: recorded yahoo.com, live www.yahoo.com"), "\(error.message)")
    }

    @Test("Over the replay server through libcurl: a proxied URL's host picks the entry; loopback stays host-agnostic")
    func serverHostHeader() throws {
        let server = try ReplayServer(cassette: Self.yahooCassette())
        defer { server.stop() }
        let port = server.port
        // Without a credential: a request that could not use the proxy would fail before connecting.
        let www = try Self.request("http://www.yahoo.com/", proxyPort: port)
        let wwwAnswer = try CassetteTests.send(CurlEngine.shared, www).get()
        #expect(wwwAnswer.status == 200)
        #expect(wwwAnswer.body == Data("welcome to www".utf8))
        let bare = try Self.request("http://yahoo.com/", proxyPort: port)
        #expect(try CassetteTests.send(CurlEngine.shared, bare).get().status == 301)
        let loopback = try CassetteTests.send(CurlEngine.shared, try Self.request(server.baseURL + "/")).get()
        #expect(loopback.status == 301)
        // The same name in an origin-form request's Host (what a DNS-rebinding page sends) is refused.
        let pinned = try Self.request("http://www.yahoo.com:\(port)/", resolve: ["www.yahoo.com:\(port):127.0.0.1"])
        let refused = try CassetteTests.send(CurlEngine.shared, pinned).get()
        #expect(refused.status == 421)
    }

    @Test("Over the replay server as a plain-http proxy: an absolute-form target picks the entry; CONNECT is refused")
    func serverAsProxy() throws {
        let server = try ReplayServer(cassette: Self.yahooCassette())
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        #expect(client.send("GET http://www.yahoo.com/ HTTP/1.1\r\nHost: www.yahoo.com\r\n\r\n"))
        let www = try #require(client.readResponse())
        #expect(www.status == 200)
        #expect(String(decoding: www.body, as: UTF8.self) == "welcome to www")
        #expect(client.send("GET http://yahoo.com/ HTTP/1.1\r\nHost: yahoo.com\r\n\r\n"))
        #expect(client.readResponse()?.status == 301)
        #expect(client.send("CONNECT www.yahoo.com:443 HTTP/1.1\r\nHost: www.yahoo.com:443\r\n\r\n"))
        let tunnel = try #require(client.readResponse())
        #expect(tunnel.status == 501)
        #expect(String(decoding: tunnel.body, as: UTF8.self).contains("cannot tunnel https"))
    }
}
