// `SBJSON`, `SBJsonParser`, `SBJsonWriter`, `SBJsonBase`, their protocols and the `JSON.h`
// categories, called exactly as legacy code called them through the Swift-imported json-framework
// 2.x headers: the five call sites of Facebook's samples (SBJSONSampleController), then every
// public method and property of the seven headers, with `NSErrorPointer`s, `throws` and `Any!`
// results used as legacy code used them.

import FBConnect
import FacebookGraphTestSupport
import XCTest

/// A legacy model object that stands for itself in JSON (`proxyForJson`).
final class LegacyPerson: NSObject, SBProxyForJson {
    func proxyForJson() -> Any! {
        return ["name": "Ann", "phone": "555"]
    }
}

final class SBJSONSourceCompatTests: XCTestCase {
    /// Every byte order a compact JSON container with these members may take (a dictionary's order
    /// is unspecified, in json-framework as here).
    private func compactForms(_ open: String, _ members: [String], _ close: String) -> Set<String> {
        func orders(_ items: [String]) -> [[String]] {
            guard items.count > 1 else { return [items] }
            return items.indices.flatMap { index -> [[String]] in
                var rest = items
                let first = rest.remove(at: index)
                return orders(rest).map { [first] + $0 }
            }
        }
        return Set(orders(members).map { open + $0.joined(separator: ",") + close })
    }

