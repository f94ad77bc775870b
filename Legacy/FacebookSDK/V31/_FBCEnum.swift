/// An implementation detail of the module, not for use: the shape Swift's Clang importer gives a
/// plain C enum of the v3.1 SDK, once.
///
/// The importer turns `typedef enum { … } FBSessionState;` into a struct over the enum's `UInt32`
/// with `init(rawValue:)`, `init(_:)` and `rawValue`, `Equatable` and `Hashable` on that value, and a
/// global constant per case (``FBSessionStateOpen``). Each such struct here (``FBSessionState``,
/// ``FBSessionLoginBehavior``, ``FBSessionDefaultAudience``, ``FBSessionLoginType``,
/// ``FBErrorCode``, ``FBNativeDialogResult``, ``FBFriendSortOrdering``,
/// ``FBFriendDisplayOrdering``) declares only its stored `rawValue` and `init(rawValue:)`; this
/// protocol's extension supplies `init(_:)`, and the standard library's defaults for a
/// `RawRepresentable` type compare and hash it by `rawValue`, so every one is spelled and compares
/// as the importer's.
/// Like the standard library's underscored protocols, it is public only because those structs are:
/// conform nothing else to it, and do not name it.
public protocol _FBCEnum: RawRepresentable, Hashable, Sendable where RawValue == UInt32 {
    /// The value with `rawValue`.
    init(rawValue: UInt32)
}

extension _FBCEnum {
    /// The value with `rawValue` (the importer's unlabelled initializer: `FBSessionState(0)`).
    public init(_ rawValue: UInt32) { self.init(rawValue: rawValue) }
}
