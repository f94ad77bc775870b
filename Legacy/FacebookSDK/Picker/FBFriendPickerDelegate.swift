import Foundation

/// v3.1's `FBFriendPickerDelegate` (all `@optional`), with the importer's spellings and no-op
/// defaults. Set it as the picker's ``FBViewController/delegate``: the picker sends these messages to
/// that object when it adopts this protocol (v3.1 had no separate property).
///
/// Every method runs on the picker's ``FBFriendPickerViewController/callbackQueue``.
public protocol FBFriendPickerDelegate: FBViewControllerDelegate {
    /// `friendPickerViewControllerDataDidChange:`: after each loaded page and once when loading ends.
    func friendPickerViewControllerDataDidChange(_ friendPicker: FBFriendPickerViewController!)
    /// `friendPickerViewControllerSelectionDidChange:`: after each selection change, shortly after it
    /// (v3.1 delivered it 0.1 s later; here on the next turn of the callback queue).
    func friendPickerViewControllerSelectionDidChange(_ friendPicker: FBFriendPickerViewController!)
    /// `friendPickerViewController:shouldIncludeUser:`: the filter, asked in every update; true
    /// shows the user.
    func friendPickerViewController(_ friendPicker: FBFriendPickerViewController!, shouldInclude user: FBGraphUser!)
        -> Bool
    /// `friendPickerViewController:handleError:`: every error but cancellation. The error is the
    /// core's `GraphError` (its `category`, `code`, the server's message).
    func friendPickerViewController(_ friendPicker: FBFriendPickerViewController!, handleError error: Error!)
}

extension FBFriendPickerDelegate {
    /// Does nothing (the method was optional).
    public func friendPickerViewControllerDataDidChange(_ friendPicker: FBFriendPickerViewController!) {}
    /// Does nothing (the method was optional).
    public func friendPickerViewControllerSelectionDidChange(_ friendPicker: FBFriendPickerViewController!) {}
    /// Includes everyone (the method was optional).
    public func friendPickerViewController(
        _ friendPicker: FBFriendPickerViewController!, shouldInclude user: FBGraphUser!
    ) -> Bool { true }
    /// Does nothing (the method was optional).
    public func friendPickerViewController(_ friendPicker: FBFriendPickerViewController!, handleError error: Error!) {}
}
