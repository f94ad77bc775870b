// Tests of the loopback HTTP server and the HTTPBin route table.
//
// Wire-level behaviour is checked with `RawClient`, a blocking socket client defined at the end of
// this file whose every read is bounded by `SO_RCVTIMEO`; behaviour a real client must see (gzip
// decoding, redirects) is checked with the curl command-line tool, always with `--max-time`.

import FacebookGraph
import FacebookGraphReplay
import FacebookGraphTestSupport
import Foundation
import Glibc
import XCTest

/// Tests of ``LoopbackHTTPServer`` and ``HTTPBin``.
final class LoopbackHTTPServerTests: XCTestCase {
    /// A server whose handler echoes the body and reports the request in `X-` headers.
    private func makeEchoServer() throws -> LoopbackHTTPServer {
        let server = try LoopbackHTTPServer { request in
            let headers: HTTPHeaders = [
                "X-Connection-ID": "\(request.connectionID)",
                "X-Request-Index": "\(request.requestIndexOnConnection)",
                "X-Method": request.method,
                "X-Path": request.path,
                "X-Query": request.queryItems.map { "\($0.name)=\($0.value)" }.joined(separator: "&"),
                "X-Version": request.httpVersion,
            ]
            return .full(status: 200, headers: headers, body: request.body)
        }
        addTeardownBlock { server.stop() }
        return server
    }

    /// Starts an HTTPBin that the test stops when it ends.
    private func makeHTTPBin() throws -> HTTPBin {
        let bin = try HTTPBin()
        addTeardownBlock { bin.stop() }
        return bin
    }

    // MARK: Connections

    /// Two requests on one connection share its number and are counted once as a connection.
    func testKeepAliveServesTwoRequestsOnOneConnection() throws {
        let server = try makeEchoServer()
        let client = try RawClient(port: server.port)
        client.send("GET /first HTTP/1.1\r\nHost: x\r\n\r\n")
        let first = try XCTUnwrap(client.readResponse())
        client.send("POST /second HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello")
        let second = try XCTUnwrap(client.readResponse())

        XCTAssertEqual(first.status, 200)
        XCTAssertEqual(first.headers["Connection"], "keep-alive")
        XCTAssertEqual(first.headers["Content-Length"], "0")
        XCTAssertEqual(first.headers["X-Path"], "/first")
        XCTAssertEqual(second.headers["X-Path"], "/second")
        XCTAssertEqual(first.headers["X-Connection-ID"], "1")
        XCTAssertEqual(second.headers["X-Connection-ID"], first.headers["X-Connection-ID"])
        XCTAssertEqual(first.headers["X-Request-Index"], "1")
        XCTAssertEqual(second.headers["X-Request-Index"], "2")
        XCTAssertEqual(String(decoding: second.body, as: UTF8.self), "hello")
        XCTAssertEqual(server.acceptedConnections, 1)
        XCTAssertEqual(server.requestsServed, 2)
        XCTAssertEqual(server.openConnections, 1)
    }

    /// Requests sent back to back in one write are answered in order.
    func testPipelinedRequestsAreAnsweredInOrder() throws {
        let server = try makeEchoServer()
        let client = try RawClient(port: server.port)
        client.send("GET /a HTTP/1.1\r\n\r\nGET /b HTTP/1.1\r\n\r\nGET /c HTTP/1.1\r\nConnection: close\r\n\r\n")
        let paths = (0..<3).compactMap { _ in client.readResponse()?.headers["X-Path"] }
        XCTAssertEqual(paths, ["/a", "/b", "/c"])
        XCTAssertTrue(client.readToEOF().closed)
        XCTAssertEqual(server.acceptedConnections, 1)
    }

    /// `Connection: close` makes the server close after the response.
    func testConnectionCloseClosesAfterResponse() throws {
        let server = try makeEchoServer()
        let client = try RawClient(port: server.port)
        client.send("GET /bye HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        let response = try XCTUnwrap(client.readResponse())
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.headers["Connection"], "close")
        let rest = client.readToEOF()
        XCTAssertTrue(rest.closed, "the server should close the connection")
        XCTAssertEqual(rest.bytes, [])
        client.close()
        XCTAssertTrue(eventually(seconds: 5) { server.openConnections == 0 })
    }

