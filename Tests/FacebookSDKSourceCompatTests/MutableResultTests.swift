// v2 results are json-framework's mutable containers: ShareKit 2's Facebook sharer walks the
// `request:didLoad:` result replacing every NSNull by "" (`convertNSNullsToEmptyStrings`) and then
// saves and reads it back. Each test edits a result with nested nulls through one path (the
// delegate, the seed's block, SBJSON, the JSON.h categories, 3.1.1's FBSBJSON) and reads the edits
// back from the same object.

import FacebookGraph
import FacebookGraphReplay
import FacebookGraphTestSupport
import FacebookSDK
import XCTest

/// ShareKit's `-convertNSNullsToEmptyStrings` (NSMutableDictionary+NSNullsToEmptyStrings), ported
/// for Linux: every NSNull becomes "" in place at the top level; a nested dictionary or array is
/// converted and written back, because swift-corelibs-foundation hands out a nested container read
/// with `object(forKey:)` as a Swift copy (Migration.md, deviation 33), where Apple's Foundation
/// handed out the nested `NSMutableDictionary` itself.
func convertNSNullsToEmptyStrings(_ dict: NSMutableDictionary) {
    for key in dict.allKeys {
        guard let key = key as? AnyHashable else { continue }
        let value = dict.object(forKey: key)
        if value is NSNull {
            dict.setObject("", forKey: key)
        } else if let nested = value, nested is [AnyHashable: Any] || nested is [Any] {
            dict.setObject(convertedNulls(nested), forKey: key)
        }
    }
}

/// `value` with every NSNull, at any depth, replaced by "".
func convertedNulls(_ value: Any) -> Any {
    switch value {
    case is NSNull: return ""
    case let dictionary as [AnyHashable: Any]:
        let mutable = NSMutableDictionary()
        for (key, item) in dictionary { mutable.setObject(convertedNulls(item), forKey: key) }
        return mutable
    case let array as [Any]: return NSMutableArray(array: array.map(convertedNulls))
    default: return value
    }
}

final class MutableResultTests: XCTestCase {
    /// A user as the Graph API of 2012 answered it: nulls at the top, in a nested object, in an
    /// object inside an array and in an array itself.
    static let userBody = """
        {"id":"4","name":"Ann","hometown":null,"location":{"id":"110","name":null},\
        "work":[{"employer":{"id":"7","name":null},"position":null}],"languages":[null,{"name":"Nynorsk"}]}
        """

    var bin: HTTPBin!
    let queue = DispatchQueue(label: "mutable-results")

