/// The v2 `FBDialogDelegate` protocol (every method optional, so each has a no-op default); it
/// refines `NSObjectProtocol`, as the importer gave the header's `<NSObject>`.
///
/// Linux has no web view: ``Facebook/dialog(_:andDelegate:)`` reports
/// ``dialog(_:didFailWithError:)`` with a "not available on this platform" error.
public protocol FBDialogDelegate: NSObjectProtocol {
    /// The dialog finished successfully (`dialogDidComplete:`).
    func dialogDidComplete(_ dialog: FBDialog!)
    /// The dialog finished successfully with this redirect URL (`dialogCompleteWithUrl:`).
    func dialogComplete(with url: URL!)
    /// The dialog was cancelled, with this redirect URL (`dialogDidNotCompleteWithUrl:`).
    func dialogDidNotComplete(with url: URL!)
    /// The dialog was cancelled (`dialogDidNotComplete:`).
    func dialogDidNotComplete(_ dialog: FBDialog!)
    /// The dialog failed (`dialog:didFailWithError:`).
    func dialog(_ dialog: FBDialog!, didFailWithError error: Error!)
    /// Whether a link tapped in the dialog opens in the browser (`dialog:shouldOpenURLInExternalBrowser:`).
    func dialog(_ dialog: FBDialog!, shouldOpenURLInExternalBrowser url: URL!) -> Bool
}

extension FBDialogDelegate {
    /// Does nothing: the method was optional.
    public func dialogDidComplete(_ dialog: FBDialog!) {}
    /// Does nothing: the method was optional.
    public func dialogComplete(with url: URL!) {}
    /// Does nothing: the method was optional.
    public func dialogDidNotComplete(with url: URL!) {}
    /// Does nothing: the method was optional.
    public func dialogDidNotComplete(_ dialog: FBDialog!) {}
    /// Does nothing: the method was optional.
    public func dialog(_ dialog: FBDialog!, didFailWithError error: Error!) {}
    /// Opens links in the browser, as the SDK did when the delegate did not answer.
    public func dialog(_ dialog: FBDialog!, shouldOpenURLInExternalBrowser url: URL!) -> Bool { true }
}

/// The v2 `FBLoginDialogDelegate` protocol, which ``Facebook`` adopts for the login dialog (it
/// refines `NSObjectProtocol`, as the header's `<NSObject>`).
public protocol FBLoginDialogDelegate: NSObjectProtocol {
    /// Login succeeded with this token and expiry (`fbDialogLogin:expirationDate:`).
    func fbDialogLogin(_ token: String!, expirationDate: Date!)
    /// Login failed (`fbDialogNotLogin:`).
    func fbDialogNotLogin(_ cancelled: Bool)
}

/// The v2 web dialog (`FBDialog`). Linux has no web view, so a dialog never shows; the object
/// exists so that delegate methods that receive it keep their legacy types.
open class FBDialog: NSObject, @unchecked Sendable {
    /// The dialog's URL with its parameters, as the SDK would have loaded it.
    public private(set) var serverURL: String!
    /// The parameters the dialog was opened with.
    public private(set) var params: NSMutableDictionary!
    /// The dialog's delegate (held weakly, as `assign` was).
    public weak var delegate: FBDialogDelegate!

    /// A dialog for `url` with `params`; it never shows on this platform.
    init(url: String!, params: NSMutableDictionary!, delegate: FBDialogDelegate!) {
        self.serverURL = url
        self.params = params
        self.delegate = delegate
        super.init()
    }
}
