import FacebookGraph
import Foundation

/// json-framework 2.x's result shapes, built by the package's one JSON reader (`GraphJSON`) as it
/// reads: every object an `NSMutableDictionary` and every array an `NSMutableArray`, at every level,
/// so that legacy code that edits a result in place (`result as? NSMutableDictionary`, ShareKit's
/// NSNull-to-"" walk) keeps its edit. The scalars are the core's (`GraphJSONFoundationBuilder`):
/// `NSNumber` (an `Int64`, `UInt64` or `Double` inside, booleans as `Bool`), `NSDecimalNumber`
/// beyond 64 bits, `NSNull`; strings are `NSString`s (a top-level string is a `String`).
///
/// Every legacy JSON path reads through ``parse(_:maximumDepth:)``: the v2 response parse
/// (``LegacyResponseParser``, for the delegate and the seed's blocks), json-framework's parser
/// (``SBJsonParser``, ``SBJSON``, the `JSON.h` categories and 3.1.1's `FBSBJSON` copies) and v3.1's
/// results.
///
/// What it costs is Foundation's (docs/PERFORMANCE.md, "The legacy result as json-framework's
/// mutable containers"), so the builder hands Foundation finished objects: each container's values
/// wait on a stack until it closes and go into `NSMutableDictionary(objects:forKeys:count:)` or
/// `NSMutableArray(objects:count:)` at their final size, with no `setObject(_:forKey:)` (which boxes
/// its key and value through `AnyHashable` and `Any` each time); a member name a document repeats is
/// one `NSString` (``JSONKeyInterner``); strings become `NSString`s once, not `String`s bridged on
/// insertion.
///
/// Strings are immutable: json-framework handed out `NSMutableString`s, which no known caller
/// appended to in place (Migration.md, the result shapes).
struct MutableJSONBuilder: GraphJSONBuilder {
    /// A parsed document: its value and whether a number beyond `NSDecimalNumber`'s range was read.
    struct Parsed {
        /// The value: containers mutable at every level, a top-level string a `String`.
        var value: Any
        /// Whether a number beyond `NSDecimalNumber`'s range (`1e400`) was read: `GraphJSON` gives it
        /// as a NaN decimal, which json-framework refused.
        var sawNumberOutOfRange: Bool
        /// The value's top-level members that can make the core's classifier read it as an error
        /// (`GraphError.mayReportError(memberName:)`), as read (a repeated name: the last), when the
        /// value is an object: empty when it has none, so the classifier need not be asked. The
        /// values are the containers themselves, not Swift copies: bridging a page's top level to
        /// `[String: Any]` converts everything under it (its `data` array and each object in it).
        var errorMembers: [String: Any] = [:]
    }

    /// Reads `data` into json-framework's shapes (see the type's description).
    ///
    /// - Throws: `GraphJSONError`, from the reader.
    /// - Parameter graphObjectArrays: v3.1's shape: every array an ``FBGraphObjectArray``, which hands
    ///   its graph objects out as themselves (v3.1 results; ``v31Result(from:)``).
    static func parse(
        _ data: Data, maximumDepth: Int = GraphJSON.maximumDepth, graphObjectArrays: Bool = false
    ) throws(GraphJSONError) -> Parsed {
        var builder = MutableJSONBuilder()
        builder.graphObjectArrays = graphObjectArrays
        let value = try GraphJSON.read(data, maximumDepth: maximumDepth, builder: &builder)
        // A string is an NSString inside a container, where Foundation keeps objects; alone it is
        // the Swift `String` the caller casts to.
        if let string = value as? NSString {
            return Parsed(value: String._unconditionallyBridgeFromObjectiveC(string), sawNumberOutOfRange: false)
        }
        return Parsed(
            value: value, sawNumberOutOfRange: builder.sawNumberOutOfRange,
            errorMembers: builder.topLevelErrorMembers)
    }

    private let scalars = GraphJSONFoundationBuilder()
    private var sawNumberOutOfRange = false
    /// Whether arrays are ``FBGraphObjectArray``s (v3.1) rather than `NSMutableArray`s (v2).
    private var graphObjectArrays = false
    /// The values of the open arrays, innermost last; an array's state is where its values start.
    private var elements: [AnyObject] = []
    /// The member names and values of the open objects, innermost last; an object's state is where
    /// its members start.
    private var memberKeys: [NSObject] = []
    private var memberValues: [AnyObject] = []
    private var interner = JSONKeyInterner()
    /// How many arrays and objects are open: the top-level object's names are read at depth 1.
    private var depth = 0
    /// The top-level members whose names can report an error (see ``Parsed/errorMembers``), and the
    /// name of the one being read, if it is one.
    private var topLevelErrorMembers: [String: Any] = [:]
    private var pendingErrorMember: String?
    /// `null`: one object for every null, as Apple's `[NSNull null]` is.
    private static let null = NSNull()
    /// Room the value stacks get at their first container: a `/me` (twelve members) or a page's
    /// object fits without the stacks growing from empty (five reallocations each).
    private static let initialRoom = 16

