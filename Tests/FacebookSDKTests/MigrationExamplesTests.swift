import FacebookGraphReplay
import FacebookGraphTestSupport
import Foundation
import XCTest

@testable import FacebookSDK

/// Runs Migration.md's examples (MigrationExamples.swift) against the Graph stand-in on loopback.
/// The test example there, `ProfileScreenTests`, runs by itself against `Tests/Cassettes/me.har`.
final class MigrationExamplesTests: XCTestCase {
    private var server: GraphStandInServer!

    override func setUpWithError() throws {
        server = try GraphStandInServer()
        // Step 0's objects are built as the document shows: base URLs from the environment.
        setenv("FB_GRAPH_BASE_URL", server.baseURL + "/", 1)
        setenv("FB_REST_BASE_URL", server.baseURL + "/method/", 1)
        Facebook.defaultCallbackQueue = DispatchQueue(label: "migration-examples")
    }

    override func tearDown() {
        // Every XCTest of the package shares this process: leave v2's default as it was.
        Facebook.defaultCallbackQueue = .main
        unsetenv("FB_GRAPH_BASE_URL")
        unsetenv("FB_REST_BASE_URL")
        server.stop()
    }

    func testStepZeroDelegateCompletes() {
        let facebook = migrationCallerExample(
            savedToken: GraphStandInServer.validToken, savedExpiry: Date(timeIntervalSinceNow: 3600))
        // The restored token is extended first (v2's rule), then `me` loads; both complete.
        XCTAssertTrue(eventually { facebook.requestsInFlight == 0 }, "the example's requests never completed")
        XCTAssertEqual(facebook.accessToken, GraphStandInServer.validToken)
    }

    func testCallbackQueueExample() {
        migrationCallbackQueueExample()
        XCTAssertEqual(Facebook.defaultCallbackQueue.label, "facebook-callbacks")
        XCTAssertEqual(Facebook(appId: "1", andDelegate: nil).callbackQueue.label, "facebook-callbacks")
    }

    func testSubclassTrapAndFix() {
        // The trap: the protocol's default runs, not the subclass's method — nothing to observe but
        // that it compiles and runs; the fix: the override is what the protocol calls.
        migrationSubclassTrapExample().request(nil, didLoad: "trap")
        migrationSubclassFixExample().request(nil, didLoad: "fixed")
    }

    func testBlockExampleCompletes() {
        let facebook = Facebook(appId: "1", andDelegate: nil)
        facebook.accessToken = GraphStandInServer.validToken
        facebook.expirationDate = .distantFuture
        facebook.extendsAccessTokenAutomatically = false
        migrationBlockExample(facebook)
        XCTAssertTrue(eventually { facebook.requestsInFlight == 0 })
    }
}
