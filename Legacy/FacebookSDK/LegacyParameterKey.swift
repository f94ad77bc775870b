import Foundation

/// A parameter name that ``Facebook`` stores into the caller's `NSMutableDictionary` on every
/// request (`format`, `sdk`, `sdk_version`, `access_token`): an `NSString` equal to the plain one,
/// with the same `hash`, but computed once.
///
/// On Linux an `NSMutableDictionary` is a Swift dictionary keyed by `NSObject`: every store hashes
/// its key through `NSString.hash` (`CFStringHashNSString`, ~1,000 instructions), again on each
/// growth of the table. The caller reads the entries back with ordinary strings (`params["format"]`),
/// which hash to the same value and compare equal, so nothing the caller can see changes.
final class LegacyParameterKey: NSString {
    /// The name.
    private let text: String
    /// The name's UTF-16 code units, for `NSString`'s primitive methods.
    private let units: [unichar]
    /// `NSString(string: text).hash`, once.
    private let cachedHash: Int

    required init(string: String) {
        text = string
        units = Array(string.utf16)
        cachedHash = NSString(string: string).hash
        super.init(characters: [], length: 0)
    }

    required init?(coder: NSCoder) { nil }

    /// The name, as a `String`.
    var string: String { text }

    required convenience init(stringLiteral value: StaticString) {
        self.init(string: "\(value)")
    }

    required convenience init(unicodeScalarLiteral value: StaticString) {
        self.init(string: "\(value)")
    }

    required convenience init(extendedGraphemeClusterLiteral value: StaticString) {
        self.init(string: "\(value)")
    }

    override var length: Int { units.count }

    override func character(at index: Int) -> unichar { units[index] }

    override var hash: Int { cachedHash }

    override func isEqual(_ object: Any?) -> Bool {
        if let other = object as? LegacyParameterKey { return other === self || other.text == text }
        return super.isEqual(object)
    }

    /// Immutable: a copy is the key itself (dictionaries copy their keys).
    override func copy(with zone: NSZone? = nil) -> Any { self }
}