    /// HTTP/1.0 closes by default and keeps the connection only when asked.
    func testHTTP10ClosesUnlessKeepAliveIsAsked() throws {
        let server = try makeEchoServer()
        let plain = try RawClient(port: server.port)
        plain.send("GET /old HTTP/1.0\r\n\r\n")
        let closed = try XCTUnwrap(plain.readResponse())
        XCTAssertEqual(closed.headers["Connection"], "close")
        XCTAssertEqual(closed.headers["X-Version"], "1.0")
        XCTAssertTrue(plain.readToEOF().closed)

        let kept = try RawClient(port: server.port)
        kept.send("GET /one HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        XCTAssertEqual(kept.readResponse()?.headers["Connection"], "keep-alive")
        kept.send("GET /two HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        XCTAssertEqual(kept.readResponse()?.headers["X-Request-Index"], "2")
    }

    // MARK: Request bodies and targets

    /// A chunked request body (with an extension and a trailer) reaches the handler decoded.
    func testChunkedRequestBodyIsDecoded() throws {
        let server = try makeEchoServer()
        let client = try RawClient(port: server.port)
        client.send(
            "POST /upload HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "5\r\nhello\r\n1;ext=1\r\n,\r\nA\r\n world 123\r\n0\r\nX-Trailer: t\r\n\r\n"
        )
        let response = try XCTUnwrap(client.readResponse())
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(String(decoding: response.body, as: UTF8.self), "hello, world 123")
        // The connection is still usable after the trailers.
        client.send("GET /after HTTP/1.1\r\n\r\n")
        XCTAssertEqual(client.readResponse()?.headers["X-Path"], "/after")
    }

    /// The path is percent-decoded and the query items are decoded in order.
    func testTargetIsSplitAndDecoded() throws {
        let server = try makeEchoServer()
        let client = try RawClient(port: server.port)
        client.send("GET /a%20b+c?x=1&y=two+words&z=%C3%A9&x=3&flag HTTP/1.1\r\n\r\n")
        let response = try XCTUnwrap(client.readResponse())
        XCTAssertEqual(response.headers["X-Path"], "/a b+c")
        XCTAssertEqual(response.headers["X-Query"], "x=1&y=two words&z=é&x=3&flag=")
    }

    /// `Expect: 100-continue` gets the interim response before the body is read.
    func testExpect100ContinueGets100ThenTheResponse() throws {
        let server = try makeEchoServer()
        let client = try RawClient(port: server.port)
        client.send("PUT /put HTTP/1.1\r\nContent-Length: 7\r\nExpect: 100-continue\r\n\r\n")
        let interim = try XCTUnwrap(client.readUntil(Array("\r\n\r\n".utf8)))
        XCTAssertEqual(String(decoding: interim, as: UTF8.self), "HTTP/1.1 100 Continue\r\n\r\n")
        client.send("payload")
        let response = try XCTUnwrap(client.readResponse())
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.headers["X-Method"], "PUT")
        XCTAssertEqual(String(decoding: response.body, as: UTF8.self), "payload")
    }

    // MARK: Rejected requests

    /// A malformed request line gets 400 and the connection is closed.
    func testMalformedRequestLineGets400AndClose() throws {
        let server = try makeEchoServer()
        for line in ["GARBAGE", "GET /only-two-parts", "GET / HTTP/1.1 extra", "GET  / HTTP/1.1", "GET / FTP/1.1"] {
            let client = try RawClient(port: server.port)
            client.send(line + "\r\nHost: x\r\n\r\n")
            let response = try XCTUnwrap(client.readResponse(), line)
            XCTAssertEqual(response.status, 400, line)
            XCTAssertEqual(response.reason, "Bad Request", line)
            XCTAssertEqual(response.headers["Connection"], "close", line)
            XCTAssertTrue(client.readToEOF().closed, line)
        }
        XCTAssertEqual(server.requestsServed, 0)
    }

    /// Malformed or ambiguous header sections get 400.
    func testMalformedHeadersGet400() throws {
        let server = try makeEchoServer()
        let heads = [
            "GET / HTTP/1.1\r\nNoColonHere\r\n\r\n",
            "GET / HTTP/1.1\r\nName : value\r\n\r\n",
            "GET / HTTP/1.1\r\nA: b\r\n folded\r\n\r\n",
            "GET / HTTP/1.1\r\nA: b\rc\r\n\r\n",
            "POST / HTTP/1.1\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n",
            "POST / HTTP/1.1\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\n",
            "POST / HTTP/1.1\r\nContent-Length: -1\r\n\r\n",
            "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\n",
        ]
        for head in heads {
            let client = try RawClient(port: server.port)
            client.send(head)
            XCTAssertEqual(client.readResponse()?.status, 400, head.debugDescription)
            XCTAssertTrue(client.readToEOF().closed, head.debugDescription)
        }
    }

    /// A head over 64 KiB gets 431; one under it is served.
    func testOversizeHeadGets431AndClose() throws {
        let server = try makeEchoServer()
        let client = try RawClient(port: server.port)
        client.send("GET / HTTP/1.1\r\nX-Big: " + String(repeating: "a", count: 70 * 1024) + "\r\n\r\n")
        let response = try XCTUnwrap(client.readResponse())
        XCTAssertEqual(response.status, 431)
        XCTAssertEqual(response.reason, "Request Header Fields Too Large")
        XCTAssertTrue(client.readToEOF().closed)

        // A head just under the limit is accepted.
        let fits = try RawClient(port: server.port)
        fits.send("GET / HTTP/1.1\r\nX-Big: " + String(repeating: "a", count: 60 * 1024) + "\r\n\r\n")
        XCTAssertEqual(fits.readResponse()?.status, 200)
    }

    /// A body declared over the default cap (64 MiB) gets 413, with either framing.
    func testOversizeBodyGets413() throws {
        let server = try makeEchoServer()
        let client = try RawClient(port: server.port)
        client.send("POST / HTTP/1.1\r\nContent-Length: \(HTTPRequestParser.maxBodyBytes + 1)\r\n\r\nabc")
        XCTAssertEqual(client.readResponse()?.status, 413)
        XCTAssertTrue(client.readToEOF().closed)

        let chunked = try RawClient(port: server.port)
        chunked.send("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nFFFFFFFFFFFFFFFFFFFF\r\n")
        XCTAssertEqual(chunked.readResponse()?.status, 413)
    }

    // MARK: Limits

    /// A server with `limits` whose handler answers 200 with an empty body.
    private func makeLimitedServer(_ change: (inout LoopbackHTTPServer.Limits) -> Void) throws -> LoopbackHTTPServer {
        var limits = LoopbackHTTPServer.Limits()
        change(&limits)
        let server = try LoopbackHTTPServer(limits: limits) { _ in .text("") }
        addTeardownBlock { server.stop() }
        return server
    }

    /// A client that starts a request and goes silent is disconnected after the receive timeout.
    func testSilentClientIsDisconnectedAfterTheReceiveTimeout() throws {
        let server = try makeLimitedServer { $0.receiveTimeout = .milliseconds(300) }
        let silent = try RawClient(port: server.port)
        silent.send("GET / HTTP/1.1\r\nHost: x")
        XCTAssertTrue(silent.readToEOF().closed, "the server kept a silent connection open")
        XCTAssertTrue(eventually(seconds: 5) { server.openConnections == 0 })
    }

    /// One connection over the cap is closed at once; the ones within it are served, and a freed
    /// slot serves again.
    func testConnectionsOverTheCapAreClosed() throws {
        let server = try makeLimitedServer { $0.maxConnections = 2 }
        let first = try RawClient(port: server.port)
        let second = try RawClient(port: server.port)
        for client in [first, second] {
            client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            XCTAssertEqual(client.readResponse()?.status, 200)
        }
        let third = try RawClient(port: server.port)
        third.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        XCTAssertTrue(third.readToEOF().closed, "a connection over the cap was served")
        first.close()
        XCTAssertTrue(eventually(seconds: 5) { server.openConnections == 1 })
        let fourth = try RawClient(port: server.port)
        fourth.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        XCTAssertEqual(fourth.readResponse()?.status, 200)
    }

    /// When no thread can be created for a connection, the accepted connection is closed at once
    /// (the client sees EOF instead of waiting for an answer that never comes), it is not counted
    /// as open, and the server keeps accepting. The failure is real: `pthread_create` cannot map a
    /// 2^62-byte stack.
    func testAConnectionWithoutAThreadIsClosedNotLeftUnserved() throws {
        let server = try makeLimitedServer {
            $0.connectionThreadStackSize = 1 << 62
            $0.receiveTimeout = .seconds(60)
        }
        for _ in 0..<3 {
            let client = try RawClient(port: server.port)
            client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            let outcome = client.readToEOF()
            XCTAssertTrue(outcome.closed, "an accepted connection without a thread was left open")
        }
        XCTAssertTrue(eventually(seconds: 5) { server.acceptedConnections == 3 })
        XCTAssertTrue(eventually(seconds: 5) { server.openConnections == 0 })
        XCTAssertEqual(server.requestsServed, 0)
    }

    /// The parser adds each header field it reads; adding must not copy the fields already there
    /// (it did: the array was appended to while the storage still held it, so a head of n fields
    /// cost n² element copies). Counted, not timed: whenever the array had room for one more field,
    /// adding one must leave it where it was — a copy, made while the old array is still alive,
    /// always lands elsewhere.
    func testAddingAHeaderFieldNeverCopiesTheFieldsBeforeIt() {
        var headers = HTTPHeaders()
        var copies = 0
        var inPlace = 0
        for index in 0..<2000 {
            let (address, room) = headers.fields.withUnsafeBufferPointer { buffer in
                (buffer.baseAddress, headers.fields.capacity > buffer.count)
            }
            headers.add(name: "X-Field-\(index)", value: "\(index)")
            let moved = headers.fields.withUnsafeBufferPointer { $0.baseAddress } != address
            if room, address != nil {
                if moved { copies += 1 } else { inPlace += 1 }
            }
        }
        XCTAssertEqual(copies, 0, "fields were copied to add one")
        XCTAssertGreaterThan(inPlace, 1000, "the count saw too few adds with room to tell")
        XCTAssertEqual(headers.count, 2000)
        XCTAssertEqual(headers.values(for: "x-field-1999"), ["1999"])
    }

    /// The body cap of the server's limits answers 413 before reading the body.
    func testBodyOverTheServersCapGets413() throws {
        let server = try makeLimitedServer { $0.maxBodyBytes = 1024 }
        let client = try RawClient(port: server.port)
        client.send("POST / HTTP/1.1\r\nContent-Length: 1025\r\n\r\n")
        XCTAssertEqual(client.readResponse()?.status, 413)
        let fits = try RawClient(port: server.port)
        fits.send("POST / HTTP/1.1\r\nContent-Length: 4\r\n\r\nbody")
        XCTAssertEqual(fits.readResponse()?.status, 200)
    }

    /// Random input never traps the parser; a valid request after a blank line parses.
    func testParserNeverTrapsOnArbitraryInput() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array(
            "GET POST / HTTP/1.1\r\n:;0123456789abcdefXYZ \t%+?&=chunkedContent-LengthTransfer-Encoding".utf8
        )
        for _ in 0..<1000 {
            let count = Int.random(in: 0..<300, using: &generator)
            let bytes = (0..<count).map { _ in
                Bool.random(using: &generator) ? alphabet.randomElement(using: &generator)! : UInt8.random(in: 0...255)
            }
            let parser = HTTPRequestParser(bytes: bytes)
            for index in 1...3 {
                guard case .request = parser.readRequest(connectionID: 1, index: index, sendContinue: { true }) else {
                    break
                }
            }
        }
        let valid = HTTPRequestParser(bytes: Array("\r\nGET /x?a=1 HTTP/1.1\r\nA:  b \r\n\r\n".utf8))
        guard case .request(let request) = valid.readRequest(connectionID: 7, index: 1, sendContinue: { true }) else {
            return XCTFail("a valid request after a blank line should parse")
        }
        XCTAssertEqual(request.headers["a"], "b")
        XCTAssertEqual(request.queryValue("a"), "1")
        XCTAssertEqual(request.connectionID, 7)
        guard case .closed = valid.readRequest(connectionID: 7, index: 2, sendContinue: { true }) else {
            return XCTFail("the end of input should close")
        }
    }

