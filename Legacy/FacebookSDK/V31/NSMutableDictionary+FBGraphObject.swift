import Foundation

// A v3.1 result is a graph object: in 3.1.1 `FBRequestConnection` handed each handler an
// `FBGraphObject`, an `NSMutableDictionary` subclass that answered any facade protocol, so app code
// wrote `result as? FBGraphUser` (Scrumptious's `user.name`) as readily as `result as? NSDictionary`.
//
// Here a result is a plain `NSMutableDictionary` (the legacy layer's one builder,
// `MutableJSONBuilder`) and every `NSMutableDictionary` is a graph object: it conforms to
// `FBGraphObjectProtocol` and the three facades below, so `result as? FBGraphUser`,
// `result as? NSMutableDictionary` and `result as? [String: Any]` all succeed on the same object, and
// an edit through any of them is an edit of the result.
//
// Why not 3.1.1's subclass: swift-corelibs-foundation bridges an instance of a *subclass* of
// `NSDictionary` to an empty Swift dictionary (`Dictionary._conditionallyBridgeFromObjectiveC` reads
// only the exact classes), so `result as? [String: Any]`, `JSONSerialization` and any `NSArray` or
// `NSDictionary` the object is stored in would silently hand out `[:]` (measured: `{}` written,
// `[:]` cast). The exact class bridges whole.
//
// The witnesses are overloads of Foundation's own methods marked `@_disfavoredOverload`: a call that
// Foundation's method accepts (`dictionary.object(forKey: "id")`, `.count`, `.keyEnumerator()`) still
// picks Foundation's; only a call through the protocol, or with an optional argument, reaches these.

extension NSDictionary {
    /// `count`, as `FBGraphObjectProtocol` spells it (`- (NSUInteger)count` of a protocol is a method).
    @_disfavoredOverload
    public func count() -> Int { count }

    /// `objectForKey:` as `FBGraphObjectProtocol` spells it (an optional key, nil for none).
    @_disfavoredOverload
    public func object(forKey aKey: Any!) -> Any! {
        guard let aKey else { return nil }
        return object(forKey: aKey as Any)
    }

    /// `keyEnumerator` as `FBGraphObjectProtocol` spells it.
    @_disfavoredOverload
    public func keyEnumerator() -> NSEnumerator! {
        let keys: NSEnumerator = keyEnumerator()
        return keys
    }
}

extension NSMutableDictionary: FBGraphObjectProtocol, FBGraphUser, FBGraphPlace, FBGraphLocation {
    /// `removeObjectForKey:` as `FBGraphObjectProtocol` spells it; a nil key removes nothing.
    public func remove(forKey aKey: Any!) {
        guard let aKey else { return }
        removeObject(forKey: aKey as Any)
    }

    /// `setObject:forKey:` as `FBGraphObjectProtocol` spells it. Setting nil removes the key (v3.1
    /// raised an exception); a key that is not hashable, or nil, sets nothing. A graph object of the
    /// ``FBGraphObject`` class is stored as its dictionary, so the JSON stays plain.
    @_disfavoredOverload
    public func setObject(_ anObject: Any!, forKey aKey: Any!) {
        guard let key = aKey as? AnyHashable else { return }
        switch anObject {
        case let object as FBGraphObject: setObject(object.dictionary, forKey: key)
        case let anObject?: setObject(anObject, forKey: key)
        case nil: removeObject(forKey: key)
        }
    }
}
