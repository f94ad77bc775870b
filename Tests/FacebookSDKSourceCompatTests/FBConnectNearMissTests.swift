// The v2 umbrella, `import FBConnect`, alone: it brings the whole surface (and Foundation) as
// `FBConnect.h` did. And the trap this target guards against: a delegate method whose spelling only
// nearly matches the requirement compiles, and is never called — the protocol's default no-op wins.

import FBConnect
import FacebookGraphTestSupport
import XCTest

/// A delegate with two methods that only nearly match their requirements, as code written against
/// other importer versions spelled them: `request(_:didLoad:)` without the `!`s, and Swift 2's
/// `NSError!` for `request(_:didFailWithError:)`.
///
/// Written in the class body, as here, the near misses compile without a word from the compiler,
/// and neither is ever called: the requirement's witness is the protocol extension's no-op. Written
/// in an extension that declares the conformance, the compiler warns, and that is why that form is
/// not compiled here (this target builds with warnings as errors):
///
///     extension NearMiss: FBRequestDelegate {
///         func request(_ request: FBRequest, didLoad result: Any) { … }
///         // warning: instance method 'request(_:didLoad:)' nearly matches defaulted requirement
///         //          'request(_:didLoad:)' of protocol 'FBRequestDelegate'
///         // note: candidate has non-matching type '(FBRequest, Any) -> ()'
///     }
///
/// Either way the method is never called: that is what the test shows, and why every legacy
/// delegate in this target spells its methods with the importer's exact types.
final class NearMiss: NSObject, FBRequestDelegate {
    private let lock = NSLock()
    private var recorded: [String] = []
    private var onRawResponse: (() -> Void)?

    var events: [String] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    private func record(_ name: String) {
        lock.lock()
        recorded.append(name)
        let action = name == "didLoadRawResponse" ? onRawResponse : nil
        lock.unlock()
        action?()
    }

    func whenRawResponse(_ action: @escaping () -> Void) {
        lock.lock()
        onRawResponse = action
        lock.unlock()
    }

    // Spelled as imported: called.
    func requestLoading(_ request: FBRequest!) {
        record("requestLoading")
    }

    func request(_ request: FBRequest!, didLoadRawResponse data: Data!) {
        record("didLoadRawResponse")
    }

    // Nearly matching: never called.
    func request(_ request: FBRequest, didLoad result: Any) {
        record("nearMissDidLoad")
    }

    func request(_ request: FBRequest!, didFailWithError error: NSError!) {
        record("nearMissDidFailWithError")
    }
}

/// The common legacy shape: a base controller adopts the protocol, its subclasses implement the
/// callbacks. In Objective-C `respondsToSelector:` found the subclass's methods.
class BaseController: NSObject, FBRequestDelegate {
    let lock = NSLock()
    var recorded: [String] = []
    var onRawResponse: (() -> Void)?

    var events: [String] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    func record(_ name: String) {
        lock.lock()
        recorded.append(name)
        let action = name == "didLoadRawResponse" ? onRawResponse : nil
        lock.unlock()
        action?()
    }

    func requestLoading(_ request: FBRequest!) {
        record("requestLoading")
    }

    func request(_ request: FBRequest!, didLoadRawResponse data: Data!) {
        record("didLoadRawResponse")
    }
}

/// Implements `request(_:didLoad:)` with the exact legacy spelling, in a subclass.
final class FriendsController: BaseController {
    func request(_ request: FBRequest!, didLoad result: Any!) {
        record("didLoad")
    }
}

final class FBConnectNearMissTests: XCTestCase {
    func testUmbrellaImportBringsTheSurface() {
        let facebook = Facebook(appId: "123", andDelegate: nil)
        XCTAssertFalse(facebook.isSessionValid())
        XCTAssertNil(facebook.sessionDelegate)
        XCTAssertNil(facebook.urlSchemeSuffix)
        let url: String = FBRequest.serializeURL("https://graph.facebook.com/me", params: ["fields": "id"])
        XCTAssertEqual(url, "https://graph.facebook.com/me?fields=id")
        XCTAssertEqual(facebookErrDomain, "facebookErrDomain")
    }

