import Foundation

/// v3.1's `FBNativeDialogResult`: how a native share dialog ended.
public struct FBNativeDialogResult: _FBCEnum {
    /// The result's value.
    public var rawValue: UInt32
    /// The result with `rawValue`.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
}

/// The user shared (0).
public let FBNativeDialogResultSucceeded = FBNativeDialogResult(0)
/// The user or the system cancelled (1).
public let FBNativeDialogResultCancelled = FBNativeDialogResult(1)
/// The dialog could not be shown (2): the handler gets the error.
public let FBNativeDialogResultError = FBNativeDialogResult(2)

/// The block a share dialog calls when it is dismissed or cannot be shown.
public typealias FBShareDialogHandler = (FBNativeDialogResult, Error?) -> Void

/// v3.1's `FBNativeDialogs`: the iOS 6 share sheet. Linux has none, so — as v3.1 on an iOS without
/// it — ``canPresentShareDialog(with:)`` is false and each `presentShareDialogModally` returns false
/// after calling its handler, at once, with ``FBNativeDialogResultError`` and an error in
/// ``FacebookSDKDomain``, code ``FBErrorNativeDialog``, whose ``FBErrorNativeDialogReasonKey`` is
/// ``FBErrorNativeDialogNotSupported``. Code that checks first takes its fallback (a feed dialog, a
/// Graph post). The view controller and images (`UIViewController`, `UIImage`: no UIKit here) are
/// `Any`, as the picker's presenting controller is.
open class FBNativeDialogs: NSObject, @unchecked Sendable {
    /// `+canPresentShareDialogWithSession:`: false (no share sheet on Linux).
    open class func canPresentShareDialog(with session: FBSession!) -> Bool { false }

    /// `+presentShareDialogModallyFrom:initialText:image:url:handler:`: reports that it cannot present.
    @discardableResult
    open class func presentShareDialogModally(
        from viewController: Any!, initialText: String!, image: Any!, url: URL!, handler: FBShareDialogHandler!
    ) -> Bool {
        presentShareDialogModally(
            from: viewController, session: nil, initialText: initialText, images: image.map { [$0] },
            urls: url.map { [$0] }, handler: handler)
    }

    /// `+presentShareDialogModallyFrom:initialText:images:urls:handler:`: reports that it cannot present.
    @discardableResult
    open class func presentShareDialogModally(
        from viewController: Any!, initialText: String!, images: [Any]!, urls: [Any]!, handler: FBShareDialogHandler!
    ) -> Bool {
        presentShareDialogModally(
            from: viewController, session: nil, initialText: initialText, images: images, urls: urls, handler: handler)
    }

    /// `+presentShareDialogModallyFrom:session:initialText:images:urls:handler:`: calls `handler` with
    /// ``FBNativeDialogResultError`` and the not-supported error, and returns false.
    @discardableResult
    open class func presentShareDialogModally(
        from viewController: Any!, session: FBSession!, initialText: String!, images: [Any]!, urls: [Any]!,
        handler: FBShareDialogHandler!
    ) -> Bool {
        let error = LegacyNSError.nativeDialogNotSupported()
        handler?(FBNativeDialogResultError, error)
        return false
    }
}
