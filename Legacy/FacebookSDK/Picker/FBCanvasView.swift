import Foundation

/// The area of an ``FBViewController`` its content is drawn in (`canvasView`, a `UIView`).
///
/// Headless on Linux: it keeps the views code added to it (seed 001 adds a search bar) so that code
/// compiles and runs unchanged; a driver may read ``subviews``. Nothing is drawn.
public final class FBCanvasView: NSObject {
    /// The views added with ``addSubview(_:)``, in order.
    public private(set) var subviews: [Any] = []

    /// Adds `view` on top of the others.
    public func addSubview(_ view: Any!) {
        guard let view else { return }
        subviews.append(view)
    }
}