    func null(at offset: Int) -> AnyObject { Self.null }

    func bool(_ value: Bool, at offset: Int) -> AnyObject { scalars.boolObject(value) }

    mutating func number(_ number: GraphJSONNumberText, in bytes: UnsafeBufferPointer<UInt8>) -> AnyObject {
        let value = scalars.numberObject(number, in: bytes)
        // Only a fraction, an exponent or an integer beyond 64 bits can end up a decimal.
        if !number.isInteger || number.overflow, let decimal = value as? NSDecimalNumber, decimal.decimalValue.isNaN {
            sawNumberOutOfRange = true
        }
        return value
    }

    @inline(__always)
    func string(_ text: GraphJSONStringText, in bytes: UnsafeBufferPointer<UInt8>) -> AnyObject {
        switch text {
        case .ascii(let range):
            NSString(string: String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self))
        case .decoded(let string, _): NSString(string: string)
        }
    }

    @inline(__always)
    mutating func key(_ text: GraphJSONStringText, in bytes: UnsafeBufferPointer<UInt8>) -> NSString {
        switch text {
        case .ascii(let range):
            let bytes = UnsafeBufferPointer(rebasing: bytes[range])
            let name = interner.name(bytes)
            if depth == 1, name.mayReportError {
                pendingErrorMember = String(decoding: bytes, as: UTF8.self)
            }
            return name.key
        case .decoded(var string, _):
            if depth == 1, string.withUTF8({ GraphError.mayReportError(memberName: $0) }) {
                pendingErrorMember = string
            }
            return NSString(string: string)
        }
    }

    mutating func beginArray(at offset: Int) -> Int {
        depth += 1
        if elements.capacity == 0 { elements.reserveCapacity(Self.initialRoom) }
        return elements.count
    }

    mutating func append(_ value: AnyObject, to array: inout Int) { elements.append(value) }

    mutating func endArray(_ start: Int) -> AnyObject {
        depth -= 1
        let count = elements.count - start
        if graphObjectArrays {
            let array = FBGraphObjectArray(elements: Array(elements[start...]))
            elements.removeLast(count)
            return array
        }
        guard count > 0 else { return NSMutableArray() }
        let array = elements.withUnsafeBufferPointer { NSMutableArray(objects: $0.baseAddress! + start, count: count) }
        elements.removeLast(count)
        return array
    }

    mutating func beginObject(at offset: Int) -> Int {
        depth += 1
        if memberKeys.capacity == 0 {
            memberKeys.reserveCapacity(Self.initialRoom)
            memberValues.reserveCapacity(Self.initialRoom)
        }
        return memberKeys.count
    }

    /// A repeated name: the last value wins, as in json-framework and `JSONSerialization` (the
    /// dictionary stores its members in document order).
    mutating func add(_ key: NSString, _ value: AnyObject, to object: inout Int) {
        if depth == 1, let name = pendingErrorMember {
            topLevelErrorMembers[name] = value
            pendingErrorMember = nil
        }
        memberKeys.append(key)
        memberValues.append(value)
    }

    mutating func endObject(_ start: Int) -> AnyObject {
        depth -= 1
        let count = memberKeys.count - start
        guard count > 0 else { return NSMutableDictionary() }
        // Room for the members at a lower load, by repeating the last member (see `roomPadding`):
        // the last, because it is its name's last value, which a repeated name must keep.
        let padding = Self.roomPadding(count)
        for _ in 0..<padding {
            memberKeys.append(memberKeys[start + count - 1])
            memberValues.append(memberValues[start + count - 1])
        }
        let dictionary = memberKeys.withUnsafeBufferPointer { keys in
            memberValues.withUnsafeBufferPointer { values in
                NSMutableDictionary(
                    objects: values.baseAddress! + start, forKeys: keys.baseAddress! + start, count: count + padding)
            }
        }
        memberKeys.removeLast(count + padding)
        memberValues.removeLast(count + padding)
        return dictionary
    }

    /// How many times to repeat an object's last member (key and value, so the dictionary holds the
    /// same members) so that Foundation sizes its table one step larger.
    ///
    /// `NSDictionary(objects:forKeys:count:)` makes a Swift `Dictionary(minimumCapacity: count)`: a
    /// power-of-two table filled up to three quarters, probed linearly, with no stored hashes, so each
    /// occupied bucket a new key passes costs an `NSString.isEqual` (~930 instructions). Twelve members
    /// (a user's default fields) fill 16 buckets to the limit: ~9.4 comparisons on average; in 32
    /// buckets ~2.9. One repeated member (a hash and one comparison, ~2,450) buys the larger table.
    /// It pays where the table is full or nearly so and the saving beats the repeats' cost: 12 members,
    /// and 22 to 24 (docs/PERFORMANCE.md).
    static func roomPadding(_ count: Int) -> Int {
        switch count {
        case 12: 1
        case 22...24: 25 - count
        default: 0
        }
    }
}
