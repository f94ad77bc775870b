import Foundation

/// The v2 `FBLoginDialogDelegate` protocol, which ``Facebook`` adopts for the login dialog (it
/// refines `NSObjectProtocol`, as the header's `<NSObject>`).
public protocol FBLoginDialogDelegate: NSObjectProtocol {
    /// Login succeeded with this token and expiry (`fbDialogLogin:expirationDate:`).
    func fbDialogLogin(_ token: String!, expirationDate: Date!)
    /// Login failed (`fbDialogNotLogin:`).
    func fbDialogNotLogin(_ cancelled: Bool)
}
