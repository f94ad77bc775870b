// Reads HTTP/1.x requests off one connection.
//
// The parser pulls bytes through a `receive` closure (a blocking `recv(2)` for the server, an array
// in tests), so it never touches a socket itself. It is strict where leniency lets requests be
// smuggled (bare CR, folded header lines, `Content-Length` together with `Transfer-Encoding`,
// conflicting lengths) and answers with the status the server must send before closing: 400 for a
// malformed head, 431 for a head over ``HTTPRequestParser/maxHeadBytes``, 413 for a body over
// the parser's `maxBodyBytes` (the server's `Limits`). Any input ends in one of the three outcomes;
// none traps.

import FacebookGraph
import Foundation

/// A pull parser of HTTP/1.x requests on one connection; owned by one thread, not thread-safe.
package final class HTTPRequestParser {
    /// The largest request head accepted, blank line included (a chunked body's trailers too).
    package static let maxHeadBytes = 64 * 1024
    /// The largest request body accepted by default, after removing the chunked coding.
    package static let maxBodyBytes = LoopbackHTTPServer.Limits().maxBodyBytes
    /// The largest request body this parser accepts, after removing the chunked coding.
    private let maxBodyBytes: Int
    /// The longest chunk-size line of a chunked body accepted.
    private static let maxChunkLineBytes = 4 * 1024
    /// How many bytes one `receive` call asks for.
    private static let receiveSize = 64 * 1024

    /// The result of reading one request.
    package enum Outcome: Sendable {
        /// A complete request.
        case request(HTTPServerRequest)
        /// The peer closed the connection or a read failed (before or in the middle of a request).
        case closed
        /// The request is unacceptable: answer with `status` and close the connection.
        case rejected(status: Int, reason: String)
    }

    /// The result of reading one line.
    private enum Line {
        /// A line without its terminator, and the bytes consumed (terminator included).
        case line([UInt8], consumed: Int)
        /// The line would exceed the limit.
        case tooLong
        /// The input ended first.
        case end
    }

    /// Fills a buffer with up to its count bytes; returns how many, 0 at end of input, < 0 on error.
    private let receive: (UnsafeMutableRawBufferPointer) -> Int
    /// Received bytes not yet consumed start at `start`.
    private var buffer: [UInt8] = []
    /// The index of the first unconsumed byte in `buffer`.
    private var start = 0
    /// The index up to which `buffer` has been searched for a line feed without finding one.
    private var scanned = 0
    /// Where `receive` writes before the bytes are appended to `buffer`.
    private var scratch = [UInt8](repeating: 0, count: HTTPRequestParser.receiveSize)

    /// Creates a parser that pulls bytes with `receive`.
    ///
    /// - Parameters:
    ///   - receive: Fills the buffer it is given with up to its count bytes and returns how many it
    ///     wrote, 0 at end of input, or a negative number on error (a receive timeout). It may block.
    ///   - maxBodyBytes: The largest body accepted; a larger one is rejected with 413.
    package init(
        maxBodyBytes: Int = HTTPRequestParser.maxBodyBytes,
        receive: @escaping (UnsafeMutableRawBufferPointer) -> Int
    ) {
        self.maxBodyBytes = maxBodyBytes
        self.receive = receive
    }

    /// Creates a parser over a fixed byte string (for tests): the input ends after `bytes`.
    package convenience init(bytes: [UInt8]) {
        var offset = 0
        self.init { destination in
            let count = min(destination.count, bytes.count - offset)
            destination.copyBytes(from: bytes[offset..<(offset + count)])
            offset += count
            return count
        }
    }

    /// Reads the next request.
    ///
    /// - Parameters:
    ///   - connectionID: Stored in the request.
    ///   - index: The position of the request on its connection, stored in the request.
    ///   - sendContinue: Called before the body is read when an HTTP/1.1 request with a body asks
    ///     for `Expect: 100-continue`; it writes the interim response and returns false if it failed.
    package func readRequest(connectionID: Int, index: Int, sendContinue: () -> Bool) -> Outcome {
        var headBytes = 0
        var requestLine: [UInt8] = []
        // A server should ignore empty lines before the request line (RFC 9112, 2.2).
        while requestLine.isEmpty {
            switch readLine(limit: Self.maxHeadBytes - headBytes) {
            case .end: return .closed
            case .tooLong: return .rejected(status: 431, reason: "request head too large")
            case .line(let line, let consumed):
                headBytes += consumed
                requestLine = line
            }
        }
        guard let (method, target, version) = Self.parseRequestLine(requestLine) else {
            return .rejected(status: 400, reason: "malformed request line")
        }
        guard version.hasPrefix("1.") else {
            return .rejected(status: 505, reason: "unsupported HTTP version")
        }
        var headers = HTTPHeaders()
        switch readFields(into: &headers, headBytes: headBytes) {
        case .some(let failure): return failure
        case .none: break
        }
        let body: Data
        switch readBody(headers: headers, version: version, sendContinue: sendContinue) {
        case .success(let data): body = data
        case .failure(let failure): return failure.outcome
        }
        let request = HTTPServerRequest(
            method: method, target: target, httpVersion: version, headers: headers, body: body,
            connectionID: connectionID, requestIndexOnConnection: index
        )
        return .request(request)
    }

    /// An outcome carried through `Result`.
    private struct Failure: Error {
        /// The outcome to return.
        var outcome: Outcome
    }

    /// Reads header (or trailer) lines up to the blank line into `headers`; returns nil on success.
    private func readFields(into headers: inout HTTPHeaders, headBytes initial: Int) -> Outcome? {
        var headBytes = initial
        while true {
            switch readLine(limit: Self.maxHeadBytes - headBytes) {
            case .end: return .closed
            case .tooLong: return .rejected(status: 431, reason: "request head too large")
            case .line(let line, let consumed):
                headBytes += consumed
                if line.isEmpty { return nil }
                guard let field = Self.parseField(line) else {
                    return .rejected(status: 400, reason: "malformed header field")
                }
                headers.add(name: field.name, value: field.value)
            }
        }
    }

    /// Reads the body the headers announce, asking for `100 Continue` first if the client expects it.
    private func readBody(headers: HTTPHeaders, version: String, sendContinue: () -> Bool) -> Result<Data, Failure> {
        let codings = headers.values(for: "Transfer-Encoding")
            .flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        let lengths = headers.values(for: "Content-Length")
            .flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
            .map { $0.trimmingCharacters(in: .whitespaces) }
        let expectsContinue =
            version != "1.0"
            && headers.values(for: "Expect").contains { $0.lowercased() == "100-continue" }
        if !codings.isEmpty {
            guard lengths.isEmpty else {
                return .failure(Failure(outcome: .rejected(status: 400, reason: "both length and coding")))
            }
            guard codings == ["chunked"] else {
                return .failure(Failure(outcome: .rejected(status: 501, reason: "unsupported transfer coding")))
            }
            if expectsContinue, !sendContinue() { return .failure(Failure(outcome: .closed)) }
            return readChunkedBody()
        }
        guard let first = lengths.first else { return .success(Data()) }
        guard lengths.allSatisfy({ $0 == first }), !first.isEmpty,
            first.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else {
            return .failure(Failure(outcome: .rejected(status: 400, reason: "malformed Content-Length")))
        }
        guard let length = Int(first), length <= maxBodyBytes else {
            return .failure(Failure(outcome: .rejected(status: 413, reason: "request body too large")))
        }
        if length == 0 { return .success(Data()) }
        if expectsContinue, !sendContinue() { return .failure(Failure(outcome: .closed)) }
        var body = Data()
        guard readExactly(length, appendingTo: &body) else { return .failure(Failure(outcome: .closed)) }
        return .success(body)
    }

    /// Reads a chunked body and its trailers (which are discarded).
    private func readChunkedBody() -> Result<Data, Failure> {
        var body = Data()
        while true {
            let sizeLine: [UInt8]
            switch readLine(limit: Self.maxChunkLineBytes) {
            case .end: return .failure(Failure(outcome: .closed))
            case .tooLong: return .failure(Failure(outcome: .rejected(status: 400, reason: "chunk size line too long")))
            case .line(let line, _): sizeLine = line
            }
            let sizeEnd = sizeLine.firstIndex(of: UInt8(ascii: ";")) ?? sizeLine.endIndex
            let digits = String(decoding: sizeLine[..<sizeEnd], as: UTF8.self).trimmingCharacters(in: .whitespaces)
            guard !digits.isEmpty, digits.unicodeScalars.allSatisfy({ $0.properties.isASCIIHexDigit }) else {
                return .failure(Failure(outcome: .rejected(status: 400, reason: "malformed chunk size")))
            }
            guard let size = Int(digits, radix: 16), size <= maxBodyBytes - body.count else {
                return .failure(Failure(outcome: .rejected(status: 413, reason: "request body too large")))
            }
            if size == 0 { break }
            guard readExactly(size, appendingTo: &body) else { return .failure(Failure(outcome: .closed)) }
            switch readLine(limit: 2) {
            case .end: return .failure(Failure(outcome: .closed))
            case .line(let line, _) where line.isEmpty: continue
            case .line, .tooLong:
                return .failure(Failure(outcome: .rejected(status: 400, reason: "chunk not followed by CRLF")))
            }
        }
        var trailers = HTTPHeaders()
        if let failure = readFields(into: &trailers, headBytes: 0) { return .failure(Failure(outcome: failure)) }
        return .success(body)
    }

    // MARK: Buffering

    /// Receives more bytes into the buffer; false at end of input or on error.
    private func fill() -> Bool {
        if start > 0 {
            buffer.removeFirst(start)
            scanned = max(0, scanned - start)
            start = 0
        }
        let received = scratch.withUnsafeMutableBytes { receive($0) }
        guard received > 0 else { return false }
        buffer.append(contentsOf: scratch[0..<min(received, scratch.count)])
        return true
    }

    /// Reads one line ending in LF (an optional CR before it is dropped) of at most `limit` bytes,
    /// terminator included.
    private func readLine(limit: Int) -> Line {
        while true {
            let end = min(buffer.count, start + max(0, limit))
            if let lineFeed = buffer[min(max(start, scanned), end)..<end].firstIndex(of: UInt8(ascii: "\n")) {
                var line = Array(buffer[start..<lineFeed])
                if line.last == UInt8(ascii: "\r") { line.removeLast() }
                let consumed = lineFeed + 1 - start
                start = lineFeed + 1
                scanned = start
                return .line(line, consumed: consumed)
            }
            scanned = end
            if buffer.count - start >= limit { return .tooLong }
            guard fill() else { return .end }
        }
    }

    /// Moves exactly `count` bytes from the input to `body`; false if the input ended first.
    private func readExactly(_ count: Int, appendingTo body: inout Data) -> Bool {
        var remaining = count
        while remaining > 0 {
            if start == buffer.count, !fill() { return false }
            let take = min(remaining, buffer.count - start)
            body.append(contentsOf: buffer[start..<(start + take)])
            start += take
            scanned = start
            remaining -= take
        }
        return true
    }

    // MARK: Grammar

    /// Splits `METHOD SP target SP HTTP/d.d`; nil if anything is malformed. Returns the version as `d.d`.
    private static func parseRequestLine(_ line: [UInt8]) -> (String, String, String)? {
        let parts = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy(isTokenByte),
            !parts[1].isEmpty, parts[1].allSatisfy({ $0 > 0x20 && $0 != 0x7F })
        else { return nil }
        let version = Array(parts[2])
        guard version.count == 8, version.starts(with: Array("HTTP/".utf8)),
            isDigit(version[5]), version[6] == UInt8(ascii: "."), isDigit(version[7])
        else { return nil }
        return (
            String(decoding: parts[0], as: UTF8.self),
            String(decoding: parts[1], as: UTF8.self),
            String(decoding: version[5...], as: UTF8.self)
        )
    }

    /// Parses `name: value`; nil for a folded line, an empty or invalid name, or control bytes.
    private static func parseField(_ line: [UInt8]) -> (name: String, value: String)? {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > 0,
            line[..<colon].allSatisfy(isTokenByte)
        else { return nil }
        var value = line[(colon + 1)...]
        guard value.allSatisfy({ $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }) else { return nil }
        while let first = value.first, first == 0x20 || first == 0x09 { value.removeFirst() }
        while let last = value.last, last == 0x20 || last == 0x09 { value.removeLast() }
        return (String(decoding: line[..<colon], as: UTF8.self), String(decoding: value, as: UTF8.self))
    }

    /// Whether `byte` is a `tchar` of RFC 9110 (the characters of methods and field names).
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }

    /// Whether `byte` is an ASCII digit.
    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