    // MARK: Misbehaving responses

    /// `/close-mid-body` declares 1000 bytes, sends exactly 100, then closes.
    func testCloseMidBodySendsExactly100BodyBytesThenEOF() throws {
        let bin = try makeHTTPBin()
        let client = try RawClient(port: bin.server.port)
        client.send("GET /close-mid-body HTTP/1.1\r\nHost: x\r\n\r\n")
        let head = try XCTUnwrap(client.readHead())
        XCTAssertEqual(head.status, 200)
        XCTAssertEqual(head.headers["Content-Length"], "1000")
        let rest = client.readToEOF()
        XCTAssertTrue(rest.closed, "the server should close after the partial body")
        XCTAssertEqual(rest.bytes.count, 100)
        XCTAssertEqual(rest.bytes, Array(repeating: UInt8(ascii: "x"), count: 100))
    }

    /// `stop()` ends every thread — it does not give up at the join timeout — with a hung, a delayed
    /// and an idle connection open.
    func testStopReturnsQuicklyWithHungAndDelayedRequestsOpen() throws {
        let bin = try HTTPBin()
        let hung = try RawClient(port: bin.server.port)
        hung.send("GET /hang HTTP/1.1\r\n\r\n")
        let slow = try RawClient(port: bin.server.port)
        slow.send("GET /slow?ms=60000 HTTP/1.1\r\n\r\n")
        let idle = try RawClient(port: bin.server.port)
        XCTAssertTrue(eventually(seconds: 5) { bin.server.requestsServed == 2 && bin.server.openConnections == 3 })

        XCTAssertTrue(bin.server.stop(), "stop() gave up waiting for the server's threads")

        XCTAssertTrue(hung.readToEOF().closed)
        XCTAssertEqual(slow.readToEOF().bytes, [])
        XCTAssertTrue(idle.readToEOF().closed)
        XCTAssertEqual(bin.server.openConnections, 0)
        XCTAssertThrowsError(try RawClient(port: bin.server.port), "the listener should be closed")
        bin.stop()  // idempotent
    }

