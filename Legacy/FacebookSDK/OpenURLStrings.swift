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

    /// The keys and the values stored under them, in key order (the order
    /// `LegacyRequestBody.values(of:)` reads them back in), for ``FBRequest/knownParameterEntries``.
    static func storedEntries(token: String?) -> [(key: LegacyParameterKey, value: String)] {
        var stored: [(key: LegacyParameterKey, value: String)] = []
        stored.reserveCapacity(4)
        if let token { stored.append((accessTokenKey, token)) }
        stored.append((formatKey, "json"))
        stored.append((sdkKeyObject, LegacyConstants.sdk))
        stored.append((sdkVersionKeyObject, LegacyConstants.sdkVersion))
        return stored
    }
}
