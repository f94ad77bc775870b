import FacebookGraphTestSupport
import FacebookGraphTestTraits
import Foundation
import Testing

@testable import FacebookGraph

/// The engine against an independent real server: nginx, with a certificate made for the run.
@Suite(
    "The libcurl engine against nginx: TLS, HTTP/2, keep-alive", .enabled(if: NginxFixture.isAvailable), .onOwnThread)
struct NginxEngineTests {
    let engine = CurlEngine.shared

    func options(_ nginx: NginxFixture, trusting: Bool = true) -> TransferOptions {
        var options = testOptions()
        if trusting { options.additionalCAFile = nginx.caFile }
        return options
    }

    @Test("HTTPS verifies against the run's CA and negotiates HTTP/2")
    func verifiedHTTPS() async throws {
        let nginx = try NginxFixture()
        defer { nginx.stop() }
        let response = try await engine.send(try PreparedRequest(url: nginx.httpsURL("/me"), options: options(nginx)))
        #expect(response.status == 200)
        #expect(response.httpVersion == "2")
        #expect(jsonObject(response.body)?["id"] != nil)
        #expect(response.timings.tlsHandshake > .zero)
    }

    @Test(
        "A POST over https gets an HTTP/1.1 connection of its own, closed after it, so no other transfer can share it; GETs keep sharing HTTP/2"
    )
    func postHasItsOwnConnection() async throws {
        let nginx = try NginxFixture()
        defer { nginx.stop() }
        let engine = CurlEngine()
        defer { engine.shutdown() }
        let get = try PreparedRequest(url: nginx.httpsURL("/me"), options: options(nginx))
        let post = try PreparedRequest(
            method: "POST", url: nginx.httpsURL("/me"), body: Data("message=once".utf8), options: options(nginx))
        let first = try await engine.send(get)
        #expect(first.httpVersion == "2" && first.connection.newConnections == 1)
        var postPorts: Set<Int> = []
        for _ in 0..<2 {
            // nginx answers a POST to a static file with 405: an answer is all this needs.
            let answer = try await engine.send(post)
            #expect(answer.httpVersion == "1.1", "a POST on HTTP/2 could share its connection with a GET")
            #expect(answer.connection.newConnections == 1, "a POST rode a reused connection")
            postPorts.insert(answer.connection.localPort)
        }
        #expect(postPorts.count == 2, "the two POSTs shared a connection")
        #expect(!postPorts.contains(first.connection.localPort), "a POST rode the GET's connection")
        // After the POSTs, GETs still go over HTTP/2 and share a connection: the next GET takes the idle
        // HTTP/2 connection, and the one after it takes the same again. libcurl may close an idle
        // connection its liveness check finds readable or too old (a loaded CI machine showed it after
        // 6 s idle), so when the first GET had to open one, the second must reuse that one. The defect
        // this pins (GETs sent over the POSTs' kept HTTP/1.1 connections) fails either way.
        // (Sent one after the other: libcurl 7.88 marks the host's connection bundle "no multiplexing"
        // when an HTTP/1.1 answer arrives, so two GETs started together right after a POST may open a
        // second connection until an HTTP/2 answer marks it back; docs/ARCHITECTURE.md, "Sent at most once".)
        let again = try await engine.send(get)
        let andAgain = try await engine.send(get)
        #expect(again.httpVersion == "2" && andAgain.httpVersion == "2")
        #expect(!postPorts.contains(again.connection.localPort))
        #expect(andAgain.connection.newConnections == 0, "the GET after a GET opened a connection")
        #expect(andAgain.connection.localPort == again.connection.localPort)
        if again.connection.newConnections == 0 {
            #expect(again.connection.localPort == first.connection.localPort)
        }
    }

    @Test("A certificate from an unknown CA is rejected")
    func unknownIssuer() async throws {
        let nginx = try NginxFixture()
        defer { nginx.stop() }
        do {
            _ = try await engine.send(
                try PreparedRequest(url: nginx.httpsURL("/me"), options: options(nginx, trusting: false)))
            Issue.record("expected certificateUntrusted")
        } catch {
            #expect(error.code == .certificateUntrusted)
            #expect(error.urlErrorCode == .serverCertificateUntrusted)
        }
    }

