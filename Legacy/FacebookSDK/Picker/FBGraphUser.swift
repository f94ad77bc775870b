import Foundation

/// v3.1's `FBGraphUser`: a user as the friend picker holds it (in ``FBFriendPickerViewController/selection``),
/// each property the dictionary key of the same name (snake_case kept, as the importer kept it).
open class FBGraphUser: FBGraphObject, @unchecked Sendable {
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
    /// `first_name`.
    open var first_name: String! {
        get { self["first_name"] as? String }
        set { self["first_name"] = newValue }
    }
    /// `middle_name`.
    open var middle_name: String! {
        get { self["middle_name"] as? String }
        set { self["middle_name"] = newValue }
    }
    /// `last_name`.
    open var last_name: String! {
        get { self["last_name"] as? String }
        set { self["last_name"] = newValue }
    }
    /// `link`.
    open var link: String! {
        get { self["link"] as? String }
        set { self["link"] = newValue }
    }
    /// `username`.
    open var username: String! {
        get { self["username"] as? String }
        set { self["username"] = newValue }
    }
    /// `birthday`.
    open var birthday: String! {
        get { self["birthday"] as? String }
        set { self["birthday"] = newValue }
    }
    /// `location`: the place object (`{"id", "name"}`; older recordings nest a `location`).
    open var location: FBGraphPlace! {
        get { graphObject(forKey: "location", as: FBGraphPlace.self) }
        set { self["location"] = newValue?.dictionary }
    }
}
