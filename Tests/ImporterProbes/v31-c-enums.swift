// Importer probe: what Swift's Clang importer makes of each plain C enum (`typedef enum { … } X;`) in
// the real 3.1.1 headers: a struct `X` over `UInt32`, `RawRepresentable`, `Hashable`, `Sendable`, with
// a settable `rawValue`, `init(rawValue:)`, `init(_:)`, and a global constant per case.
// `scripts/importer-check` type-checks this file against those headers (it must pass there);
// Tests/FacebookSDKSourceCompatTests/CEnumShapeTests.swift asks the same of this package. Not part of
// any target.

import FacebookSDK

/// Compiles only for a type with the importer's conformances, built with its unlabelled initializer.
func importedCEnum<Value: RawRepresentable & Hashable & Sendable>(_ make: (UInt32) -> Value, _ constant: Value)
where Value.RawValue == UInt32 {
    let values: Set<Value> = [make(constant.rawValue), Value(rawValue: 0)!, constant]
    _ = values
}

/// Every plain C enum the probed headers declare, with one of its constants (`FBNativeDialogResult`'s
/// header, FBNativeDialogs.h, is not among them), and a settable `rawValue`.
func probeCEnums() {
    var state = FBSessionState(rawValue: 0)
    state.rawValue = FBSessionStateClosed.rawValue
    importedCEnum({ FBSessionState($0) }, FBSessionStateOpen)
    importedCEnum({ FBSessionLoginBehavior($0) }, FBSessionLoginBehaviorWithFallbackToWebView)
    importedCEnum({ FBSessionDefaultAudience($0) }, FBSessionDefaultAudienceFriends)
    importedCEnum({ FBSessionLoginType($0) }, FBSessionLoginTypeWebView)
    importedCEnum({ FBErrorCode($0) }, FBErrorHTTPError)
    importedCEnum({ FBFriendSortOrdering($0) }, FBFriendSortByLastName)
    importedCEnum({ FBFriendDisplayOrdering($0) }, FBFriendDisplayByLastName)
}
