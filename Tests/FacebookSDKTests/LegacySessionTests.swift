import FacebookGraph
import FacebookGraphReplay
import FacebookGraphTestSupport
import FacebookGraphTestTraits
import Foundation
import Testing

@testable import FacebookSDK

/// Session state: validity, invalidation, extension, the SSO callback, logout (§1.6–1.9).
@Suite("Legacy session: invalidation, extension, handleOpen, logout", .onOwnThread)
struct LegacySessionTests {
    /// Records request and session callbacks into one ordered list.
    final class Timeline: NSObject, FBRequestDelegate, FBSessionDelegate, @unchecked Sendable {
        private let lock = NSLock()
        private var recorded: [String] = []
        var names: [String] {
            lock.lock()
            defer { lock.unlock() }
            return recorded
        }
        private func add(_ name: String) {
            lock.lock()
            recorded.append(name)
            lock.unlock()
        }
        func request(_ request: FBRequest!, didFailWithError error: Error!) {
            add("didFail(\((error as NSError).code))")
        }
        func request(_ request: FBRequest!, didLoad result: Any!) { add("didLoad") }
        func fbSessionInvalidated() { add("fbSessionInvalidated") }
        func fbDidLogin() { add("fbDidLogin") }
        func fbDidNotLogin(_ cancelled: Bool) { add("fbDidNotLogin(\(cancelled))") }
        func fbDidLogout() { add("fbDidLogout") }
        func fbDidExtendToken(_ accessToken: String!, expiresAt: Date!) {
            add("fbDidExtendToken(\(accessToken ?? ""))")
        }
    }

    @Test("isSessionValid needs a token and an expiry strictly in the future; distantFuture is valid")
    func validity() {
        let facebook = Facebook(appId: "1", andDelegate: nil)
        #expect(!facebook.isSessionValid())
        facebook.accessToken = "T"
        #expect(!facebook.isSessionValid())
        facebook.expirationDate = Date(timeIntervalSinceNow: -1)
        #expect(!facebook.isSessionValid())
        facebook.expirationDate = .distantFuture
        #expect(facebook.isSessionValid())
        facebook.accessToken = nil
        #expect(!facebook.isSessionValid())
    }

