import Foundation

/// A bar button of an ``FBViewController`` (the `UIBarButtonItem` of the Done and Cancel buttons).
///
/// There is no toolbar on Linux: the item carries the title a driver (the terminal picker) shows,
/// and its presence is what matters — a controller whose ``FBViewController/doneButton`` or
/// ``FBViewController/cancelButton`` is nil hides that button, and pressing it does nothing.
public final class FBBarButtonItem: NSObject {
    /// The button's title (`Done`, `Cancel`).
    public var title: String!

    /// A button titled `title`.
    public init(title: String!) {
        self.title = title
        super.init()
    }
}
