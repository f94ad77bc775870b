import Foundation

/// v3.1's `@protocol FBGraphPlace`: typed access to a place (a user's `location`, a check-in's page),
/// each property the dictionary key of its name. Every graph object the SDK hands out answers it
/// (``FBGraphObject`` conforms); a class of your own that adopts it gets the properties from here.
public protocol FBGraphPlace: FBGraphObjectProtocol {
    /// `id`.
    var id: String! { get set }
    /// `name`.
    var name: String! { get set }
    /// `category`.
    var category: String! { get set }
    /// `location`: the address and coordinates.
    var location: FBGraphLocation! { get set }
}

extension FBGraphPlace {
    /// `category`.
    public var category: String! {
        get { GraphObjectValues.string(object(forKey: "category")) }
        set { setObject(newValue, forKey: "category") }
    }
    /// `location`: the nested address, wrapped in place (its edits reach this place's dictionary).
    public var location: FBGraphLocation! {
        get { GraphObjectValues.graphObject(at: "location", of: self) }
        set { setObject(newValue, forKey: "location") }
    }
}
