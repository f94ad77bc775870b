// What a handler of the loopback server answers.
//
// Besides ordinary responses, the cases cover the misbehaviour a client must survive: slow
// answers, answers that never come, bodies cut short, and arbitrary bytes. The server turns each
// case into wire bytes with the `HTTPResponseWriter` below; this file holds the case list, the
// reason phrases, the encoding of a response head and the writing of a response to a socket.

import FacebookGraph
import Foundation
import Glibc

/// The answer of a ``LoopbackHTTPServer/Handler`` to one request.
package indirect enum HTTPServerResponse: Sendable {
    /// A complete response. The server adds `Content-Length` (unless present, and except for 1xx,
    /// 204 and 304) and `Connection`, and keeps the connection alive if the request allows it.
    case full(status: Int, headers: HTTPHeaders = [:], body: Data = Data())
    /// A response with `Transfer-Encoding: chunked` (any `Content-Length` is removed), one chunk per
    /// element (empty elements are skipped), waiting `delay` between chunks. To an HTTP/1.0 client
    /// the chunks are sent unframed and the connection is closed.
    case chunked(status: Int, headers: HTTPHeaders = [:], chunks: [Data], delay: Duration = .zero)
    /// A response that declares `Content-Length: declaredLength`, writes `sent`, then closes.
    case closeMidBody(status: Int, headers: HTTPHeaders = [:], declaredLength: Int, sent: Data)
    /// Waits (a wait that ``LoopbackHTTPServer/stop()`` interrupts), then answers with `then`.
    case delayed(Duration, then: HTTPServerResponse)
    /// Never answers: holds the connection until the client closes it or the server stops.
    case hang
    /// Writes `bytes` verbatim, then closes the connection if `close` is true.
    case raw(Data, close: Bool)
    /// Writes `bytes` verbatim, then resets the connection (`SO_LINGER` 0: the client sees a TCP
    /// RST, not an orderly end): a peer that crashes before or in the middle of its answer.
    case reset(after: Data)

    /// A `.full` response whose body is `text` in UTF-8, with `Content-Type: text/plain; charset=utf-8`.
    package static func text(_ text: String, status: Int = 200) -> HTTPServerResponse {
        .full(status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], body: Data(text.utf8))
    }

    /// The reason phrase sent for `status`: the usual phrase for common codes, `Unknown` otherwise.
    package static func reasonPhrase(for status: Int) -> String {
        switch status {
        case 100: "Continue"
        case 101: "Switching Protocols"
        case 200: "OK"
        case 201: "Created"
        case 202: "Accepted"
        case 203: "Non-Authoritative Information"
        case 204: "No Content"
        case 206: "Partial Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 304: "Not Modified"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 406: "Not Acceptable"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 410: "Gone"
        case 411: "Length Required"
        case 412: "Precondition Failed"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 415: "Unsupported Media Type"
        case 416: "Range Not Satisfiable"
        case 417: "Expectation Failed"
        case 418: "I'm a teapot"
        case 421: "Misdirected Request"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        case 505: "HTTP Version Not Supported"
        default: "Unknown"
        }
    }

    /// The header fields this case writes in a head of its own, or nil (`.delayed` is judged when
    /// its answer is written; `.raw` and `.reset` are bytes, written as they are on purpose).
    var headFields: HTTPHeaders? {
        switch self {
        case .full(_, let headers, _), .chunked(_, let headers, _, _), .closeMidBody(_, let headers, _, _):
            headers
        case .delayed, .hang, .raw, .reset:
            nil
        }
    }

    /// Whether a response with `status` has no body by definition (1xx, 204, 304).
    package static func statusForbidsBody(_ status: Int) -> Bool {
        (100..<200).contains(status) || status == 204 || status == 304
    }

    /// The bytes of a response head: status line, header fields in order, blank line.
    package static func encodeHead(status: Int, headers: HTTPHeaders) -> Data {
        var text = "HTTP/1.1 \(status) \(reasonPhrase(for: status))\r\n"
        for field in headers {
            text += "\(field.name): \(field.value)\r\n"
        }
        text += "\r\n"
        return Data(text.utf8)
    }
}

/// Writes responses to one connection's socket; used by the connection's thread only.
struct HTTPResponseWriter {
    /// What to do with a connection after a response.
    enum Disposition {
        /// Read the next request.
        case keepOpen
        /// Close politely: end our side, drain what the client still sends, then close.
        case close
        /// Close at once (the server is stopping, the client left, or a write failed).
        case abort
    }

    /// The connection's socket.
    let fd: Int32
    /// Whether the server is stopping.
    let isStopping: () -> Bool
    /// Waits for a duration unless the server stops first; returns true if it stopped.
    let waitForStop: (Duration) -> Bool

    /// Answers a request the parser rejected with `status` and a plain-text `reason`, then closes.
    func reject(status: Int, reason: String) -> Disposition {
        let headers: HTTPHeaders = ["Content-Type": "text/plain; charset=utf-8", "Connection": "close"]
        let response = HTTPServerResponse.full(status: status, headers: headers, body: Data("\(reason)\n".utf8))
        let request = HTTPServerRequest(method: "GET", target: "/", headers: ["Connection": "close"])
        return write(response, for: request) == .abort ? .abort : .close
    }

