// A hostile server on loopback: the one home of the fault suite's misbehaviour.
//
// `FaultServer` starts a ``LoopbackHTTPServer`` whose routes each break HTTP in one way a client must
// survive with a clear error (resets, bodies cut short, endless heads, huge and bomb bodies, bad
// JSON, redirect loops). `/ok` answers normally, so a test can check that the client still works
// after each fault. `/late` holds its answer until ``releaseLate()``: the answer then arrives after
// the client has given up on it.
//
// | Route                   | Answer                                                               |
// |-------------------------|----------------------------------------------------------------------|
// | `/ok`                   | 200 `{"id":"4","ok":true}`                                           |
// | `/reset-before-headers` | TCP reset before a byte of the answer                                |
// | `/reset-mid-body`       | head with `Content-Length: 1000`, 100 bytes, then a TCP reset        |
// | `/short-body`           | `Content-Length: 1000`, 100 bytes, then an orderly close            |
// | `/chunked-cut`          | chunked, a chunk that declares 16 bytes and sends 5, then close      |
// | `/drip`                 | 1 byte every 100 ms for 60 s                                          |
// | `/endless-head`         | a status line and a header, then nothing (the head never ends)       |
// | `/header-flood`         | one header line of 1 MiB, never ended                                |
// | `/no-answer`            | reads the request and never answers                                  |
// | `/huge-declared`        | declares a 100 MB body, sends 1 MiB, closes                          |
// | `/huge-streamed`        | 100 MB chunked, with no length announced                             |
// | `/bad-utf8`             | 200 JSON whose string holds bytes that are not UTF-8                 |
// | `/deep-json`            | 200 JSON: 100,000 nested arrays                                       |
// | `/gzip-bomb`            | `Content-Encoding: gzip`, ~800 KB that inflate to 128 MiB of zeros   |
// | `/bad-gzip`             | `Content-Encoding: gzip` over bytes that are not gzip                |
// | `/loop`                 | 302 to itself                                                        |
// | `/to-file`              | 302 to `file:///etc/passwd`                                          |
// | `/not-http`             | a greeting that is not HTTP at all, then close                      |
// | `/truncated-json`       | 200 JSON, correctly framed, that stops mid-object                    |
// | `/html`                 | 200 `text/html` (a captive portal's page)                            |
// | `/late`                 | waits for ``FaultServer/releaseLate()`` (150 s at most), then 200    |
// | `/pair`                 | held until a second `/pair` is held too (10 s at most), then 200:    |
// |                         | two requests at once open two keep-alive connections to warm         |
// | `/vanish/…`             | reads the request (any method, any path below), closes without a byte |
// | `/drop-reused/…`        | the same on a reused connection; on a new one, 200 `{"id":"4_1"}`     |
//
// Every request is logged with its connection (``FaultServer/arrivals(under:)``), so a test can count
// how many times one request reached the server and on which connections.

import FacebookGraph
import FacebookGraphReplay
import Foundation

