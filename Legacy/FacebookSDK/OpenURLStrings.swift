import Foundation

/// The parameter names and fixed values ``Facebook/openURL(_:params:httpMethod:delegate:configure:)``
/// stores in every request's parameters, bridged once. The keys hash once (``LegacyParameterKey``)
/// and are wrapped in `AnyHashable` once.
///
/// ``storedEntries(token:)`` is the one list of what is stored: `Facebook` stores it, and
/// ``FBRequest/connect()`` sends it without reading the dictionary back
/// (`LegacyRequestBody.values(stored:)`) while the dictionary still holds exactly it.
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

    /// The keys, the values stored under them and the value objects `Facebook` stores (`token.object`
    /// for the token), in key order (the order `LegacyRequestBody.values(of:)` reads them back in), for
    /// ``FBRequest/knownParameterEntries``.
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