    /// `stop()` called by a handler on its own connection thread does not wait for that thread: it
    /// returns once every other thread has finished.
    func testStopFromInsideAHandlerDoesNotWaitForItself() throws {
        let box = ServerBox()
        let stoppedCleanly = LockedValue<Bool?>(nil)
        let server = try LoopbackHTTPServer { _ in
            let finished = box.server?.stop()
            stoppedCleanly.withLock { $0 = finished }
            return .text("bye")
        }
        box.server = server
        let client = try RawClient(port: server.port)
        client.send("GET / HTTP/1.1\r\n\r\n")
        XCTAssertTrue(client.readToEOF().closed)
        // The client sees the close while stop() still joins the other threads; wait for its answer.
        XCTAssertTrue(eventually(seconds: 5) { stoppedCleanly.withLock { $0 } != nil })
        XCTAssertEqual(stoppedCleanly.withLock { $0 }, true, "stop() in a handler waited out the join timeout")
        XCTAssertThrowsError(try RawClient(port: server.port))
        box.server = nil
    }

    /// Releasing the last reference to a server stops it.
    func testDroppingTheServerStopsIt() throws {
        var server: LoopbackHTTPServer? = try LoopbackHTTPServer { _ in .text("hi") }
        let port = try XCTUnwrap(server?.port)
        let client = try RawClient(port: port)
        client.send("GET / HTTP/1.1\r\n\r\n")
        XCTAssertEqual(client.readResponse()?.body, Array("hi".utf8))
        server = nil
        XCTAssertTrue(client.readToEOF().closed)
        XCTAssertThrowsError(try RawClient(port: port))
    }

