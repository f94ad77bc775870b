import Foundation

/// v3.1's `@protocol FBGraphUser`: typed access to a user (a friend in the picker's `selection`), each
/// property the dictionary key of its name, snake_case kept as the importer kept it (`first_name`).
///
/// Every graph object the SDK hands out answers it (``FBGraphObject`` and `NSMutableDictionary`, what
/// v3.1 results and the picker's friends are, conform):
///
/// ```swift
/// let user = picker.selection[0] as! FBGraphUser
/// label.text = "\(user.first_name!) \(user.last_name!)"
/// ```
///
/// The properties are implemented here, over ``FBGraphObjectProtocol/object(forKey:)`` and
/// ``FBGraphObjectProtocol/setObject(_:forKey:)``, so a class of your own that adopts the protocol
/// gets them; a missing or mistyped value reads as nil, and setting nil removes the key.
public protocol FBGraphUser: FBGraphObjectProtocol {
    /// `id`.
    var id: String! { get set }
    /// `name`.
    var name: String! { get set }
    /// `first_name`.
    var first_name: String! { get set }
    /// `middle_name`.
    var middle_name: String! { get set }
    /// `last_name`.
    var last_name: String! { get set }
    /// `link`: the profile URL.
    var link: String! { get set }
    /// `username`.
    var username: String! { get set }
    /// `birthday`.
    var birthday: String! { get set }
    /// `location`: the user's current city, a place (`{"id", "name"}`).
    var location: FBGraphPlace! { get set }
}

extension FBGraphUser {
    /// `first_name`.
    public var first_name: String! {
        get { GraphObjectValues.string(object(forKey: "first_name")) }
        set { setObject(newValue, forKey: "first_name") }
    }
    /// `middle_name`.
    public var middle_name: String! {
        get { GraphObjectValues.string(object(forKey: "middle_name")) }
        set { setObject(newValue, forKey: "middle_name") }
    }
    /// `last_name`.
    public var last_name: String! {
        get { GraphObjectValues.string(object(forKey: "last_name")) }
        set { setObject(newValue, forKey: "last_name") }
    }
    /// `link`.
    public var link: String! {
        get { GraphObjectValues.string(object(forKey: "link")) }
        set { setObject(newValue, forKey: "link") }
    }
    /// `username`.
    public var username: String! {
        get { GraphObjectValues.string(object(forKey: "username")) }
        set { setObject(newValue, forKey: "username") }
    }
    /// `birthday`.
    public var birthday: String! {
        get { GraphObjectValues.string(object(forKey: "birthday")) }
        set { setObject(newValue, forKey: "birthday") }
    }
    /// `location`: the nested place, wrapped in place (its edits reach this user's dictionary).
    public var location: FBGraphPlace! {
        get { GraphObjectValues.graphObject(at: "location", of: self) }
        set { setObject(newValue, forKey: "location") }
    }
}
