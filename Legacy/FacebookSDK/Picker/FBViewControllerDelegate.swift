import Foundation

/// `FBViewControllerDelegate` (v3.1, all `@optional`): hears about the Done and Cancel buttons of an
/// ``FBViewController``. Both methods have no-op defaults, as the optional ObjC methods had.
///
/// The sender is the controller whose button was pressed (the friend picker).
public protocol FBViewControllerDelegate: AnyObject {
    /// `facebookViewControllerCancelWasPressed:`: Cancel was pressed; called before the modal handler.
    func facebookViewControllerCancelWasPressed(_ sender: Any!)
    /// `facebookViewControllerDoneWasPressed:`: Done was pressed; called before the modal handler.
    func facebookViewControllerDoneWasPressed(_ sender: Any!)
}

extension FBViewControllerDelegate {
    /// Does nothing (the method was optional).
    public func facebookViewControllerCancelWasPressed(_ sender: Any!) {}
    /// Does nothing (the method was optional).
    public func facebookViewControllerDoneWasPressed(_ sender: Any!) {}
}