    func testNearlyMatchingSpellingsAreNeverCalled() throws {
        let bin = try HTTPBin()
        defer { bin.stop() }
        let queue = DispatchQueue(label: "test")
        let facebook = Facebook(appId: "123", andDelegate: nil)
        facebook.graphBaseURL = bin.url("/")
        facebook.callbackQueue = queue

        let loading = NearMiss()
        let failing = NearMiss()
        let loaded = expectation(description: "raw response of get")
        let failed = expectation(description: "raw response of a 404")
        loading.whenRawResponse { loaded.fulfill() }
        failing.whenRawResponse { failed.fulfill() }

        let request: FBRequest = facebook.request(withGraphPath: "get", andDelegate: loading)
        let failingRequest: FBRequest = facebook.request(withGraphPath: "no/such/path", andDelegate: failing)

        wait(for: [loaded, failed], timeout: 10 * testTimeoutScale)
        queue.sync {}  // the terminal callback runs in the same block, just after the raw response
        XCTAssertEqual(Int(request.state), kFBRequestStateComplete)
        XCTAssertEqual(Int(failingRequest.state), kFBRequestStateComplete)
        XCTAssertNotNil(failingRequest.error, "the 404 body {\"error\":…} failed the request")
        XCTAssertEqual(loading.events, ["requestLoading", "didLoadRawResponse"], "the default no-op won")
        XCTAssertEqual(failing.events, ["requestLoading", "didLoadRawResponse"], "the default no-op won")

        // Through the protocol, too: the requirements go to the defaults, not to the near misses.
        let asDelegate: FBRequestDelegate = loading
        asDelegate.request(request, didLoad: ["id": "4"])
        asDelegate.request(request, didFailWithError: NSError(domain: facebookErrDomain, code: 10000))
        XCTAssertEqual(loading.events, ["requestLoading", "didLoadRawResponse"])
    }

    /// A documented limitation (Migration.md, "Subclasses of a conforming class"): a subclass's
    /// `request(_:didLoad:)`, spelled exactly as imported, is not called when the conformance belongs
    /// to its superclass and the superclass relied on the protocol's default. The witness table of
    /// `BaseController: FBRequestDelegate` is fixed to the default no-op at compile time; Linux has no
    /// Objective-C runtime to ask `respondsToSelector:`. This test pins that behaviour so a change to
    /// it is noticed; the next test shows the fix legacy code applies.
    func testSubclassOnlyMethodIsNotCalledWithoutABaseDeclaration() throws {
        let server = try SourceCompatServer()
        defer { server.bin.stop() }
        let facebook = server.facebook(delegate: nil)
        let controller = FriendsController()
        let rawResponse = expectation(description: "didLoadRawResponse")
        controller.onRawResponse = { rawResponse.fulfill() }

        let request: FBRequest = facebook.request(withGraphPath: "me", andDelegate: controller)

        wait(for: [rawResponse], timeout: 10 * testTimeoutScale)
        server.queue.sync {}
        XCTAssertEqual(Int(request.state), kFBRequestStateComplete)
        XCTAssertEqual(controller.events, ["requestLoading", "didLoadRawResponse"])
    }

    /// The fix: the base class declares the method (empty), the subclass overrides it, and dynamic
    /// dispatch reaches the subclass.
    func testSubclassOverrideOfABaseDeclarationIsCalled() throws {
        let server = try SourceCompatServer()
        defer { server.bin.stop() }
        let facebook = server.facebook(delegate: nil)
        let controller = OverridingFriendsController()
        let loaded = expectation(description: "didLoad")
        controller.onDidLoad = { loaded.fulfill() }

        facebook.request(withGraphPath: "me", andDelegate: controller)

        wait(for: [loaded], timeout: 10 * testTimeoutScale)
        server.queue.sync {}
        XCTAssertEqual(controller.events, ["requestLoading", "didLoadRawResponse", "didLoad"])
    }
}

/// The base that adopts the protocol declares every callback its subclasses implement.
class DeclaringBaseController: NSObject, FBRequestDelegate {
    let lock = NSLock()
    var recorded: [String] = []
    var onDidLoad: (() -> Void)?

    var events: [String] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    func record(_ name: String) {
        lock.lock()
        recorded.append(name)
        lock.unlock()
    }

    func requestLoading(_ request: FBRequest!) {
        record("requestLoading")
    }

    func request(_ request: FBRequest!, didLoadRawResponse data: Data!) {
        record("didLoadRawResponse")
    }

    func request(_ request: FBRequest!, didLoad result: Any!) {}
}

/// Overrides the base's declaration, so dynamic dispatch finds it.
final class OverridingFriendsController: DeclaringBaseController {
    override func request(_ request: FBRequest!, didLoad result: Any!) {
        record("didLoad")
        onDidLoad?()
    }
}
