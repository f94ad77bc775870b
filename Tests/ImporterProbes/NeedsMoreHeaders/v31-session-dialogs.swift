// Needs FBSessionManualTokenCachingStrategy.h, FBLogger.h and FBNativeDialogs.h, which the shared
// importer-check does not load yet: run it with IMPORTER_CHECK_HEADERS pointing at a copy of the tool's
// header list extended with them. scripts/importer-check (Tests/ImporterProbes/*.swift) leaves it out.
// v3.1.1's FBSessionManualTokenCachingStrategy.h, FBLogger.h and FBNativeDialogs.h as the importer
// spells them. The shared importer-check's header list lacks these three headers: check this file with
// a copy of the tool that adds them to its list and umbrella (and `import ObjCUIKit` for the stand-in
// UIViewController/UIImage). Against this package, UIKit types are `Any` (see FBNativeDialogs).

import FacebookSDK
import Foundation
import ObjCUIKit

func probeV31Dialogs(controller: UIViewController, image: UIImage, url: URL, session: FBSession) {
    let manual: FBSessionManualTokenCachingStrategy = FBSessionManualTokenCachingStrategy()
    manual.accessToken = "t"
    manual.expirationDate = Date()
    let token: String? = manual.accessToken
    let expiry: Date? = manual.expirationDate
    let can: Bool = FBNativeDialogs.canPresentShareDialog(with: session)
    let handler: FBShareDialogHandler = { result, error in
        if result == FBNativeDialogResultError {}
        _ = [FBNativeDialogResultSucceeded, FBNativeDialogResultCancelled]
        _ = error
    }
    let one: Bool = FBNativeDialogs.presentShareDialogModally(
        from: controller, initialText: "x", image: image, url: url, handler: handler)
    let many: Bool = FBNativeDialogs.presentShareDialogModally(
        from: controller, initialText: "x", images: [image], urls: [url], handler: handler)
    let withSession: Bool = FBNativeDialogs.presentShareDialogModally(
        from: controller, session: nil, initialText: nil, images: nil, urls: nil, handler: nil)
    let logger: FBLogger = FBLogger(loggingBehavior: FBLoggingBehaviorFBRequests)
    FBLogger(loggingBehavior: FBLoggingBehaviorFBRequests)?.emitToNSLog()
    logger.append("x")
    logger.appendKey("k", value: "v")
    logger.contents = "c"
    let serial: UInt = logger.loggerSerialNumber
    let behavior: String? = logger.loggingBehavior
    let isActive: Bool = logger.isActive
    logger.emitToNSLog()
    let next: UInt = FBLogger.newSerialNumber()
    FBLogger.singleShotLogEntry(FBLoggingBehaviorAccessTokens, logEntry: "e")
    FBLogger.registerCurrentTime(FBLoggingBehaviorPerformanceCharacteristics, withTag: session)
    FBLogger.registerString(toReplace: "a", replaceWith: "b")
    _ = (token, expiry, can, one, many, withSession, serial, behavior, isActive, next)
}

/// HelloFacebookSample's HFViewController.postStatusUpdateClick, ported mechanically: the native dialog
/// first, the Graph post as the fallback.
func postStatusUpdateClick(_ controller: UIViewController, fallback: () -> Void) {
    let displayedNativeDialog = FBNativeDialogs.presentShareDialogModally(
        from: controller, initialText: nil, image: nil, url: nil, handler: nil)
    if !displayedNativeDialog {
        fallback()
    }
}
