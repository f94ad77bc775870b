import Foundation

/// v3.1's `@protocol FBGraphObject`: what the SDK reads and writes of any graph object, by key
/// (legacy-sdk-facts §4). The importer names it `FBGraphObjectProtocol`, as a class has the name
/// `FBGraphObject`; the facades ``FBGraphUser``, ``FBGraphPlace`` and ``FBGraphLocation`` refine it.
///
/// A class of your own may adopt it (v3.1's "CustomClass<FBGraphObject>") by implementing these five
/// methods; it then gets every facade property it declares from the facades' extensions.
public protocol FBGraphObjectProtocol: NSObjectProtocol {
    /// `count`: the number of properties.
    func count() -> Int
    /// `objectForKey:`: a property, or nil.
    func object(forKey aKey: Any!) -> Any!
    /// `keyEnumerator`: the property names.
    func keyEnumerator() -> NSEnumerator!
    /// `removeObjectForKey:`: removes a property.
    func remove(forKey aKey: Any!)
    /// `setObject:forKey:`: sets a property (nil removes it).
    func setObject(_ anObject: Any!, forKey aKey: Any!)
}

extension FBGraphObjectProtocol {
    /// `id`, as ``FBGraphUser`` and ``FBGraphPlace`` declare it: a string; an old numeric id is
    /// written out. Implemented once here, so one witness serves both facades (two defaults, one per
    /// facade, would be ambiguous for a class that adopts both).
    public var id: String! {
        get { GraphObjectValues.string(object(forKey: "id"), numbersAllowed: true) }
        set { setObject(newValue, forKey: "id") }
    }

    /// `name`, as ``FBGraphUser`` and ``FBGraphPlace`` declare it (implemented once, as `id`).
    public var name: String! {
        get { GraphObjectValues.string(object(forKey: "name")) }
        set { setObject(newValue, forKey: "name") }
    }
}

/// v3.1's `FBGraphObject` class: the factories (``graphObject()``, `graphObjectWrapping(_:)`,
/// ``isGraphObjectID(_:sameAs:)``) and the one
/// implementation of every facade: each object the SDK hands out (`user.location`, what the
/// factories make) is an `FBGraphObject` or, for v3.1 results and the picker's friends (`selection`),
/// an `NSMutableDictionary`, so `as? FBGraphUser`, `as? FBGraphPlace` and `as? FBGraphLocation`
/// succeed on any of them and each property reads and writes the dictionary key of its name, as
/// v3.1's inferred facades did.
///
/// The object reads and writes an `NSMutableDictionary` (``dictionary``): wrapping one does not
/// copy it, so edits through the object are edits of that dictionary, at every level
/// (`user.location.city = "Oslo"` writes the nested dictionary inside the user's).
///
/// Linux differences (Migration.md, the graph-object protocols): v3.1's class derived from
/// `NSMutableDictionary` and answered any facade protocol at run time through the Objective-C
/// runtime. Swift on Linux has neither that runtime nor a bridge for dictionary subclasses
/// (swift-corelibs-foundation bridges a subclass of `NSDictionary` to an empty `[String: Any]`), so
/// here the class derives from `NSObject`, conforms to the three facades of the SDK, and answers
/// another facade protocol when it is declared to (`extension FBGraphObject: MyGraphThing {}`, with
/// the properties read through ``object(forKey:)``). Graph objects compare equal when they are the
/// same object or have the same string `id`.
open class FBGraphObject: NSObject, FBGraphObjectProtocol, FBGraphUser, FBGraphPlace, FBGraphLocation {
    /// The dictionary this object reads and writes: the one it wraps, not a copy. Edit it through the
    /// object (``setObject(_:forKey:)``, the facades): a nested object handed out stays the one its
    /// key holds only while the key is set through the object.
    public let dictionary: NSMutableDictionary

    /// The graph objects handed out for nested dictionaries, by key. Linux's Foundation hands out a
    /// nested dictionary read with `object(forKey:)` as a Swift copy, so each nested dictionary is
    /// made mutable once, stored back, wrapped, and the wrapper kept: writes through it land in the
    /// dictionary this object holds, however often the property is read.
    private var nestedObjects: [String: FBGraphObject] = [:]

    /// An empty object.
    public override init() {
        dictionary = NSMutableDictionary()
        super.init()
    }

