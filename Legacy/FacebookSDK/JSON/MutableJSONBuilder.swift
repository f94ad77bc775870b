import FacebookGraph
import Foundation

/// json-framework 2.x's result shapes, built by the package's one JSON reader (`GraphJSON`) as it
/// reads: every object an `NSMutableDictionary` and every array an `NSMutableArray`, at every level,
/// so that legacy code that edits a result in place (`result as? NSMutableDictionary`, ShareKit's
/// NSNull-to-"" walk) keeps its edit. The scalars are the core's (`GraphJSONFoundationBuilder`):
/// `String`, `NSNumber` (an `Int64`, `UInt64` or `Double` inside, booleans as `Bool`),
/// `NSDecimalNumber` beyond 64 bits, `NSNull`.
///
/// The containers are built directly, not converted from an immutable tree afterwards (`fbbench
/// parse`, docs/PERFORMANCE.md). Every legacy JSON path reads through this builder: the v2 response
/// parse (``LegacyResponseParser``, for the delegate and the seed's blocks) and json-framework's
/// parser (``SBJsonParser``, ``SBJSON``, the `JSON.h` categories and 3.1.1's `FBSBJSON` copies).
///
/// Strings are immutable `String`s: json-framework handed out `NSMutableString`s, which no known
/// caller appended to in place (Migration.md, the result shapes).
struct MutableJSONBuilder: GraphJSONBuilder {
    private let scalars = GraphJSONFoundationBuilder()
    /// Whether a number beyond `NSDecimalNumber`'s range (`1e400`) was read: `GraphJSON` gives it as
    /// a NaN decimal, which json-framework refused.
    private(set) var sawNumberOutOfRange = false

    func null(at offset: Int) -> Any { scalars.null(at: offset) }

    func bool(_ value: Bool, at offset: Int) -> Any { scalars.bool(value, at: offset) }

    mutating func number(_ number: GraphJSONNumberText, in bytes: UnsafeBufferPointer<UInt8>) -> Any {
        let value = scalars.number(number, in: bytes)
        // Only a fraction, an exponent or an integer beyond 64 bits can end up a decimal.
        if !number.isInteger || number.overflow, let decimal = value as? NSDecimalNumber, decimal.decimalValue.isNaN {
            sawNumberOutOfRange = true
        }
        return value
    }

    @inline(__always)
    func string(_ text: GraphJSONStringText, in bytes: UnsafeBufferPointer<UInt8>) -> Any {
        scalars.string(text, in: bytes)
    }

    @inline(__always)
    func key(_ text: GraphJSONStringText, in bytes: UnsafeBufferPointer<UInt8>) -> NSString {
        NSString(string: scalars.key(text, in: bytes))
    }

    func beginArray(at offset: Int) -> NSMutableArray { NSMutableArray() }

    func append(_ value: Any, to array: inout NSMutableArray) { array.add(value) }

    func endArray(_ array: NSMutableArray) -> Any { array }

    /// Room for six members, as the core's builder presizes its dictionaries (a Graph user in a list).
    func beginObject(at offset: Int) -> NSMutableDictionary { NSMutableDictionary(capacity: 6) }

    /// A repeated name: the last value wins, as in json-framework and `JSONSerialization`.
    func add(_ key: NSString, _ value: Any, to object: inout NSMutableDictionary) {
        object.setObject(value, forKey: key)
    }

    func endObject(_ object: NSMutableDictionary) -> Any { object }
}
