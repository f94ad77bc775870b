// The loopback server and the waiting the source-compatibility tests share. Not legacy code itself:
// it only starts an HTTPBin with the Graph and REST routes the legacy calls reach, and bounds every
// wait.

import FacebookGraph
import FacebookGraphReplay
import FacebookGraphTestSupport
import FacebookSDK
import XCTest

/// An HTTPBin answering the routes the legacy tests use, plus a private serial callback queue.
final class SourceCompatServer {
    /// `/me`: a Graph user.
    static let meBody = #"{"id":"4"}"#
    /// `/broken`: a Graph error object (with a 400 status, as the Graph API sends it).
    static let graphErrorBody = #"{"error":{"type":"OAuthException","message":"Bad token","code":2500}}"#
    /// `/method/expired.call`: a REST error whose code says the token is no longer valid.
    static let expiredBody = #"{"error_code":190,"error_msg":"Session has expired"}"#
    /// `/method/auth.extendSSOAccessToken`: a fresh token.
    static let extendBody = #"{"access_token":"NEW","expires_at":1999999999}"#
    /// `/me/apprequestformerrecipients`: the frictionless recipients.
    static let recipientsBody = #"{"data":[{"recipient_id":"42"},{"recipient_id":77}]}"#

    let bin: HTTPBin
    let queue = DispatchQueue(label: "test")
    /// `/held`: answers `[]` when the test releases it (negative checks after a cancel).
    let held = HeldRoute()

    init() throws {
        bin = try HTTPBin(extraRoutes: [
            "/held": held.handler,
            "/me": { _ in
                .full(status: 200, headers: ["Content-Type": "application/json"], body: Data(#"{"id":"4"}"#.utf8))
            },
            "/broken": Self.answer(Self.graphErrorBody, status: 400),
            "/true": Self.answer("true"),
            "/false": Self.answer("false"),
            "/method/expired.call": Self.answer(Self.expiredBody),
            "/method/users.getLoggedInUser": Self.answer("1240077"),
            "/method/auth.extendSSOAccessToken": Self.answer(Self.extendBody),
            "/me/apprequestformerrecipients": Self.answer(Self.recipientsBody),
        ])
    }

    /// A handler answering `body` with `status` and a JSON content type.
    static func answer(_ body: String, status: Int = 200) -> LoopbackHTTPServer.Handler {
        answer(bytes: Data(body.utf8), status: status)
    }

    /// A handler answering `bytes`, as they are, with `status` and a JSON content type.
    static func answer(bytes: Data, status: Int = 200) -> LoopbackHTTPServer.Handler {
        { _ in .full(status: status, headers: ["Content-Type": "application/json"], body: bytes) }
    }

    /// A `Facebook` object for app 123 whose requests go to this server and whose callbacks arrive on
    /// ``queue``.
    func facebook(delegate: FBSessionDelegate!, urlSchemeSuffix: String! = nil) -> Facebook {
        let facebook: Facebook
        if let urlSchemeSuffix = urlSchemeSuffix {
            facebook = Facebook(appId: "123", urlSchemeSuffix: urlSchemeSuffix, andDelegate: delegate)
        } else {
            facebook = Facebook(appId: "123", andDelegate: delegate)
        }
        facebook.graphBaseURL = bin.url("/")
        facebook.restBaseURL = bin.url("/method/")
        facebook.callbackQueue = queue
        return facebook
    }

    /// Waits until every block already queued on the callback queue has run (the request's own
    /// bookkeeping runs in the same block as its terminal callback, just after it).
    func drain() {
        queue.sync {}
    }

    /// A barrier for a negative check ("nothing more arrives"): a later request through `facebook`,
    /// on the same callback queue, sent now; true once its terminal callback has been delivered and
    /// the queue drained, so every callback queued before it has been delivered too.
    func barrier(_ facebook: Facebook, seconds: Double = 10) -> Bool {
        let delegate = BarrierDelegate()
        facebook.request(withGraphPath: "me", andDelegate: delegate)
        guard delegate.done.wait(scaledSeconds: seconds) else { return false }
        drain()
        return true
    }

    func stop() {
        held.release()
        bin.stop()
    }
}

/// The delegate of a ``SourceCompatServer/barrier(_:seconds:)`` request: signals its terminal callback.
final class BarrierDelegate: NSObject, FBRequestDelegate {
    let done = DispatchSemaphore(value: 0)
    func request(_ request: FBRequest!, didLoad result: Any!) { done.signal() }
    func request(_ request: FBRequest!, didFailWithError error: Error!) { done.signal() }
}

extension XCTestCase {
    /// An expectation fulfilled the next time `caller` records `event`.
    func expectation(_ caller: Caller, _ event: String) -> XCTestExpectation {
        let expectation = self.expectation(description: event)
        caller.when(event) { expectation.fulfill() }
        return expectation
    }
}
