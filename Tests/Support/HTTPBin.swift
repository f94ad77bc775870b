// An httpbin-style test server on loopback.
//
// `HTTPBin` starts a ``LoopbackHTTPServer`` in `init` and answers a fixed route table, so tests (XCTest
// or Swift Testing) and the benchmark CLI get echoes, statuses, redirects, slow, hung, truncated,
// chunked, gzipped and large responses without any network access:
//
// | Route                                   | Answer                                                     |
// |-----------------------------------------|------------------------------------------------------------|
// | `/get` (any method)                     | JSON echo: method, path, args, headers, connection numbers |
// | `/post`, `/anything`, `/anything/…`     | the echo plus body, body_base64, body_length, content_type |
// | `/status/N` (200…599)                   | status N, body `{"status":N}` (none for 204 and 304)       |
// | `/redirect/N`                           | 302 to `/redirect/N-1`; `/redirect/0` goes to `/get`       |
// | `/redirect-to?url=U&status=S`           | status S (300…399, default 302) with `Location: U`         |
// | `/slow?ms=N`                            | waits N ms (default 2000), then the `/get` echo            |
// | `/hang`                                 | never answers                                              |
// | `/close-mid-body`                       | declares 1000 body bytes, sends 100, closes                |
// | `/chunked?chunks=N`                     | N (default 5) chunks of NDJSON, `{"chunk":i,"of":N}\n`     |
// | `/drip?bytes=N&chunks=K&ms=D`           | N `*` bytes (default 10) in K chunks (default 10), D ms    |
// |                                         | (default 100) apart                                        |
// | `/gzip`                                 | the echo plus `"gzipped":true`, `Content-Encoding: gzip`   |
// | `/large?bytes=N`                        | N bytes of `x` (default 1 MiB) with `Content-Length`       |
// | `/large-chunked?bytes=N`                | the same, chunked (64 KiB chunks)                          |
// | `/headers`                              | `{"headers":{…}}`                                          |
// | `/cookies/set?name=value…`              | a `Set-Cookie` per item, `{"cookies":{…}}`                 |
// | `/cookies`                              | the request's cookies, `{"cookies":{…}}`                   |
// | anything else                           | 404 `{"error":"not found"}`                                |
//
// JSON bodies are written with sorted keys and `Content-Type: application/json`. In the echoes,
// `args` maps a name to its value (to an array of values when the name repeats) and `headers` maps
// each name (as first spelled) to its values joined with `, `.

import FacebookGraph
import FacebookGraphReplay
import Foundation

