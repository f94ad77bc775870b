import Foundation

/// One operation of a Graph batch (graph-wire-facts §A.0.2): a request, and how it relates to the
/// others.
public struct GraphBatchOperation: Sendable {
    /// The request: its method, path, parameters, attached files and (when it differs from the
    /// batch's) its own token.
    public var request: GraphRequest
    /// A name later operations can depend on and refer to (`{result=name:$.data.*.id}`).
    public var name: String?
    /// The name of an earlier operation this one waits for.
    public var dependsOn: String?
    /// Whether the server leaves this operation's response out when it succeeds (`null` in the
    /// results). The server's default omits depended-on responses.
    public var omitResponseOnSuccess: Bool?

    /// An operation of `request`.
    public init(
        _ request: GraphRequest,
        name: String? = nil,
        dependsOn: String? = nil,
        omitResponseOnSuccess: Bool? = nil
    ) {
        self.request = request
        self.name = name
        self.dependsOn = dependsOn
        self.omitResponseOnSuccess = omitResponseOnSuccess
    }
}

/// What one batch operation gave.
public enum GraphBatchResult: Sendable {
    /// The operation succeeded.
    case success(GraphResponse)
    /// The operation failed; the error is classified like any other.
    case failure(GraphError)
    /// The server sent `null`: the response was omitted (a depended-on operation), the operation
    /// timed out, or it was skipped because its dependency failed.
    case omitted
}

/// The results of a batch, in the order of its operations.
public struct GraphBatchResponse: Sendable {
    /// One result per operation, in order.
    public var results: [GraphBatchResult]
    /// What the client noticed while sending: a `{result=name:…}` reference that crosses a split
    /// into 50-operation requests, which the server cannot resolve.
    public var warnings: [String]
}

extension GraphClient {
    /// The most operations one batch request may carry (the server's limit).
    public static let maxBatchSize = 50

    /// Sends `operations` as Graph batches of at most 50, one after another, and returns every
    /// operation's result in order.
    ///
    /// - Throws: ``GraphError`` when a whole batch request fails — its token rejected, say: the
    ///   server then answers one error object for the batch instead of per-operation results.
    public func batch(_ operations: [GraphBatchOperation]) async throws(GraphError) -> GraphBatchResponse {
        var results: [GraphBatchResult] = []
        let chunks = stride(from: 0, to: operations.count, by: Self.maxBatchSize).map {
            Array(operations[$0..<min($0 + Self.maxBatchSize, operations.count)])
        }
        let warnings = Self.crossChunkReferences(chunks)
        for chunk in chunks {
            let request = try batchRequest(chunk)
            let response = try await send(request)
            results += try Self.results(of: response, count: chunk.count)
        }
        return GraphBatchResponse(results: results, warnings: warnings)
    }

    /// The `POST /` request of one batch: `batch=[…]`, and every attached file as a part named
    /// `file<N>` listed in its operation's `attached_files`.
    package func batchRequest(_ operations: [GraphBatchOperation]) throws(GraphError) -> GraphRequest {
        let batchToken = configuration.defaultToken
        var items: [[String: Any]] = []
        var files: [GraphAttachment] = []
        let now = Int(Date().timeIntervalSince1970)
        for operation in operations {
            let request = operation.request
            var item = try request.batchItem(configuration: configuration, batchToken: batchToken, now: now)
            if let name = operation.name { item["name"] = name }
            if let dependsOn = operation.dependsOn { item["depends_on"] = dependsOn }
            if let omit = operation.omitResponseOnSuccess { item["omit_response_on_success"] = omit }
            if !request.attachments.isEmpty {
                var names: [String] = []
                for attachment in request.attachments {
                    let name = "file\(files.count)"
                    names.append(name)
                    files.append(
                        GraphAttachment(
                            name: name, filename: attachment.filename, contentType: attachment.contentType,
                            data: attachment.data))
                }
                item["attached_files"] = names.joined(separator: ",")
            }
            items.append(item)
        }
        let json: Data
        do {
            json = try JSONSerialization.data(withJSONObject: items, options: [.sortedKeys, .withoutEscapingSlashes])
        } catch {
            throw GraphError(decoding: "cannot encode the batch: \(error)", status: 0, body: Data())
        }
        return GraphRequest(
            endpoint: .graph(""),
            method: .post,
            parameters: [(name: "batch", value: String(decoding: json, as: UTF8.self))],
            attachments: files
        )
    }

    /// The per-operation results of a batch response holding `count` items (the legacy
    /// `FBRequestConnection` sends its batch with ``batchRequest(_:)`` and ``execute(_:completion:)`` and
    /// reads it here).
    package static func results(of response: GraphResponse, count: Int) throws(GraphError) -> [GraphBatchResult] {
        guard let array = (try? GraphJSON.parse(response.body)) as? [Any] else {
            throw GraphError(
                decoding: "a batch response must be a JSON array", status: response.status, body: response.body)
        }
        guard array.count == count else {
            throw GraphError(
                decoding: "the batch sent \(count) operations but the response has \(array.count) results",
                status: response.status, body: response.body)
        }
        return array.map { element -> GraphBatchResult in
            guard let item = element as? [String: Any] else { return .omitted }
            let status = GraphError.integer(item["code"]) ?? 0
            var headers = HTTPHeaders()
            for header in item["headers"] as? [[String: Any]] ?? [] {
                if let name = header["name"] as? String, let value = header["value"] as? String {
                    headers.add(name: name, value: value)
                }
            }
            let body = Data((item["body"] as? String ?? "").utf8)
            if let error = GraphError.parse(status: status, headers: headers, body: body) {
                return .failure(error)
            }
            return .success(GraphResponse(status: status, headers: headers, body: body))
        }
    }

    /// A warning for each `{result=name:` reference to an operation in an earlier chunk.
    static func crossChunkReferences(_ chunks: [[GraphBatchOperation]]) -> [String] {
        var warnings: [String] = []
        var earlier: Set<String> = []
        for (index, chunk) in chunks.enumerated() {
            let here = Set(chunk.compactMap(\.name))
            for operation in chunk {
                let text =
                    operation.request.parameters.map(\.value).joined(separator: " ") + " "
                    + { if case .graph(let path) = operation.request.endpoint { return path } else { return "" } }()
                let crossing = earlier.subtracting(here)
                if let dependsOn = operation.dependsOn, crossing.contains(dependsOn) {
                    warnings.append(
                        "batch request \(index + 1) depends on \"\(dependsOn)\" from an earlier batch request; "
                            + "the server cannot see it (keep dependent operations within \(maxBatchSize))")
                }
                for name in crossing where text.contains("{result=\(name):") {
                    warnings.append(
                        "batch request \(index + 1) refers to {result=\(name):…} from an earlier batch request; "
                            + "the server cannot resolve it (keep dependent operations within \(maxBatchSize))")
                }
            }
            earlier.formUnion(here)
        }
        return warnings
    }
}
