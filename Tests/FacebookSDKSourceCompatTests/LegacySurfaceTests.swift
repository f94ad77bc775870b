// Every method and property of the v2 surface, called exactly as legacy code called it through the
// Swift-imported headers (legacy-sdk-facts §7): implicitly unwrapped results used as values,
// `Any!` results cast with `as?`/`as!`, states compared across the `Int`/`UInt` split, and every
// delegate requirement proven to be called — with real requests against a loopback HTTPBin.

import FacebookGraphTestSupport
import FacebookSDK
import XCTest

final class LegacySurfaceTests: XCTestCase {
    typealias Event = Caller.Event

    var server: SourceCompatServer!

    override func setUpWithError() throws {
        server = try SourceCompatServer()
    }

    override func tearDown() {
        server?.stop()
        server = nil
        super.tearDown()
    }

    /// The parsed form of a JSON body, as a dictionary (for comparing `userInfo` and results).
    private func parsedDictionary(_ body: String) -> NSDictionary? {
        (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? NSDictionary
    }

    // MARK: - Every requirement is witnessed by the legacy spelling

    /// Each of Caller's sixteen methods is the protocol's witness: called through the protocol, each
    /// records its event (a nearly-matching spelling would leave the default no-op in its place).
    func testEveryDelegateRequirementIsWitnessedByTheLegacySpelling() {
        let caller = Caller()
        let requestDelegate: FBRequestDelegate = caller
        let sessionDelegate: FBSessionDelegate = caller
        let dialogDelegate: FBDialogDelegate = caller

        requestDelegate.requestLoading(nil)
        requestDelegate.request(nil, didReceive: nil)
        requestDelegate.request(nil, didFailWithError: nil)
        requestDelegate.request(nil, didLoad: nil)
        requestDelegate.request(nil, didLoadRawResponse: nil)
        sessionDelegate.fbDidLogin()
        sessionDelegate.fbDidNotLogin(true)
        sessionDelegate.fbDidExtendToken(nil, expiresAt: nil)
        sessionDelegate.fbDidLogout()
        sessionDelegate.fbSessionInvalidated()
        dialogDelegate.dialogDidComplete(nil)
        dialogDelegate.dialogComplete(with: nil)
        dialogDelegate.dialogDidNotComplete(with: nil)
        dialogDelegate.dialogDidNotComplete(nil)
        dialogDelegate.dialog(nil, didFailWithError: nil)
        let opensInBrowser = dialogDelegate.dialog(
            nil, shouldOpenURLInExternalBrowser: URL(string: "https://example.com/"))

        XCTAssertEqual(caller.events, Event.all)
        XCTAssertFalse(opensInBrowser, "Caller answers false; the protocol's default answers true")
        XCTAssertEqual(caller.notLoginCancelled, [true])

        // The control: a delegate that implements nothing gets the defaults.
        let silent = SilentDelegate()
        XCTAssertTrue(silent.dialog(nil, shouldOpenURLInExternalBrowser: nil))
    }

    // MARK: - FBRequestDelegate, driven by real requests

    func testGraphSuccessCallsLoadingReceiveRawResponseLoadInOrder() {
        let caller = Caller()
        let facebook = server.facebook(delegate: caller)
        let loaded = expectation(caller, Event.didLoad)

        server.queue.suspend()
        let request: FBRequest = facebook.request(withGraphPath: "me", andDelegate: caller)
        // requestLoading arrives inside the call; nothing else can while the callback queue waits.
        XCTAssertEqual(caller.events, [Event.requestLoading])
        XCTAssertTrue(request.loading())
        XCTAssertNotNil(request.connection)
        XCTAssertTrue(request.state == FBRequestState(kFBRequestStateLoading))
        XCTAssertTrue(request.delegate === caller)
        server.queue.resume()

        wait(for: [loaded], timeout: 10 * testTimeoutScale)
        server.drain()
        XCTAssertEqual(
            caller.events,
            [Event.requestLoading, Event.didReceive, Event.didLoadRawResponse, Event.didLoad]
        )
        if let result = caller.result as? [String: Any] {
            XCTAssertEqual(result["id"] as? String, "4")
        } else {
            XCTFail("didLoad: expected a dictionary, got \(String(describing: caller.result))")
        }
        if caller.result is NSDictionary {  // checked first, so a regression fails instead of crashing
            XCTAssertEqual((caller.result as! NSDictionary)["id"] as? String, "4")
        }
        guard caller.rawResponse != nil else { return XCTFail("no didLoadRawResponse") }
        let raw: Data = caller.rawResponse
        XCTAssertEqual(String(decoding: raw, as: UTF8.self), SourceCompatServer.meBody)
        XCTAssertEqual(caller.responseTextLength, raw.count, "responseText holds the body during didLoad")
        XCTAssertEqual((caller.response as? HTTPURLResponse)?.statusCode, 200)

        XCTAssertEqual(Int(request.state), kFBRequestStateComplete)
        XCTAssertTrue(request.state == FBRequestState(kFBRequestStateComplete))
        XCTAssertFalse(request.state == FBRequestState(kFBRequestStateError))
        XCTAssertFalse(request.loading())
        XCTAssertNil(request.connection)
        XCTAssertNil(request.responseText)
        XCTAssertNil(request.error)
        XCTAssertFalse(request.sessionDidExpire)
        let url: String = request.url
        XCTAssertEqual(url, server.bin.url("/me"))
        let httpMethod: String = request.httpMethod
        XCTAssertEqual(httpMethod, "GET")
        XCTAssertEqual(request.params["format"] as? String, "json")
        XCTAssertEqual(request.params["sdk"] as? String, "ios")
        XCTAssertEqual(request.params["sdk_version"] as? String, "2")
        XCTAssertNil(request.params["access_token"], "no session, no token")
        XCTAssertEqual(caller.onMainThread, [true, false, false, false], "callbacks arrive on the callback queue")
    }

    func testGraphErrorBodyCallsDidFailWithErrorAfterRawResponse() throws {
        let caller = Caller()
        let facebook = server.facebook(delegate: caller)
        XCTAssertTrue(facebook.handleOpen(URL(string: "fb123://authorize#access_token=T&expires_in=3600")))
        let failed = expectation(caller, Event.didFailWithError)

        let request: FBRequest = facebook.request(
            withGraphPath: "broken",
            andParams: NSMutableDictionary(),
            andDelegate: caller
        )

        wait(for: [failed], timeout: 10 * testTimeoutScale)
        server.drain()
        XCTAssertEqual(
            caller.events,
            [
                Event.fbDidLogin, Event.requestLoading, Event.didReceive, Event.didLoadRawResponse,
                Event.didFailWithError,
            ]
        )
        let error = try XCTUnwrap(caller.error as NSError?)
        XCTAssertEqual(error.domain, facebookErrDomain)
        XCTAssertEqual(error.code, 10000)
        XCTAssertEqual(NSDictionary(dictionary: error.userInfo), parsedDictionary(SourceCompatServer.graphErrorBody))
        XCTAssertEqual((caller.response as? HTTPURLResponse)?.statusCode, 400)
        XCTAssertEqual(caller.responseTextLength, SourceCompatServer.graphErrorBody.utf8.count)
        XCTAssertEqual((request.error as NSError?)?.code, 10000)
        XCTAssertFalse(request.sessionDidExpire, "v2 invalidates only on a REST error_code of 190")
        XCTAssertTrue(facebook.isSessionValid(), "a Graph OAuthException does not end a v2 session")
        XCTAssertEqual(Int(request.state), kFBRequestStateComplete)
        XCTAssertEqual(caller.count(Event.didLoad), 0)
    }

    func testBareTrueLoadsAndBareFalseFails() throws {
        let caller = Caller()
        let failer = Caller()
        let facebook = server.facebook(delegate: caller)
        let loaded = expectation(caller, Event.didLoad)
        let failed = expectation(failer, Event.didFailWithError)

        facebook.request(withGraphPath: "true", andDelegate: caller)
        facebook.request(withGraphPath: "false", andDelegate: failer)

        wait(for: [loaded, failed], timeout: 10 * testTimeoutScale)
        XCTAssertEqual(caller.result as? NSDictionary, NSDictionary(dictionary: ["result": "true"]))
        let error = try XCTUnwrap(failer.error as NSError?)
        XCTAssertEqual(error.domain, facebookErrDomain)
        XCTAssertEqual(error.code, 10000)
        XCTAssertEqual(error.userInfo["error_msg"] as? String, "This operation can not be completed")
    }

    func testTransportFailureSkipsReceiveAndRawResponse() throws {
        let caller = Caller()
        let failed = expectation(caller, Event.didFailWithError)
        // Port 1 on loopback: nothing listens there.
        let request: FBRequest = FBRequest.getWithParams(
            NSMutableDictionary(),
            httpMethod: "GET",
            delegate: caller,
            requestURL: "http://127.0.0.1:1/me"
        )
        request.callbackQueue = server.queue
        request.connect()

        wait(for: [failed], timeout: 10 * testTimeoutScale)
        server.drain()
        XCTAssertEqual(caller.events, [Event.requestLoading, Event.didFailWithError])
        let error = try XCTUnwrap(caller.error as NSError?)
        XCTAssertEqual(error.domain, NSURLErrorDomain)
        XCTAssertNil(request.error, "as in v2, a transport failure does not set error")
        XCTAssertTrue(request.state == FBRequestState(kFBRequestStateComplete))
    }

    // MARK: - FBSessionDelegate, driven by the session flows

    func testRESTTokenErrorInvalidatesTheSessionAfterDidFailWithError() throws {
        let caller = Caller()
        let facebook = server.facebook(delegate: caller)
        XCTAssertTrue(facebook.handleOpen(URL(string: "fb123://authorize#access_token=T&expires_in=3600")))
        XCTAssertTrue(facebook.isSessionValid())
        let invalidated = expectation(caller, Event.fbSessionInvalidated)

        let params = NSMutableDictionary()
        let request: FBRequest = facebook.request(
            withMethodName: "expired.call",
            andParams: params,
            andHttpMethod: "GET",
            andDelegate: caller
        )
        XCTAssertEqual(params["access_token"] as? String, "T", "the caller's dictionary is filled in place")

        wait(for: [invalidated], timeout: 10 * testTimeoutScale)
        server.drain()
        XCTAssertEqual(
            caller.events,
            [
                Event.fbDidLogin, Event.requestLoading, Event.didReceive, Event.didLoadRawResponse,
                Event.didFailWithError, Event.fbSessionInvalidated,
            ]
        )
        let error = try XCTUnwrap(caller.error as NSError?)
        XCTAssertEqual(error.domain, facebookErrDomain)
        XCTAssertEqual(error.code, 190)
        XCTAssertEqual(NSDictionary(dictionary: error.userInfo), parsedDictionary(SourceCompatServer.expiredBody))
        XCTAssertTrue(request.sessionDidExpire)
        XCTAssertNil(facebook.accessToken)
        XCTAssertNil(facebook.expirationDate)
        XCTAssertFalse(facebook.isSessionValid())
    }

    func testHandleOpenURLWithATokenLogsInAndReloadsTheFrictionlessCache() {
        let caller = Caller()
        let facebook = server.facebook(delegate: caller)
        XCTAssertFalse(facebook.isSessionValid())
        XCTAssertFalse(facebook.handleOpen(URL(string: "fb999://authorize#access_token=T&expires_in=3600")))
        XCTAssertFalse(facebook.handleOpen(URL(string: "https://example.com/authorize#access_token=T")))
        XCTAssertEqual(caller.events, [])

        let before = Date()
        let handled = facebook.handleOpen(URL(string: "fb123://authorize#access_token=T&expires_in=3600"))
        XCTAssertTrue(handled)
        XCTAssertEqual(caller.events, [Event.fbDidLogin])
        guard facebook.accessToken != nil, facebook.expirationDate != nil else { return XCTFail("no session") }
        let token: String = facebook.accessToken
        XCTAssertEqual(token, "T")
        let expiry: Date = facebook.expirationDate
        XCTAssertGreaterThanOrEqual(expiry.timeIntervalSince(before), 3600 - 1)
        XCTAssertLessThanOrEqual(expiry.timeIntervalSinceNow, 3600 + 1)
        XCTAssertTrue(facebook.isSessionValid())
        XCTAssertFalse(facebook.shouldExtendAccessToken(), "a login counts as a fresh token")

        // Login reloads the frictionless cache: GET me/apprequestformerrecipients.
        XCTAssertTrue(eventually { self.server.queue.sync { facebook.isFrictionlessEnabled(forRecipient: "42") } })
        server.queue.sync {
            XCTAssertTrue(facebook.isFrictionlessEnabled(forRecipient: " 42 "))
            XCTAssertTrue(facebook.isFrictionlessEnabled(forRecipient: 77))
            XCTAssertFalse(facebook.isFrictionlessEnabled(forRecipient: "5"))
            XCTAssertTrue(facebook.isFrictionlessEnabled(forRecipients: ["42", 77]))
            XCTAssertFalse(facebook.isFrictionlessEnabled(forRecipients: ["42", "5"]))
            XCTAssertTrue(facebook.isFrictionlessEnabled(forRecipients: []))
        }

        XCTAssertFalse(facebook.isFrictionlessRequestsEnabled)
        facebook.enableFrictionlessRequests()
        XCTAssertTrue(facebook.isFrictionlessRequestsEnabled)
        facebook.reloadFrictionlessRecipientCache()
        XCTAssertTrue(
            eventually { self.server.queue.sync { facebook.isFrictionlessEnabled(forRecipients: ["42", 77]) } })
        XCTAssertEqual(caller.events, [Event.fbDidLogin], "the cache requests report to Facebook, not to the app")
    }

    func testHandleOpenURLWithURLSchemeSuffix() {
        let caller = Caller()
        let facebook = server.facebook(delegate: caller, urlSchemeSuffix: "free")
        let suffix: String = facebook.urlSchemeSuffix
        XCTAssertEqual(suffix, "free")
        XCTAssertTrue(facebook.sessionDelegate === caller)

        XCTAssertFalse(facebook.handleOpen(URL(string: "fb123://authorize#access_token=S")))
        XCTAssertTrue(facebook.handleOpen(URL(string: "fb123free://authorize#access_token=S")))
        XCTAssertEqual(caller.events, [Event.fbDidLogin])
        XCTAssertEqual(facebook.accessToken, "S")
        XCTAssertEqual(facebook.expirationDate, Date.distantFuture, "no expires_in: the token does not expire")
    }

    func testHandleOpenURLWithoutATokenDoesNotLogIn() {
        let caller = Caller()
        let facebook = server.facebook(delegate: caller)

        XCTAssertTrue(facebook.handleOpen(URL(string: "fb123://authorize#error=access_denied")))
        XCTAssertTrue(facebook.handleOpen(URL(string: "fb123://authorize#error=access_denied&error_code=200")))
        XCTAssertTrue(facebook.handleOpen(URL(string: "fb123://authorize?error=server_error")))

        XCTAssertEqual(caller.events, [Event.fbDidNotLogin, Event.fbDidNotLogin, Event.fbDidNotLogin])
        XCTAssertEqual(caller.notLoginCancelled, [true, false, false])
        XCTAssertNil(facebook.accessToken)
    }

    /// `Facebook` is the login dialog's delegate (`FBLoginDialogDelegate`), a public part of the v2
    /// header: its two methods report to the session delegate.
    func testLoginDialogDelegateMethodsOfFacebook() {
        let caller = Caller()
        let facebook = server.facebook(delegate: caller)
        let loginDelegate: FBLoginDialogDelegate = facebook

        loginDelegate.fbDialogNotLogin(true)
        facebook.fbDialogLogin("T", expirationDate: Date.distantFuture)

        XCTAssertEqual(caller.events, [Event.fbDidNotLogin, Event.fbDidLogin])
        XCTAssertEqual(caller.notLoginCancelled, [true])
        XCTAssertEqual(facebook.accessToken, "T")
        XCTAssertTrue(facebook.isSessionValid())
    }

    func testAuthorizeReportsDidNotLoginWithoutCancel() {
        let caller = Caller()
        let facebook = server.facebook(delegate: caller)
        let notLoggedIn = expectation(caller, Event.fbDidNotLogin)

        facebook.authorize(["email", "publish_stream"])

        wait(for: [notLoggedIn], timeout: 10 * testTimeoutScale)
        XCTAssertEqual(caller.events, [Event.fbDidNotLogin])
        XCTAssertEqual(caller.notLoginCancelled, [false])
        XCTAssertFalse(facebook.isSessionValid())
    }

    func testLogoutCallsDidLogout() {
        let caller = Caller()
        let other = Caller()
        let facebook = server.facebook(delegate: caller)
        facebook.accessToken = "T"
        facebook.expirationDate = Date.distantFuture
        XCTAssertTrue(facebook.isSessionValid())

        facebook.logout()
        XCTAssertEqual(caller.events, [Event.fbDidLogout])
        XCTAssertNil(facebook.accessToken)
        XCTAssertNil(facebook.expirationDate)
        XCTAssertFalse(facebook.isSessionValid())

        facebook.logout(other)
        XCTAssertEqual(caller.events, [Event.fbDidLogout, Event.fbDidLogout])
        XCTAssertEqual(other.events, [Event.fbDidLogout])

        facebook.logout(caller)
        XCTAssertEqual(caller.count(Event.fbDidLogout), 3, "the session delegate hears it once, not twice")

        facebook.sessionDelegate = other
        facebook.logout()
        XCTAssertEqual(other.count(Event.fbDidLogout), 2)
        XCTAssertEqual(caller.count(Event.fbDidLogout), 3)
    }

    func testFirstRequestWithARestoredTokenExtendsIt() {
        let caller = Caller()
        let facebook = server.facebook(delegate: caller)
        facebook.accessToken = "OLD"
        facebook.expirationDate = Date(timeIntervalSinceNow: 24 * 3600)
        XCTAssertTrue(facebook.isSessionValid())
        XCTAssertTrue(facebook.shouldExtendAccessToken(), "setting the token by hand is not a login")
        let extended = expectation(caller, Event.fbDidExtendToken)
        let loaded = expectation(caller, Event.didLoad)

        let request: FBRequest = facebook.request(withGraphPath: "me", andDelegate: caller)
        XCTAssertEqual(request.params["access_token"] as? String, "OLD")

        wait(for: [extended, loaded], timeout: 10 * testTimeoutScale)
        server.drain()
        XCTAssertEqual(caller.count(Event.fbDidExtendToken), 1)
        XCTAssertEqual(
            caller.events.filter { $0 != Event.fbDidExtendToken },
            [Event.requestLoading, Event.didReceive, Event.didLoadRawResponse, Event.didLoad]
        )
        XCTAssertEqual(caller.extendedToken, "NEW")
        XCTAssertEqual(caller.extendedExpiry, Date(timeIntervalSince1970: 1_999_999_999))
        guard facebook.accessToken != nil else { return XCTFail("the session was lost") }
        let token: String = facebook.accessToken
        XCTAssertEqual(token, "NEW")
        XCTAssertEqual(facebook.expirationDate, Date(timeIntervalSince1970: 1_999_999_999))
        XCTAssertFalse(facebook.shouldExtendAccessToken())
    }

    func testExtendAccessTokenAndExtendAccessTokenIfNeeded() {
        let caller = Caller()
        let facebook = server.facebook(delegate: caller)
        XCTAssertFalse(facebook.shouldExtendAccessToken(), "no session")
        facebook.extendAccessTokenIfNeeded()

        facebook.accessToken = "OLD"
        facebook.expirationDate = Date(timeIntervalSinceNow: 3600)
        let first = expectation(caller, Event.fbDidExtendToken)
        facebook.extendAccessTokenIfNeeded()
        wait(for: [first], timeout: 10 * testTimeoutScale)
        server.drain()
        XCTAssertEqual(facebook.accessToken, "NEW")
        XCTAssertFalse(facebook.shouldExtendAccessToken())

        facebook.extendAccessTokenIfNeeded()  // not due: no request
        let second = expectation(caller, Event.fbDidExtendToken)
        facebook.extendAccessToken()  // always asks
        wait(for: [second], timeout: 10 * testTimeoutScale)
        server.drain()
        XCTAssertEqual(caller.events, [Event.fbDidExtendToken, Event.fbDidExtendToken])
    }

    // MARK: - FBDialogDelegate

    func testDialogsReportDidFailWithError() throws {
        let caller = Caller()
        let facebook = server.facebook(delegate: caller)
        let failed = expectation(caller, Event.dialogDidFailWithError)

        facebook.dialog("feed", andDelegate: caller)

        wait(for: [failed], timeout: 10 * testTimeoutScale)
        XCTAssertEqual(caller.events, [Event.dialogDidFailWithError])
        let error = try XCTUnwrap(caller.error as NSError?)
        XCTAssertEqual(error.domain, facebookErrDomain)
        XCTAssertEqual(error.code, 10000)
        XCTAssertEqual(caller.dialogURL, facebook.dialogBaseURL + "feed")

        let params = NSMutableDictionary(dictionary: ["to": "42", "message": "Come play"])
        let failedAgain = expectation(caller, Event.dialogDidFailWithError)
        facebook.dialog("apprequests", andParams: params, andDelegate: caller)
        wait(for: [failedAgain], timeout: 10 * testTimeoutScale)
        XCTAssertEqual(caller.events, [Event.dialogDidFailWithError, Event.dialogDidFailWithError])
        XCTAssertEqual(caller.dialogURL, facebook.dialogBaseURL + "apprequests")
        XCTAssertEqual(params["display"] as? String, "touch")
        XCTAssertEqual(params["sdk"] as? String, "2")
        XCTAssertEqual(params["redirect_uri"] as? String, "fbconnect://success")
        XCTAssertEqual(params["to"] as? String, "42")
    }

    /// LEGACY-LAYER BUG (fails): v2's `dialog:andParams:andDelegate:` filled the caller's dictionary
    /// in place with `app_id` for every action but `oauth`, and with `access_token` while the
    /// session was valid (legacy-sdk-facts §1.10). The shim fills in `display`, `sdk` and
    /// `redirect_uri` the same way but leaves both out.
    func testDialogFillsInAppIdAndAccessTokenAsV2Did() {
        let caller = Caller()
        let facebook = server.facebook(delegate: caller)
        XCTAssertTrue(facebook.handleOpen(URL(string: "fb123://authorize#access_token=T&expires_in=3600")))
        let params = NSMutableDictionary(dictionary: ["link": "https://example.com/"])
        let failed = expectation(caller, Event.dialogDidFailWithError)

        facebook.dialog("feed", andParams: params, andDelegate: caller)

        wait(for: [failed], timeout: 10 * testTimeoutScale)
        XCTAssertEqual(params["display"] as? String, "touch")
        XCTAssertEqual(params["app_id"] as? String, "123", "v2 added app_id to the caller's params")
        XCTAssertEqual(params["access_token"] as? String, "T", "v2 added the token while the session was valid")
    }

    // MARK: - The block callbacks of seed 002

    func testSeedBlockCallbacks() {
        let facebook = server.facebook(delegate: nil)
        let graphDone = expectation(description: "graph block")
        let restDone = expectation(description: "REST block")
        let errorDone = expectation(description: "error block")
        var graphCalls = 0
        var friendsList: [String: Any]?
        var usedBlock = false
        var responseTextLength = -1
        var restResult: Any?
        var failure: Error?
        var failureResult: Any?

        let params = NSMutableDictionary()
        facebook.request(withGraphPath: "me", params: params, method: "GET") { request, result, error in
            graphCalls += 1
            XCTAssertNil(error)
            if let result = result as? [String: Any] {
                friendsList = result
            }
            usedBlock = request?.usesBlockCallback ?? false
            responseTextLength = request?.responseText?.length ?? -1
            graphDone.fulfill()
        }
        XCTAssertEqual(params["format"] as? String, "json")

        facebook.request(
            withMethodName: "users.getLoggedInUser",
            andParams: NSMutableDictionary(),
            andHttpMethod: "GET",
            callback: { _, result, _ in
                restResult = result
                restDone.fulfill()
            }
        )

        let failing: FBRequest = facebook.request(
            withGraphPath: "broken",
            params: NSMutableDictionary(),
            method: "GET"
        ) { _, result, error in
            failureResult = result
            failure = error
            errorDone.fulfill()
        }

        wait(for: [graphDone, restDone, errorDone], timeout: 10 * testTimeoutScale)
        server.drain()
        XCTAssertEqual(graphCalls, 1)
        XCTAssertEqual(friendsList?["id"] as? String, "4")
        XCTAssertTrue(usedBlock)
        XCTAssertEqual(responseTextLength, SourceCompatServer.meBody.utf8.count)
        XCTAssertEqual(restResult as? Int, 1_240_077)
        XCTAssertNil(failureResult)
        XCTAssertEqual((failure as NSError?)?.code, 10000)
        XCTAssertTrue(failing.usesBlockCallback)
        XCTAssertEqual((failing.error as NSError?)?.code, 10000)
        XCTAssertTrue(failing.state == FBRequestState(kFBRequestStateComplete))
    }

    func testGetWithParamsCallbackAndTheCallbackProperty() {
        let done = expectation(description: "block")
        var echoed: Any?
        var calls = 0
        let params = NSMutableDictionary(dictionary: ["k": "v w"])
        let request: FBRequest = FBRequest.getWithParams(
            params,
            httpMethod: "GET",
            callback: { _, result, _ in
                calls += 1
                echoed = result
                done.fulfill()
            },
            requestURL: server.bin.url("/get")
        )
        XCTAssertTrue(request.usesBlockCallback)
        XCTAssertNotNil(request.FBRequestCallback)
        XCTAssertNil(request.delegate)
        XCTAssertTrue(request.params === params)
        XCTAssertEqual(Int(request.state), kFBRequestStateReady)

        request.callbackQueue = server.queue
        request.connect()
        wait(for: [done], timeout: 10 * testTimeoutScale)
        server.drain()
        XCTAssertEqual(calls, 1)
        let args = (echoed as? [String: Any])?["args"] as? [String: Any]
        XCTAssertEqual(args?["k"] as? String, "v w")

        // The property set by hand, as the seed's getRequestWithParams did.
        let manualDone = expectation(description: "manual block")
        var manualResult: Any?
        let manual = FBRequest()
        manual.url = server.bin.url("/me")
        manual.httpMethod = "GET"
        manual.params = NSMutableDictionary()
        manual.FBRequestCallback = { _, result, _ in
            manualResult = result
            manualDone.fulfill()
        }
        manual.usesBlockCallback = true
        manual.callbackQueue = server.queue
        manual.connect()
        wait(for: [manualDone], timeout: 10 * testTimeoutScale)
        XCTAssertEqual((manualResult as? NSDictionary)?["id"] as? String, "4")
    }

    // MARK: - FBRequest on its own

    func testGetWithParamsDelegateBuildsARequestThatConnectStarts() throws {
        let caller = Caller()
        let params = NSMutableDictionary(dictionary: ["k": "v w"])
        let request: FBRequest = FBRequest.getWithParams(
            params,
            httpMethod: "GET",
            delegate: caller,
            requestURL: server.bin.url("/get")
        )
        XCTAssertTrue(request.delegate === caller)
        XCTAssertEqual(request.url, server.bin.url("/get"))
        XCTAssertEqual(request.httpMethod, "GET")
        XCTAssertTrue(request.params === params, "the request keeps the caller's dictionary, not a copy")
        XCTAssertNil(request.connection)
        XCTAssertNil(request.responseText)
        XCTAssertNil(request.error)
        XCTAssertFalse(request.usesBlockCallback)
        XCTAssertNil(request.FBRequestCallback)
        XCTAssertFalse(request.loading())
        XCTAssertEqual(Int(request.state), kFBRequestStateReady)
        XCTAssertTrue(caller.events.isEmpty, "getWithParams does not start the request")

        let loaded = expectation(caller, Event.didLoad)
        request.callbackQueue = server.queue
        request.connect()
        wait(for: [loaded], timeout: 10 * testTimeoutScale)
        server.drain()
        XCTAssertEqual(
            caller.events,
            [Event.requestLoading, Event.didReceive, Event.didLoadRawResponse, Event.didLoad]
        )
        let echo = try XCTUnwrap(caller.result as? NSDictionary)
        XCTAssertEqual((echo["args"] as? [String: Any])?["k"] as? String, "v w")
        XCTAssertEqual((echo["headers"] as? [String: Any])?["User-Agent"] as? String, "FacebookConnect")
    }

    func testPropertiesSetByHandAndAMultipartPOST() throws {
        let caller = Caller()
        let loaded = expectation(caller, Event.didLoad)
        let request = FBRequest()
        request.delegate = caller
        request.url = server.bin.url("/post")
        request.httpMethod = "POST"
        request.params = NSMutableDictionary(dictionary: ["message": "hello", "picture": Data([1, 2, 3])])
        request.callbackQueue = server.queue
        request.connect()

        wait(for: [loaded], timeout: 10 * testTimeoutScale)
        let echo = try XCTUnwrap(caller.result as? NSDictionary)
        XCTAssertEqual(echo["method"] as? String, "POST")
        XCTAssertEqual(
            echo["content_type"] as? String,
            "multipart/form-data; boundary=3i2ndDfv2rTHiSisAbouNdArYfORhtTPEefj3q2f"
        )
        let body = echo["body"] as? String ?? ""
        XCTAssertTrue(body.contains("Content-Disposition: form-data; name=\"message\"\r\n\r\nhello"), body)
        XCTAssertTrue(body.contains("Content-Disposition: form-data; filename=\"picture\""), body)
    }

    func testCancellingTheConnectionStopsTheCallbacks() {
        let caller = Caller()
        let facebook = server.facebook(delegate: caller)
        let request: FBRequest = facebook.request(withGraphPath: "held", andDelegate: caller)
        XCTAssertTrue(request.loading())
        guard request.connection != nil else { return XCTFail("no connection while loading") }
        XCTAssertTrue(eventually { self.server.held.hasArrived })

        request.connection.cancel()

        XCTAssertTrue(
            eventually {
                self.server.queue.sync { request.state == FBRequestState(kFBRequestStateComplete) }
            })
        XCTAssertFalse(request.loading())
        XCTAssertNil(request.connection)
        // The answer comes after the cancel: once the server gave it and a later request on the
        // same queue completed, anything it could cause has been delivered.
        XCTAssertTrue(server.held.releaseAndWaitUntilAnswered())
        XCTAssertTrue(server.barrier(facebook))
        XCTAssertEqual(caller.events, [Event.requestLoading])
    }

    func testSerializeURL() {
        let search: String = FBRequest.serializeURL(
            "https://graph.facebook.com/search",
            params: ["q": "a b&c/ü", "type": "user"]
        )
        XCTAssertEqual(search, "https://graph.facebook.com/search?q=a%20b%26c%2F%C3%BC&type=user")
        XCTAssertEqual(
            FBRequest.serializeURL("https://graph.facebook.com/me", params: [:]), "https://graph.facebook.com/me?")
        XCTAssertEqual(
            FBRequest.serializeURL("https://graph.facebook.com/me?fields=id", params: ["a": "1"]),
            "https://graph.facebook.com/me?fields=id&a=1"
        )
        let upload: String = FBRequest.serializeURL(
            "https://api.facebook.com/method/photos.upload",
            params: ["caption": "x", "photo": Data([0])],
            httpMethod: "POST"
        )
        XCTAssertEqual(upload, "https://api.facebook.com/method/photos.upload?caption=x")
    }

    // MARK: - Every request method of Facebook

    func testEveryRequestMethodUsedAndDiscarded() throws {
        let facebook = server.facebook(delegate: nil)
        let callers = (0..<10).map { _ in Caller() }
        let loaded = callers.map { expectation($0, Event.didLoad) }

        // Used.
        let graph: FBRequest = facebook.request(withGraphPath: "get", andDelegate: callers[0])
        let graphParams: FBRequest = facebook.request(
            withGraphPath: "get",
            andParams: NSMutableDictionary(dictionary: ["fields": "id,name"]),
            andDelegate: callers[1]
        )
        let graphVerb: FBRequest = facebook.request(
            withGraphPath: "anything/4",
            andParams: NSMutableDictionary(dictionary: ["k": "v"]),
            andHttpMethod: "DELETE",
            andDelegate: callers[2]
        )
        let rest: FBRequest = facebook.request(
            withMethodName: "users.getLoggedInUser",
            andParams: NSMutableDictionary(),
            andHttpMethod: "GET",
            andDelegate: callers[3]
        )
        let restParams = NSMutableDictionary(dictionary: ["method": "users.getLoggedInUser"])
        let restByParams: FBRequest = facebook.request(withParams: restParams, andDelegate: callers[4])
        let missing: FBRequest! = facebook.request(withParams: NSMutableDictionary(), andDelegate: callers[0])

        // Discarded, as most legacy code did.
        facebook.request(withGraphPath: "me", andDelegate: callers[5])
        facebook.request(withGraphPath: "me", andParams: NSMutableDictionary(), andDelegate: callers[6])
        facebook.request(
            withGraphPath: "post",
            andParams: NSMutableDictionary(dictionary: ["message": "hi"]),
            andHttpMethod: "POST",
            andDelegate: callers[7]
        )
        facebook.request(
            withMethodName: "users.getLoggedInUser",
            andParams: NSMutableDictionary(),
            andHttpMethod: "GET",
            andDelegate: callers[8]
        )
        facebook.request(
            withParams: NSMutableDictionary(dictionary: ["method": "users.getLoggedInUser"]),
            andDelegate: callers[9]
        )

        XCTAssertNil(missing, "requestWithParams without a method returns nil")
        XCTAssertNil(restParams["method"], "the method entry is removed from the caller's dictionary")
        XCTAssertEqual(restParams["format"] as? String, "json")

        wait(for: loaded, timeout: 10 * testTimeoutScale)
        server.drain()
        for (index, caller) in callers.enumerated() {
            XCTAssertEqual(
                caller.events,
                [Event.requestLoading, Event.didReceive, Event.didLoadRawResponse, Event.didLoad],
                "request \(index)"
            )
        }

        XCTAssertEqual(graph.url, server.bin.url("/get"))
        let args = (callers[0].result as? [String: Any])?["args"] as? [String: Any]
        XCTAssertEqual(args?["format"] as? String, "json")
        XCTAssertEqual(args?["sdk"] as? String, "ios")
        XCTAssertEqual(args?["sdk_version"] as? String, "2")
        let fieldArgs = (callers[1].result as? [String: Any])?["args"] as? [String: Any]
        XCTAssertEqual(fieldArgs?["fields"] as? String, "id,name")
        XCTAssertEqual(graphParams.httpMethod, "GET")
        XCTAssertEqual(graphVerb.httpMethod, "DELETE")
        XCTAssertEqual((callers[2].result as? [String: Any])?["method"] as? String, "DELETE")
        XCTAssertEqual(rest.url, server.bin.url("/method/users.getLoggedInUser"))
        XCTAssertEqual(callers[3].result as? Int, 1_240_077)
        XCTAssertEqual(restByParams.url, server.bin.url("/method/users.getLoggedInUser"))
        XCTAssertEqual(restByParams.httpMethod, "GET")
        XCTAssertEqual(callers[4].result as? Int, 1_240_077)
        XCTAssertEqual((callers[5].result as? NSDictionary)?["id"] as? String, "4")
        XCTAssertEqual((callers[7].result as? [String: Any])?["method"] as? String, "POST")
        XCTAssertEqual(callers[9].result as? Int, 1_240_077)
    }

    // MARK: - The main queue

    /// With the default callback queue, callbacks arrive on the main thread while the test waits
    /// (XCTest's wait spins the main run loop).
    func testCallbacksOnTheMainQueue() {
        let caller = Caller()
        let facebook = Facebook(appId: "123", andDelegate: caller)
        facebook.graphBaseURL = server.bin.url("/")
        facebook.restBaseURL = server.bin.url("/method/")
        let loaded = expectation(caller, Event.didLoad)
        let notLoggedIn = expectation(caller, Event.fbDidNotLogin)

        let request: FBRequest = facebook.request(withGraphPath: "me", andDelegate: caller)
        facebook.authorize(nil)

        wait(for: [loaded, notLoggedIn], timeout: 10 * testTimeoutScale)
        XCTAssertEqual(
            caller.events.filter { $0 != Event.fbDidNotLogin },
            [Event.requestLoading, Event.didReceive, Event.didLoadRawResponse, Event.didLoad]
        )
        XCTAssertTrue(caller.onMainThread.allSatisfy { $0 }, "\(caller.onMainThread)")
        XCTAssertEqual(Int(request.state), kFBRequestStateComplete)
    }
}

/// A delegate that implements nothing: every call lands on the protocol's default.
final class SilentDelegate: NSObject, FBRequestDelegate, FBSessionDelegate, FBDialogDelegate {}
