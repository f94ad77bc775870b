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
        // The trap: the protocol's default runs, not the subclass's method, which would print its
        // result; the fix: the override is what the protocol calls, and it prints.
        XCTAssertEqual(Self.printed { migrationSubclassTrapExample().request(nil, didLoad: "trap") }, "")
        XCTAssertEqual(Self.printed { migrationSubclassFixExample().request(nil, didLoad: "fixed") }, "fixed\n")
    }

    /// What `body` writes to standard output (XCTest runs one test at a time; the examples print).
    private static func printed(_ body: () -> Void) -> String {
        fflush(nil)
        let pipe = Pipe()
        let saved = dup(STDOUT_FILENO)
        dup2(pipe.fileHandleForWriting.fileDescriptor, STDOUT_FILENO)
        body()
        fflush(nil)
        dup2(saved, STDOUT_FILENO)
        close(saved)
        try? pipe.fileHandleForWriting.close()
        return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
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