    /// Writes `response` to `request`; returns what to do with the connection next.
    ///
    /// A head whose fields cannot be written (``HTTPHeaders/firstInvalidField``: a line break, NUL
    /// or other control character in a value, a name that is not a token) is never written, whoever
    /// built it — a recorded `1\r\nSet-Cookie: …` would otherwise arrive as a header of its own; the
    /// client gets a 500 that says which field instead.
    func write(_ response: HTTPServerResponse, for request: HTTPServerRequest) -> Disposition {
        if let headers = response.headFields, let (index, problem) = headers.firstInvalidField {
            return write(
                Self.unwritable(headers.fields[index].name, position: index + 1, problem: problem), for: request)
        }
        let sendsBody = request.method != "HEAD"
        switch response {
        case .full(let status, var headers, let body):
            let close = !request.wantsKeepAlive || Self.listsClose(headers)
            let bodyAllowed = !HTTPServerResponse.statusForbidsBody(status)
            if bodyAllowed, headers["Content-Length"] == nil {
                headers.add(name: "Content-Length", value: "\(body.count)")
            }
            headers.replaceOrAdd(name: "Connection", value: close ? "close" : "keep-alive")
            var bytes = HTTPServerResponse.encodeHead(status: status, headers: headers)
            if bodyAllowed, sendsBody { bytes.append(body) }
            guard sendAll(bytes) else { return .abort }
            return close ? .close : .keepOpen
        case .chunked(let status, let headers, let chunks, let delay):
            return writeChunked(status: status, headers: headers, chunks: chunks, delay: delay, for: request)
        case .closeMidBody(let status, var headers, let declaredLength, let sent):
            headers.replaceOrAdd(name: "Content-Length", value: "\(declaredLength)")
            headers.replaceOrAdd(name: "Connection", value: request.wantsKeepAlive ? "keep-alive" : "close")
            var bytes = HTTPServerResponse.encodeHead(status: status, headers: headers)
            bytes.append(sent)
            return sendAll(bytes) ? .close : .abort
        case .delayed(let duration, let then):
            return waitForStop(duration) ? .abort : write(then, for: request)
        case .hang:
            hold()
            return .abort
        case .raw(let bytes, let close):
            guard sendAll(bytes) else { return .abort }
            return close ? .close : .keepOpen
        case .reset(let bytes):
            _ = sendAll(bytes)
            var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
            setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
            return .abort
        }
    }

    /// The 500 sent instead of a response whose header field at `position` (from 1) cannot be written.
    private static func unwritable(_ name: String, position: Int, problem: String) -> HTTPServerResponse {
        let named = HTTPHeaders.isValidName(name) ? " (\(name))" : ""
        return .text(
            "the loopback server refused to write this response: its header field \(position)\(named) "
                + "cannot be written: \(problem)\n",
            status: 500)
    }

    /// Writes a chunked response (unframed, then closing, to an HTTP/1.0 client).
    private func writeChunked(
        status: Int, headers: HTTPHeaders, chunks: [Data], delay: Duration, for request: HTTPServerRequest
    ) -> Disposition {
        let framed = request.httpVersion != "1.0"
        let close = !framed || !request.wantsKeepAlive || Self.listsClose(headers)
        var headers = headers
        headers.remove(name: "Content-Length")
        headers.remove(name: "Transfer-Encoding")
        if framed { headers.add(name: "Transfer-Encoding", value: "chunked") }
        headers.replaceOrAdd(name: "Connection", value: close ? "close" : "keep-alive")
        guard sendAll(HTTPServerResponse.encodeHead(status: status, headers: headers)) else { return .abort }
        guard request.method != "HEAD", !HTTPServerResponse.statusForbidsBody(status) else {
            return close ? .close : .keepOpen
        }
        for (position, chunk) in chunks.filter({ !$0.isEmpty }).enumerated() {
            if position > 0, delay > .zero, waitForStop(delay) { return .abort }
            var bytes = framed ? Data("\(String(chunk.count, radix: 16))\r\n".utf8) : Data()
            bytes.append(chunk)
            if framed { bytes.append(Data("\r\n".utf8)) }
            guard sendAll(bytes) else { return .abort }
        }
        if framed, !sendAll(Data("0\r\n\r\n".utf8)) { return .abort }
        return close ? .close : .keepOpen
    }

    /// Holds the connection without answering until the client closes it or the server stops;
    /// discards whatever the client sends meanwhile.
    private func hold() {
        var scratch = [UInt8](repeating: 0, count: 4096)
        while !isStopping() {
            var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let polled = poll(&ready, 1, 250)
            if polled < 0, errno != EINTR { return }
            if polled > 0, recv(fd, &scratch, scratch.count, 0) <= 0 { return }
        }
    }

    /// Writes all of `bytes` (never raising `SIGPIPE`); false if a write failed.
    func sendAll(_ bytes: Data) -> Bool {
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return true }
            var offset = 0
            while offset < raw.count {
                let count = send(fd, base + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if count < 0, errno == EINTR { continue }
                if count <= 0 { return false }
                offset += count
            }
            return true
        }
    }

    /// Ends our side of the connection, then reads and discards what the client still sends (at most
    /// 1 MiB, for at most 1 s), so that closing does not reset a connection before the client has
    /// read the response.
    func endAndDrain() {
        shutdown(fd, Int32(SHUT_WR))
        let deadline = MonotonicCondition.Deadline(after: .seconds(1))
        var scratch = [UInt8](repeating: 0, count: 16 * 1024)
        var drained = 0
        while drained < 1 << 20 {
            let remaining = Int32(deadline.remaining / .milliseconds(1))
            var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard remaining > 0, poll(&ready, 1, remaining) > 0 else { return }
            let count = recv(fd, &scratch, scratch.count, 0)
            if count <= 0 { return }
            drained += count
        }
    }

    /// Whether response headers ask to close the connection.
    private static func listsClose(_ headers: HTTPHeaders) -> Bool {
        headers.values(for: "Connection").contains { value in
            value.split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces).lowercased() == "close" }
        }
    }
}
