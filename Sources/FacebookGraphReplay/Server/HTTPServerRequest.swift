// One request as the loopback server hands it to a handler.
//
// The server parses the wire bytes (see `HTTPRequestParser.swift`) and builds this value; the
// request-target is split here into a percent-decoded path and decoded query items, so that a
// handler never has to decode anything itself.

import FacebookGraph
import Foundation

/// A parsed HTTP/1.x request received by ``LoopbackHTTPServer``.
package struct HTTPServerRequest: Sendable {
    /// The request method exactly as sent, e.g. `GET`.
    package var method: String
    /// The raw request-target, e.g. `/get?a=1`.
    package var target: String
    /// The percent-decoded path without the query, e.g. `/get` (`+` is kept as is).
    package var path: String
    /// The decoded query items (`+` becomes a space, `%XX` is decoded), in the order sent.
    package var queryItems: [(name: String, value: String)]
    /// The protocol version from the request line, e.g. `1.1` or `1.0`.
    package var httpVersion: String
    /// The header fields in the order sent (trailers of a chunked body are not included).
    package var headers: HTTPHeaders
    /// The body, with any chunked transfer coding removed.
    package var body: Data
    /// The number of the connection the request came on: 1 for the first connection accepted.
    package var connectionID: Int
    /// The position of the request on its connection: 1 for the first request.
    package var requestIndexOnConnection: Int

    /// Builds a request, deriving ``path`` and ``queryItems`` from `target`.
    ///
    /// - Parameters:
    ///   - method: The request method.
    ///   - target: The raw request-target (origin form `/p?q`, absolute form `http://h/p?q`, or `*`).
    ///   - httpVersion: The protocol version, e.g. `1.1`.
    ///   - headers: The header fields.
    ///   - body: The decoded body.
    ///   - connectionID: The number of the connection.
    ///   - requestIndexOnConnection: The position of the request on its connection.
    package init(
        method: String,
        target: String,
        httpVersion: String = "1.1",
        headers: HTTPHeaders = [:],
        body: Data = Data(),
        connectionID: Int = 1,
        requestIndexOnConnection: Int = 1
    ) {
        self.method = method
        self.target = target
        let (rawPath, rawQuery) = Self.split(target: target)
        self.path = Self.percentDecoded(rawPath, plusIsSpace: false)
        self.queryItems = rawQuery.map(Self.decodeQuery) ?? []
        self.httpVersion = httpVersion
        self.headers = headers
        self.body = body
        self.connectionID = connectionID
        self.requestIndexOnConnection = requestIndexOnConnection
    }

    /// The value of the first query item called `name` (exact case), or nil.
    package func queryValue(_ name: String) -> String? {
        queryItems.first { $0.name == name }?.value
    }

    /// Whether the client asked to keep the connection open after this request: HTTP/1.1 unless
    /// `Connection` lists `close`; HTTP/1.0 only if `Connection` lists `keep-alive`.
    package var wantsKeepAlive: Bool {
        let tokens = headers.values(for: "Connection")
            .flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        if tokens.contains("close") { return false }
        if httpVersion == "1.0" { return tokens.contains("keep-alive") }
        return true
    }

    /// Splits a request-target into its path and its query (without `?`), dropping any fragment and
    /// the scheme and authority of an absolute-form target.
    private static func split(target: String) -> (path: Substring, query: Substring?) {
        var rest = Substring(target)
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        let lowered = rest.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://"), let separator = rest.range(of: "://") {
            let afterScheme = rest[separator.upperBound...]
            if let slash = afterScheme.firstIndex(where: { $0 == "/" || $0 == "?" }) {
                rest = afterScheme[slash...]
            } else {
                rest = "/"
            }
        }
        guard let question = rest.firstIndex(of: "?") else { return (rest, nil) }
        return (rest[..<question], rest[rest.index(after: question)...])
    }

    /// Decodes `a=1&b=x+y` into items; an item without `=` gets an empty value, empty items are skipped.
    private static func decodeQuery(_ query: Substring) -> [(name: String, value: String)] {
        query.split(separator: "&", omittingEmptySubsequences: true).map { item in
            guard let equals = item.firstIndex(of: "=") else {
                return (percentDecoded(item, plusIsSpace: true), "")
            }
            return (
                percentDecoded(item[..<equals], plusIsSpace: true),
                percentDecoded(item[item.index(after: equals)...], plusIsSpace: true)
            )
        }
    }

    /// Decodes `%XX` escapes (and `+` when asked); a malformed escape is kept literally and bytes
    /// that are not UTF-8 become U+FFFD.
    package static func percentDecoded(_ text: Substring, plusIsSpace: Bool) -> String {
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count,
                let high = ASCIIHex.value(bytes[index + 1]), let low = ASCIIHex.value(bytes[index + 2])
            {
                output.append(high << 4 | low)
                index += 3
                continue
            }
            output.append(plusIsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

}
