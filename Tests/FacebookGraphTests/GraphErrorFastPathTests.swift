import Foundation
import Testing

@testable import FacebookGraph

/// `GraphError.parse` says "success" for a plain 2xx JSON object from its bytes, without parsing it;
/// the answer must be the one the full reading gives, for every body.
@Suite("GraphError: the 2xx fast path agrees with the full reading")
struct GraphErrorFastPathTests {
    static let bodies: [String] = [
        #"{"id":"1","name":"A","birthday":"08\/15\/1990"}"#, "  \n{\"id\":\"1\"}", "{}",
        #"{"error":{"message":"bad","code":190}}"#, #"{"\u0065rror":{"message":"escaped","code":1}}"#,
        #"{"error_code":190,"error_msg":"REST"}"#, #"{"error":"invalid_request","error_description":"x"}"#,
        #"{"error_type":"OAuthException","error_message":"old"}"#,
        #"{"data":{"error":{"code":190,"message":"expired"},"is_valid":false}}"#,
        #"{"data":{"is_valid":true}}"#, #"{"note":"Service Unavailable"}"#, "{Service Unavailable",
        "{ SERVICE UNAVAILABLE", "{not json", "false", " false ", "true", "[]", "Service Unavailable", "",
        #"{"a":"\\u0065rror"}"#, #"{"terror":1}"#, #"{"x":{"error":1}}"#,
        // Each stop at a body's edges and beside near misses (the byte scan's anchors: `e`, `\`, `v`).
        #"{"v":"sErViCe unavailable"}"#, #"{"service":"unavailable"}"#, #"{"e":"erro","r":"rerr"}"#,
        #"{"x":"v","y":"V"}"#, "{error", "{servic", "{Service Unavailabl", #"{"x":"\"}"#, "{\\u",
    ]

    @Test("Every body, every 2xx status: the same answer with and without the fast path", arguments: bodies)
    func agreement(body: String) {
        let data = Data(body.utf8)
        for status in [200, 201, 204, 299] {
            let fast = GraphError.parse(status: status, body: data)
            // Passing the parsed body bypasses the fast path.
            let full = GraphError.parse(status: status, body: data, json: .some(try? GraphJSON.parse(data)))
            #expect((fast == nil) == (full == nil), "\(status) \(body)")
            #expect(fast?.shape == full?.shape && fast?.code == full?.code && fast?.message == full?.message)
        }
    }

    @Test(
        "An object with no top-level member the core names (mayReportError) is no error report: none at 2xx, the status's at 4xx",
        arguments: bodies)
    func memberNames(body: String) {
        guard let object = (try? GraphJSON.parse(Data(body.utf8))) as? [String: Any] else { return }
        let named = object.keys.contains { key in
            var key = key
            return key.withUTF8 { GraphError.mayReportError(memberName: $0) }
        }
        guard !named else { return }
        #expect(GraphError.parse(status: 200, body: Data(body.utf8), json: .some(object)) == nil, "\(body)")
        #expect(GraphError.parse(status: 400, body: Data(body.utf8), json: .some(object))?.shape == .httpStatus)
    }

    @Test("The member names that can report an error: each error key the classifier reads, and data")
    func errorMemberNames() {
        func named(_ name: String) -> Bool {
            var name = name
            return name.withUTF8 { GraphError.mayReportError(memberName: $0) }
        }
        for name in ["error", "error_code", "error_msg", "error_reason", "error_type", "data", "x_error"] {
            #expect(named(name), "\(name)")
        }
        for name in ["", "id", "erro", "dat", "datas", "paging", "Error"] {
            #expect(!named(name), "\(name)")
        }
    }

    @Test("A plain user object takes the fast path; anything that could be an error does not")
    func fastPathTaken() {
        #expect(GraphError.isPlainSuccessObject(Data(#"{"id":"1","birthday":"08\/15\/1990"}"#.utf8)))
        for body in [#"{"error":1}"#, #"{"\u0065":1}"#, "{Service unavailable", "[1]", " false"] {
            #expect(!GraphError.isPlainSuccessObject(Data(body.utf8)), "\(body)")
        }
    }
}