    @Test(
        "REST error_code 190: the request's didFailWithError first, then the session is cleared and fbSessionInvalidated"
    )
    func restInvalidation() throws {
        let fixture = try LegacyFixture(routes: [
            "/method/users.getInfo": LegacyFixture.answer(
                #"{"error_code":190,"error_msg":"Invalid OAuth 2.0 Access Token"}"#)
        ])
        defer { fixture.stop() }
        let timeline = Timeline()
        fixture.facebook.sessionDelegate = timeline
        fixture.login()
        let request: FBRequest = fixture.facebook.request(
            withMethodName: "users.getInfo",
            andParams: NSMutableDictionary(),
            andHttpMethod: "GET",
            andDelegate: timeline
        )
        #expect(eventually { timeline.names.count == 2 })
        #expect(timeline.names == ["didFail(190)", "fbSessionInvalidated"])
        #expect(fixture.onQueue { request.sessionDidExpire })
        #expect(fixture.onQueue { fixture.facebook.accessToken } == nil)
        #expect(fixture.onQueue { fixture.facebook.expirationDate } == nil)
        #expect(!fixture.facebook.isSessionValid())
    }

    @Test(
        "A Graph OAuthException (code 10000 in v2) does not invalidate by default; the v3.1 switch makes 190 and 2500 do so",
        arguments: [190, 2500, 100])
    func graphInvalidationSwitch(code: Int) throws {
        let body = #"{"error":{"message":"x","type":"OAuthException","code":\#(code)}}"#
        for switchOn in [false, true] {
            let fixture = try LegacyFixture(routes: ["/me": LegacyFixture.answer(body, status: 400)])
            defer { fixture.stop() }
            let timeline = Timeline()
            fixture.facebook.sessionDelegate = timeline
            fixture.facebook.invalidatesSessionOnGraphTokenErrors = switchOn
            fixture.login()
            fixture.facebook.request(withGraphPath: "me", andDelegate: timeline)
            #expect(eventually { timeline.names.contains("didFail(10000)") })
            #expect(fixture.barrier())  // an invalidation (or a second one) would have arrived by now
            let invalidates = switchOn && code != 100
            #expect(timeline.names == (invalidates ? ["didFail(10000)", "fbSessionInvalidated"] : ["didFail(10000)"]))
            #expect(fixture.facebook.isSessionValid() == !invalidates)
        }
    }

    @Test(
        "A restored token is extended on the next request (auth.extendSSOAccessToken), once, and fbDidExtendToken follows"
    )
    func tokenExtension() throws {
        let extensions = ExtensionCounter()
        let fixture = try LegacyFixture(routes: [
            "/method/auth.extendSSOAccessToken": { request in
                extensions.record(request.queryValue("access_token"))
                return .full(
                    status: 200, headers: ["Content-Type": "application/json"],
                    body: Data(#"{"access_token":"NEW-TOKEN","expires_at":1999999999}"#.utf8))
            }
        ])
        defer { fixture.stop() }
        let timeline = Timeline()
        fixture.facebook.sessionDelegate = timeline
        fixture.facebook.accessToken = "OLD-TOKEN"
        fixture.facebook.expirationDate = Date(timeIntervalSinceNow: 3600)
        #expect(fixture.facebook.shouldExtendAccessToken(), "a hand-restored token counts as never refreshed")
        fixture.onQueue {
            fixture.facebook.request(withGraphPath: "get", andDelegate: timeline)
            fixture.facebook.request(withGraphPath: "get", andDelegate: timeline)
        }
        #expect(eventually { timeline.names.contains("fbDidExtendToken(NEW-TOKEN)") })
        #expect(eventually { timeline.names.filter { $0 == "didLoad" }.count == 2 })
        #expect(extensions.tokens == ["OLD-TOKEN"], "one extension, sent with the old token")
        #expect(fixture.onQueue { fixture.facebook.accessToken } == "NEW-TOKEN")
        #expect(fixture.onQueue { fixture.facebook.expirationDate } == Date(timeIntervalSince1970: 1_999_999_999))
        #expect(!fixture.facebook.shouldExtendAccessToken())
    }

    @Test("extendsAccessTokenAutomatically = false: a restored token is sent as it is, with no extension call")
    func tokenExtensionOff() throws {
        let extensions = ExtensionCounter()
        let fixture = try LegacyFixture(routes: [
            "/method/auth.extendSSOAccessToken": { request in
                extensions.record(request.queryValue("access_token"))
                return .full(status: 200, body: Data("{}".utf8))
            }
        ])
        defer { fixture.stop() }
        let timeline = Timeline()
        fixture.facebook.extendsAccessTokenAutomatically = false
        fixture.facebook.accessToken = "OLD-TOKEN"
        fixture.facebook.expirationDate = Date(timeIntervalSinceNow: 3600)
        fixture.onQueue { _ = fixture.facebook.request(withGraphPath: "get", andDelegate: timeline) }
        #expect(eventually { timeline.names.contains("didLoad") })
        // Every request this object started (an extension included) has completed, so its route has run.
        #expect(eventually { fixture.facebook.requestsInFlight == 0 })
        #expect(extensions.tokens == [])
        #expect(fixture.facebook.shouldExtendAccessToken(), "the rule is unchanged; only the automatic call is off")
        #expect(fixture.onQueue { fixture.facebook.accessToken } == "OLD-TOKEN")
    }

    @Test("An extension answering expires_at 0 means the token never expires; a failed extension changes nothing")
    func extensionEdgeCases() throws {
        for (body, expectedToken) in [
            (#"{"access_token":"FOREVER","expires_at":0}"#, "FOREVER"), (#"{"error_code":1,"error_msg":"x"}"#, "OLD"),
        ] {
            let fixture = try LegacyFixture(routes: ["/method/auth.extendSSOAccessToken": LegacyFixture.answer(body)])
            defer { fixture.stop() }
            fixture.facebook.accessToken = "OLD"
            fixture.facebook.expirationDate = Date(timeIntervalSinceNow: 3600)
            fixture.facebook.extendAccessToken()
            #expect(eventually { fixture.onQueue { !fixture.facebook.isExtendingAccessToken } })
            #expect(fixture.onQueue { fixture.facebook.accessToken } == expectedToken)
            if expectedToken == "FOREVER" {
                #expect(fixture.onQueue { fixture.facebook.expirationDate } == .distantFuture)
            }
        }
    }

    @Test("handleOpen: a token logs in with expires_in seconds from now, or never when absent or 0")
    func handleOpenLogin() throws {
        let fixture = try LegacyFixture(routes: [
            "/me/apprequestformerrecipients": LegacyFixture.answer(#"{"data":[{"recipient_id":"77"}]}"#)
        ])
        defer { fixture.stop() }
        let timeline = Timeline()
        fixture.facebook.sessionDelegate = timeline
        #expect(fixture.facebook.handleOpen(URL(string: "fb123://authorize#access_token=AAA%7Cb&expires_in=3600")))
        #expect(fixture.facebook.accessToken == "AAA|b")
        let expiry = try #require(fixture.facebook.expirationDate)
        #expect(abs(expiry.timeIntervalSinceNow - 3600) < 60)
        #expect(timeline.names == ["fbDidLogin"])
        #expect(!fixture.facebook.shouldExtendAccessToken())
        // Login reloads the frictionless cache.
        #expect(eventually { fixture.onQueue { fixture.facebook.isFrictionlessEnabled(forRecipient: " 77 ") } })
        #expect(fixture.facebook.handleOpen(URL(string: "fb123://authorize?access_token=Q&expires_in=0")))
        #expect(fixture.facebook.expirationDate == .distantFuture)
    }

    @Test(
        "handleOpen: errors map to fbDidNotLogin(cancelled) as v2 did",
        arguments: [
            ("fb123://authorize#error=access_denied", "fbDidNotLogin(true)"),
            ("fb123://authorize#error_reason=user_denied", "fbDidNotLogin(true)"),
            ("fb123://authorize#error=access_denied&error_code=200", "fbDidNotLogin(false)"),
            ("fb123://authorize#error=server_error", "fbDidNotLogin(false)"),
            ("fb123://authorize#error=service_disabled", "fbDidNotLogin(false)"),
        ])
    func handleOpenErrors(url: String, expected: String) throws {
        let timeline = Timeline()
        let facebook = Facebook(appId: "123", andDelegate: timeline)
        #expect(facebook.handleOpen(URL(string: url)))
        #expect(timeline.names == [expected])
        #expect(facebook.accessToken == nil)
    }

    @Test(
        "Deviation: handleOpen never crashes on an empty or malformed fragment; other URLs return false",
        arguments: [
            "fb123://authorize", "fb123://authorize#", "fb123://authorize#&&&", "fb123://authorize#novalue",
            "fb123://authorize#=x&access_token",
            "fb123://authorize#access_token=%ZZ",
        ])
    func handleOpenMalformed(url: String) throws {
        let timeline = Timeline()
        let facebook = Facebook(appId: "123", andDelegate: timeline)
        facebook.graphBaseURL = "http://127.0.0.1:1/"
        #expect(facebook.handleOpen(URL(string: url)))
        #expect(timeline.names.count == 1)
        #expect(!facebook.handleOpen(URL(string: "fb999://authorize#access_token=X")))
        #expect(!facebook.handleOpen(URL(string: "https://example.com/")))
        #expect(!facebook.handleOpen(nil))
    }

    @Test("The URL scheme suffix is part of the SSO scheme")
    func suffix() {
        let timeline = Timeline()
        let facebook = Facebook(appId: "123", urlSchemeSuffix: "lite", andDelegate: timeline)
        #expect(!facebook.handleOpen(URL(string: "fb123://authorize#error=access_denied")))
        #expect(facebook.handleOpen(URL(string: "fb123lite://authorize#error=access_denied")))
        #expect(timeline.names == ["fbDidNotLogin(true)"])
    }

    @Test("logout clears the session and calls fbDidLogout; logout(_:) calls another delegate too, never twice")
    func logout() {
        let main = Timeline()
        let other = Timeline()
        let facebook = Facebook(appId: "1", andDelegate: main)
        facebook.accessToken = "T"
        facebook.expirationDate = .distantFuture
        facebook.logout()
        #expect(facebook.accessToken == nil && facebook.expirationDate == nil)
        #expect(main.names == ["fbDidLogout"])
        facebook.logout(other)
        facebook.logout(main)
        #expect(main.names == ["fbDidLogout", "fbDidLogout", "fbDidLogout"])
        #expect(other.names == ["fbDidLogout"])
    }

    @Test("authorize and dialogs report their unavailability asynchronously, with a clear error")
    @available(*, deprecated, message: "exercises the deprecated login and dialog calls")
    func unavailableFlows() throws {
        final class DialogWatcher: NSObject, FBDialogDelegate, @unchecked Sendable {
            var error: NSError?
            let done = DispatchSemaphore(value: 0)
            func dialog(_ dialog: FBDialog!, didFailWithError error: Error!) {
                self.error = error as NSError
                done.signal()
            }
        }
        let fixture = try LegacyFixture()
        defer { fixture.stop() }
        let timeline = Timeline()
        fixture.facebook.sessionDelegate = timeline
        // Called on the callback queue, so "never before the call returns" is observable.
        let namesAtReturn = fixture.onQueue { () -> [String] in
            fixture.facebook.authorize(["email"])
            // The same call on another object and queue has reported: an early report from this
            // one, on any thread but its held queue, would have arrived by now.
            let other = Facebook(appId: "123", andDelegate: nil)
            let otherTimeline = Timeline()
            other.sessionDelegate = otherTimeline
            other.callbackQueue = DispatchQueue(label: "legacy.session.barrier")
            other.authorize(["email"])
            #expect(eventually { otherTimeline.names == ["fbDidNotLogin(false)"] })
            return timeline.names
        }
        #expect(namesAtReturn.isEmpty, "never before the call returns")
        #expect(eventually { timeline.names == ["fbDidNotLogin(false)"] })
        let watcher = DialogWatcher()
        fixture.facebook.dialog("feed", andParams: NSMutableDictionary(dictionary: ["to": "4"]), andDelegate: watcher)
        #expect(watcher.done.wait(scaledSeconds: 10))
        #expect(watcher.error?.domain == facebookErrDomain)
        #expect((watcher.error?.userInfo["error_msg"] as? String)?.contains("not available on this platform") == true)
    }

    @Test("Frictionless recipients: string and number ids, trimmed; all must match; an empty list matches")
    func frictionless() throws {
        let fixture = try LegacyFixture(routes: [
            "/me/apprequestformerrecipients": LegacyFixture.answer(
                #"{"data":[{"recipient_id":"1"},{"recipient_id":"2"}]}"#)
        ])
        defer { fixture.stop() }
        fixture.facebook.enableFrictionlessRequests()
        #expect(fixture.facebook.isFrictionlessRequestsEnabled)
        #expect(eventually { fixture.onQueue { fixture.facebook.isFrictionlessEnabled(forRecipient: "1") } })
        fixture.onQueue {
            #expect(fixture.facebook.isFrictionlessEnabled(forRecipient: NSNumber(value: 2)))
            #expect(fixture.facebook.isFrictionlessEnabled(forRecipients: ["1", NSNumber(value: 2)]))
            #expect(!fixture.facebook.isFrictionlessEnabled(forRecipients: ["1", "3"]))
            #expect(fixture.facebook.isFrictionlessEnabled(forRecipients: []))
            #expect(!fixture.facebook.isFrictionlessEnabled(forRecipients: ["1", Date()]))
        }
    }
}

/// Counts extension requests and the tokens they carried.
final class ExtensionCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: [String] = []
    func record(_ token: String?) {
        lock.lock()
        seen.append(token ?? "")
        lock.unlock()
    }
    var tokens: [String] {
        lock.lock()
        defer { lock.unlock() }
        return seen
    }
}
