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

    @Test("A plain user object takes the fast path; anything that could be an error does not")
    func fastPathTaken() {
        #expect(GraphError.isPlainSuccessObject(Data(#"{"id":"1","birthday":"08\/15\/1990"}"#.utf8)))
        for body in [#"{"error":1}"#, #"{"\u0065":1}"#, "{Service unavailable", "[1]", " false"] {
            #expect(!GraphError.isPlainSuccessObject(Data(body.utf8)), "\(body)")
        }
    }
}
