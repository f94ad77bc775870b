import Foundation

/// The parameter names and fixed values ``Facebook/openURL(_:params:httpMethod:delegate:configure:)``
/// stores in every request's parameters, bridged once. The keys hash once (``LegacyParameterKey``)
/// and are wrapped in `AnyHashable` once.
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

    /// The keys and the values stored under them, for ``FBRequest/knownParameterEntries``.
    static func storedEntries(token: String?) -> [(key: LegacyParameterKey, value: String)] {
        var stored: [(key: LegacyParameterKey, value: String)] = [
            (formatKey, "json"), (sdkKeyObject, LegacyConstants.sdk), (sdkVersionKeyObject, LegacyConstants.sdkVersion),
        ]
        if let token { stored.append((accessTokenKey, token)) }
        return stored
    }
}