    /// An object over a copy of `dictionary` (a Graph JSON object), nested objects and arrays made
    /// mutable.
    public convenience init(dictionary: [String: Any]) {
        self.init(wrapping: GraphObjectValues.mutableCopy(of: dictionary as NSDictionary))
    }

    /// An object over `dictionary` itself (not a copy).
    public init(wrapping dictionary: NSMutableDictionary) {
        self.dictionary = dictionary
        super.init()
    }

    // MARK: The factories

    /// `+graphObject`: a new, empty graph object (to post as an object or an action). Typed as the
    /// importer typed it, an object with the `FBGraphObject` protocol (there `NSMutableDictionary &
    /// FBGraphObjectProtocol`), so `as! FBGraphUser` and other facade casts read as on iOS.
    open class func graphObject() -> (NSObject & FBGraphObjectProtocol)! {
        FBGraphObject()
    }

    /// `+graphObjectWrappingDictionary:` (the importer's `graphObjectWrapping(_:)`): a graph object over
    /// a JSON dictionary. The dictionary is copied (a Swift dictionary is a value); keep using the
    /// returned object, as v3.1 advised.
    open class func graphObjectWrapping(_ jsonDictionary: [AnyHashable: Any]!) -> (NSObject & FBGraphObjectProtocol)! {
        guard let jsonDictionary else { return FBGraphObject() }
        return FBGraphObject(wrapping: GraphObjectValues.mutableCopy(of: jsonDictionary as NSDictionary))
    }

    /// `+graphObjectWrappingDictionary:` for a Foundation dictionary: an `NSMutableDictionary` (a v2
    /// or v3.1 result) is wrapped as it is, without copying, so edits through the graph object are
    /// edits of it; an immutable one is copied.
    open class func graphObjectWrapping(_ jsonDictionary: NSDictionary!) -> (NSObject & FBGraphObjectProtocol)! {
        guard let jsonDictionary else { return FBGraphObject() }
        if let mutable = jsonDictionary as? NSMutableDictionary { return FBGraphObject(wrapping: mutable) }
        return FBGraphObject(wrapping: GraphObjectValues.mutableCopy(of: jsonDictionary))
    }

    /// The Objective-C name, which the importer renamed: write `graphObjectWrapping(_:)`.
    @available(*, unavailable, renamed: "graphObjectWrapping(_:)")
    public class func graphObjectWrappingDictionary(_ jsonDictionary: [AnyHashable: Any]!)
        -> (NSObject & FBGraphObjectProtocol)!
    {
        graphObjectWrapping(jsonDictionary)
    }

    /// `+isGraphObjectID:sameAs:`: true when both are the same object, or both have an `id` that is
    /// a string and the two are equal.
    open class func isGraphObjectID(_ anObject: FBGraphObjectProtocol!, sameAs anotherObject: FBGraphObjectProtocol!)
        -> Bool
    {
        guard let anObject, let anotherObject else { return false }
        if anObject === anotherObject { return true }
        guard let id = anObject.object(forKey: "id") as? String,
            let otherID = anotherObject.object(forKey: "id") as? String
        else { return false }
        return id == otherID
    }

    // MARK: FBGraphObjectProtocol

    /// `count`: the number of keys.
    open func count() -> Int { dictionary.count }

    /// `objectForKey:`: the value as stored (nested objects and arrays are the mutable containers of
    /// the dictionary; the typed properties wrap objects as graph objects).
    open func object(forKey aKey: Any!) -> Any! {
        guard let aKey else { return nil }
        return dictionary.object(forKey: aKey)
    }

    /// `keyEnumerator`: the keys, in no particular order.
    open func keyEnumerator() -> NSEnumerator! { dictionary.keyEnumerator() }

    /// `removeObjectForKey:`.
    open func remove(forKey aKey: Any!) {
        guard let key = aKey as? AnyHashable else { return }
        if let name = key.base as? String { nestedObjects[name] = nil }
        dictionary.removeObject(forKey: key)
    }

