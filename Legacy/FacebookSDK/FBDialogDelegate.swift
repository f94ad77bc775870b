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
