/// The v2 `FBSessionDelegate` protocol.
///
/// Formally required in Objective-C, but the SDK checked `respondsToSelector:` before every call,
/// so each method has a no-op default here. It refines `NSObjectProtocol` (the header's `<NSObject>`).
public protocol FBSessionDelegate: NSObjectProtocol {
    /// Login succeeded (`fbDidLogin`).
    func fbDidLogin()
    /// Login failed; `cancelled` is true when the user cancelled (`fbDidNotLogin:`).
    func fbDidNotLogin(_ cancelled: Bool)
    /// The token was extended (`fbDidExtendToken:expiresAt:`).
    func fbDidExtendToken(_ accessToken: String!, expiresAt: Date!)
    /// The session ended by ``Facebook/logout()`` (`fbDidLogout`).
    func fbDidLogout()
    /// The server said the token is no longer valid; the session has been cleared
    /// (`fbSessionInvalidated`).
    func fbSessionInvalidated()
}

extension FBSessionDelegate {
    /// Does nothing by default.
    public func fbDidLogin() {}
    /// Does nothing by default.
    public func fbDidNotLogin(_ cancelled: Bool) {}
    /// Does nothing by default.
    public func fbDidExtendToken(_ accessToken: String!, expiresAt: Date!) {}
    /// Does nothing by default.
    public func fbDidLogout() {}
    /// Does nothing by default.
    public func fbSessionInvalidated() {}
}