    func testTheSamplesCallSitesBuildTheirDialogParametersAsV2Did() {
        let facebook = Facebook(appId: "123", andDelegate: nil)
        facebook.callbackQueue = DispatchQueue(label: "test")
        let reported = expectation(description: "four dialogs reported")
        reported.expectedFulfillmentCount = 4
        let controller = SBJSONSampleController(facebook: facebook) { reported.fulfill() }

        controller.publishStream(nil)
        controller.apiDialogFeedUser()
        controller.apiDialogFeedFriend("4")
        controller.apiDialogRequestsSendToMany()
        wait(for: [reported], timeout: 10 * testTimeoutScale)

        let params = controller.dialogParams
        XCTAssertEqual(params.count, 4)
        guard params.count == 4 else { return }
        let linkMembers = [#""text":"Always Running""#, #""href":"http://itsti.me/""#]
        XCTAssertTrue(
            compactForms("[{", linkMembers, "}]").contains(params[0]["action_links"] as? String ?? ""),
            "\(params[0]["action_links"] ?? "nil")"
        )
        let attachmentMembers = [
            #""name":"a long run""#, #""caption":"The Facebook Running app""#, #""description":"it is fun""#,
            #""href":"http://itsti.me/""#,
        ]
        XCTAssertTrue(
            compactForms("{", attachmentMembers, "}").contains(params[0]["attachment"] as? String ?? ""),
            "\(params[0]["attachment"] ?? "nil")"
        )
        XCTAssertEqual(params[0]["api_key"] as? String, "123")
        let actionMembers = [#""name":"Get Started""#, #""link":"http://m.facebook.com/apps/hackbookios/""#]
        for feed in [params[1], params[2]] {
            XCTAssertTrue(
                compactForms("[{", actionMembers, "}]").contains(feed["actions"] as? String ?? ""),
                "\(feed["actions"] ?? "nil")"
            )
        }
        XCTAssertEqual(params[2]["to"] as? String, "4")
        XCTAssertTrue(
            compactForms("{", [#""social_karma":"5""#, #""badge_of_awesomeness":"1""#], "}")
                .contains(params[3]["data"] as? String ?? ""),
            "\(params[3]["data"] ?? "nil")"
        )
        XCTAssertEqual(params[3]["app_id"] as? String, "123", "the dialog path still fills in app_id")
    }

    /// A REST-style POST whose parameter is SBJSON output: the server receives the JSON bytes as
    /// they were written (`/` unescaped, non-ASCII as UTF-8) in the multipart body.
    func testSBJSONOutputReachesTheServerByteForByte() throws {
        let server = try SourceCompatServer()
        defer { server.stop() }
        let caller = Caller()
        let loaded = expectation(caller, Caller.Event.didLoad)
        let facebook = server.facebook(delegate: caller)
        let jsonWriter = SBJSON()
        jsonWriter.sortKeys = true
        let giftStr = jsonWriter.string(with: [
            "badge_of_awesomeness": "1", "href": "http://itsti.me/", "note": "très \"bien\"",
        ])
        let params = NSMutableDictionary(dictionary: ["data": giftStr!])
        facebook.request(withGraphPath: "post", andParams: params, andHttpMethod: "POST", andDelegate: caller)
        wait(for: [loaded], timeout: 10 * testTimeoutScale)

        let expected = #"{"badge_of_awesomeness":"1","href":"http://itsti.me/","note":"très \"bien\""}"#
        XCTAssertEqual(giftStr, expected)
        let echo = try XCTUnwrap(caller.result as? NSDictionary)
        let body = echo["body"] as? String ?? ""
        XCTAssertTrue(body.contains("name=\"data\"\r\n\r\n" + expected + "\r\n"), body)
    }

    func testSBJSONFacadeWithTheImportersSpellings() throws {
        let json = SBJSON()
        XCTAssertEqual(json.maxDepth, 512)
        XCTAssertFalse(json.humanReadable)
        XCTAssertFalse(json.sortKeys)
        XCTAssertNil(json.errorTrace)

        // Parsing: the protocol method, the NSErrorPointer sibling, and the two that throw.
        let object = json.object(with: #"{"a":[1,true,null,"x/y"]}"#)
        let dictionary = object as! [String: Any]
        XCTAssertEqual((dictionary["a"] as! [Any]).count, 4)
        var error: NSError?
        XCTAssertNil(json.object(with: "[1,]", error: &error))
        XCTAssertEqual(error?.domain, SBJSONErrorDomain)
        XCTAssertEqual(error?.code, ETRAILCOMMA)
        XCTAssertNil(json.object(with: "\"fragment\"", error: nil))
        XCTAssertEqual((json.errorTrace.last as? NSError)?.code, EFRAGMENT)
        let number = try json.fragment(with: "42") as? NSNumber
        XCTAssertEqual(number, 42)
        XCTAssertEqual(try json.object(withString: "\"s\"", allowScalar: true) as? String, "s")
        XCTAssertThrowsError(try json.object(withString: "\"s\"", allowScalar: false)) { thrown in
            XCTAssertEqual((thrown as NSError).domain, SBJSONErrorDomain)
            XCTAssertEqual((thrown as NSError).code, EFRAGMENT)
        }
        XCTAssertThrowsError(try json.fragment(with: "[01]")) { thrown in
            XCTAssertEqual((thrown as NSError).code, EPARSENUM)
        }

        // Writing: the protocol method, the NSErrorPointer sibling, and the two that throw.
        json.sortKeys = true
        XCTAssertEqual(json.string(with: ["b": 1, "a": "é/"]), #"{"a":"é/","b":1}"#)
        error = nil
        XCTAssertNil(json.string(with: "scalar", error: &error))
        XCTAssertEqual(error?.code, EFRAGMENT)
        XCTAssertEqual(json.string(with: [1], error: &error), "[1]")
        XCTAssertEqual(try json.string(withFragment: "a\"b"), #""a\"b""#)
        XCTAssertEqual(try json.string(with: true, allowScalar: true), "true")
        XCTAssertThrowsError(try json.string(with: 1, allowScalar: false)) { thrown in
            XCTAssertEqual((thrown as NSError).code, EFRAGMENT)
        }
        json.humanReadable = true
        XCTAssertEqual(json.string(with: ["k": [1]]), "{\n  \"k\" : [\n    1\n  ]\n}")
        json.maxDepth = 1
        XCTAssertNil(json.string(with: [[1]]))
        XCTAssertEqual((json.errorTrace.last as! NSError).code, EDEPTH)
        XCTAssertNil(json.object(with: "[[1]]"))
        XCTAssertEqual((json.errorTrace.last as! NSError).code, EDEPTH)

        // The protocols, as legacy code typed its variables.
        let parser: SBJsonParserProtocol = json
        XCTAssertNotNil(parser.object(with: "[]"))
        let writer: SBJsonWriterProtocol = json
        writer.humanReadable = false
        writer.sortKeys = false
        XCTAssertEqual(writer.string(with: []), "[]")
    }

    func testParserWriterAndBaseWithTheImportersSpellings() {
        let parser = SBJsonParser()
        XCTAssertEqual(parser.maxDepth, 512)
        XCTAssertNotNil(parser.object(with: "[1]"))
        XCTAssertNil(parser.errorTrace, "a call that succeeds clears the trace")
        XCTAssertNil(parser.object(with: nil))
        XCTAssertEqual((parser.errorTrace[0] as! NSError).code, EINPUT)
        XCTAssertEqual(parser.fragment(withString: "null") as? NSNull, NSNull())
        parser.maxDepth = 2
        XCTAssertNil(parser.object(with: "[[[]]]"))

        let writer = SBJsonWriter()
        writer.humanReadable = false
        writer.sortKeys = true
        XCTAssertEqual(writer.string(with: ["z": NSNull(), "a": [1.5, false]]), #"{"a":[1.5,false],"z":null}"#)
        XCTAssertEqual(writer.string(withFragment: "x"), #""x""#)
        XCTAssertNil(writer.string(with: "x"))
        XCTAssertEqual(writer.string(with: LegacyPerson()), #"{"name":"Ann","phone":"555"}"#)
        XCTAssertEqual((LegacyPerson().proxyForJson() as? [String: String])?["name"], "Ann")
        writer.maxDepth = 0

        let base = SBJsonBase()
        base.addError(withCode: EPARSE, description: "first")
        base.addError(withCode: EEOF, description: "second")
        let trace = base.errorTrace as! [NSError]
        XCTAssertEqual(trace.map { $0.code }, [EPARSE, EEOF])
        XCTAssertEqual(trace[1].userInfo[NSUnderlyingErrorKey] as? NSError, trace[0])
        XCTAssertEqual(trace[1].localizedDescription, "second")
        base.clearErrorTrace()
        XCTAssertNil(base.errorTrace)
        XCTAssertEqual(
            [
                EUNSUPPORTED, EPARSENUM, EPARSE, EFRAGMENT, ECTRL, EUNICODE, EDEPTH, EESCAPE, ETRAILCOMMA,
                ETRAILGARBAGE, EEOF, EINPUT,
            ],
            Array(1...12)
        )
        XCTAssertEqual(SBJSONErrorDomain, "org.brautaset.JSON.ErrorDomain")
    }

    func testTheJSONCategoriesWithTheImportersSpellings() {
        let dictionary: NSDictionary = ["id": "4"]
        XCTAssertEqual(dictionary.jsonRepresentation(), #"{"id":"4"}"#)
        XCTAssertEqual(NSArray(array: [1, "a"]).jsonRepresentation(), #"[1,"a"]"#)
        XCTAssertEqual(["k": "v"].jsonRepresentation(), #"{"k":"v"}"#)
        XCTAssertEqual([["k": "v"]].jsonFragment(), #"[{"k":"v"}]"#)
        XCTAssertNil(NSString(string: "scalar").jsonRepresentation())
        XCTAssertEqual(NSString(string: "scalar").jsonFragment(), #""scalar""#)
        XCTAssertEqual(NSNumber(value: 7).jsonFragment(), "7")

        let parsed = #"{"data":[{"id":"4"}]}"#.jsonValue() as! NSDictionary
        XCTAssertEqual(((parsed["data"] as! NSArray)[0] as! NSDictionary)["id"] as? String, "4")
        XCTAssertNil("12".jsonValue())
        XCTAssertEqual("12".jsonFragmentValue() as? Int, 12)
        let text: NSString = "[true]"
        XCTAssertEqual((text.jsonValue() as? [Any])?.first as? Bool, true)
        XCTAssertEqual(NSString(string: "\"s\"").jsonFragmentValue() as? String, "s")
    }
}