    @Test("A certificate for another host is rejected even from a trusted CA")
    func wrongHost() async throws {
        let nginx = try NginxFixture()
        defer { nginx.stop() }
        do {
            _ = try await engine.send(try PreparedRequest(url: nginx.wrongHostURL("/me"), options: options(nginx)))
            Issue.record("expected certificateUntrusted")
        } catch {
            #expect(error.code == .certificateUntrusted)
        }
    }

    @Test("64 requests in flight over HTTP/2 share one connection")
    func http2Multiplexing() throws {
        let nginx = try NginxFixture()
        defer { nginx.stop() }
        let engine = CurlEngine()
        defer { engine.shutdown() }
        let log = CompletionLog()
        for index in 0..<64 {
            engine.execute(try PreparedRequest(url: nginx.httpsURL("/logged/me"), options: options(nginx))) {
                log.record(index, $0)
            }
        }
        #expect(eventually(seconds: 30) { log.completedCount == 64 })
        let responses = log.snapshot.values.compactMap { $0.first?.success }
        #expect(responses.count == 64)
        #expect(responses.allSatisfy { $0.status == 200 && $0.httpVersion == "2" })
        #expect(Set(responses.map(\.connection.localPort)).count == 1)
        #expect(responses.map(\.connection.newConnections).reduce(0, +) == 1)
        // nginx's own log agrees: one connection carried every request.
        let connections = Set(
            nginx.connectionsLogged().compactMap { line in
                line.split(separator: " ").first { $0.hasPrefix("conn=") }
            })
        #expect(connections.count == 1)
    }

    /// libcurl's default `CURLOPT_MAXAGE_CONN`: a connection idle longer than this is closed rather
    /// than reused (its own rule, which the engine leaves at the default).
    static let libcurlMaximumIdleAge: TimeInterval = 118

    @Test("Keep-alive over HTTP/1.1: sequential requests reuse one connection")
    func http1KeepAlive() throws {
        let nginx = try NginxFixture()
        defer { nginx.stop() }
        // A private engine: the shared one also carries every other suite's connections, and its
        // idle-connection cache may rightly evict this one under that load.
        let engine = CurlEngine()
        defer { engine.shutdown() }
        // Synchronous on purpose: each send blocks this thread until its completion, so nothing waits
        // for a thread of the (two-wide) cooperative pool between requests. An async version once saw
        // a second connection in a 134 s sanitizer run, where a long stall between two requests can
        // outlast libcurl's idle age.
        var lastCompletion: Date?
        var reusable = 0
        var opened = 0
        for index in 0..<20 {
            let idle = lastCompletion.map { Date().timeIntervalSince($0) } ?? 0
            let response = try engine.sendAndWait(
                try PreparedRequest(url: nginx.httpURL("/logged/small"), options: testOptions())
            ).get()
            lastCompletion = Date()
            opened += response.connection.newConnections
            #expect(response.status == 200)
            #expect(response.body == Data("true".utf8))
            let expected = index == 0 ? 1 : 0
            if idle < Self.libcurlMaximumIdleAge {
                if index > 0 { reusable += 1 }
                #expect(
                    response.connection.newConnections == expected,
                    "request \(index) opened \(response.connection.newConnections) connections after \(idle) s idle")
            } else {
                // libcurl retires a connection idle this long; that is its rule, not a lost reuse.
                #expect(response.connection.newConnections <= 1)
            }
        }
        #expect(reusable >= 10, "too few requests followed a short idle gap to judge reuse")
        // nginx's own log agrees: as many connections as libcurl says it opened (one, unless a gap
        // outlasted the idle age).
        let connections = nginx.connectionsLogged().compactMap { line in
            line.split(separator: " ").first { $0.hasPrefix("conn=") }
        }
        #expect(connections.count == 20)
        #expect(Set(connections).count == opened)
    }
}