    /// Hosts that are not loopback addresses are refused.
    func testNonLoopbackHostIsRefused() {
        XCTAssertThrowsError(try LoopbackHTTPServer(host: "0.0.0.0") { _ in .hang })
        XCTAssertThrowsError(try LoopbackHTTPServer(host: "example.com") { _ in .hang })
    }

    /// `.raw` bytes are written as given.
    func testRawResponseIsWrittenVerbatim() throws {
        let server = try LoopbackHTTPServer { _ in
            .raw(Data("HTTP/1.1 299 Odd\r\nX: y\r\n\r\nbody".utf8), close: true)
        }
        addTeardownBlock { server.stop() }
        let client = try RawClient(port: server.port)
        client.send("GET / HTTP/1.1\r\n\r\n")
        let all = client.readToEOF()
        XCTAssertTrue(all.closed)
        XCTAssertEqual(String(decoding: all.bytes, as: UTF8.self), "HTTP/1.1 299 Odd\r\nX: y\r\n\r\nbody")
    }

    // MARK: HTTPBin

    /// `/chunked` is framed with `Transfer-Encoding: chunked`, one chunk per line.
    func testChunkedResponseIsFramed() throws {
        let bin = try makeHTTPBin()
        let client = try RawClient(port: bin.server.port)
        client.send("GET /chunked?chunks=3 HTTP/1.1\r\n\r\n")
        let response = try XCTUnwrap(client.readResponse())
        XCTAssertEqual(response.headers["Transfer-Encoding"], "chunked")
        XCTAssertNil(response.headers["Content-Length"])
        XCTAssertEqual(response.chunkSizes.count, 3)
        XCTAssertEqual(
            String(decoding: response.body, as: UTF8.self),
            "{\"chunk\":0,\"of\":3}\n{\"chunk\":1,\"of\":3}\n{\"chunk\":2,\"of\":3}\n"
        )
        client.send("GET /get HTTP/1.1\r\n\r\n")
        XCTAssertEqual(client.readResponse()?.status, 200, "keep-alive after a chunked response")
    }

    /// `/drip` splits its bytes evenly and waits between chunks.
    func testDripSpacesItsChunks() throws {
        let bin = try makeHTTPBin()
        let client = try RawClient(port: bin.server.port)
        client.send("GET /drip?bytes=5&chunks=4&ms=1 HTTP/1.1\r\n\r\n")
        let response = try XCTUnwrap(client.readResponse())
        XCTAssertEqual(response.chunkSizes, [2, 1, 1, 1])
        XCTAssertEqual(response.body, Array("*****".utf8))
    }

    /// The drip's wait comes between its chunks, shown by events instead of a clock: with a wait of
    /// ten minutes, the first chunk arrives and the second does not come before the server is
    /// stopped, which interrupts the wait and ends the connection after the first chunk.
    func testDripWaitsBetweenChunks() throws {
        let bin = try HTTPBin()
        let client = try RawClient(port: bin.server.port, timeout: 30)
        client.send("GET /drip?bytes=2&chunks=2&ms=600000 HTTP/1.1\r\n\r\n")
        let head = try XCTUnwrap(client.readHead())
        XCTAssertEqual(head.status, 200)
        XCTAssertEqual(client.readUntil(Array("1\r\n*\r\n".utf8)), Array("1\r\n*\r\n".utf8), "the first chunk")
        XCTAssertTrue(bin.server.stop(), "stop interrupts the wait and every thread finishes")
        let rest = client.readToEOF()
        XCTAssertTrue(rest.closed)
        XCTAssertEqual(rest.bytes, [], "nothing after the first chunk: the second waited for its turn")
    }

