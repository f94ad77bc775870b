import FacebookGraph
import Foundation

/// 3.1.1's `FBGraphObjectArray`: an array in a v3.1 result (`result["data"]`), whose elements are the
/// result's own graph objects, so a friend read out of a friends list is an `FBGraphUser` and an
/// edit of it is an edit of the result:
///
/// ```swift
/// let friends = (result as! NSDictionary)["data"] as! [Any]
/// let friend = friends[0] as! FBGraphUser          // user.name, user.id
/// (friends[0] as! NSMutableDictionary)["verb"] = "OR"  // the result holds it too
/// ```
///
/// Why a class of its own: swift-corelibs-foundation hands an element of an `NSArray` out as a Swift
/// value (a nested `NSMutableDictionary` becomes a `[AnyHashable: Any]` copy, which is no graph
/// object and takes no edit). This subclass hands its elements out as they are stored; it bridges
/// to `[Any]` whole (corelibs reads a subclass of `NSArray` element by element), so
/// `as? [[String: Any]]` and `JSONSerialization` see every element.
///
/// Internal, as 3.1.1 kept it (no header declared it): apps hold it as an `NSArray` or `[Any]`. It is an
/// `NSMutableArray` in every other respect; like Foundation's, it is not safe to mutate
/// from two threads at once.
final class FBGraphObjectArray: NSMutableArray {
    /// The elements, as stored (graph objects stay the objects they are).
    private var elements: [Any]

    /// An empty array.
    override init() {
        elements = []
        super.init()
    }

    /// An array of `elements`, as they are.
    init(elements: [Any]) {
        self.elements = elements
        super.init()
    }

    /// `initWithObjects:count:`, the designated initializer of Foundation's arrays.
    required init(objects: UnsafePointer<AnyObject>?, count: Int) {
        elements = (0..<count).map { objects![$0] }
        super.init()
    }

    /// An array literal's elements, as they are.
    required convenience init(arrayLiteral elements: Any...) {
        self.init(elements: elements)
    }

    /// `initWithCoder:`: graph-object arrays are not archived (v3.1 did not archive them either).
    required convenience init?(coder: NSCoder) { nil }

    // MARK: The primitives

    /// The number of elements.
    override var count: Int { elements.count }

    /// The element at `index`, as stored.
    override func object(at index: Int) -> Any { elements[index] }

    /// Inserts `anObject` at `index`.
    override func insert(_ anObject: Any, at index: Int) { elements.insert(anObject, at: index) }

    /// Removes the element at `index`.
    override func removeObject(at index: Int) { elements.remove(at: index) }

    /// Replaces the element at `index`.
    override func replaceObject(at index: Int, with anObject: Any) { elements[index] = anObject }

    // MARK: What Foundation implements only for its own class

    /// Swaps two elements.
    override func exchangeObject(at idx1: Int, withObjectAt idx2: Int) { elements.swapAt(idx1, idx2) }

    /// Replaces the elements in `range` with `otherArray`'s.
    override func replaceObjects(in range: NSRange, withObjectsFrom otherArray: [Any]) {
        elements.replaceSubrange(range.location..<(range.location + range.length), with: otherArray)
    }

    /// Replaces every element.
    override func setArray(_ otherArray: [Any]) { elements = otherArray }

    /// Removes every element.
    override func removeAllObjects() { elements.removeAll() }

    /// A new `FBGraphObjectArray` holding the same elements (the graph objects are shared, as a copy
    /// of an `NSArray` shares its elements).
    override func copy(with zone: NSZone? = nil) -> Any { FBGraphObjectArray(elements: elements) }

    /// A new `FBGraphObjectArray` holding the same elements.
    override func mutableCopy(with zone: NSZone? = nil) -> Any { FBGraphObjectArray(elements: elements) }

    /// The elements' description, as an `NSArray` of them would print.
    override var description: String { NSArray(array: elements).description }
}
