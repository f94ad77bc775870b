import FacebookGraph
import FacebookGraphCorpusSupport
import FacebookGraphTestSupport
import Foundation
import Testing

/// Every error shape of graph-wire-facts §A.0.4, and the category order.
@Suite("GraphError: every wire shape, and the category decision")
struct GraphErrorTests {
    static func parse(_ json: String, status: Int = 400, headers: HTTPHeaders = [:]) -> GraphError? {
        GraphError.parse(status: status, headers: headers, body: Data(json.utf8))
    }

    @Test("The canonical Graph error keeps every field")
    func canonical() throws {
        let error = try #require(
            Self.parse(
                #"{"error":{"message":"Expired","type":"OAuthException","code":190,"error_subcode":463,"error_user_title":"T","error_user_msg":"U","fbtrace_id":"Abc","is_transient":false}}"#
            ))
        #expect(error.code == 190)
        #expect(error.subcode == 463)
        #expect(error.type == "OAuthException")
        #expect(error.message == "Expired")
        #expect(error.userTitle == "T")
        #expect(error.userMessage == "U")
        #expect(error.fbtraceID == "Abc")
        #expect(error.isTransient == false)
        #expect(error.httpStatus == 400)
        #expect(error.category == .tokenExpired)
        #expect(error.description == "tokenExpired (code 190, subcode 463): Expired")
    }

    @Test(
        "Each shape is read, and classified in the documented order",
        arguments: [
            (
                #"{"error":{"type":"OAuthException","message":"(#341) Feed action request limit reached"}}"#, 341,
                GraphErrorCategory.throttled
            ),
            (#"{"error_code":104,"error_msg":"Requires valid signature"}"#, 104, .tokenInvalid),
            (#"{"error_code":190,"error_description":"Error validating access token."}"#, 190, .tokenInvalid),
            (#"{"error":"invalid_request","error_description":"bad"}"#, nil, .invalidRequest),
            (#"{"error_type":"OAuthException","code":400,"error_message":"bad code"}"#, 400, .tokenInvalid),
            (
                #"{"data":{"error":{"message":"expired","code":190,"subcode":463},"is_valid":false}}"#, 190,
                .tokenExpired
            ),
            (#"{"error":{"message":"x","type":"GraphMethodException","code":100}}"#, 100, .invalidRequest),
            (#"{"error":{"message":"x","code":200}}"#, 200, .permission),
            (#"{"error":{"message":"x","code":10}}"#, 10, .permission),
            (#"{"error":{"message":"x","code":2}}"#, 2, .transient),
            (#"{"error":{"message":"x","code":1}}"#, 1, .server),
            (#"{"error":{"message":"x","code":1,"is_transient":true}}"#, 1, .transient),
            (#"{"error":{"message":"x","code":80004}}"#, 80004, .throttled),
            (#"{"error":{"message":"x","code":613}}"#, 613, .throttled),
            (#"{"error":{"message":"x","code":190,"error_subcode":460}}"#, 190, .tokenInvalid),
            (#"{"error":{"message":"x","code":100,"error_subcode":463}}"#, 100, .tokenExpired),
            (#"{"error":{"message":"x","code":"17"}}"#, 17, .throttled),
            (#"{"error":{"message":"x","code":6000,"error_subcode":1363037}}"#, 6000, .transient),
            (#"{"error":{"message":"x","type":"Exception"}}"#, nil, .invalidRequest),
        ] as [(String, Int?, GraphErrorCategory)]
    )
    func shapes(json: String, code: Int?, category: GraphErrorCategory) throws {
        let error = try #require(Self.parse(json))
        #expect(error.code == code)
        #expect(error.category == category)
    }

    @Test("Success bodies are not errors; false, Service Unavailable and HTML 5xx are")
    func successesAndFailures() throws {
        #expect(Self.parse(#"{"id":"1"}"#, status: 200) == nil)
        #expect(Self.parse("true", status: 200) == nil)
        #expect(Self.parse("1240077", status: 200) == nil)
        #expect(Self.parse(#"{"data":{"is_valid":true,"app_id":1}}"#, status: 200) == nil)
        #expect(Self.parse("false", status: 200)?.category == .other)
        #expect(Self.parse("Service Unavailable", status: 200)?.category == .server)
        let html = try #require(Self.parse("<html><title>502 Bad Gateway</title></html>", status: 502))
        #expect(html.category == .server)
        #expect(html.message == "502 Bad Gateway")
        #expect(Self.parse("", status: 429)?.category == .throttled)
        #expect(Self.parse("", status: 404)?.category == .invalidRequest)
        #expect(Self.parse("not json", status: 401)?.category == .tokenInvalid)
    }

    @Test("The trace id and the wait hints come from the headers")
    func headers() throws {
        let headers: HTTPHeaders = [
            "x-fb-trace-id": "TRACE", "Retry-After": "7",
            "X-Business-Use-Case-Usage":
                #"{"123":[{"type":"pages","call_count":100,"estimated_time_to_regain_access":2}]}"#,
        ]
        let error = try #require(Self.parse(#"{"error":{"message":"x","code":80001}}"#, headers: headers))
        #expect(error.fbtraceID == "TRACE")
        #expect(error.retryAfter == .seconds(120))
    }

    @Test("A token in the message never reaches the description")
    func redaction() throws {
        let error = try #require(Self.parse(#"{"error":{"message":"bad access_token=EAAB1234secret","code":190}}"#))
        #expect(!error.description.contains("EAAB1234secret"))
    }

    /// The category of every error body of the shared corpus, by file, per the table in
    /// `GraphErrorCategory`'s documentation.
    static let corpusExpectations: [String: GraphErrorCategory] = [
        "restfb/json/exampleOauthError.json": .tokenInvalid,  // error_type OAuthException
        "restfb/json/exampleError.json": .tokenInvalid,  // 190/460
        "restfb/json/exampleErrorNew.json": .tokenInvalid,  // 190/460
        "restfb/json/oauthExampleError.json": .server,  // code 1, is_transient false
        "restfb/json/Issue1095.json": .server,  // code 1, is_transient false
        "fb_graph-mock/mock_json/token_introspection/invalid.json": .tokenExpired,  // data.error 190/463
        "fb_graph-mock/mock_json/comments/comments/post_without_access_token.json": .tokenInvalid,  // 104
        "fb_graph-mock/mock_json/comments/comments/post_with_invalid_access_token.json": .tokenInvalid,  // 190
        "fb_graph-mock/mock_json/users/friends/arjun_private.json": .invalidRequest,  // (#604)
        "fb_graph-mock/mock_json/query/user/with_invalid_token.json": .invalidRequest,  // (#601)
        "fb_graph-mock/mock_json/users/feed/post_without_access_token.json": .permission,  // (#200)
        "fb_graph-mock/mock_json/posts/likes/post_without_access_token.json": .permission,
        "fb_graph-mock/mock_json/posts/comments/post_without_access_token.json": .permission,
        "fb_graph-mock/mock_json/users/home/arjun_private.json": .invalidRequest,  // type Exception, 400
        "fb_graph-mock/mock_json/users/home/arjun_public.json": .invalidRequest,
    ]

    @Test(
        "Every error body of the shared corpus is read and classified",
        SharedCorpus.needed("restfb", "fb_graph-mock", "facebook4j")
    )
    func errorCorpus() throws {
        var checked = 0
        var errors = 0
        for folder in ["restfb", "fb_graph-mock", "facebook4j"] {
            let root = try SharedCorpus.url(folder)
            let walker = try #require(FileManager.default.enumerator(atPath: root.path))
            for case let relative as String in walker where relative.hasSuffix(".json") {
                let data = try Data(contentsOf: root.appendingPathComponent(relative))
                let key = "\(folder)/\(relative)"
                checked += 1
                // Served as Facebook served errors: status 400.
                guard let error = GraphError.parse(status: 400, body: data) else {
                    Issue.record("\(key): a 400 must be an error")
                    continue
                }
                let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
                let dictionary = object as? [String: Any]
                let hasErrorObject =
                    dictionary?["error"] != nil || dictionary?["error_code"] != nil || dictionary?["error_type"] != nil
                    || ((dictionary?["data"] as? [String: Any])?["error"] != nil)
                if hasErrorObject {
                    errors += 1
                    if let expected = Self.corpusExpectations[key] {
                        #expect(error.category == expected, "\(key)")
                    } else {
                        // The rest are OAuth…Exception bodies without a code: a token problem.
                        #expect(error.category == .tokenInvalid, "\(key): \(error)")
                    }
                    #expect(!error.message.isEmpty || error.code != nil, "\(key)")
                } else {
                    #expect(error.category == .invalidRequest, "\(key): a plain 400 is an invalid request")
                }
                // The same body with 200 is a success unless it carries an error object.
                let asSuccess = GraphError.parse(status: 200, body: data)
                if !hasErrorObject, let asSuccess {
                    #expect(
                        [.other, .server].contains(asSuccess.category),
                        "\(key): only a bare false or Service Unavailable fails with 200")
                }
            }
        }
        #expect(checked > 400, "read \(checked) corpus bodies")
        #expect(errors >= 30, "found \(errors) error bodies")
        let corpus = try #require(SharedCorpus.directory())
        for key in Self.corpusExpectations.keys {
            #expect(FileManager.default.fileExists(atPath: corpus.appendingPathComponent(key).path), "\(key)")
        }
    }
}

/// koala's table of mocked responses (`koala/mock_facebook_responses.yml` in the shared corpus): every
/// error body it holds, read from the YAML's single-quoted scalars, with the category each must get.
@Suite("GraphError: koala's mocked error bodies")
struct KoalaErrorBodyTests {
    /// One single-quoted YAML scalar that mentions an error: its line and its value (`''` unescaped).
    struct Scalar {
        let line: Int
        let value: String
    }

    /// The category and code of every error body in the file, by line. Lines 33 and 39 hold koala's
    /// Ruby-hash typo (`"code"=>2500`): not JSON, so only the status speaks (a plain 400).
    static let expectations: [Int: (GraphErrorCategory, Int?)] = [
        22: (.tokenInvalid, nil),  // OAuthAccessTokenException, no code
        33: (.invalidRequest, nil),
        39: (.invalidRequest, nil),
        100: (.tokenInvalid, 190),  // REST-style error_code with the OAuth-draft error_description
        264: (.tokenInvalid, nil),  // OAuthException, no code
        268: (.invalidRequest, nil),  // Exception, no code: the 400 decides
        350: (.invalidRequest, 2200),  // the code only in the message text: (#2200)
        355: (.invalidRequest, 100),  // (#100)
        364: (.invalidRequest, 100),
        470: (.tokenInvalid, nil),
    ]

    /// The batch answers among the scalars (a JSON array), by line; 105 is another koala typo.
    static let batchLines: Set<Int> = [78, 89, 105]

    static func scalars() throws -> [Scalar] {
        let file = try SharedCorpus.url(koalaFile)
        let text = try String(contentsOf: file, encoding: .utf8)
        var found: [Scalar] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop { $0 == " " }
            guard let colon = trimmed.firstIndex(of: ":"), !trimmed.hasPrefix("#") else { continue }
            let rest = trimmed[trimmed.index(after: colon)...].drop { $0 == " " }
            guard rest.hasPrefix("'"), rest.hasSuffix("'"), rest.count >= 2 else { continue }
            let value = String(rest.dropFirst().dropLast()).replacingOccurrences(of: "''", with: "'")
            if value.contains("error") { found.append(Scalar(line: index + 1, value: value)) }
        }
        return found
    }

    /// koala's table, inside the shared corpus.
    static let koalaFile = "koala/mock_facebook_responses.yml"

    @Test("Every error body is read and classified", SharedCorpus.needed(koalaFile))
    func koalaCorpus() throws {
        let scalars = try Self.scalars()
        let lines = Set(scalars.map(\.line))
        // The table covers the file exactly: an error body added to or removed from it fails here.
        #expect(lines == Set(Self.expectations.keys).union(Self.batchLines), "\(lines.sorted())")
        for scalar in scalars where !Self.batchLines.contains(scalar.line) {
            let (category, code) = try #require(Self.expectations[scalar.line])
            let error = try #require(
                GraphError.parse(status: 400, body: Data(scalar.value.utf8)), "line \(scalar.line): a 400 is an error")
            #expect(error.category == category, "line \(scalar.line): \(error)")
            #expect(error.code == code, "line \(scalar.line)")
            #expect(error.httpStatus == 400)
        }
    }
}

extension KoalaErrorBodyTests {
    @Test(
        "koala's batch answers, served over loopback: an error item, a success, a null; its typo is a decoding error",
        SharedCorpus.needed(koalaFile)
    )
    func koalaCorpusBatches() async throws {
        let batches = try Self.scalars().filter { Self.batchLines.contains($0.line) }
        #expect(batches.map(\.line) == Self.batchLines.sorted())
        for scalar in batches {
            let server = try GraphClientTests.Server { _, _ in GraphClientTests.json(scalar.value) }
            let operations = [
                GraphBatchOperation(GraphRequest(path: "a")), GraphBatchOperation(GraphRequest(path: "b")),
            ]
            if scalar.line == 105 {
                // `body": "…` (a missing quote): not JSON, so the batch as a whole cannot be read.
                await #expect("line 105") {
                    _ = try await server.client().batch(operations)
                } throws: { ($0 as? GraphError)?.category == .decoding }
                continue
            }
            let response = try await server.client().batch(operations)
            #expect(response.results.count == 2, "line \(scalar.line)")
            guard case .failure(let error) = response.results.first else {
                Issue.record("line \(scalar.line): the first item is a 400 with an error object")
                continue
            }
            #expect(error.httpStatus == 400 && error.type == "AnError" && error.category == .invalidRequest)
            switch (scalar.line, response.results.last) {
            case (78, .success(let item)?): #expect(String(decoding: item.body, as: UTF8.self) == #"{"id":"123"}"#)
            case (89, .omitted?): break
            default: Issue.record("line \(scalar.line): second item \(String(describing: response.results.last))")
            }
        }
    }
}
