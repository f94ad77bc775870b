// The v2 delegate protocols as the importer gave them: each header declared `<NSObject>`, so each
// refines `NSObjectProtocol`, and legacy code called `isEqual(_:)` and `hash` on a delegate variable.

import FBConnect
import XCTest

final class DelegateProtocolTests: XCTestCase {
    func testTheDelegateProtocolsRefineNSObjectProtocol() {
        let silent = SilentDelegate()
        let requestDelegate: FBRequestDelegate = silent
        let sessionDelegate: FBSessionDelegate = silent
        let dialogDelegate: FBDialogDelegate = silent
        let loginDelegate: FBLoginDialogDelegate = Facebook(appId: "123", andDelegate: silent)
        XCTAssertTrue(requestDelegate.isEqual(silent))
        XCTAssertEqual(sessionDelegate.hash, silent.hash)
        XCTAssertTrue(dialogDelegate.isEqual(sessionDelegate))
        XCTAssertFalse(loginDelegate.isEqual(silent))
    }
}
