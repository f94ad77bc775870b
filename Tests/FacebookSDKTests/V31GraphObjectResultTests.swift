import FacebookGraph
import FacebookGraphReplay
import FacebookGraphTestSupport
import Foundation
import Testing

@testable import FacebookSDK

/// A v3.1 result is a graph object, as 3.1.1's `FBRequestConnection` made it: over real sockets to the
/// Graph stand-in, `me` is an `FBGraphUser` and an `NSMutableDictionary` at once (an edit through one
/// is seen through the other), a friends list's `data` items are `FBGraphUser`s that stay the result's
/// own objects, and nothing is lost on the way to `[String: Any]` or `JSONSerialization`.
@Suite("v3.1 results are graph objects: FBGraphUser and NSMutableDictionary at once")
struct V31GraphObjectResultTests {
    /// The one result of `graphPath` on a fresh rig's session.
    private static func result(of graphPath: String) throws -> Any? {
        let rig = try V31RequestConnectionTests.Rig()
        defer { rig.server.stop() }
        _ = rig.calls.start(FBRequest(session: rig.session, graphPath: graphPath), graphPath)
        let calls = try #require(rig.calls.settle(1, session: rig.session))
        try #require(calls.count == 1)
        #expect(calls[0].error == nil)
        return calls[0].result
    }

    @Test("me: `as? FBGraphUser` reads name and id, `as? NSMutableDictionary` edits are the user's")
    func meIsAGraphUserAndAMutableDictionary() throws {
        let result = try Self.result(of: "me")
        let user = try #require(result as? FBGraphUser, "a v3.1 result is an FBGraphUser")
        #expect(user.name == "Mark Demo")
        #expect(user.id == "4")
        #expect(user.first_name == "Mark")

        let dictionary = try #require(result as? NSMutableDictionary)
        dictionary["nickname"] = "Zuck"
        #expect(user.object(forKey: "nickname") as? String == "Zuck")
        user.first_name = "Marcus"
        #expect(dictionary["first_name"] as? String == "Marcus")
        user.last_name = nil
        #expect(dictionary["last_name"] == nil)

        // No silent loss on the way out of Foundation: a cast and the JSON writer see every key.
        let swiftCopy = try #require(result as? [String: Any])
        #expect(swiftCopy["nickname"] as? String == "Zuck")
        #expect(swiftCopy["name"] as? String == "Mark Demo")
        let written = try JSONSerialization.jsonObject(with: JSONSerialization.data(withJSONObject: dictionary))
        #expect((written as? [String: Any])?["first_name"] as? String == "Marcus")
    }

    @Test("me/friends: the `data` items are FBGraphUsers, and an edit of one stays in the result")
    func friendsItemsAreGraphUsers() throws {
        let result = try #require(try Self.result(of: "me/friends") as? NSDictionary)
        let data = try #require(result["data"] as? [Any])
        try #require(data.count == 7, "the stand-in's first page")
        let friends = data.compactMap { $0 as? FBGraphUser }
        #expect(friends.count == data.count, "every item is an FBGraphUser")
        #expect(friends.allSatisfy { $0.id != nil && $0.name != nil })

        // BooleanOGSample's `[entry setObject:verb forKey:@"verb"]`, then the list read again.
        let first = try #require(data[0] as? NSMutableDictionary)
        first["verb"] = "OR"
        let again = try #require(result["data"] as? [Any])
        #expect((again[0] as? FBGraphUser)?.object(forKey: "verb") as? String == "OR")
        #expect((again[0] as? NSMutableDictionary) === first, "the same object, not a copy")

        // Bridged to Swift whole: every item, every key.
        let items = try #require(result["data"] as? [[String: Any]])
        #expect(items.count == 7)
        #expect(items[0]["verb"] as? String == "OR")
        #expect(items.allSatisfy { $0["name"] is String })
        let written = try JSONSerialization.data(withJSONObject: result)
        let reread = try JSONSerialization.jsonObject(with: written) as? [String: Any]
        #expect((reread?["data"] as? [Any])?.count == 7)
    }

    @Test("a graph-object array behaves as an NSMutableArray and hands out what it holds")
    func graphObjectArrayMutations() throws {
        let user = NSMutableDictionary(dictionary: ["id": "1", "name": "Ann"])
        let array = FBGraphObjectArray(elements: [user, "text", NSNumber(value: 3)])
        #expect(array.count == 3)
        #expect((array[0] as? NSMutableDictionary) === user)
        array.add(NSMutableDictionary(dictionary: ["id": "2"]))
        array.insert("first", at: 0)
        array.removeObject(at: 2)  // "text"
        array.replaceObject(at: 2, with: "three")
        array.exchangeObject(at: 0, withObjectAt: 1)
        #expect((array[0] as? FBGraphUser)?.name == "Ann")
        #expect(array[1] as? String == "first")
        #expect(array[2] as? String == "three")
        #expect((array[3] as? FBGraphUser)?.id == "2")
        #expect((array.copy() as? NSArray)?.count == 4)
        #expect((array as? [Any])?.count == 4)
        array.removeLastObject()
        array.removeAllObjects()
        #expect(array.count == 0)
    }
}
