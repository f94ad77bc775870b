// Importer probe: the v3.1 graph-object spellings and the picker subclass, as Swift's Clang importer
// names them from the real 3.1.1 headers. `scripts/importer-check` type-checks this file against
// those headers (it must pass there); Tests/FacebookSDKSourceCompatTests/GraphObjectSourceCompatTests.swift
// makes the same calls against this package. Not part of any target.

import FacebookSDK

/// `FBGraphObject`'s factories and the `FBGraphObject` protocol's five methods.
func probeGraphObject() {
    let object = FBGraphObject.graphObject()!
    object.setObject("Shrimp Boat", forKey: "title")
    let title = object.object(forKey: "title") as? String
    object.remove(forKey: "title")
    let count = Int(object.count())
    let keys = object.keyEnumerator()
    let wrapped = FBGraphObject.graphObjectWrapping(["id": "4", "name": "Mark"])!
    let same: Bool = FBGraphObject.isGraphObjectID(object, sameAs: wrapped)
    let any: FBGraphObjectProtocol = wrapped
    _ = (title, count, keys, same, any)
}

/// The facades: every property read and written, nested facades included.
func probeFacades(_ picker: FBFriendPickerViewController) {
    let user = picker.selection[0] as! FBGraphUser
    let names: [String?] = [
        user.id, user.name, user.first_name, user.middle_name, user.last_name, user.link, user.username,
        user.birthday,
    ]
    user.first_name = "Ann"
    user.middle_name = nil
    let place: FBGraphPlace = user.location
    let placeFields: [String?] = [place.id, place.name, place.category]
    place.category = "City"
    let location: FBGraphLocation = place.location
    let address: [String?] = [location.street, location.city, location.state, location.country, location.zip]
    location.city = "Oslo"
    let coordinates = (location.latitude, location.longitude)
    user.location = place
    place.location = location
    if let friend = picker.selection.first as? FBGraphUser, friend.id == user.id {
        _ = friend.name
    }
    _ = (names, placeFields, address, coordinates)
}

/// `friendPickerViewController:shouldIncludeUser:` receives an `id<FBGraphUser>`.
func probeShouldInclude(_ user: FBGraphUser!) -> Bool {
    user.name.contains("an")
}

/// A picker subclass as seed 001 writes it, with no initializer of its own (it inherits them all).
///
/// A subclass that defines `init()` must also write `required init?(coder aDecoder: NSCoder)`, as
/// UIKit's `UIViewController` adopts `NSCoding`; the importer-check's UIKit stand-in does not declare
/// that, so the form is checked in the package's source-compat test (PickerSubclassTests) only.
class ProbeFriendPicker: FBFriendPickerViewController {
    var searchText: String?

    func handleSearch(_ text: String?) {
        self.searchText = text
        self.updateView()
    }
}
