import Foundation

/// v3.1's `FBGraphPlace`: a place (a user's `location`), dictionary-backed.
open class FBGraphPlace: FBGraphObject, @unchecked Sendable {
    /// `id`.
    open var id: String! {
        get { string(forKey: "id") }
        set { self["id"] = newValue }
    }
    /// `name`.
    open var name: String! {
        get { self["name"] as? String }
        set { self["name"] = newValue }
    }
    /// `category`.
    open var category: String! {
        get { self["category"] as? String }
        set { self["category"] = newValue }
    }
    /// `location`: the address and coordinates.
    open var location: FBGraphLocation! {
        get { graphObject(forKey: "location", as: FBGraphLocation.self) }
        set { self["location"] = newValue?.dictionary }
    }
}
