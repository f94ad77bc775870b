// The v3.1.1 samples' session code (ImporterProbeV31Session.swift, which also type-checks against the
// real 3.1.1 headers) run against this package: Scrumptious opening from the token cache and closing
// and clearing, FriendPickerSample's open and login callback, HelloFacebookSample's publish action and
// native-dialog fallback.

import FacebookGraphTestSupport
import FacebookSDK
import XCTest

final class V31SessionSourceCompatTests: XCTestCase {
    var folder: URL!
    let queue = DispatchQueue(label: "v31-session-samples")

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("v31-session-\(UUID().uuidString)")
        FBSessionTokenCachingStrategy.defaultCacheFolder = folder
        FBSession.setDefaultAppID("123")
        FBSession.setDefaultClientToken("")  // no device login in these tests
    }

    override func tearDown() {
        FBSession.setActive(nil)
        FBSession.setDefaultAppID(nil)
        FBSession.setDefaultClientToken(nil)
        try? FileManager.default.removeItem(at: folder)
    }

    /// A new session as the samples' `FBSession.activeSession` would be, its callbacks on ``queue``.
    func activeSession() -> FBSession {
        let session = FBSession()
        session.callbackQueue = queue
        FBSession.setActive(session)
        return session
    }

    func testScrumptiousOpensFromTheCacheThenClosesAndClears() throws {
        let app = SCAppDelegate()
        app.didFinishLaunching()
        XCTAssertEqual(app.events, ["showLoginView"], "no cached token: no session is opened")

        FBSessionTokenCachingStrategy.defaultInstance().cacheTokenInformation([
            FBTokenInformationTokenKey: "EAAscrumptious",
            FBTokenInformationExpirationDateKey: Date(timeIntervalSinceNow: 600),
        ])
        app.didFinishLaunching()
        XCTAssertEqual(app.events, ["showLoginView", "open"])
        XCTAssertTrue(FBSession.active().isOpen)
        XCTAssertEqual(FBSession.active().state, FBSessionStateOpen)
        XCTAssertEqual(FBSession.active().accessToken, "EAAscrumptious")
        XCTAssertFalse(FPAppDelegate().application(openURL: URL(string: "fb999://authorize#access_token=x")!))

        app.applicationDidBecomeActive()
        app.applicationWillTerminate()
        XCTAssertEqual(app.events, ["showLoginView", "open", "closed"])
        XCTAssertNil(FBSessionTokenCachingStrategy.defaultInstance().fetchTokenInformation())
    }

    func testFriendPickerSampleReportsAFailedLoginThenOpensFromTheCallbackURL() throws {
        let controller = FPViewController()
        _ = activeSession()
        controller.viewDidLoad()
        queue.sync {}
        XCTAssertEqual(FBSession.active().state, FBSessionStateClosedLoginFailed)
        XCTAssertEqual(controller.alerts.count, 1)
        XCTAssertTrue(controller.alerts[0].contains("client token"), controller.alerts[0])

        let session = activeSession()
        let handled = queue.sync { () -> Bool in
            controller.viewDidLoad()
            return FPAppDelegate().application(
                openURL: URL(string: "fb123://authorize#access_token=EAAfromTheApp&expires_in=3600")!)
        }
        queue.sync {}
        XCTAssertTrue(handled)
        XCTAssertTrue(session.isOpen)
        XCTAssertEqual(session.accessToken, "EAAfromTheApp")
        XCTAssertEqual(controller.alerts.count, 1)
    }

    func testHelloFacebookPublishesOnlyWithThePermission() throws {
        let withoutPermission = activeSession()
        queue.sync {
            withoutPermission.open(completionHandler: nil)
            _ = withoutPermission.handleOpen(URL(string: "fb123://authorize#access_token=EAAhello")!)
        }
        XCTAssertTrue(withoutPermission.isOpen)
        var published = 0
        HFViewController().performPublishAction { published += 1 }
        queue.sync {}
        XCTAssertEqual(published, 0, "the reauthorize failed (no device login here), so nothing is posted")

        // A cached token granted publish_actions (the manual strategy keeps no permissions, and a
        // session asking for one opens only from a token granted it, as in 3.1.1).
        let strategy = FBSessionTokenCachingStrategy(userDefaultTokenInformationKeyName: "publisher")!
        strategy.cacheTokenInformation([
            FBTokenInformationTokenKey: "EAApublisher",
            FBTokenInformationExpirationDateKey: Date(timeIntervalSinceNow: 600),
            FBTokenInformationPermissionsKey: ["publish_actions"],
        ])
        // As code written against the importer's `init!` unwraps it.
        let publisher = FBSession(
            appID: nil, permissions: ["publish_actions"], urlSchemeSuffix: nil, tokenCacheStrategy: strategy)!
        XCTAssertEqual(publisher.state, FBSessionStateCreatedTokenLoaded)
        publisher.open(completionHandler: nil)
        FBSession.setActive(publisher)
        HFViewController().performPublishAction { published += 1 }
        XCTAssertEqual(published, 1)
    }

    func testNativeDialogsLoggerAndManualCacheAsTheSamplesCallThem() {
        var fellBack = false
        let displayed = FBNativeDialogs.presentShareDialogModally(
            from: NSObject(), initialText: nil, image: nil, url: nil, handler: nil)
        if !displayed { fellBack = true }
        XCTAssertTrue(fellBack)
        XCTAssertFalse(FBNativeDialogs.canPresentShareDialog(with: nil))

        FBSettings.setLoggingBehavior([FBLoggingBehaviorFBRequests])
        defer { FBSettings.setLoggingBehavior(nil) }
        let logger: FBLogger = FBLogger(loggingBehavior: FBLoggingBehaviorFBRequests)
        logger.append("x")
        logger.appendKey("k", value: "v")
        XCTAssertTrue(logger.isActive)
        XCTAssertEqual(logger.contents, "x  k:\tv\n")
        logger.emitToNSLog()
        XCTAssertEqual(logger.contents, "")
        XCTAssertFalse(FBLogger(loggingBehavior: FBLoggingBehaviorAccessTokens).isActive)

        let manual: FBSessionManualTokenCachingStrategy = FBSessionManualTokenCachingStrategy()
        manual.accessToken = "t"
        manual.expirationDate = Date()
        XCTAssertTrue(FBSessionTokenCachingStrategy.isValidTokenInformation(manual.fetchTokenInformation()))
    }
}
