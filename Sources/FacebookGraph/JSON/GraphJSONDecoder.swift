import Foundation

/// Decodes any `Decodable` from JSON the way `JSONDecoder()` does with its default strategies, on
/// ``GraphJSON``'s reader: the text is read once into a flat tape (``GraphJSONTape``), and keyed
/// containers find their keys by comparing bytes — no `[String: Any]`, no `NSNumber`.
///
/// What a caller of `JSONDecoder` relies on holds: integers exact to 64 bits (a number that does not
/// fit the type asked for is an error, never rounded; `1.0` and `1e2` are integers, `1.5` is not),
/// `Double`/`Float` from numbers (out of range is an error), `Bool` only from `true`/`false`,
/// strings with every escape and surrogate pair, `nil` for `null` and for missing keys of optionals,
/// the first of repeated keys, `Data` from Base64, `URL` from a string, `Decimal` from a number,
/// `Date` through its own `Decodable` (seconds since 2001), and `DecodingError`s of the kinds
/// `JSONDecoder` throws, with their coding paths.
///
/// Where it differs: text that is not JSON (RFC 8259, UTF-8 with an optional byte-order mark;
/// nesting at most ``GraphJSON/maximumDepth`` deep) is `dataCorrupted` naming the byte and what was
/// wrong; UTF-16 and UTF-32 text is refused (the Graph API sends UTF-8); a number that does not fit
/// the type asked for is `dataCorrupted` at the value's coding path (`JSONDecoder` reports the whole
/// text as invalid).
package struct GraphJSONDecoder {
    /// What `init(from:)` finds in its decoder's `userInfo`.
    package var userInfo: [CodingUserInfoKey: Any] = [:]

    /// A decoder with `JSONDecoder`'s default behaviour.
    package init() {}

    /// Decodes `type` from `data`.
    ///
    /// - Throws: `DecodingError`.
    package func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        guard data.count <= GraphJSONTape.maximumBytes else { return try JSONDecoder().decode(type, from: data) }
        let tape: GraphJSONTape
        do {
            tape = try GraphJSONTape(data)
        } catch {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: [], debugDescription: "The given data was not valid JSON (\(error)).",
                    underlyingError: error))
        }
        tape.userInfo = userInfo
        defer { tape.keyedContainers.close() }
        return try tape.decode(0, as: type, path: nil, key: GraphJSONNoKey())
    }
}

/// Where a decoder is: a linked list of coding keys, leaf first, made into an array only when asked
/// for (`codingPath`, errors).
final class GraphJSONCodingPath {
    let parent: GraphJSONCodingPath?
    let key: any CodingKey

    init(parent: GraphJSONCodingPath?, key: any CodingKey) {
        self.parent = parent
        self.key = key
    }

    /// Stands for the top level where a path cannot be optional (it is never part of a path).
    /// (Immutable, and its key is a `GraphJSONNoKey`: safe to share.)
    nonisolated(unsafe) static let root = GraphJSONCodingPath(parent: nil, key: GraphJSONNoKey())

    /// `path` followed by `key`: `path` itself for ``GraphJSONNoKey``.
    @inline(__always)
    static func appending<K: CodingKey>(_ path: GraphJSONCodingPath?, _ key: K) -> GraphJSONCodingPath? {
        if K.self == GraphJSONNoKey.self { return path }
        return GraphJSONCodingPath(parent: path, key: key)
    }

    /// The keys from the root, then `key` (none for ``GraphJSONNoKey``).
    static func keys<K: CodingKey>(_ path: GraphJSONCodingPath?, appending key: K = GraphJSONNoKey()) -> [any CodingKey]
    {
        var count = K.self == GraphJSONNoKey.self ? 0 : 1
        var node = path
        while let current = node {
            count += 1
            node = current.parent
        }
        guard count > 0 else { return [] }
        return [any CodingKey](unsafeUninitializedCapacity: count) { buffer, initialized in
            var index = count - 1
            if K.self != GraphJSONNoKey.self {
                (buffer.baseAddress! + index).initialize(to: key)
                index -= 1
            }
            var node = path
            while let current = node {
                (buffer.baseAddress! + index).initialize(to: current.key)
                index -= 1
                node = current.parent
            }
            initialized = count
        }
    }
}

/// An array element's key in a coding path: `intValue` the index, `stringValue` `Index N` (as
/// `JSONDecoder` names it).
struct GraphJSONIndexKey: CodingKey {
    let index: Int

    init(index: Int) { self.index = index }
    init?(intValue: Int) { self.index = intValue }
    init?(stringValue: String) { nil }

    var intValue: Int? { index }
    var stringValue: String { "Index \(index)" }
}

/// No key: the value is its container's own (the top level, a single-value container).
struct GraphJSONNoKey: CodingKey {
    init() {}
    init?(intValue: Int) { nil }
    init?(stringValue: String) { nil }

    var intValue: Int? { nil }
    var stringValue: String { "" }
}

/// A key by name: `super` for `superDecoder()`.
struct GraphJSONNamedKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    init?(intValue: Int) {
        self.stringValue = "\(intValue)"
        self.intValue = intValue
    }

    /// The key of `superDecoder()`.
    static let superKey = GraphJSONNamedKey(stringValue: "super")
}
