// FreshPlanet's AIR extension (AirFacebookPort.swift: its SDK call sites in the importer's spellings)
// run against the Graph stand-in: the session opens from the token cache at start, a request answers
// once as JSON, an error arrives as FBError.h says, the share check falls back to the web dialog
// (which Linux reports failed), and close-and-clear empties the cache so the next start opens nothing.
// Handlers run on the main queue, as in 3.1.1; XCTest's waits run the main run loop.

import FacebookGraph
import FacebookGraphReplay
import FacebookGraphTestSupport
import FacebookSDK
import XCTest

final class AirFacebookPortTests: XCTestCase {
    var folder: URL!
    var server: GraphStandInServer!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("air-facebook-\(UUID().uuidString)")
        FBSessionTokenCachingStrategy.defaultCacheFolder = folder
        FBSession.setDefaultClientToken("")  // no device login in these tests
        server = try GraphStandInServer()
    }

    override func tearDown() {
        FBSession.setActive(nil)
        FBSession.setDefaultClientToken(nil)
        server?.stop()
        try? FileManager.default.removeItem(at: folder)
        super.tearDown()
    }

    /// Waits for the next event with `code` that the port sends while `body` runs and after.
    func waitForEvent(_ air: AirFacebook, _ code: String, _ body: () -> Void) -> AirFacebook.Event? {
        let arrived = expectation(description: code)
        var seen: AirFacebook.Event?
        air.onEvent = { event in
            guard event.code == code, seen == nil else { return }
            seen = event
            arrived.fulfill()
        }
        body()
        wait(for: [arrived], timeout: 10 * testTimeoutScale)
        air.onEvent = nil
        return seen
    }

    func testTheExtensionOpensFromTheCacheRequestsFallsBackAndClears() throws {
        // A token the extension cached on an earlier run (FBSessionTokenCachingStrategy's default key).
        let expiry = Date(timeIntervalSinceNow: 30 * 86_400)
        FBSessionTokenCachingStrategy.defaultInstance().cacheTokenInformation([
            FBTokenInformationTokenKey: GraphStandInServer.validToken,
            FBTokenInformationExpirationDateKey: expiry,
            FBTokenInformationPermissionsKey: ["email"],
        ])

        let air = AirFacebook(appID: "123", urlSchemeSuffix: nil)
        XCTAssertEqual(air.states, [FBSessionStateOpen], "opened from the cache before init returned")
        XCTAssertEqual(air.events.map(\.code), ["LOGGING", "OPEN_SESSION_SUCCESS"])
        XCTAssertTrue(air.isSessionOpen())
        XCTAssertEqual(air.getAccessToken(), GraphStandInServer.validToken)
        XCTAssertEqual(air.getExpirationTimestamp(), UInt32(expiry.timeIntervalSince1970))
        XCTAssertEqual(air.facebook.accessToken, GraphStandInServer.validToken, "the web dialogs' object has it")
        // The extension's session talks to the stand-in (a harness setting, not one of its calls).
        FBSession.active().graphBaseURL = server.baseURL + "/"

        // A request: one answer, written with FBSBJSON under the callback's name.
        let me = waitForEvent(air, "ME") {
            air.requestWithGraphPath("me", parameters: ["fields": "id,name"], httpMethod: "GET", callback: "ME")
        }
        let json = try XCTUnwrap(me?.level)
        let parsed = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        XCTAssertEqual(parsed["name"] as? String, "Mark Demo")
        XCTAssertEqual(parsed["id"] as? String, "4")

        // An error: FBError.h's domain and FBErrorHTTPError, with the status and Graph's answer.
        let failed = waitForEvent(air, "LOGGING") {
            air.requestWithGraphPath("me", parameters: ["fields": "error_200"], httpMethod: nil, callback: "FAIL")
        }
        XCTAssertEqual(failed?.level.hasPrefix("Request error:"), true)
        let error = try XCTUnwrap(air.requestErrors.first)
        XCTAssertEqual(error.domain, FacebookSDKDomain)
        XCTAssertEqual(error.code, Int(FBErrorHTTPError.rawValue))
        XCTAssertEqual(error.userInfo[FBErrorHTTPStatusCodeKey] as? Int, 403)
        let body = (error.userInfo[FBErrorParsedJSONResponseKey] as? NSDictionary)?["body"] as? NSDictionary
        XCTAssertEqual((body?["error"] as? NSDictionary)?["code"] as? Int, 200)
        XCTAssertTrue(air.isSessionOpen(), "a permission error leaves the session open")

        // The barrier: a later request's answer; by then a second completion of either would show.
        _ = waitForEvent(air, "BARRIER") {
            air.requestWithGraphPath("me", parameters: [:], httpMethod: nil, callback: "BARRIER")
        }
        XCTAssertEqual(air.events.filter { $0.code == "ME" }.count, 1)
        XCTAssertEqual(air.requestErrors.count, 1)
        XCTAssertFalse(air.events.contains { $0.code == "FAIL" })

        // The share sheet cannot be shown here, so the feed dialog falls back to the web dialog, which
        // Linux reports failed: the extension's DialogDelegate turns it into its error JSON.
        XCTAssertFalse(FBNativeDialogs.canPresentShareDialog(with: FBSession.active()))
        let dialog = waitForEvent(air, "FEED") {
            air.dialog(
                method: "feed", parameters: ["name": "Hi", "link": "https://example.com/"], callback: "FEED",
                allowNativeUI: true)
        }
        XCTAssertEqual(dialog?.level.hasPrefix("{ \"error\" : "), true)
        air.publishInstall(appID: "123")

        // Close and clear: Closed through the same handler, the web dialogs' token gone, the cache empty.
        air.closeSessionAndClearTokenInformation()
        XCTAssertEqual(air.states, [FBSessionStateOpen, FBSessionStateClosed])
        XCTAssertNil(air.facebook.accessToken)
        XCTAssertFalse(air.isSessionOpen())
        XCTAssertNil(FBSessionTokenCachingStrategy.defaultInstance().fetchTokenInformation())
        XCTAssertEqual(air.events.last, AirFacebook.Event(code: "LOGGING", level: "INFO - Session closed"))

        // The next start finds nothing cached and opens nothing.
        let next = AirFacebook(appID: "123", urlSchemeSuffix: nil)
        XCTAssertEqual(FBSession.active().state, FBSessionStateCreated)
        XCTAssertEqual(next.states, [])
        XCTAssertEqual(next.events, [])
    }

    func testAnInteractiveOpenWithoutLoginUIOnLinuxFailsAsV31Did() {
        // No client token: the device login cannot start, so the open fails at once with v3.1's error,
        // which the extension reports as OPEN_SESSION_ERROR (not a cancel).
        let air = AirFacebook(appID: "123", urlSchemeSuffix: nil)
        let failed = waitForEvent(air, "OPEN_SESSION_ERROR") {
            air.openSession(permissions: ["publish_actions"], type: "publish", allowLoginUI: true)
        }
        XCTAssertNotNil(failed)
        XCTAssertEqual(air.states, [FBSessionStateClosedLoginFailed])
        XCTAssertFalse(air.isSessionOpen())
    }
}
