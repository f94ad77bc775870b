import FacebookGraph
import FacebookGraphReplay
import FacebookGraphTestSupport
import FacebookGraphTestTraits
import Foundation
import Testing

@testable import FacebookSDK

/// v2's `parseJsonResponse:error:` (legacy-sdk-facts §2.6) and the non-2xx deviation.
@Suite("Legacy parsing rules", .onOwnThread)
struct LegacyParsingTests {
    /// Sends one body through the whole legacy path and returns what the delegate saw.
    func roundTrip(_ body: String, status: Int = 200, contentType: String = "application/json") throws -> Recorder {
        let fixture = try LegacyFixture(routes: [
            "/answer": LegacyFixture.answer(body, status: status, contentType: contentType)
        ])
        defer { fixture.stop() }
        let recorder = Recorder()
        fixture.facebook.request(withGraphPath: "answer", andDelegate: recorder)
        #expect(recorder.waitForTerminal())
        return recorder
    }

    @Test("`true` becomes [\"result\": \"true\"] with the string \"true\"")
    func bareTrue() throws {
        let recorder = try roundTrip("true", contentType: "text/javascript; charset=UTF-8")
        #expect(recorder.result as? [String: String] == ["result": "true"])
    }

    @Test("`false` fails with 10000 and error_msg \"This operation can not be completed\"")
    func bareFalse() throws {
        let error = try #require(try roundTrip("false").error)
        #expect(error.domain == "facebookErrDomain")
        #expect(error.code == 10000)
        #expect(error.userInfo["error_msg"] as? String == "This operation can not be completed")
    }

    @Test(
        "A leading byte order mark is dropped as v2's UTF-8 decoding dropped it: `<BOM>false` fails, `<BOM>true` is true"
    )
    func byteOrderMark() throws {
        // FuzzLegacyParser's input: a status selector `[` (a 200), then EF BB BF `false`, which arrived
        // as the result `false`.
        let input = Data([0x5B, 0xEF, 0xBB, 0xBF]) + Data("false".utf8)
        guard case .failure(let error) = LegacyResponseParser.parse(body: input.dropFirst(), status: 200) else {
            Issue.record("<BOM>false arrived as a result")
            return
        }
        #expect(error.code == 10000)
        #expect(error.userInfo["error_msg"] as? String == "This operation can not be completed")
        guard case .result(let value) = LegacyResponseParser.parse(body: Data("\u{FEFF}true".utf8), status: 200) else {
            Issue.record("<BOM>true failed")
            return
        }
        #expect(value as? [String: String] == ["result": "true"])
        let overHTTP = try #require(try roundTrip("\u{FEFF}false").error)
        #expect(overHTTP.code == 10000)
    }

    @Test(
        "A Graph error body fails with 10000 and the whole body as userInfo, whatever the HTTP status",
        arguments: [200, 400, 500])
    func graphError(status: Int) throws {
        let body =
            #"{"error":{"message":"Error validating access token","type":"OAuthException","code":190,"error_subcode":463}}"#
        let error = try #require(try roundTrip(body, status: status).error)
        #expect(error.domain == facebookErrDomain)
        #expect(error.code == 10000)
        #expect(NSDictionary(dictionary: error.userInfo) == parsedJSON(body) as? NSDictionary)
    }

    @Test("A REST error_code body fails with that code", arguments: [("190", 190), ("\"104\"", 104), ("4.0", 4)])
    func restErrorCode(code: String, expected: Int) throws {
        let body =
            #"{"error_code":\#(code),"error_msg":"Requires valid signature","request_args":[{"key":"method","value":"fql.query"}]}"#
        let error = try #require(try roundTrip(body).error)
        #expect(error.code == expected)
        #expect(NSDictionary(dictionary: error.userInfo) == parsedJSON(body) as? NSDictionary)
    }

