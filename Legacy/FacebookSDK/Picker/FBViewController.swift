import FacebookGraph
import Foundation

/// The block ``FBViewController/presentModally(from:animated:handler:)`` calls when Done
/// (`donePressed` true) or Cancel (false) is pressed, after the delegate. (The importer's
/// `(FBViewController!, Bool) -> Void`: Swift no longer allows `!` inside a function type, and a
/// closure written for it compiles unchanged against this one.)
public typealias FBModalCompletionHandler = (FBViewController?, Bool) -> Void

/// The v3.1 `FBViewController`, headless: a title, Done and Cancel buttons, a delegate, a canvas, and
/// modal presentation (legacy-sdk-facts §3.1).
///
/// There is no UIKit on Linux. Presenting makes the controller the ``presented`` one — the one a
/// driver (the terminal picker of `fbgraph friends`, a test) shows and drives — and tells the
/// ``presentationObserver``. The driver presses the buttons with ``pressDone()`` and
/// ``pressCancel()``: the delegate's `facebookViewController{Done|Cancel}WasPressed(_:)` runs first,
/// then, if the controller was presented, it is dismissed and the handler gets `(self, true)` for Done
/// or `(self, false)` for Cancel, as in v3.1.
///
/// Only ``init()`` creates the default buttons; ``init(nibName:bundle:)`` and ``init(coder:)`` start
/// without them, as in v3.1. Call the controller from one queue (a picker's callback queue), as
/// v3.1 required of the main thread.
///
/// Subclass it as on iOS: ``init(coder:)`` is `required`, as `UIViewController`'s was, so a subclass
/// that defines its own initializer writes `required init?(coder aDecoder: NSCoder)` (or
/// `init(coder:)`, `init!(coder:)`) as the iOS importer made it; and the class is not `Sendable`, so
/// a subclass restates nothing (the controller is confined to its queue, as UIKit's were).
open class FBViewController: NSObject {
    /// The controller's title (`UIViewController.title`).
    open var title: String!
    /// Who hears about Done and Cancel. Held weakly (v3.1's `assign`). The friend picker sends its
    /// own messages to the same object when it also adopts ``FBFriendPickerDelegate``.
    open weak var delegate: FBViewControllerDelegate!
    /// The Done button; nil hides it.
    open var doneButton: FBBarButtonItem!
    /// The Cancel button; nil hides it.
    open var cancelButton: FBBarButtonItem!
    /// Where the content lives; code may add its own views (seed 001's search bar).
    public let canvasView: FBCanvasView! = FBCanvasView()

    private var handler: FBModalCompletionHandler?
    /// v3.1's `autoDismiss`: set by presenting, cleared by dismissing.
    public private(set) var isPresented = false
    /// The flag the controller was presented with.
    public private(set) var presentedAnimated = false

    private static let presentation = LockedValue(
        (controller: FBViewController?.none, observer: ((FBViewController) -> Void)?.none))

    /// The controller presented last and not yet dismissed: the one a driver shows.
    public static var presented: FBViewController? {
        presentation.withLock { $0.controller }
    }

    /// Called with each controller as it is presented (on the presenting thread): a driver's hook.
    public static var presentationObserver: ((FBViewController) -> Void)? {
        get { presentation.withLock { $0.observer } }
        set { presentation.withLock { $0.observer = newValue } }
    }

    /// `-init`: a controller with the default Done and Cancel buttons.
    public override init() {
        super.init()
        doneButton = FBBarButtonItem(title: "Done")
        cancelButton = FBBarButtonItem(title: "Cancel")
    }

    /// `-initWithNibName:bundle:`: no nib is loaded on Linux; the controller starts without buttons.
    public init(nibName nibNameOrNil: String!, bundle nibBundleOrNil: Bundle!) {
        super.init()
    }

    /// `-initWithCoder:` (`required`, as `UIViewController`'s): nothing is decoded on Linux; the
    /// controller starts without buttons.
    public required init?(coder aDecoder: NSCoder) {
        super.init()
    }

    /// `presentModallyFromViewController:animated:handler:`: stores the handler and makes this the
    /// ``presented`` controller. `viewController` (the presenter) is not used on Linux.
    open func presentModally(from viewController: Any!, animated: Bool, handler: FBModalCompletionHandler!) {
        self.handler = handler
        presentedAnimated = animated
        isPresented = true
        let observer = Self.presentation.withLock { state in
            state.controller = self
            return state.observer
        }
        observer?(self)
    }

    /// What a tap on Done did: the delegate, then — when presented — dismissal and `handler(self, true)`.
    ///
    /// - Returns: false (and does nothing) when ``doneButton`` is nil, i.e. hidden.
    @discardableResult
    open func pressDone() -> Bool {
        press(doneButton, donePressed: true)
    }

    /// What a tap on Cancel did: the delegate, then — when presented — dismissal and
    /// `handler(self, false)`.
    ///
    /// - Returns: false (and does nothing) when ``cancelButton`` is nil, i.e. hidden.
    @discardableResult
    open func pressCancel() -> Bool {
        press(cancelButton, donePressed: false)
    }

    /// A tap on Done or Cancel: nothing when `button` is nil (hidden); else the delegate's method for
    /// it, then the end of a presentation.
    private func press(_ button: FBBarButtonItem?, donePressed: Bool) -> Bool {
        guard button != nil else { return false }
        if donePressed {
            delegate?.facebookViewControllerDoneWasPressed(self)
        } else {
            delegate?.facebookViewControllerCancelWasPressed(self)
        }
        finishPresentation(donePressed: donePressed)
        return true
    }

    /// Dismisses a presented controller, then calls and forgets the handler (`viewDidDisappear`).
    private func finishPresentation(donePressed: Bool) {
        guard isPresented else { return }
        isPresented = false
        Self.presentation.withLock { state in
            if state.controller === self { state.controller = nil }
        }
        let handler = self.handler
        self.handler = nil
        handler?(self, donePressed)
    }
}
