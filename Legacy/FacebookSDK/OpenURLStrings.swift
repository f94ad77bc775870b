import Foundation

/// The parameter names and fixed values ``Facebook/openURL(_:params:httpMethod:delegate:configure:)``
/// stores in every request's parameters, bridged once. The keys hash once (``LegacyParameterKey``)
/// and are wrapped in `AnyHashable` once.
///
/// ``storedEntries(token:)`` is the one list of what is stored: `Facebook` stores it, and
/// ``FBRequest/connect()`` sends it without reading the dictionary back
/// (`LegacyRequestBody.values(stored:)`, once per token: ``StoredParameters``) while the dictionary
/// still holds exactly it.
enum OpenURLStrings {
    nonisolated(unsafe) static let formatKey = LegacyParameterKey(string: "format")
    nonisolated(unsafe) static let sdkKeyObject = LegacyParameterKey(string: "sdk")
    nonisolated(unsafe) static let sdkVersionKeyObject = LegacyParameterKey(string: "sdk_version")
    nonisolated(unsafe) static let accessTokenKey = LegacyParameterKey(string: "access_token")
    nonisolated(unsafe) static let format = AnyHashable(formatKey)
    nonisolated(unsafe) static let json: NSString = "json"
    nonisolated(unsafe) static let sdkKey = AnyHashable(sdkKeyObject)
    nonisolated(unsafe) static let sdk = LegacyConstants.sdk as NSString
    nonisolated(unsafe) static let sdkVersionKey = AnyHashable(sdkVersionKeyObject)
    nonisolated(unsafe) static let sdkVersion = LegacyConstants.sdkVersion as NSString
    nonisolated(unsafe) static let accessToken = AnyHashable(accessTokenKey)

    /// The parameters of a request whose caller passed none: an `NSMutableDictionary` with room
    /// for the four entries ``Facebook`` stores, where `NSMutableDictionary()` starts with none and
    /// its storage grows three times under them (~2.6k instructions a request).
    static func emptyParameters() -> NSMutableDictionary {
        NSMutableDictionary(capacity: 4)
    }

    /// One stored entry: the key object, the value as text, and the value object stored (the one
    /// `NSDictionary.allValues` hands back while the entry is untouched).
    typealias StoredEntry = (key: LegacyParameterKey, value: String, object: NSString)

    /// What ``Facebook`` stores for one token (or none), made once per token rather than per request:
    /// the token's `NSString`, the entries (``storedEntries(token:)``) and the pairs
    /// ``FBRequest/connect()`` sends while the dictionary still holds exactly them. Immutable, so
    /// every request with that token shares it; a caller's later edits of its dictionary never reach it.
    final class StoredParameters: @unchecked Sendable {
        /// The token as text, or nil for a request without one.
        let token: String?
        /// The token's `NSString`, the object stored into the parameters.
        let tokenObject: NSString?
        /// ``OpenURLStrings/storedEntries(token:)`` for the token.
        let entries: [StoredEntry]
        /// The entries as the request's text parameters, in key order.
        let pairs: [(name: String, value: String)]

        init(token: String?) {
            self.token = token
            if let token {
                let object = token as NSString
                tokenObject = object
                entries = storedEntries(token: (text: token, object: object))
            } else {
                tokenObject = nil
                entries = storedEntries(token: nil)
            }
            // What `values(of:)` would read back from the dictionary (`LegacyFunnelTests` pins it),
            // as the request's text parameters.
            pairs = LegacyRequestBody.values(stored: entries).compactMap { pair in
                guard case .text(let text) = pair.value else { return nil }
                return (name: pair.key, value: text)
            }
        }

        /// The parameters of a request with no token.
        static let withoutToken = StoredParameters(token: nil)
    }

    /// The keys, the values stored under them and the value objects `Facebook` stores (`token.object`
    /// for the token), in key order (the order `LegacyRequestBody.values(of:)` reads them back in), for
    /// ``StoredParameters``.
    static func storedEntries(token: (text: String, object: NSString)?) -> [StoredEntry] {
        var stored: [StoredEntry] = []
        stored.reserveCapacity(4)
        if let token { stored.append((accessTokenKey, token.text, token.object)) }
        stored.append((formatKey, "json", json))
        stored.append((sdkKeyObject, LegacyConstants.sdk, sdk))
        stored.append((sdkVersionKeyObject, LegacyConstants.sdkVersion, sdkVersion))
        return stored
    }
}
