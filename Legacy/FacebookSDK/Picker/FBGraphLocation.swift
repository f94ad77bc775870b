import Foundation

/// v3.1's `FBGraphLocation`: an address with coordinates, dictionary-backed.
open class FBGraphLocation: FBGraphObject, @unchecked Sendable {
    /// `street`.
    open var street: String! {
        get { self["street"] as? String }
        set { self["street"] = newValue }
    }
    /// `city`.
    open var city: String! {
        get { self["city"] as? String }
        set { self["city"] = newValue }
    }
    /// `state`.
    open var state: String! {
        get { self["state"] as? String }
        set { self["state"] = newValue }
    }
    /// `country`.
    open var country: String! {
        get { self["country"] as? String }
        set { self["country"] = newValue }
    }
    /// `zip`.
    open var zip: String! {
        get { self["zip"] as? String }
        set { self["zip"] = newValue }
    }
    /// `latitude`.
    open var latitude: NSNumber! {
        get { self["latitude"] as? NSNumber }
        set { self["latitude"] = newValue }
    }
    /// `longitude`.
    open var longitude: NSNumber! {
        get { self["longitude"] as? NSNumber }
        set { self["longitude"] = newValue }
    }
}