    @Test(
        "error_msg or error_reason alone fails with 10000",
        arguments: [#"{"error_msg":"bad"}"#, #"{"error_reason":"user_denied","x":1}"#])
    func errorMessageOrReason(body: String) throws {
        let recorder = try roundTrip(body)
        #expect(recorder.error?.code == 10000)
        #expect(!recorder.names.contains("didLoad"))
    }

    @Test(
        "Only a top-level error member fails, however it is spelled and wherever it stands",
        arguments: [
            (#"{"err\u006fr":{"message":"escaped name","code":1}}"#, true),
            (#"{"id":"1","name":"A","error_reason":"user_denied"}"#, true),
            (#"{"error":null}"#, true),
            (#"{"user":{"error":{"message":"nested"}}}"#, false),
            (#"[{"error":"in an array"}]"#, false),
            (#"{"data":{"error":{"code":190,"message":"expired"},"is_valid":false}}"#, false),
            (#"{"terror":1,"x_error":2}"#, false),
        ])
    func topLevelErrorMembers(body: String, fails: Bool) {
        switch LegacyResponseParser.parse(body: Data(body.utf8), status: 200) {
        case .failure(let error):
            #expect(fails, "\(body) failed: \(error)")
            #expect(error.code == 10000)
        case .result:
            #expect(!fails, "\(body) arrived as a result")
        }
    }

    @Test("Arrays, scalars and null come back as parsed")
    func otherJSON() throws {
        #expect(try roundTrip(#"[1,"two",{"three":3}]"#).result as? NSArray == [1, "two", ["three": 3]] as NSArray)
        #expect(try roundTrip("1240077").result as? Int == 1_240_077)
        #expect(
            try roundTrip(#""3e4a22bb2f5ed75114b0fc9995ea85f1""#).result as? String
                == "3e4a22bb2f5ed75114b0fc9995ea85f1")
        let nullResult = try roundTrip("null")
        #expect(nullResult.names.last == "didLoad")
        #expect(nullResult.result is NSNull)
    }

    @Test("A non-JSON 2xx body arrives as its text; non-UTF-8 bytes arrive as nil")
    func nonJSON() throws {
        #expect(
            try roundTrip("access_token=abc&expires=5184000", contentType: "text/plain").result as? String
                == "access_token=abc&expires=5184000")
        let fixture = try LegacyFixture(routes: [
            "/binary": { _ in .full(status: 200, body: Data([0xFF, 0xFE, 0x00, 0xC3])) }
        ])
        defer { fixture.stop() }
        let recorder = Recorder()
        fixture.facebook.request(withGraphPath: "binary", andDelegate: recorder)
        #expect(recorder.waitForTerminal())
        #expect(recorder.names.last == "didLoad")
        #expect(recorder.result == nil)
        #expect(recorder.events.first { $0.name == "didLoadRaw" }?.value as? Data == Data([0xFF, 0xFE, 0x00, 0xC3]))
    }

    @Test(
        "Deviation: a non-2xx body that is not a JSON error fails with 10000, http_status and body",
        arguments: [
            (502, "<html><body>Bad Gateway</body></html>"), (500, "true"), (404, #"{"id":"4"}"#), (503, ""),
        ])
    func nonSuccessWithoutErrorBody(status: Int, body: String) throws {
        let error = try #require(try roundTrip(body, status: status, contentType: "text/html").error)
        #expect(error.domain == facebookErrDomain)
        #expect(error.code == 10000)
        #expect(error.userInfo["http_status"] as? Int == status)
        #expect(error.userInfo["body"] as? String == body)
    }

    @Test("Results cast both ways; null is NSNull; 64-bit integers and unicode are exact")
    func resultShapes() throws {
        let body =
            #"{"id":"10150000000000001","big":9007199254740993,"n":null,"s":"\ud83d\ude00 caf\u00e9 \/ \"q\"","a":[1,{"b":false}]}"#
        let result = try #require(try roundTrip(body).result)
        let swift = try #require(result as? [String: Any])
        let foundation = try #require(result as? NSDictionary)
        #expect(foundation.count == 5)
        #expect(swift["n"] is NSNull)
        #expect((swift["big"] as? NSNumber)?.int64Value == 9_007_199_254_740_993)
        #expect(swift["s"] as? String == "😀 café / \"q\"")
        let array = try #require(swift["a"] as? NSArray)
        #expect((array[1] as? [String: Any])?["b"] as? Bool == false)
        #expect(swift["a"] as? [Any] != nil)
    }

    @Test(
        "Member names read back exactly however the builder made them: repeated (the last value wins), escaped, non-ASCII, long, and more distinct ones than its table keeps"
    )
    func memberNames() throws {
        let long = String(repeating: "k", count: 40)
        let many = (0..<200).map { #""n\#($0)":\#($0)"# }.joined(separator: ",")
        let body = #"{"a":1,"b":[{"a":"x","a":"y"},{"a":null}],"a":2,"\u0061\/b":3,"café":4,"\#(long)":5,\#(many)}"#
        guard case .result(let value) = LegacyResponseParser.parse(body: Data(body.utf8), status: 200) else {
            Issue.record("the body failed")
            return
        }
        let object = try #require(value as? NSMutableDictionary)
        #expect(object.count == 5 + 200)
        #expect(object["a"] as? Int == 2, "the last value wins")
        #expect(object["a/b"] as? Int == 3)
        #expect(object["café"] as? Int == 4)
        #expect(object[long] as? Int == 5)
        let numbered = (0..<200).filter { index in object["n" + String(index)] as? Int == index }
        #expect(numbered.count == 200)
        let items = try #require(object["b"] as? [[String: Any]])
        #expect(items.count == 2)
        #expect(items.first?["a"] as? String == "y")
        #expect(items.first?.count == 1)
        #expect(items.last?["a"] is NSNull)
    }

    @Test("integerValue reads error codes as Objective-C's intValue did")
    func intValue() {
        #expect(LegacyResponseParser.integerValue(NSNumber(value: 190)) == 190)
        #expect(LegacyResponseParser.integerValue("190") == 190)
        #expect(LegacyResponseParser.integerValue(" 17abc") == 17)
        #expect(LegacyResponseParser.integerValue("abc") == 0)
        #expect(LegacyResponseParser.integerValue(NSNull()) == 0)
        #expect(LegacyResponseParser.integerValue("-5") == -5)
    }

    @Test("Objects of every size up to 40 members, a repeated name among them, parse to exactly their members")
    func everyObjectSize() throws {
        for size in 1...40 {
            // The repeated name (`m0` again, last) must keep its last value whatever room the
            // dictionary is given (`MutableJSONBuilder.roomPadding`).
            var members = (0..<size).map { "\"m\($0)\":\($0)" }
            members.append("\"m0\":\"last\"")
            let body = Data(("{" + members.joined(separator: ",") + "}").utf8)
            guard case .result(let value) = LegacyResponseParser.parse(body: body, status: 200),
                let object = value as? NSMutableDictionary
            else {
                Issue.record("size \(size) did not parse to a dictionary")
                continue
            }
            #expect(object.count == size, "size \(size)")
            #expect(object.object(forKey: "m0") as? String == "last", "size \(size)")
            for index in 1..<size {
                #expect((object.object(forKey: "m\(index)") as? NSNumber)?.intValue == index, "size \(size) m\(index)")
            }
            let bridged = try #require(object as? [String: Any])
            #expect(bridged.count == size)
        }
    }
}
