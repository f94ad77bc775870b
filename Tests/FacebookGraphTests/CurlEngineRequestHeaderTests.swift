import FacebookGraphReplay
import FacebookGraphTestSupport
import FacebookGraphTestTraits
import Foundation
import Testing

@testable import FacebookGraph

/// The request header fields the engine writes on the wire, exactly and in order, as a loopback
/// server parsed them: the package's own `User-Agent` (no libcurl version), no `Accept` unless the
/// caller sets one, and a caller's own fields sent unchanged.
@Suite("The engine's request headers on the wire", .onOwnThread)
struct CurlEngineRequestHeaderTests {
    let engine = CurlEngine.shared

    /// The engine's `User-Agent` when a request names none: the package and its version only.
    static let packageUserAgent = "FacebookSDKShim/\(PackageVersion.current)"

    /// A loopback server that answers every request with its header fields, one `name: value` line
    /// each, in the order it received them.
    static func echoServer() throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer(host: "127.0.0.1") { request in
            let lines = request.headers.fields.map { "\($0.name): \($0.value)\n" }.joined()
            return .full(status: 200, body: Data(lines.utf8))
        }
    }

    /// Sends `request` and returns the header lines the server received.
    func headersOnTheWire(
        _ server: LoopbackHTTPServer, path: String = "/me", headers: HTTPHeaders = [:],
        body: Data? = nil, compressed: Bool = true
    ) async throws -> [String] {
        var options = testOptions()
        options.acceptCompressedResponses = compressed
        let request = try PreparedRequest(
            method: body == nil ? "GET" : "POST", url: server.baseURL + path, headers: headers, body: body,
            options: options)
        let response = try await engine.send(request)
        #expect(response.status == 200)
        return String(decoding: response.body, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test("A request that names no headers sends Host, the package's User-Agent and Accept-Encoding only")
    func defaults() async throws {
        let server = try Self.echoServer()
        defer { server.stop() }
        let host = "Host: \(server.baseURL.dropFirst("http://".count))"
        let plain = try await headersOnTheWire(server)
        #expect(
            plain == [
                host, "User-Agent: \(Self.packageUserAgent)", "Accept-Encoding: \(CurlGlobal.supportedEncodings)",
            ])
        // Without compressed answers, no Accept-Encoding either.
        let uncompressed = try await headersOnTheWire(server, compressed: false)
        #expect(uncompressed == [host, "User-Agent: \(Self.packageUserAgent)"])
    }

    @Test("A request with fields of its own adds neither Accept nor a libcurl version to them")
    func ownFieldsWithoutAccept() async throws {
        let server = try Self.echoServer()
        defer { server.stop() }
        let host = "Host: \(server.baseURL.dropFirst("http://".count))"
        let traced = try await headersOnTheWire(server, headers: ["X-Trace": "abc"])
        #expect(
            traced == [
                host, "X-Trace: abc", "User-Agent: \(Self.packageUserAgent)",
                "Accept-Encoding: \(CurlGlobal.supportedEncodings)",
            ])
        let posted = try await headersOnTheWire(
            server, headers: ["Content-Type": "application/x-www-form-urlencoded"], body: Data("a=1".utf8))
        #expect(
            posted == [
                host, "Content-Type: application/x-www-form-urlencoded", "User-Agent: \(Self.packageUserAgent)",
                "Accept-Encoding: \(CurlGlobal.supportedEncodings)", "Content-Length: 3",
            ])
    }

    @Test("A caller's own Accept and User-Agent are sent unchanged, once, where the caller put them")
    func callersAcceptAndUserAgent() async throws {
        let server = try Self.echoServer()
        defer { server.stop() }
        let host = "Host: \(server.baseURL.dropFirst("http://".count))"
        let named = try await headersOnTheWire(
            server, headers: ["Accept": "application/json", "User-Agent": "MyApp/2.0 (Linux)"])
        #expect(
            named == [
                host, "Accept: application/json", "User-Agent: MyApp/2.0 (Linux)",
                "Accept-Encoding: \(CurlGlobal.supportedEncodings)",
            ])
        // Any spelling of the names; the caller's Accept-Encoding wins over the engine's too.
        let lowercase = try await headersOnTheWire(
            server, headers: ["user-agent": "FacebookConnect", "accept": "*/*", "Accept-Encoding": "gzip"])
        #expect(lowercase == [host, "user-agent: FacebookConnect", "accept: */*", "Accept-Encoding: gzip"])
    }
}
