// v3.1's graph objects as ported code spells them: the same calls as Tests/ImporterProbes/v31-objects.swift
// (which type-checks them against the real 3.1.1 headers), here against the package, with what each
// read and write must do: typed properties read and write the dictionary key of their name, nested
// facades write through to the parent's dictionary, and any object the picker hands out is an
// `FBGraphUser`.

import FacebookSDK
import XCTest

final class GraphObjectSourceCompatTests: XCTestCase {
    func testTheProbesCallsCompileAndReachTheDictionary() {
        // probeGraphObject
        let object = FBGraphObject.graphObject()!
        object.setObject("Shrimp Boat", forKey: "title")
        let title = object.object(forKey: "title") as? String
        XCTAssertEqual(title, "Shrimp Boat")
        XCTAssertEqual(Int(object.count()), 1)
        XCTAssertEqual(object.keyEnumerator().allObjects.compactMap { $0 as? String }, ["title"])
        object.remove(forKey: "title")
        XCTAssertEqual(object.count(), 0)
        object.setObject("x", forKey: "title")
        object.setObject(nil, forKey: "title")
        XCTAssertEqual(object.count(), 0, "setting nil removes, where v3.1 raised")
        let wrapped = FBGraphObject.graphObjectWrapping(["id": "4", "name": "Mark"])!
        XCTAssertFalse(FBGraphObject.isGraphObjectID(object, sameAs: wrapped))
        XCTAssertTrue(FBGraphObject.isGraphObjectID(wrapped, sameAs: FBGraphObject.graphObjectWrapping(["id": "4"])))
        XCTAssertTrue(FBGraphObject.isGraphObjectID(object, sameAs: object), "the same object, even without an id")
        XCTAssertFalse(
            FBGraphObject.isGraphObjectID(
                FBGraphObject.graphObjectWrapping(["id": 4]), sameAs: FBGraphObject.graphObjectWrapping(["id": 4])),
            "v3.1 compared ids only when both are strings")
        let any: FBGraphObjectProtocol = wrapped
        XCTAssertEqual(any.object(forKey: "name") as? String, "Mark")
    }

    func testFacadesReadAndWriteTheirKeysNestedOnesWritingThrough() throws {
        let picker = FBFriendPickerViewController()
        let friend = FBGraphObject.graphObjectWrapping([
            "id": "42", "name": "Ann Berg", "first_name": "Ann", "last_name": "Berg", "link": "https://fb/ann",
            "username": "ann", "birthday": "01/02/1990",
            "location": ["id": "110", "name": "Oslo, Norway", "location": ["city": "Oslo", "latitude": 59.9]],
        ])!
        let stored = friend as! FBGraphObject
        picker.select(friend as! FBGraphUser)

        // probeFacades
        let user = picker.selection[0] as! FBGraphUser
        let names: [String?] = [
            user.id, user.name, user.first_name, user.middle_name, user.last_name, user.link, user.username,
            user.birthday,
        ]
        XCTAssertEqual(names, ["42", "Ann Berg", "Ann", nil, "Berg", "https://fb/ann", "ann", "01/02/1990"])
        user.first_name = "Anne"
        XCTAssertEqual(stored.dictionary["first_name"] as? String, "Anne")
        user.middle_name = nil
        XCTAssertNil(stored.dictionary["middle_name"])
        let place: FBGraphPlace = user.location
        XCTAssertEqual([place.id, place.name, place.category], ["110", "Oslo, Norway", nil])
        place.category = "City"
        let location: FBGraphLocation = place.location
        XCTAssertEqual(
            [location.street, location.city, location.state, location.country, location.zip],
            [
                nil, "Oslo", nil, nil, nil,
            ])
        location.city = "Bergen"
        XCTAssertEqual(location.latitude?.doubleValue, 59.9)
        XCTAssertNil(location.longitude)
        // The nested writes are in the user's own dictionary, at their depth.
        let nested = try XCTUnwrap(stored.dictionary["location"] as? NSDictionary)
        XCTAssertEqual(nested["category"] as? String, "City")
        XCTAssertEqual((nested["location"] as? NSDictionary)?["city"] as? String, "Bergen")
        XCTAssertEqual(user.location.location.city, "Bergen")
        // A nested object handed out stays the one the key holds, however often it is read again.
        _ = user.location.location.city
        place.category = "Town"
        XCTAssertTrue(user.location === place)
        XCTAssertEqual((stored.dictionary["location"] as? [String: Any])?["category"] as? String, "Town")

        // Setting a facade stores its dictionary: the JSON stays plain.
        let home = FBGraphObject.graphObject() as! FBGraphPlace
        home.name = "Home"
        user.location = home
        XCTAssertEqual((stored.dictionary["location"] as? [String: Any])?["name"] as? String, "Home")
        home.name = "Home, later"
        XCTAssertEqual((stored.dictionary["location"] as? [String: Any])?["name"] as? String, "Home, later")
        place.location = location
        XCTAssertTrue(
            (friend.object(forKey: "location") as? NSDictionary).map { !($0["location"] is FBGraphObject) } ?? false)

        // The selection's objects are graph users whatever the cast.
        if let again = picker.selection.first as? FBGraphUser, again.id == user.id {
            XCTAssertEqual(again.first_name, "Anne")
        } else {
            XCTFail("selection.first is not an FBGraphUser")
        }
        XCTAssertTrue(picker.selection.first is FBGraphPlace, "one class answers every facade")
        XCTAssertTrue(probeShouldInclude(user))
    }

    /// `friendPickerViewController:shouldIncludeUser:` receives an `id<FBGraphUser>`.
    func probeShouldInclude(_ user: FBGraphUser!) -> Bool {
        user.name.range(of: "an", options: .caseInsensitive) != nil
    }

    func testAResultMutableDictionaryIsWrappedWithoutACopy() {
        // A v2 or v3.1 result (json-framework's NSMutableDictionary) wrapped: edits through the facade
        // are edits of the result.
        let result = SBJSON().object(with: #"{"id":"7","location":{"city":"Oslo"}}"#) as! NSMutableDictionary
        let place = FBGraphObject.graphObjectWrapping(result) as! FBGraphPlace
        place.name = "Café"
        place.location.zip = "0150"
        XCTAssertEqual(result["name"] as? String, "Café")
        XCTAssertEqual((result["location"] as? NSDictionary)?["zip"] as? String, "0150")
        // A numeric id (old Graph answers) reads as its digits.
        let old = FBGraphObject.graphObjectWrapping(["id": 12345]) as! FBGraphUser
        XCTAssertEqual(old.id, "12345")
        // A value of the wrong type reads as nil, never a crash.
        let odd = FBGraphObject.graphObjectWrapping(["name": 3, "location": "Oslo"]) as! FBGraphUser
        XCTAssertNil(odd.name)
        XCTAssertNil(odd.location)
    }

    func testAFacadeOfYourOwnIsDeclaredOnFBGraphObject() {
        let thing = FBGraphObject.graphObjectWrapping(["id": "9", "size": "large"])
        let typed = thing as! MyGraphThing
        XCTAssertEqual(typed.size, "large")
        typed.size = "small"
        XCTAssertEqual(thing?.object(forKey: "size") as? String, "small")
    }
}

/// v3.1's "MyGraphThing" facade, declared as Linux needs it: the protocol, then the conformance.
protocol MyGraphThing: FBGraphObjectProtocol {
    var size: String! { get set }
}

extension FBGraphObject: MyGraphThing {
    var size: String! {
        get { object(forKey: "size") as? String }
        set { setObject(newValue, forKey: "size") }
    }
}