    /// `setObject:forKey:`; nil removes the key (v3.1 raised an exception). A graph object is stored
    /// as its dictionary (the JSON stays plain) and is what the key's facade property then returns.
    open func setObject(_ anObject: Any!, forKey aKey: Any!) {
        guard let key = aKey as? AnyHashable else { return }
        let object = anObject as? FBGraphObject
        if let name = key.base as? String { nestedObjects[name] = object }
        if let object {
            dictionary.setObject(object.dictionary, forKey: key)
        } else if let anObject {
            dictionary.setObject(anObject, forKey: key)
        } else {
            dictionary.removeObject(forKey: key)
        }
    }

    /// The graph object over the dictionary at `key`, the same one at every read (see
    /// ``dictionary``); nil when the key holds no dictionary.
    func nestedGraphObject(at key: String) -> FBGraphObject? {
        if let object = nestedObjects[key] { return object }
        guard let mutable = GraphObjectValues.mutableDictionary(dictionary.object(forKey: key)) else { return nil }
        dictionary.setObject(mutable, forKey: key)
        let object = FBGraphObject(wrapping: mutable)
        nestedObjects[key] = object
        return object
    }

    /// The value of `key` (`object["name"]`, as on v3.1's dictionary); setting nil removes it.
    public subscript(key: String) -> Any? {
        get { dictionary.object(forKey: key) }
        set { setObject(newValue, forKey: key) }
    }

    /// The value of `key` as a string: numbers (old numeric ids) are written out, anything else is nil.
    public func string(forKey key: String) -> String? {
        GraphObjectValues.string(dictionary.object(forKey: key), numbersAllowed: true)
    }

    // MARK: NSObject

    /// Equal to the same object, or to a graph object with the same string `id`.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? FBGraphObjectProtocol else { return false }
        return Self.isGraphObjectID(self, sameAs: other)
    }

    /// The hash of the `id` (objects without one hash alike).
    open override var hash: Int { (dictionary.object(forKey: "id") as? String)?.hashValue ?? 0 }

    /// The dictionary's description.
    open override var description: String { dictionary.description }
}

/// Reading and writing typed values of a graph object: the one place the facades' properties go
/// through.
enum GraphObjectValues {
    /// `value` as a string (a `String` or `NSString`); with `numbersAllowed`, a number written out.
    static func string(_ value: Any?, numbersAllowed: Bool = false) -> String? {
        switch value {
        case let string as String: return string
        case let number as NSNumber where numbersAllowed: return number.stringValue
        default: return nil
        }
    }

    /// The graph object at `key` of `owner`: for an ``FBGraphObject`` the one it keeps for the key; in
    /// a class of your own, a stored graph object as it is, or a dictionary copied into a mutable one
    /// that replaces it in `owner` (so that writes through the returned object reach `owner`).
    static func graphObject(at key: String, of owner: FBGraphObjectProtocol) -> FBGraphObject? {
        if let owner = owner as? FBGraphObject { return owner.nestedGraphObject(at: key) }
        let value = owner.object(forKey: key)
        if let object = value as? FBGraphObject { return object }
        guard let mutable = mutableDictionary(value) else { return nil }
        owner.setObject(mutable, forKey: key)
        return FBGraphObject(wrapping: mutable)
    }

    /// A mutable copy of `value` when it is a dictionary (as Foundation or Swift holds it), else nil.
    static func mutableDictionary(_ value: Any?) -> NSMutableDictionary? {
        switch value {
        case let dictionary as NSDictionary: return mutableCopy(of: dictionary)
        case let dictionary as [AnyHashable: Any]: return mutableCopy(of: dictionary as NSDictionary)
        default: return nil
        }
    }

    /// A mutable copy of `dictionary`, nested dictionaries and arrays mutable too.
    static func mutableCopy(of dictionary: NSDictionary) -> NSMutableDictionary {
        let copy = NSMutableDictionary(capacity: dictionary.count)
        for (key, value) in dictionary {
            guard let key = key as? AnyHashable else { continue }
            copy.setObject(mutableValue(value), forKey: key)
        }
        return copy
    }

    private static func mutableValue(_ value: Any) -> Any {
        switch value {
        case let object as FBGraphObject: return object.dictionary
        case let dictionary as NSDictionary: return mutableCopy(of: dictionary)
        case let array as NSArray:
            let copy = NSMutableArray(capacity: array.count)
            for element in array { copy.add(mutableValue(element)) }
            return copy
        default: return value
        }
    }
}