/// An httpbin-style server on 127.0.0.1, started by `init` and stopped by ``stop()`` or `deinit`.
package final class HTTPBin: Sendable {
    /// The underlying server (for its counters and port).
    package let server: LoopbackHTTPServer

    /// Starts a server on a free loopback port.
    ///
    /// - Parameter extraRoutes: Handlers for exact paths (without query), tried before the table.
    /// - Throws: ``LoopbackHTTPServerError`` if the server cannot start.
    package init(extraRoutes: [String: LoopbackHTTPServer.Handler] = [:]) throws {
        server = try LoopbackHTTPServer { request in
            if let route = extraRoutes[request.path] { return route(request) }
            return HTTPBin.respond(to: request)
        }
    }

    /// Stops the server.
    deinit {
        server.stop()
    }

    /// `http://127.0.0.1:PORT`.
    package var baseURL: String { server.baseURL }

    /// The absolute URL of `pathAndQuery` (which starts with `/`) on this server.
    package func url(_ pathAndQuery: String) -> String {
        baseURL + pathAndQuery
    }

    /// Stops the server (idempotent).
    package func stop() {
        server.stop()
    }

    // MARK: Routes

    /// The route table: answers `request` as described at the top of this file.
    package static func respond(to request: HTTPServerRequest) -> HTTPServerResponse {
        let components = request.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        let first = components.first.map(String.init) ?? ""
        let argument = components.count == 2 ? String(components[components.startIndex + 1]) : nil
        switch (first, argument) {
        case ("get", nil):
            return json(echo(request))
        case ("post", nil), ("anything", _):
            return json(echo(request, includingBody: true))
        case ("status", let value?):
            guard let status = Int(value), (200...599).contains(status) else { return badRequest("bad status") }
            if HTTPServerResponse.statusForbidsBody(status) { return .full(status: status) }
            return json(["status": status], status: status)
        case ("redirect", let value?):
            guard let count = Int(value), count >= 0 else { return badRequest("bad redirect count") }
            let location = count == 0 ? "/get" : "/redirect/\(count - 1)"
            return .full(status: 302, headers: ["Location": location])
        case ("redirect-to", nil):
            guard let location = request.queryValue("url") else { return badRequest("missing url") }
            let status = request.queryValue("status").flatMap { Int($0) } ?? 302
            guard (300...399).contains(status) else { return badRequest("bad status") }
            return .full(status: status, headers: ["Location": location])
        case ("slow", nil):
            let milliseconds = max(0, integer("ms", in: request) ?? 2000)
            return .delayed(.milliseconds(milliseconds), then: json(echo(request)))
        case ("hang", nil):
            return .hang
        case ("close-mid-body", nil):
            let sent = Data(repeating: UInt8(ascii: "x"), count: 100)
            return .closeMidBody(status: 200, headers: ["Content-Type": "text/plain"], declaredLength: 1000, sent: sent)
        case ("chunked", nil):
            return chunkedLines(count: min(max(1, integer("chunks", in: request) ?? 5), 100_000))
        case ("drip", nil):
            return drip(request)
        case ("gzip", nil):
            var object = echo(request)
            object["gzipped"] = true
            let headers: HTTPHeaders = ["Content-Type": "application/json", "Content-Encoding": "gzip"]
            return .full(status: 200, headers: headers, body: Gzip.encode(jsonData(object)))
        case ("large", nil), ("large-chunked", nil):
            let count = min(max(0, integer("bytes", in: request) ?? 1 << 20), 1 << 30)
            let body = Data(repeating: UInt8(ascii: "x"), count: count)
            let headers: HTTPHeaders = ["Content-Type": "application/octet-stream"]
            guard first == "large-chunked" else { return .full(status: 200, headers: headers, body: body) }
            let chunks = stride(from: 0, to: count, by: 1 << 16).map { body[$0..<min(count, $0 + (1 << 16))] }
            return .chunked(status: 200, headers: headers, chunks: chunks)
        case ("headers", nil):
            return json(["headers": headerObject(request.headers)])
        case ("cookies", nil):
            return json(["cookies": cookies(request)])
        case ("cookies", "set"):
            var headers = HTTPHeaders()
            var set: [String: String] = [:]
            for item in request.queryItems {
                headers.add(name: "Set-Cookie", value: "\(item.name)=\(item.value); Path=/")
                set[item.name] = item.value
            }
            return json(["cookies": set], headers: headers)
        default:
            return json(["error": "not found"], status: 404)
        }
    }

    /// The echo of `/get`, plus the body fields of `/post` if asked.
    package static func echo(_ request: HTTPServerRequest, includingBody: Bool = false) -> [String: Any] {
        var args: [String: Any] = [:]
        for item in request.queryItems {
            switch args[item.name] {
            case nil: args[item.name] = item.value
            case let single as String: args[item.name] = [single, item.value]
            case let many as [String]: args[item.name] = many + [item.value]
            default: break
            }
        }
        var object: [String: Any] = [
            "method": request.method,
            "path": request.path,
            "args": args,
            "headers": headerObject(request.headers),
            "connection": request.connectionID,
            "request_on_connection": request.requestIndexOnConnection,
        ]
        if includingBody {
            let text = String(validating: request.body, as: UTF8.self)
            object["body"] = text.map { $0 as Any } ?? NSNull()
            object["body_base64"] = request.body.base64EncodedString()
            object["body_length"] = request.body.count
            object["content_type"] = request.headers["Content-Type"].map { $0 as Any } ?? NSNull()
        }
        return object
    }

    /// A `.full` response with `object` as sorted-keys JSON and `Content-Type: application/json`.
    package static func json(_ object: Any, status: Int = 200, headers: HTTPHeaders = [:]) -> HTTPServerResponse {
        var headers = headers
        headers.replaceOrAdd(name: "Content-Type", value: "application/json")
        return .full(status: status, headers: headers, body: jsonData(object))
    }

    /// `object` as sorted-keys JSON without escaped slashes (`{}` if it cannot be encoded).
    private static func jsonData(_ object: Any) -> Data {
        guard JSONSerialization.isValidJSONObject(object) else { return Data("{}".utf8) }
        let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        return data ?? Data("{}".utf8)
    }

    /// Header fields as a JSON object: values of repeated names joined with `, `.
    private static func headerObject(_ headers: HTTPHeaders) -> [String: String] {
        var object: [String: String] = [:]
        var spelling: [String: String] = [:]
        for field in headers {
            let key = spelling[field.name.lowercased(), default: field.name]
            spelling[field.name.lowercased()] = key
            object[key] = object[key].map { "\($0), \(field.value)" } ?? field.value
        }
        return object
    }

    /// The cookies of the request's `Cookie` headers.
    private static func cookies(_ request: HTTPServerRequest) -> [String: String] {
        var cookies: [String: String] = [:]
        for pair in request.headers.values(for: "Cookie").flatMap({ $0.split(separator: ";") }) {
            let parts = pair.split(separator: "=", maxSplits: 1)
            let name = parts[0].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { continue }
            cookies[name] = parts.count == 2 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
        }
        return cookies
    }

    /// `/chunked`: `count` NDJSON lines, one per chunk.
    private static func chunkedLines(count: Int) -> HTTPServerResponse {
        let chunks = (0..<count).map { Data("{\"chunk\":\($0),\"of\":\(count)}\n".utf8) }
        return .chunked(status: 200, headers: ["Content-Type": "application/x-ndjson"], chunks: chunks)
    }

    /// `/drip`: `bytes` stars split as evenly as possible into `chunks` chunks, `ms` apart.
    private static func drip(_ request: HTTPServerRequest) -> HTTPServerResponse {
        let bytes = min(max(0, integer("bytes", in: request) ?? 10), 1 << 30)
        let chunkCount = min(max(1, integer("chunks", in: request) ?? 10), max(1, bytes))
        let milliseconds = max(0, integer("ms", in: request) ?? 100)
        let chunks = (0..<chunkCount).map { index in
            let size = bytes / chunkCount + (index < bytes % chunkCount ? 1 : 0)
            return Data(repeating: UInt8(ascii: "*"), count: size)
        }
        let headers: HTTPHeaders = ["Content-Type": "application/octet-stream"]
        return .chunked(status: 200, headers: headers, chunks: chunks, delay: .milliseconds(milliseconds))
    }

    /// A 400 response with `{"error": message}`.
    private static func badRequest(_ message: String) -> HTTPServerResponse {
        json(["error": message], status: 400)
    }

    /// The query item `name` as an integer, or nil.
    private static func integer(_ name: String, in request: HTTPServerRequest) -> Int? {
        request.queryValue(name).flatMap { Int($0) }
    }
}
