import Foundation

/// v3.1's `@protocol FBGraphLocation`: typed access to a place's address and coordinates, each
/// property the dictionary key of its name. Every graph object the SDK hands out answers it
/// (``FBGraphObject`` conforms); a class of your own that adopts it gets the properties from here.
public protocol FBGraphLocation: FBGraphObjectProtocol {
    /// `street`.
    var street: String! { get set }
    /// `city`.
    var city: String! { get set }
    /// `state`.
    var state: String! { get set }
    /// `country`.
    var country: String! { get set }
    /// `zip`.
    var zip: String! { get set }
    /// `latitude`.
    var latitude: NSNumber! { get set }
    /// `longitude`.
    var longitude: NSNumber! { get set }
}

extension FBGraphLocation {
    /// `street`.
    public var street: String! {
        get { GraphObjectValues.string(object(forKey: "street")) }
        set { setObject(newValue, forKey: "street") }
    }
    /// `city`.
    public var city: String! {
        get { GraphObjectValues.string(object(forKey: "city")) }
        set { setObject(newValue, forKey: "city") }
    }
    /// `state`.
    public var state: String! {
        get { GraphObjectValues.string(object(forKey: "state")) }
        set { setObject(newValue, forKey: "state") }
    }
    /// `country`.
    public var country: String! {
        get { GraphObjectValues.string(object(forKey: "country")) }
        set { setObject(newValue, forKey: "country") }
    }
    /// `zip`.
    public var zip: String! {
        get { GraphObjectValues.string(object(forKey: "zip")) }
        set { setObject(newValue, forKey: "zip") }
    }
    /// `latitude`.
    public var latitude: NSNumber! {
        get { object(forKey: "latitude") as? NSNumber }
        set { setObject(newValue, forKey: "latitude") }
    }
    /// `longitude`.
    public var longitude: NSNumber! {
        get { object(forKey: "longitude") as? NSNumber }
        set { setObject(newValue, forKey: "longitude") }
    }
}
