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
        self.path = FormEncoding.unescape(rawPath, plusAsSpace: false, invalidUTF8: .replace)
        self.queryItems = rawQuery.map { FormEncoding.decode($0, invalidUTF8: .replace) } ?? []
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
}