    /// `/gzip` decodes with `curl --compressed` to the expected JSON.
    func testGzipDecodesWithCurlCompressed() throws {
        let bin = try makeHTTPBin()
        let result = try curl(["--compressed", bin.url("/gzip?q=1")])
        XCTAssertEqual(result.exitCode, 0, result.stderr)
        XCTAssertEqual(result.httpCode, 200)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: result.body) as? [String: Any])
        XCTAssertEqual(object["gzipped"] as? Bool, true)
        XCTAssertEqual(object["path"] as? String, "/gzip")
        XCTAssertEqual(object["args"] as? [String: String], ["q": "1"])
        XCTAssertEqual(object["method"] as? String, "GET")

        let raw = try curl([bin.url("/gzip")])
        XCTAssertEqual(Array(raw.body.prefix(2)), [0x1F, 0x8B], "without --compressed the body is gzip")
    }

    /// The gzip encoder's output, one block or several, decodes with `gzip -d`.
    func testGzipEncoderRoundTripsThroughGzipTool() throws {
        for count in [0, 1, 65_535, 65_536, 200_000] {
            let input = Data((0..<count).map { _ in UInt8.random(in: 0...255) })
            let encoded = Gzip.encode(input)
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("gzip-\(UUID().uuidString).gz")
            try encoded.write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let result = try run("/usr/bin/gzip", ["-dc", file.path])
            XCTAssertEqual(result.exitCode, 0, "gzip -dc failed for \(count) bytes: \(result.stderr)")
            XCTAssertEqual(result.stdout, input, "round trip of \(count) bytes")
        }
        XCTAssertEqual(Gzip.crc32(Array("123456789".utf8)), 0xCBF4_3926)
    }

    /// `/get` and `/post` echo the request as JSON.
    func testEchoAndPostThroughCurl() throws {
        let bin = try makeHTTPBin()
        let get = try curl(["-H", "X-Test: 1", bin.url("/get?a=1&a=2&b=x+y")])
        let echo = try XCTUnwrap(JSONSerialization.jsonObject(with: get.body) as? [String: Any])
        XCTAssertEqual(echo["method"] as? String, "GET")
        XCTAssertEqual(echo["path"] as? String, "/get")
        let args = try XCTUnwrap(echo["args"] as? [String: Any])
        XCTAssertEqual(args["a"] as? [String], ["1", "2"])
        XCTAssertEqual(args["b"] as? String, "x y")
        XCTAssertEqual((echo["headers"] as? [String: String])?["X-Test"], "1")
        XCTAssertEqual(echo["connection"] as? Int, 1)
        XCTAssertEqual(echo["request_on_connection"] as? Int, 1)

        let post = try curl(["-H", "Content-Type: text/plain", "--data-binary", "héllo", bin.url("/post")])
        let posted = try XCTUnwrap(JSONSerialization.jsonObject(with: post.body) as? [String: Any])
        XCTAssertEqual(posted["method"] as? String, "POST")
        XCTAssertEqual(posted["body"] as? String, "héllo")
        XCTAssertEqual(posted["body_length"] as? Int, 6)
        XCTAssertEqual(posted["body_base64"] as? String, Data("héllo".utf8).base64EncodedString())
        XCTAssertEqual(posted["content_type"] as? String, "text/plain")
    }

    /// Statuses, redirects, large bodies and unknown paths behave as documented.
    func testStatusRedirectsSizesAndNotFoundThroughCurl() throws {
        let bin = try makeHTTPBin()
        let teapot = try curl([bin.url("/status/418")])
        XCTAssertEqual(teapot.httpCode, 418)
        XCTAssertEqual(String(decoding: teapot.body, as: UTF8.self), "{\"status\":418}")
        let empty = try curl([bin.url("/status/204")])
        XCTAssertEqual(empty.httpCode, 204)
        XCTAssertEqual(empty.body.count, 0)

        let redirected = try curl(["-L", bin.url("/redirect/3")], writeOut: "%{http_code} %{num_redirects}")
        XCTAssertEqual(redirected.writeOut, "200 4")
        let final = try XCTUnwrap(JSONSerialization.jsonObject(with: redirected.body) as? [String: Any])
        XCTAssertEqual(final["path"] as? String, "/get")
        XCTAssertEqual(final["request_on_connection"] as? Int, 5, "curl reuses the keep-alive connection")

        let redirectTo = try curl([bin.url("/redirect-to?url=%2Fheaders&status=307")], writeOut: "%{redirect_url}")
        XCTAssertTrue(redirectTo.writeOut.hasSuffix("/headers"), redirectTo.writeOut)

        let large = try curl([bin.url("/large?bytes=3000000")], writeOut: "%{size_download}")
        XCTAssertEqual(large.writeOut, "3000000")
        XCTAssertEqual(large.body.count, 3_000_000)
        let largeChunked = try curl([bin.url("/large-chunked?bytes=200001")], writeOut: "%{size_download}")
        XCTAssertEqual(largeChunked.body, Data(repeating: UInt8(ascii: "x"), count: 200_001))

        let missing = try curl([bin.url("/nope")])
        XCTAssertEqual(missing.httpCode, 404)
        XCTAssertEqual(String(decoding: missing.body, as: UTF8.self), "{\"error\":\"not found\"}")
    }

    /// Extra routes win over the table; `/cookies/set` sets cookies that `/cookies` reads.
    func testExtraRoutesTakePrecedenceAndCookiesAreSet() throws {
        let bin = try HTTPBin(extraRoutes: ["/get": { _ in .text("overridden", status: 201) }])
        addTeardownBlock { bin.stop() }
        let overridden = try curl([bin.url("/get")])
        XCTAssertEqual(overridden.httpCode, 201)
        XCTAssertEqual(String(decoding: overridden.body, as: UTF8.self), "overridden")

        let jar = FileManager.default.temporaryDirectory.appendingPathComponent("jar-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: jar) }
        _ = try curl(["-c", jar.path, bin.url("/cookies/set?flavour=oat")])
        let cookies = try curl(["-b", jar.path, bin.url("/cookies")])
        XCTAssertEqual(String(decoding: cookies.body, as: UTF8.self), "{\"cookies\":{\"flavour\":\"oat\"}}")
    }

    // MARK: Helpers

    /// What `curl` printed and returned.
    private struct CurlResult {
        /// The exit status.
        var exitCode: Int32
        /// The response body (from `-o`).
        var body: Data
        /// The `-w` output.
        var writeOut: String
        /// The standard error.
        var stderr: String
        /// The `-w` output as an HTTP status when the default format was used.
        var httpCode: Int? { Int(writeOut) }
    }

    /// Runs `curl -sS --max-time 15 -o FILE -w FORMAT ARGS…`.
    private func curl(_ arguments: [String], writeOut: String = "%{http_code}") throws -> CurlResult {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("curl-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let options = ["-sS", "--max-time", "15", "-o", output.path, "-w", writeOut]
        let result = try run("/usr/bin/curl", options + arguments)
        let body = (try? Data(contentsOf: output)) ?? Data()
        let printed = String(decoding: result.stdout, as: UTF8.self)
        return CurlResult(exitCode: result.exitCode, body: body, writeOut: printed, stderr: result.stderr)
    }

    /// Runs a program to completion (killing it after 30 s) and returns its exit status and output.
    private func run(_ path: String, _ arguments: [String]) throws -> (exitCode: Int32, stdout: Data, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let directory = FileManager.default.temporaryDirectory
        let stdoutURL = directory.appendingPathComponent("out-\(UUID().uuidString)")
        let stderrURL = directory.appendingPathComponent("err-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: stdoutURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: stdoutURL)
            try? FileManager.default.removeItem(at: stderrURL)
        }
        let stdoutHandle = try ChildProcess.locked { try FileHandle(forWritingTo: stdoutURL) }
        let stderrHandle = try ChildProcess.locked { try FileHandle(forWritingTo: stderrURL) }
        process.standardOutput = stdoutHandle
        process.standardError = stderrHandle
        try ChildProcess.run(process)
        let deadline = ContinuousClock.now + .seconds(30).scaledForTests
        while process.isRunning, ContinuousClock.now < deadline { usleep(10_000) }
        if process.isRunning {
            process.terminate()
            XCTFail("\(path) timed out")
        }
        process.waitUntilExit()
        try stdoutHandle.close()
        try stderrHandle.close()
        let stderr = String(decoding: (try? Data(contentsOf: stderrURL)) ?? Data(), as: UTF8.self)
        return (process.terminationStatus, (try? Data(contentsOf: stdoutURL)) ?? Data(), stderr)
    }
}

/// Lets a handler reach the server it belongs to. `@unchecked Sendable`: `stored` is guarded by `lock`.
private final class ServerBox: @unchecked Sendable {
    /// Guards `stored`.
    private let lock = NSLock()
    /// The server, if set.
    private var stored: LoopbackHTTPServer?

    /// The server; set before any request arrives, cleared at the end of the test.
    var server: LoopbackHTTPServer? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

/// A response as `RawClient` read it.
struct RawHTTPResponse {
    /// The status code.
    var status: Int
    /// The reason phrase.
    var reason: String
    /// The header fields.
    var headers: HTTPHeaders
    /// The body, with any chunked coding removed.
    var body: [UInt8] = []
    /// The size of each chunk of a chunked body, in order.
    var chunkSizes: [Int] = []
}

/// A blocking TCP client to 127.0.0.1 whose every send and receive times out after a few seconds.
final class RawClient {
    /// Why a client could not connect.
    struct ConnectError: Error {
        /// The `errno` of the failed call.
        var code: Int32
    }

    /// The socket, or -1 once closed.
    private var fd: Int32
    /// Received bytes not yet consumed.
    private var buffer: [UInt8] = []

    /// Connects to `port` on 127.0.0.1; throws if the connection is refused.
    init(port: Int, timeout: Int = 5) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ConnectError(code: errno) }
        var limit = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            let code = errno
            Glibc.close(fd)
            throw ConnectError(code: code)
        }
    }

    /// Closes the socket.
    deinit {
        close()
    }

    /// Closes the socket (idempotent).
    func close() {
        if fd >= 0 { Glibc.close(fd) }
        fd = -1
    }

    /// Sends `text` in UTF-8; false if the send failed.
    @discardableResult
    func send(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { raw in
                Glibc.send(fd, raw.baseAddress, raw.count, Int32(MSG_NOSIGNAL))
            }
            if count <= 0 { return false }
            offset += count
        }
        return true
    }

    /// Receives more bytes; false at end of stream, on error, or on timeout.
    private func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        let count = recv(fd, &chunk, chunk.count, 0)
        guard count > 0 else { return false }
        buffer.append(contentsOf: chunk[0..<count])
        return true
    }

    /// Reads through the first `delimiter` and returns the bytes including it, or nil.
    func readUntil(_ delimiter: [UInt8]) -> [UInt8]? {
        var searched = 0
        while true {
            if buffer.count >= delimiter.count {
                for start in searched...(buffer.count - delimiter.count)
                where buffer[start..<(start + delimiter.count)].elementsEqual(delimiter) {
                    let result = Array(buffer[..<(start + delimiter.count)])
                    buffer.removeFirst(start + delimiter.count)
                    return result
                }
                searched = buffer.count - delimiter.count + 1
            }
            guard fill() else { return nil }
        }
    }

    /// Reads exactly `count` bytes, or nil.
    func readExactly(_ count: Int) -> [UInt8]? {
        while buffer.count < count {
            guard fill() else { return nil }
        }
        let result = Array(buffer[..<count])
        buffer.removeFirst(count)
        return result
    }

    /// Reads a response head: status, reason and header fields.
    func readHead() -> RawHTTPResponse? {
        guard let head = readUntil(Array("\r\n\r\n".utf8)) else { return nil }
        let firstLine = head.prefix { $0 != UInt8(ascii: "\r") }
        let statusLine = String(decoding: firstLine, as: UTF8.self).split(separator: " ", maxSplits: 2).map(String.init)
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { return nil }
        let fields = Array(head.drop { $0 != UInt8(ascii: "\n") })
        let reason = statusLine.count > 2 ? statusLine[2] : ""
        return RawHTTPResponse(status: status, reason: reason, headers: HTTPHeaders(parsing: fields))
    }

    /// Reads a whole response, framed by `Transfer-Encoding: chunked`, `Content-Length`, or the end
    /// of the stream.
    func readResponse() -> RawHTTPResponse? {
        guard var response = readHead() else { return nil }
        if response.headers["Transfer-Encoding"]?.lowercased() == "chunked" {
            while true {
                guard let line = readUntil(Array("\r\n".utf8)),
                    let size = Int(String(decoding: line.dropLast(2), as: UTF8.self), radix: 16)
                else { return nil }
                if size == 0 {
                    guard readUntil(Array("\r\n".utf8)) == Array("\r\n".utf8) else { return nil }
                    return response
                }
                guard let data = readExactly(size), readExactly(2) == Array("\r\n".utf8) else { return nil }
                response.body += data
                response.chunkSizes.append(size)
            }
        }
        if let length = response.headers["Content-Length"].flatMap({ Int($0) }) {
            guard let body = readExactly(length) else { return nil }
            response.body = body
            return response
        }
        if response.status == 204 || response.status == 304 { return response }
        let rest = readToEOF()
        guard rest.closed else { return nil }
        response.body = rest.bytes
        return response
    }

    /// Reads until the server closes the stream; `closed` is false if a read timed out or failed first.
    func readToEOF() -> (bytes: [UInt8], closed: Bool) {
        while true {
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            let count = recv(fd, &chunk, chunk.count, 0)
            if count > 0 {
                buffer.append(contentsOf: chunk[0..<count])
                continue
            }
            let closed = count == 0 || errno == ECONNRESET
            let bytes = buffer
            buffer = []
            return (bytes, closed)
        }
    }
}
