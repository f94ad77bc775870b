import FacebookGraph
import FacebookGraphReplay
import FacebookGraphCorpusSupport
import FacebookGraphTestSupport
import Foundation
import Testing

/// Batches: the request's shape, the split at 50, and every result shape of the facebook4j corpus.
@Suite("GraphClient.batch")
struct GraphBatchTests {
    typealias Server = GraphClientTests.Server

    static func batchItems(_ request: HTTPServerRequest) -> [[String: Any]] {
        let form = FormEncoding.decode(String(decoding: request.body, as: UTF8.self))
        guard let batch = form.first(where: { $0.name == "batch" })?.value,
            let items = try? JSONSerialization.jsonObject(with: Data(batch.utf8)) as? [[String: Any]]
        else { return [] }
        return items
    }

    @Test("Operations become batch items with name, depends_on, omit_response_on_success and bodies")
    func requestShape() async throws {
        let server = try Server { _, _ in
            GraphClientTests.json(#"[{"code":200,"body":"{\"id\":\"1\"}"},null]"#)
        }
        let client = server.client()
        var other = GraphRequest(path: "me/feed", method: .post, parameters: ["message": "Hi & bye"])
        other.accessToken = "PAGE-TOKEN"
        let response = try await client.batch([
            GraphBatchOperation(
                GraphRequest(path: "me/friends", parameters: ["limit": "5"]), name: "friends",
                omitResponseOnSuccess: false),
            GraphBatchOperation(other, dependsOn: "friends"),
        ])
        #expect(response.results.count == 2)
        guard case .success(let first) = response.results[0], case .omitted = response.results[1] else {
            Issue.record("expected a success and an omitted item: \(response.results)")
            return
        }
        #expect(String(decoding: first.body, as: UTF8.self) == #"{"id":"1"}"#)
        let request = try #require(server.requests.first)
        #expect(request.method == "POST")
        #expect(request.path == "/")
        let items = Self.batchItems(request)
        #expect(items.count == 2)
        #expect(items[0]["relative_url"] as? String == "me/friends?limit=5")
        #expect(items[0]["name"] as? String == "friends")
        #expect(items[0]["omit_response_on_success"] as? Bool == false)
        #expect(items[1]["method"] as? String == "POST")
        #expect(items[1]["depends_on"] as? String == "friends")
        #expect(items[1]["body"] as? String == "message=Hi%20%26%20bye&access_token=PAGE-TOKEN")
        let form = FormEncoding.decode(String(decoding: request.body, as: UTF8.self))
        #expect(form.first { $0.name == "access_token" }?.value == "TOKEN", "the batch's own token")
    }

    @Test("Attached files travel as parts named file<N> and are listed in attached_files")
    func attachedFiles() async throws {
        let server = try Server { _, _ in GraphClientTests.json(#"[{"code":200,"body":"{\"id\":\"9\"}"}]"#) }
        let photo = GraphAttachment(name: "source", filename: "p.png", contentType: "image/png", data: Data([1, 2, 3]))
        _ = try await server.client().batch([
            GraphBatchOperation(GraphRequest(path: "me/photos", method: .post, attachments: [photo]))
        ])
        let request = try #require(server.requests.first)
        let boundary = MultipartBody.boundary(fromContentType: request.headers["Content-Type"] ?? "")
        let parts = try MultipartBody(parsing: request.body, boundary: boundary).parts
        #expect(parts.contains { $0.name == "file0" && $0.filename == "p.png" && $0.body == Data([1, 2, 3]) })
        let batch = try #require(parts.first { $0.name == "batch" })
        #expect(String(decoding: batch.body, as: UTF8.self).contains(#""attached_files":"file0""#))
    }

    @Test("More than 50 operations are split; a reference across the split is warned about")
    func split() async throws {
        let server = try Server { _, request in
            let count = Self.batchItems(request).count
            let items = Array(repeating: #"{"code":200,"body":"true"}"#, count: count).joined(separator: ",")
            return GraphClientTests.json("[\(items)]")
        }
        var operations = (0..<120).map { GraphBatchOperation(GraphRequest(path: "\($0)"), name: "op\($0)") }
        operations[60] = GraphBatchOperation(GraphRequest(path: "?ids={result=op3:$.id}"))
        let response = try await server.client().batch(operations)
        #expect(response.results.count == 120)
        #expect(server.requests.map { Self.batchItems($0).count } == [50, 50, 20])
        #expect(response.warnings.count == 1)
        #expect(response.warnings.first?.contains("{result=op3:") == true)
    }

    @Test("A rejected batch token fails the whole batch as one classified error")
    func wholeBatchAuthFailure() async throws {
        let server = try Server { _, _ in
            GraphClientTests.json(
                #"{"error":{"message":"Invalid OAuth access token.","type":"OAuthException","code":190}}"#, status: 400)
        }
        await #expect {
            _ = try await server.client().batch([GraphBatchOperation(GraphRequest(path: "me"))])
        } throws: { ($0 as? GraphError)?.category == .tokenInvalid }
    }

    @Test(
        "Every facebook4j batch response is read: successes, errors and null items told apart",
        SharedCorpus.needed("facebook4j/batch")
    )
    func batchCorpus() async throws {
        let folder = try SharedCorpus.url("facebook4j/batch")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
            .sorted()
        try #require(files.count >= 10, "facebook4j/batch holds \(files.count) files")
        for file in files {
            let data = try Data(contentsOf: folder.appendingPathComponent(file))
            let array = try #require(try JSONSerialization.jsonObject(with: data) as? [Any], "\(file)")
            let server = try Server { _, _ in
                .full(status: 200, headers: ["Content-Type": "text/javascript"], body: data)
            }
            let operations = array.indices.map { GraphBatchOperation(GraphRequest(path: "op\($0)")) }
            let response = try await server.client().batch(operations)
            #expect(response.results.count == array.count, "\(file)")
            for (index, element) in array.enumerated() {
                let result = response.results[index]
                guard let item = element as? [String: Any] else {
                    guard case .omitted = result else {
                        Issue.record("\(file)[\(index)]: null must be .omitted")
                        continue
                    }
                    continue
                }
                let code = item["code"] as? Int ?? 0
                let body = item["body"] as? String ?? ""
                let hasError = body.contains("\"error\"")
                switch result {
                case .success(let response):
                    #expect(!hasError && (200..<300).contains(code), "\(file)[\(index)]")
                    #expect(response.status == code)
                case .failure(let error):
                    #expect(hasError || !(200..<300).contains(code), "\(file)[\(index)]")
                    if file == "error.json" {
                        #expect(error.category == .tokenInvalid, "an OAuthException item")
                        #expect(error.headerValue("WWW-Authenticate") == "OAuth")
                    }
                case .omitted:
                    Issue.record("\(file)[\(index)]: an object must not be .omitted")
                }
            }
        }
    }
}