/// A loopback server whose routes misbehave on purpose, started by `init`, stopped by ``stop()``.
package final class FaultServer: Sendable {
    /// The underlying server (its port and counters).
    package let server: LoopbackHTTPServer
    /// Signalled by ``releaseLate()``.
    private let lateGate = DispatchSemaphore(value: 0)
    /// Signalled each time a `/late` request has arrived.
    private let lateArrived = DispatchSemaphore(value: 0)
    /// Every request so far, in arrival order.
    private let log = LockedValue<[Arrival]>([])

    /// One request as it reached the server.
    package struct Arrival: Sendable, Equatable, CustomStringConvertible {
        /// The method as sent.
        package var method: String
        /// The decoded path.
        package var path: String
        /// The connection it came on: 1 for the server's first.
        package var connection: Int
        /// Its position on that connection: 1 for a connection's first request.
        package var indexOnConnection: Int

        package var description: String { "\(method) \(path) on #\(connection).\(indexOnConnection)" }
    }

    /// Starts the server on 127.0.0.1 and a free port.
    package init() throws {
        let lateGate = lateGate
        let lateArrived = lateArrived
        let log = log
        let pair = PairGate()
        server = try LoopbackHTTPServer(host: "127.0.0.1") { request in
            log.withLock {
                $0.append(
                    Arrival(
                        method: request.method, path: request.path, connection: request.connectionID,
                        indexOnConnection: request.requestIndexOnConnection))
            }
            if request.path == "/pair" {
                pair.arriveAndWait()
                return FaultServer.json(#"{"paired":true}"#)
            }
            if request.path.hasPrefix("/vanish/") {
                return .raw(Data(), close: true)
            }
            if request.path.hasPrefix("/drop-reused/") {
                return request.requestIndexOnConnection > 1
                    ? .raw(Data(), close: true) : FaultServer.json(#"{"id":"4_1"}"#)
            }
            if request.path == "/late" {
                lateArrived.signal()
                // Bounded, past the cancel case's own 120 s (a held answer must never come before
                // the client's cancel just because the suite ran slowly).
                _ = lateGate.wait(scaledSeconds: 150)
                return FaultServer.json(#"{"late":true}"#)
            }
            return FaultServer.routes[request.path]?() ?? .full(status: 404, body: Data("not found".utf8))
        }
    }

    /// `http://127.0.0.1:<port><path>`.
    package func url(_ path: String) -> String {
        "http://127.0.0.1:\(server.port)\(path)"
    }

    /// `http://127.0.0.1:<port>/`.
    package var baseURL: String { url("/") }

    /// The requests whose path starts with `prefix`, in arrival order.
    package func arrivals(under prefix: String) -> [Arrival] {
        log.withLock { $0.filter { $0.path.hasPrefix(prefix) } }
    }

    /// Waits (at most `seconds`) until a `/late` request has reached the server.
    package func waitForLateRequest(seconds: Double = 10) -> Bool {
        lateArrived.wait(scaledSeconds: seconds)
    }

    /// ``waitForLateRequest(seconds:)`` for async code: the wait blocks a Dispatch thread, not one of
    /// the cooperative pool's (two on a two-core machine), which the requests' own tasks need to start.
    package func lateRequestArrived(seconds: Double = 10) async -> Bool {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: self.waitForLateRequest(seconds: seconds)) }
        }
    }

    /// Lets one held `/late` request answer.
    package func releaseLate() {
        lateGate.signal()
    }

    /// Stops the server; held connections are closed.
    package func stop() {
        for _ in 0..<8 { lateGate.signal() }
        server.stop()
    }

    /// Two-party rendezvous of the `/pair` route: each arrival waits (10 s at most) until the number
    /// of arrivals is even.
    private final class PairGate: Sendable {
        private let count = LockedValue(0)
        private let gate = DispatchSemaphore(value: 0)

        func arriveAndWait() {
            let arrived = count.withLock { count -> Int in
                count += 1
                return count
            }
            if arrived.isMultiple(of: 2) {
                gate.signal()
                gate.signal()
            }
            _ = gate.wait(scaledSeconds: 10)
        }
    }

    /// A 200 response with `body` as JSON.
    private static func json(_ body: String) -> HTTPServerResponse {
        .full(status: 200, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
    }

    /// A response head, as the wire carries it.
    private static func head(_ lines: String...) -> Data {
        Data((["HTTP/1.1 200 OK"] + lines).joined(separator: "\r\n").utf8 + Array("\r\n\r\n".utf8))
    }

    /// 100 bytes of a JSON-looking body.
    private static let hundredBytes = Data(String(repeating: "x", count: 100).utf8)

    /// One MiB, shared by the huge answers (each chunk is the same storage).
    private static let mebibyte = Data(count: 1 << 20)

    /// The gzip bomb, made once.
    private static let bomb = Gzip.bomb(zeros: 128 << 20)

    /// The fixed fault routes by path.
    private static let routes: [String: @Sendable () -> HTTPServerResponse] = [
        "/ok": { json(#"{"id":"4","ok":true}"#) },
        "/reset-before-headers": { .reset(after: Data()) },
        "/reset-mid-body": { .reset(after: head("Content-Length: 1000") + hundredBytes) },
        "/short-body": { .closeMidBody(status: 200, declaredLength: 1000, sent: hundredBytes) },
        "/chunked-cut": {
            .raw(
                head("Content-Type: application/json", "Transfer-Encoding: chunked") + Data("10\r\n{\"a\":".utf8),
                close: true)
        },
        "/drip": {
            .chunked(status: 200, chunks: Array(repeating: Data("x".utf8), count: 600), delay: .milliseconds(100))
        },
        "/endless-head": { .raw(Data("HTTP/1.1 200 OK\r\nX-Partial: 1\r\n".utf8), close: false) },
        "/header-flood": {
            .raw(
                Data("HTTP/1.1 200 OK\r\nX-Flood: ".utf8) + Data(repeating: UInt8(ascii: "a"), count: 1 << 20),
                close: false)
        },
        "/no-answer": { .hang },
        "/huge-declared": { .closeMidBody(status: 200, declaredLength: 100_000_000, sent: mebibyte) },
        "/huge-streamed": { .chunked(status: 200, chunks: Array(repeating: mebibyte, count: 100)) },
        "/bad-utf8": {
            .full(
                status: 200, headers: ["Content-Type": "application/json"],
                body: Data(#"{"id":"4","name":""#.utf8) + Data([0xFF, 0xFE, 0xC3]) + Data(#""}"#.utf8))
        },
        "/deep-json": {
            json(String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000))
        },
        "/gzip-bomb": {
            .full(status: 200, headers: ["Content-Type": "application/json", "Content-Encoding": "gzip"], body: bomb)
        },
        "/bad-gzip": {
            .full(
                status: 200, headers: ["Content-Type": "application/json", "Content-Encoding": "gzip"],
                body: Data(String(repeating: "not gzip at all ", count: 64).utf8))
        },
        "/loop": { .full(status: 302, headers: ["Location": "/loop"]) },
        "/to-file": { .full(status: 302, headers: ["Location": "file:///etc/passwd"]) },
        "/not-http": { .raw(Data("SSH-2.0-OpenSSH_9.2\r\nProtocol mismatch.\r\n".utf8), close: true) },
        "/truncated-json": { json(#"{"id":"4","name":"#) },
        "/html": {
            .full(
                status: 200, headers: ["Content-Type": "text/html"],
                body: Data("<html><body>Sign in to the Wi-Fi</body></html>".utf8))
        },
    ]
}
