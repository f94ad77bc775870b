import Foundation

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