    override func setUpWithError() throws {
        bin = try HTTPBin(extraRoutes: [
            "/me": { _ in
                .full(status: 200, headers: ["Content-Type": "application/json"], body: Data(Self.userBody.utf8))
            },
            "/friends": { _ in
                .full(
                    status: 200, headers: ["Content-Type": "application/json"],
                    body: Data(#"[{"id":"1","name":null}]"#.utf8))
            },
        ])
    }

    override func tearDown() {
        bin?.stop()
        bin = nil
        super.tearDown()
    }

    private func facebook() -> Facebook {
        let facebook = Facebook(appId: "123", andDelegate: nil)
        facebook.accessToken = "TOKEN"
        facebook.expirationDate = Date.distantFuture
        facebook.extendsAccessTokenAutomatically = false
        facebook.graphBaseURL = bin.url("/")
        facebook.callbackQueue = queue
        return facebook
    }

    /// Checks that `result` is the user in an `NSMutableDictionary`, that ShareKit's walk leaves no
    /// NSNull at any depth and its edits read back from the same object, and that a later edit sticks.
    private func assertEditsStick(_ result: Any?, file: StaticString = #filePath, line: UInt = #line) {
        guard let user = result as? NSMutableDictionary else {
            return XCTFail("not an NSMutableDictionary: \(String(describing: result))", file: file, line: line)
        }
        // The nested containers are mutable too (json-framework's shapes), but Linux's Foundation
        // hands them out as Swift copies: an edit of one does not reach the result.
        var copy = user["location"] as? [String: Any]
        copy?["name"] = "edited"
        XCTAssertTrue(
            (user["location"] as? [String: Any])?["name"] is NSNull,
            "Deviation 21: a nested container read through object(forKey:) is a copy", file: file, line: line)

        convertNSNullsToEmptyStrings(user)
        XCTAssertEqual(user["hometown"] as? String, "", file: file, line: line)
        let location = user["location"] as? [String: Any]
        XCTAssertEqual(location?["name"] as? String, "", file: file, line: line)
        let job = (user["work"] as? [Any])?.first as? [String: Any]
        XCTAssertEqual((job?["employer"] as? [String: Any])?["name"] as? String, "", file: file, line: line)
        XCTAssertEqual(job?["position"] as? String, "", file: file, line: line)
        XCTAssertEqual((user["languages"] as? [Any])?.first as? String, "", file: file, line: line)
        XCTAssertFalse(containsNull(user), "an NSNull survived the walk", file: file, line: line)
        user.setObject("Oslo", forKey: "city")
        user.removeObject(forKey: "hometown")
        // Read back from the top, through Swift's bridged view too.
        let again = user as? [String: Any]
        XCTAssertEqual(again?["city"] as? String, "Oslo", file: file, line: line)
        XCTAssertNil(again?["hometown"], file: file, line: line)
        XCTAssertEqual(user["name"] as? String, "Ann", file: file, line: line)
        XCTAssertFalse(user["name"] is NSMutableString, "Deviation 20: strings are not NSMutableString")
    }

    private func containsNull(_ value: Any) -> Bool {
        switch value {
        case is NSNull: return true
        case let dictionary as [AnyHashable: Any]: return dictionary.values.contains(where: containsNull)
        case let array as [Any]: return array.contains(where: containsNull)
        default: return false
        }
    }

    func testTheDelegatesResultIsMutable() {
        final class Loader: NSObject, FBRequestDelegate {
            var result: Any?
            var done: XCTestExpectation?
            func request(_ request: FBRequest!, didLoad result: Any!) {
                self.result = result
                done?.fulfill()
            }
            func request(_ request: FBRequest!, didFailWithError error: Error!) {
                XCTFail("failed: \(String(describing: error))")
                done?.fulfill()
            }
        }
        let loader = Loader()
        loader.done = expectation(description: "didLoad")
        let facebook = facebook()
        facebook.request(withGraphPath: "me", andDelegate: loader)
        wait(for: [loader.done!], timeout: 10 * testTimeoutScale)
        queue.sync { assertEditsStick(loader.result) }
    }

    func testTheSeedBlocksResultIsMutable() {
        let done = expectation(description: "callback")
        var result: Any?
        let facebook = facebook()
        facebook.request(withGraphPath: "me", params: nil, method: "GET") { _, value, error in
            XCTAssertNil(error)
            result = value
            done.fulfill()
        }
        wait(for: [done], timeout: 10 * testTimeoutScale)
        queue.sync { assertEditsStick(result) }
    }

    func testATopLevelArrayIsAnNSMutableArray() {
        let done = expectation(description: "callback")
        var result: Any?
        let facebook = facebook()
        facebook.request(withGraphPath: "friends", params: nil, method: "GET") { _, value, _ in
            result = value
            done.fulfill()
        }
        wait(for: [done], timeout: 10 * testTimeoutScale)
        queue.sync {
            guard let friends = result as? NSMutableArray else {
                return XCTFail("not an NSMutableArray: \(String(describing: result))")
            }
            friends.replaceObject(at: 0, with: convertedNulls(friends.object(at: 0)))
            friends.add(["id": "2"])
            XCTAssertEqual(((friends.object(at: 0) as? [String: Any])?["name"]) as? String, "")
            XCTAssertEqual(friends.count, 2)
        }
    }

    func testSBJSONParsersGiveMutableContainers() {
        let parsers: [(String, () -> Any?)] = [
            ("SBJSON().object(with:)", { SBJSON().object(with: Self.userBody) }),
            ("SBJSON().fragment(with:)", { try? SBJSON().fragment(with: Self.userBody) }),
            ("SBJsonParser().object(with:)", { SBJsonParser().object(with: Self.userBody) }),
            ("NSString.jsonValue()", { NSString(string: Self.userBody).jsonValue() }),
            ("String.jsonValue()", { Self.userBody.jsonValue() }),
            ("FBSBJSON().object(with:)", { FBSBJSON().object(with: Self.userBody) }),
            ("FBSBJsonParser().object(with:)", { FBSBJsonParser().object(with: Self.userBody) }),
        ]
        for (name, parse) in parsers {
            let result = parse()
            XCTAssertTrue(result is NSMutableDictionary, name)
            assertEditsStick(result)
        }
    }
}
