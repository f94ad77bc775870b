import FacebookGraphReplay
import FacebookGraphTestSupport
import FacebookGraphTestTraits
import Foundation
import Testing

@testable import FacebookGraph

/// The query travels in `CURLOPT_REQUEST_TARGET` (``CurlRequestTarget``): the request line a server
/// reads is the one libcurl built from the whole URL before, over HTTP/1.1 and HTTP/2, and a query
/// that could change the line, or a request through a forward proxy, keeps its query in the URL.
@Suite("The request target on the wire", .onOwnThread)
struct CurlRequestTargetTests {
    /// The offsets ``CurlRequestTarget/queryStart(in:)`` gives `url`.
    static func queryStart(_ url: String) -> Int? {
        Array(url.utf8).withUnsafeBufferPointer { CurlRequestTarget.queryStart(in: $0) }
    }

    @Test("A query of visible ASCII splits at its first '?'; none, a fragment or another byte keeps the URL whole")
    func split() {
        #expect(Self.queryStart("https://graph.facebook.com/me?access_token=a%20b&x=1") == 29)
        #expect(Self.queryStart("https://graph.facebook.com/me?a=b?c") == 29, "a second '?' is query text")
        #expect(Self.queryStart("https://graph.facebook.com/me?") == 29, "an empty query still splits")
        #expect(Self.queryStart("https://graph.facebook.com/me") == nil)
        #expect(Self.queryStart("https://graph.facebook.com/me#f?x=1") == nil, "the '?' is in a fragment")
        #expect(Self.queryStart("https://graph.facebook.com/me?x=1#f") == nil)
        for byte: UInt8 in [0x00, 0x09, 0x0A, 0x0D, 0x20, 0x7F, 0x80, 0xC3, 0xFF] {
            var url = Array("https://graph.facebook.com/me?x=".utf8)
            url.append(byte)
            let start = url.withUnsafeBufferPointer { CurlRequestTarget.queryStart(in: $0) }
            #expect(start == nil, "byte \(byte) must keep the query in the URL")
        }
        #expect(CurlRequestTarget.isOriginForm(scheme: "https", bypassesProxy: false))
        #expect(CurlRequestTarget.isOriginForm(scheme: "http", bypassesProxy: true))
        #expect(!CurlRequestTarget.isOriginForm(scheme: "http", bypassesProxy: false))
    }

    /// A loopback server that answers every request with the request target it read.
    static func targetEcho() throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer(host: "127.0.0.1") { request in .full(status: 200, body: Data(request.target.utf8)) }
    }

    /// The target `engine` sent for `url`, as the server read it.
    static func target(of url: String, engine: CurlEngine = .shared, proxy: String? = nil) async throws -> String {
        var options = testOptions()
        options.proxy = proxy
        let response = try await engine.send(try PreparedRequest(url: url, options: options))
        #expect(response.status == 200)
        return String(decoding: response.body, as: UTF8.self)
    }

    @Test("Over HTTP/1.1 the server reads the path libcurl sends and the query exactly, request after request")
    func http1() async throws {
        let server = try Self.targetEcho()
        defer { server.stop() }
        // One engine and handle for the sequence: each request's target replaces the last, and a
        // request without a query clears it.
        let engine = CurlEngine()
        defer { engine.shutdown() }
        let cases: [(sent: String, read: String)] = [
            ("/me?access_token=EAAB%2Fx&fields=id%2Cname", "/me?access_token=EAAB%2Fx&fields=id%2Cname"),
            ("/me?access_token=other", "/me?access_token=other"),
            ("/me", "/me"),
            ("/v2.0/me/friends?limit=5000&offset=0", "/v2.0/me/friends?limit=5000&offset=0"),
            ("/a/./b/../c?x=1", "/a/c?x=1"),  // libcurl removes dot segments from the path, not the query
            ("/me?a=b?c&d=/../e", "/me?a=b?c&d=/../e"),
            ("/me?", "/me?"),
            ("?x=1", "/?x=1"),
            ("/caf%C3%A9?q=%C3%A9", "/caf%C3%A9?q=%C3%A9"),
            ("/me", "/me"),
        ]
        for (sent, read) in cases {
            let target = try await Self.target(of: server.baseURL + sent, engine: engine)
            #expect(target == read, "sent \(sent)")
        }
    }

    @Test("A query byte libcurl would send raw keeps the whole URL: the line is what it always was")
    func rawBytesStayInTheURL() async throws {
        let server = try Self.targetEcho()
        defer { server.stop() }
        let target = try await Self.target(of: server.baseURL + "/me?q=\u{E9}")
        #expect(target == "/me?q=\u{E9}")
    }

    @Test("Through a forward proxy a plain-http request keeps the absolute-form target, query included")
    func forwardProxy() async throws {
        let proxy = try Self.targetEcho()
        defer { proxy.stop() }
        let target = try await Self.target(
            of: "http://www.example.com/me?fields=id&limit=2", proxy: "http://127.0.0.1:\(proxy.port)")
        #expect(target == "http://www.example.com/me?fields=id&limit=2")
    }

    @Test("Over HTTPS and HTTP/2 nginx reads the same request URI", .enabled(if: NginxFixture.isAvailable))
    func http2() async throws {
        let nginx = try NginxFixture()
        defer { nginx.stop() }
        var options = testOptions()
        options.additionalCAFile = nginx.caFile
        for path in ["/target?access_token=EAAB%2Fx&fields=id%2Cname", "/target", "/target?a=b?c"] {
            let response = try await CurlEngine.shared.send(
                try PreparedRequest(url: nginx.httpsURL(path), options: options))
            #expect(response.httpVersion == "2")
            #expect(String(decoding: response.body, as: UTF8.self) == "HTTP/2.0 \(path)")
        }
    }
}
