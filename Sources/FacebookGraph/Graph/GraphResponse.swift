import Foundation

/// A successful Graph or REST response: status, header fields, the raw body, and ways to read it —
/// as a JSON value or decoded into any `Decodable` type.
public struct GraphResponse: Sendable {
    /// The HTTP status (2xx).
    public let status: Int
    /// The raw body.
    public let body: Data
    /// The rate-limit headers, parsed.
    public let usage: GraphUsage
    /// How many times the request was sent (more than 1 after retries).
    public let attempts: Int
    package let headers: HTTPHeaders

    package init(status: Int, headers: HTTPHeaders, body: Data, attempts: Int = 1) {
        self.status = status
        self.headers = headers
        self.body = body
        self.usage = GraphUsage(headers: headers)
        self.attempts = attempts
    }

    /// The header fields, in order.
    public var headerFields: [(name: String, value: String)] {
        headers.fields.map { (name: $0.name, value: $0.value) }
    }

    /// The value of the header `name` (case-insensitive), if it was sent.
    public func headerValue(_ name: String) -> String? { headers[name] }

    /// The body parsed as JSON (objects, arrays and bare scalars such as `true` or `1240077`).
    ///
    /// - Throws: ``GraphError`` of category ``GraphErrorCategory/decoding`` when it is not JSON.
    public func jsonObject() throws(GraphError) -> Any {
        do {
            return try GraphJSON.parse(body)
        } catch {
            throw GraphError(decoding: "the body is not JSON", status: status, body: body)
        }
    }

    /// The body decoded as `type`, with `JSONDecoder`'s default behaviour (integers exact to 64 bits,
    /// the same `DecodingError`s and coding paths) read on the package's own JSON parser, several
    /// times faster than `JSONDecoder`. The body must be UTF-8 JSON (the Graph API's), nested at
    /// most 512 deep.
    ///
    /// - Parameter type: What to decode.
    /// - Throws: ``GraphError`` of category ``GraphErrorCategory/decoding``, naming the coding path
    ///   that failed.
    public func decode<T: Decodable>(_ type: T.Type) throws(GraphError) -> T {
        do {
            return try GraphJSONDecoder().decode(T.self, from: body)
        } catch {
            throw decodingError(error, as: T.self)
        }
    }

    /// The body decoded as `type` by `decoder`: for its strategies (dates, key conversion, data,
    /// non-conforming floats) or its `userInfo`.
    ///
    /// - Parameters:
    ///   - type: What to decode.
    ///   - decoder: The decoder.
    /// - Throws: ``GraphError`` of category ``GraphErrorCategory/decoding``, naming the coding path
    ///   that failed.
    public func decode<T: Decodable>(_ type: T.Type, decoder: JSONDecoder) throws(GraphError) -> T {
        do {
            return try decoder.decode(T.self, from: body)
        } catch {
            throw decodingError(error, as: T.self)
        }
    }

    private func decodingError<T>(_ error: any Error, as type: T.Type) -> GraphError {
        if let error = error as? DecodingError {
            return GraphError(decoding: Self.describe(error, as: T.self), status: status, body: body)
        }
        return GraphError(decoding: "cannot decode \(T.self): \(error)", status: status, body: body)
    }

    private static func describe<T>(_ error: DecodingError, as type: T.Type) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return keys.isEmpty ? "the body" : keys.joined(separator: ".")
        }
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "cannot decode \(type) at \(path(context)): \(context.debugDescription)"
        case .keyNotFound(let key, let context):
            return "cannot decode \(type): \(path(context)) has no \"\(key.stringValue)\""
        case .dataCorrupted(let context):
            return "cannot decode \(type) at \(path(context)): \(context.debugDescription)"
        @unknown default:
            return "cannot decode \(type)"
        }
    }
}
