import Foundation

/// v3.1's `FBGraphObject`: a Graph object backed by its JSON dictionary (legacy-sdk-facts §4).
///
/// Read and write it by key (``object(forKey:)``, ``setObject(_:forKey:)``, subscripts) or, in the
/// subclasses ``FBGraphUser``, ``FBGraphPlace`` and ``FBGraphLocation``, by property (`user.name`),
/// each property reading the dictionary key of the same name. Two graph objects are equal when they
/// are the same object or both have the same string `id` (`+isGraphObjectID:sameAs:`).
///
/// - Note: v3.1 declared `FBGraphUser`, `FBGraphPlace` and `FBGraphLocation` as protocols over one
///   dictionary class; here they are subclasses, so `user.location` is a real ``FBGraphPlace``.
///   Code that reads them compiles unchanged; a class that adopted the protocols itself does not.
open class FBGraphObject: NSObject, @unchecked Sendable {
    /// The JSON dictionary.
    public private(set) var dictionary: [String: Any]

    /// An empty object.
    public override init() {
        dictionary = [:]
        super.init()
    }

    /// An object over `dictionary` (a Graph JSON object).
    public init(dictionary: [String: Any]) {
        self.dictionary = dictionary
        super.init()
    }

    /// `count`: the number of keys.
    open func count() -> Int { dictionary.count }

    /// `objectForKey:`.
    open func object(forKey key: Any!) -> Any! {
        guard let key = key as? String else { return nil }
        return dictionary[key]
    }

    /// `keyEnumerator`: the keys, in no particular order.
    open func keyEnumerator() -> [String] { Array(dictionary.keys) }

    /// `setObject:forKey:`.
    open func setObject(_ object: Any!, forKey key: Any!) {
        guard let key = key as? String else { return }
        dictionary[key] = object
    }

    /// `removeObjectForKey:`.
    open func remove(forKey key: Any!) {
        guard let key = key as? String else { return }
        dictionary[key] = nil
    }

    /// The value of `key` (`object["name"]`); setting nil removes it.
    public subscript(key: String) -> Any? {
        get { dictionary[key] }
        set { dictionary[key] = newValue }
    }

    /// The value of `key` as a string: numbers (old ids) are written out, anything else is nil.
    public func string(forKey key: String) -> String? {
        switch dictionary[key] {
        case let string as String: return string
        case let number as NSNumber: return number.stringValue
        default: return nil
        }
    }

    /// The nested object at `key`, as `type`.
    func graphObject<T: FBGraphObject>(forKey key: String, as type: T.Type) -> T? {
        switch dictionary[key] {
        case let object as T: return object
        case let nested as [String: Any]: return type.init(graphDictionary: nested)
        default: return nil
        }
    }

    /// `+isGraphObjectID:sameAs:`: the same object, or both `id`s are equal strings.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? FBGraphObject else { return false }
        if other === self { return true }
        guard let id = dictionary["id"] as? String, let otherID = other.dictionary["id"] as? String else {
            return false
        }
        return id == otherID
    }

    /// The hash of the `id` (objects without one hash alike).
    open override var hash: Int { (dictionary["id"] as? String)?.hashValue ?? 0 }

    /// The JSON dictionary's description.
    open override var description: String { "\(dictionary)" }

    /// Subclasses build themselves from a dictionary.
    public required convenience init(graphDictionary: [String: Any]) {
        self.init(dictionary: graphDictionary)
    }
}
