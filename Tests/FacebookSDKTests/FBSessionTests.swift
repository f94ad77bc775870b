import FacebookGraph
import FacebookGraphReplay
import FacebookGraphTestSupport
import Foundation
import Testing

@testable import FacebookSDK

#if canImport(Glibc)
    import Glibc
#endif

/// v3.1's `FBSession` on Linux: states and handler calls in 3.1.1's order, open from the token cache,
/// interactive open through Facebook Login for Devices (a loopback stand-in), failed logins, close,
/// close-and-clear, the login callback URL, and the token caches.
@Suite("FBSession: states, device login, token cache", .serialized)
struct FBSessionTests {
    /// Every handler call, in order; `ended` is signalled by the first open or closed state.
    final class Recorder: @unchecked Sendable {
        private let lock = NSLock()
        private var calls: [(state: FBSessionState, error: NSError?)] = []
        let ended = AsyncEvent()

        var states: [FBSessionState] { lock.withLock { calls.map(\.state) } }
        var errors: [NSError?] { lock.withLock { calls.map(\.error) } }

        var handler: FBSessionStateHandler {
            { [self] _, state, error in
                lock.withLock { calls.append((state, error.map { $0 as NSError })) }
                if state.isOpen || state.isTerminal { ended.signal() }
            }
        }
    }

    /// A folder of its own for a test's token cache.
    final class CacheFolder: @unchecked Sendable {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("token-cache-\(UUID().uuidString)")
        func strategy(_ key: String? = nil) -> FBSessionTokenCachingStrategy {
            FBSessionTokenCachingStrategy(userDefaultTokenInformationKeyName: key, folder: url)
        }
        deinit { try? FileManager.default.removeItem(at: url) }
    }

    static func session(
        _ strategy: FBSessionTokenCachingStrategy, permissions: [Any]? = nil, server: DeviceLoginServer? = nil,
        clientToken: String? = DeviceLoginServer.clientToken
    ) -> FBSession {
        let session: FBSession = FBSession(
            appID: DeviceLoginServer.appID, permissions: permissions, urlSchemeSuffix: nil,
            tokenCacheStrategy: strategy)
        session.callbackQueue = DispatchQueue(label: "fbsession.tests")
        session.clientToken = clientToken
        session.deviceLoginPresenter = { _ in }
        session.deviceLoginTimeScale = min(0.01 * testTimeoutScale, 1)  // the 5 s floor: 50 ms, scaled
        session.pageStore = nil
        if let server { session.graphBaseURL = server.graphBaseURL }
        return session
    }

    static func cache(_ strategy: FBSessionTokenCachingStrategy, token: String, expiry: Date, permissions: [String]) {
        strategy.cacheTokenInformation([
            FBTokenInformationTokenKey: token, FBTokenInformationExpirationDateKey: expiry,
            FBTokenInformationPermissionsKey: permissions,
        ])
    }

    /// A session opened from a token cached for an hour in a folder of its own (kept alive by the
    /// caller), with a recorder as its handler.
    static func openedFromCache(token: String) -> (CacheFolder, FBSessionTokenCachingStrategy, FBSession, Recorder) {
        let folder = CacheFolder()
        let strategy = folder.strategy()
        cache(strategy, token: token, expiry: Date(timeIntervalSinceNow: 3600), permissions: [])
        let session = session(strategy)
        let recorder = Recorder()
        session.open(completionHandler: recorder.handler)
        return (folder, strategy, session, recorder)
    }

    static func mode(_ url: URL) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.posixPermissions] as? Int) ?? -1
    }

    @Test("The states have 3.1.1's values; isOpen and isTerminal read its bits")
    func stateValues() {
        let values = [
            FBSessionStateCreated, FBSessionStateCreatedTokenLoaded, FBSessionStateCreatedOpening, FBSessionStateOpen,
            FBSessionStateOpenTokenExtended, FBSessionStateClosedLoginFailed, FBSessionStateClosed,
        ].map(\.rawValue)
        #expect(values == [0, 1, 2, 513, 514, 257, 258])
        #expect(FBSessionStateOpenTokenExtended.isOpen && !FBSessionStateOpenTokenExtended.isTerminal)
        #expect(FBSessionStateClosedLoginFailed.isTerminal && !FBSessionStateCreatedTokenLoaded.isOpen)
        #expect("\(FBSessionStateClosedLoginFailed)" == "FBSessionStateClosedLoginFailed")
        #expect([FBSessionDefaultAudienceOnlyMe, FBSessionDefaultAudienceEveryone].map(\.rawValue) == [10, 30])
    }

    @Test(
        "Open from the cache: CreatedTokenLoaded at init, Open before open returns, no network; an expired or narrower token is cleared"
    )
    func openFromCache() throws {
        let folder = CacheFolder()
        let strategy = folder.strategy()
        let expiry = Date(timeIntervalSinceNow: 3600)
        Self.cache(strategy, token: "EAAcachedToken11", expiry: expiry, permissions: ["email"])
        let session = Self.session(strategy, permissions: ["email"], clientToken: nil)
        #expect(session.state == FBSessionStateCreatedTokenLoaded)
        #expect(!session.isOpen)
        let recorder = Recorder()
        session.open(completionHandler: recorder.handler)
        #expect(recorder.states == [FBSessionStateOpen])
        #expect(recorder.errors.allSatisfy { $0 == nil })
        #expect(session.isOpen && session.accessToken == "EAAcachedToken11")
        #expect(abs(session.expirationDate.timeIntervalSince(expiry)) < 1)
        #expect((session.permissions ?? []).map { "\($0)" } == ["email"])
        // Opening again is a misuse: nothing changes and the handler is not called.
        session.open(completionHandler: recorder.handler)
        #expect(recorder.states == [FBSessionStateOpen])

        // A token granted fewer permissions than asked, or expired, is cleared, not loaded.
        let narrower = Self.session(strategy, permissions: ["email", "user_likes"])
        #expect(narrower.state == FBSessionStateCreated)
        #expect(strategy.fetchTokenInformation() == nil)
        Self.cache(strategy, token: "EAAexpired", expiry: Date(timeIntervalSinceNow: -1), permissions: [])
        #expect(Self.session(strategy).state == FBSessionStateCreated)
        #expect(strategy.fetchTokenInformation() == nil)
    }

    @Test(
        "Interactive open is a device login: CreatedOpening, the code shown, polls, then Open on the callback queue; the token is cached 0600"
    )
    func interactiveOpen() async throws {
        let server = try DeviceLoginServer(
            script: [.pending, .approved("EAAdeviceSession42")], interval: 0, expiresIn: 1800)
        let folder = CacheFolder()
        let strategy = folder.strategy()
        let session = Self.session(strategy, permissions: ["user_friends"], server: server)
        let shown = LockedValue<[String]>([])
        session.deviceLoginPresenter = { code in shown.withLock { $0.append(code.userCode) } }
        let recorder = Recorder()
        let queueKey = DispatchSpecificKey<Bool>()
        session.callbackQueue.setSpecific(key: queueKey, value: true)
        let onQueue = LockedValue<[Bool]>([])
        let handler = recorder.handler
        // Opened on the session's queue: the login's outcome cannot arrive before this block ends.
        let opening = session.callbackQueue.sync { () -> FBSessionState in
            session.open { session, state, error in
                onQueue.withLock { $0.append(DispatchQueue.getSpecific(key: queueKey) == true) }
                handler(session, state, error)
            }
            return session.state
        }
        #expect(opening == FBSessionStateCreatedOpening)
        #expect(await recorder.ended.wait())
        #expect(recorder.states == [FBSessionStateOpen])
        #expect(onQueue.withLock { $0 } == [true])
        #expect(shown.withLock { $0 } == ["A1B2C3"])
        #expect(server.polls == 2)
        let form = FormEncoding.decode(String(decoding: try #require(server.requests.first).body, as: UTF8.self))
        #expect(form.first { $0.name == "scope" }?.value == "user_friends")
        #expect(session.isOpen && session.accessToken == "EAAdeviceSession42")
        #expect(session.expirationDate.timeIntervalSinceNow > 5_000_000)

        // Cached as the user's own file; the next run opens from it without a login.
        #expect(Self.mode(strategy.cacheFile) == 0o600)
        #expect(Self.mode(folder.url) == 0o700)
        #expect(strategy.cacheFile.lastPathComponent == "FBAccessTokenInformationKey.plist")
        let next = Self.session(folder.strategy(), permissions: ["user_friends"])
        #expect(next.state == FBSessionStateCreatedTokenLoaded)
        #expect(next.accessToken == "EAAdeviceSession42")
    }

    @Test("A declined or expired device login ends in ClosedLoginFailed with v3.1's error; nothing is cached")
    func failedLogin() async throws {
        let cases: [([DeviceLoginServer.Poll], String)] = [
            ([.denied], FBErrorLoginFailedReasonInlineCancelledValue),
            ([.pending, .expired], FBErrorLoginFailedReasonInlineNotCancelledValue),
        ]
        for (script, reason) in cases {
            let server = try DeviceLoginServer(script: script, interval: 0)
            let folder = CacheFolder()
            let session = Self.session(folder.strategy(), server: server)
            let recorder = Recorder()
            session.open(completionHandler: recorder.handler)
            #expect(await recorder.ended.wait())
            #expect(recorder.states == [FBSessionStateClosedLoginFailed])
            let error = try #require(recorder.errors.first ?? nil)
            #expect(error.domain == FacebookSDKDomain)
            #expect(error.code == Int(FBErrorLoginFailedOrCancelled.rawValue))
            #expect(error.userInfo[FBErrorLoginFailedReason] as? String == reason)
            #expect(error.userInfo[FBErrorInnerErrorKey] != nil)
            #expect(session.state == FBSessionStateClosedLoginFailed && session.accessToken == nil)
            #expect(!FileManager.default.fileExists(atPath: folder.strategy().cacheFile.path))
        }
    }

    @Test("Without a client token an interactive open fails at once with an error that says what to set")
    func noClientToken() async throws {
        let folder = CacheFolder()
        let session = Self.session(folder.strategy(), clientToken: nil)
        let recorder = Recorder()
        session.open(with: FBSessionLoginBehaviorForcingWebView, completionHandler: recorder.handler)
        #expect(await recorder.ended.wait())
        #expect(recorder.states == [FBSessionStateClosedLoginFailed])
        let error = try #require(recorder.errors.first ?? nil)
        #expect(error.userInfo[FBErrorLoginFailedReason] as? String == FBErrorLoginFailedReasonInlineNotCancelledValue)
        #expect(error.localizedDescription.contains("client token"))
    }

    @Test(
        "close: Open → Closed, the handler called once more and released, the token kept cached; close while opening → ClosedLoginFailed"
    )
    func close() throws {
        let (folder, strategy, session, recorder) = Self.openedFromCache(token: "EAAkept")
        let closed = LockedValue(0)
        let observer = NSObject()
        session.addCloseObserver(observer) { closed.withLock { $0 += 1 } }
        session.close()
        session.close()
        #expect(recorder.states == [FBSessionStateOpen, FBSessionStateClosed])
        #expect(closed.withLock { $0 } == 1)
        #expect(session.accessToken == nil && !session.isOpen)
        #expect(strategy.fetchTokenInformation()?[FBTokenInformationTokenKey] as? String == "EAAkept")

        // A close while the login runs ends it as failed, with no error (3.1.1).
        let opening = Self.session(folder.strategy("other"), clientToken: nil)
        let openingRecorder = Recorder()
        opening.callbackQueue.sync {
            opening.open(completionHandler: openingRecorder.handler)
            opening.close()
        }
        opening.callbackQueue.sync {}  // the login's own failure, queued behind, changes nothing
        #expect(openingRecorder.states == [FBSessionStateClosedLoginFailed])
        #expect(openingRecorder.errors.map { $0 == nil } == [true])
    }

    @Test("closeAndClearTokenInformation: Closed, the cached token file removed, the owner's friend lists cleared")
    func closeAndClear() throws {
        let folder = CacheFolder()
        let strategy = folder.strategy()
        Self.cache(strategy, token: "EAAcleared", expiry: Date(timeIntervalSinceNow: 3600), permissions: [])
        let cache = try TemporaryCache()
        defer { cache.remove() }
        let session = Self.session(strategy)
        session.pageStore = cache.store
        session.userID = "4"
        try cache.store.store(pages: [Data(#"{"data":[]}"#.utf8)], for: TemporaryCache.key(owner: "4"))
        try cache.store.store(pages: [Data(#"{"data":[]}"#.utf8)], for: TemporaryCache.key(owner: "5"))
        let recorder = Recorder()
        session.open(completionHandler: recorder.handler)
        session.closeAndClearTokenInformation()
        #expect(recorder.states == [FBSessionStateOpen, FBSessionStateClosed])
        #expect(!FileManager.default.fileExists(atPath: strategy.cacheFile.path))
        #expect(cache.store.pages(for: TemporaryCache.key(owner: "4")) == nil)
        #expect(cache.store.pages(for: TemporaryCache.key(owner: "5")) != nil)
        #expect(Self.session(folder.strategy()).state == FBSessionStateCreated)
    }

    @Test(
        "handleOpen: the callback opens the session and ends the device login; a forged URL returns false and changes nothing; an error callback fails the login"
    )
    func handleOpen() async throws {
        let server = try DeviceLoginServer(script: [.pending], interval: 1)
        let folder = CacheFolder()
        let strategy = folder.strategy()
        let session = Self.session(strategy, server: server)
        let recorder = Recorder()
        session.open(completionHandler: recorder.handler)
        #expect(session.state == FBSessionStateCreatedOpening)
        for forged in [
            "fb999://authorize#access_token=EAAforged&expires_in=3600",
            "fb\(DeviceLoginServer.appID)x://authorize#access_token=EAAforged",
            "https://example.com/fb\(DeviceLoginServer.appID)://authorize#access_token=EAAforged",
        ] {
            #expect(!session.handleOpen(URL(string: forged)))
        }
        #expect(!session.handleOpen(nil))
        #expect(session.state == FBSessionStateCreatedOpening && recorder.states.isEmpty)
        let url = URL(string: "fb\(DeviceLoginServer.appID)://authorize#access_token=EAAfromURL%2B7&expires_in=3600")
        let handled = session.callbackQueue.sync { session.handleOpen(url) }
        #expect(handled)
        #expect(recorder.states == [FBSessionStateOpen])
        #expect(session.accessToken == "EAAfromURL+7")
        #expect(abs(session.expirationDate.timeIntervalSinceNow - 3600) < 5)
        #expect(strategy.fetchTokenInformation()?[FBTokenInformationTokenKey] as? String == "EAAfromURL+7")
        // The device login stopped: its task was cancelled, and its end changes nothing.
        let pending = session.lock.withLock { session.pendingLogin }
        #expect(pending == nil)
        session.callbackQueue.sync {}
        #expect(recorder.states == [FBSessionStateOpen])

        // A malformed or error callback while opening ends the login as failed, with the URL's reason.
        for (text, reason, code) in [
            ("fb\(DeviceLoginServer.appID)://authorize#garbage&=&&", String?.none, String?.none),
            ("fb\(DeviceLoginServer.appID)://authorize?error=access_denied&error_code=200", "access_denied", "200"),
        ] {
            let failing = Self.session(folder.strategy("failing"), clientToken: nil)
            let failingRecorder = Recorder()
            let handledFailure = failing.callbackQueue.sync { () -> Bool in
                failing.open(completionHandler: failingRecorder.handler)
                return failing.handleOpen(URL(string: text))
            }
            #expect(handledFailure)
            failing.callbackQueue.sync {}
            #expect(failingRecorder.states == [FBSessionStateClosedLoginFailed])
            let error = try #require(failingRecorder.errors.first ?? nil)
            #expect(error.code == Int(FBErrorLoginFailedOrCancelled.rawValue))
            #expect(error.userInfo[FBErrorLoginFailedReason] as? String == reason)
            #expect(error.userInfo[FBErrorLoginFailedOriginalErrorCode] as? String == code)
            // Closed: a later callback is not handled.
            #expect(!failing.handleOpen(url))
        }
    }

    @Test(
        "reauthorize: a device login for the new permissions, OpenTokenExtended, the new token cached, then the handler with no error; on a closed session it fails"
    )
    func reauthorize() async throws {
        let server = try DeviceLoginServer(script: [.approved("EAAreauthorized9")], interval: 0)
        let folder = CacheFolder()
        let strategy = folder.strategy()
        Self.cache(strategy, token: "EAAbefore", expiry: Date(timeIntervalSinceNow: 3600), permissions: ["email"])
        let session = Self.session(strategy, permissions: ["email"], server: server)
        let recorder = Recorder()
        session.open(completionHandler: recorder.handler)
        let reauthorized = AsyncEvent()
        let outcome = LockedValue<[NSError?]>([])
        session.reauthorize(
            withPublishPermissions: ["publish_actions"], defaultAudience: FBSessionDefaultAudienceFriends
        ) { _, error in
            outcome.withLock { $0.append(error.map { $0 as NSError }) }
            reauthorized.signal()
        }
        #expect(await reauthorized.wait())
        #expect(outcome.withLock { $0.count == 1 && $0[0] == nil })
        #expect(recorder.states == [FBSessionStateOpen, FBSessionStateOpenTokenExtended])
        #expect(session.accessToken == "EAAreauthorized9")
        #expect((session.permissions ?? []).map { "\($0)" } == ["email", "publish_actions"])
        let form = FormEncoding.decode(String(decoding: try #require(server.requests.first).body, as: UTF8.self))
        #expect(form.first { $0.name == "scope" }?.value == "publish_actions")
        let cached = strategy.fetchTokenInformation()
        #expect(cached?[FBTokenInformationTokenKey] as? String == "EAAreauthorized9")
        #expect((cached?[FBTokenInformationPermissionsKey] as? [String]) == ["email", "publish_actions"])

        session.close()
        let refused = AsyncEvent()
        let refusal = LockedValue<NSError?>(nil)
        session.reauthorize(withReadPermissions: ["user_likes"]) { _, error in
            refusal.withLock { $0 = error.map { $0 as NSError } }
            refused.signal()
        }
        #expect(await refused.wait())
        let error = try #require(refusal.withLock { $0 })
        #expect(error.userInfo[FBErrorLoginFailedReason] as? String == FBErrorReauthorizeFailedReasonSessionClosed)
        #expect(server.requests.count == 2, "no device login for a closed session")
    }

    @Test(
        "refreshAccessToken (3.1.1's end of a token extension): OpenTokenExtended, the new token and expiry cached with a refresh date; a closed session or a past date changes nothing"
    )
    func refreshAccessToken() throws {
        let (folder, strategy, session, recorder) = Self.openedFromCache(token: "EAAshortLived1")
        defer { withExtendedLifetime(folder) {} }
        #expect(recorder.states == [FBSessionStateOpen])

        let expiry = Date(timeIntervalSinceNow: 60 * 86_400)
        let before = Date()
        #expect(session.refreshAccessToken("EAAlongLived22", expirationDate: expiry))
        #expect(recorder.states == [FBSessionStateOpen, FBSessionStateOpenTokenExtended])
        #expect(recorder.errors.allSatisfy { $0 == nil })
        #expect(session.state == FBSessionStateOpenTokenExtended && session.isOpen)
        #expect(session.accessToken == "EAAlongLived22" && session.expirationDate == expiry)
        let cached = try #require(strategy.fetchTokenInformation())
        #expect(cached[FBTokenInformationTokenKey] as? String == "EAAlongLived22")
        #expect(cached[FBTokenInformationExpirationDateKey] as? Date == expiry)
        #expect((cached[FBTokenInformationRefreshDateKey] as? Date).map { $0 >= before } == true)

        // nil keeps the token and takes the new date, as 3.1.1's answer without access_token did.
        let later = Date(timeIntervalSinceNow: 61 * 86_400)
        #expect(session.refreshAccessToken(nil, expirationDate: later))
        #expect(session.accessToken == "EAAlongLived22" && session.expirationDate == later)
        #expect(recorder.states.count == 3)

        #expect(!session.refreshAccessToken("EAAother333", expirationDate: Date(timeIntervalSinceNow: -1)))
        #expect(!session.refreshAccessToken("EAAother333", expirationDate: nil))
        session.close()
        #expect(!session.refreshAccessToken("EAAother333", expirationDate: expiry))
        #expect(
            recorder.states == [
                FBSessionStateOpen, FBSessionStateOpenTokenExtended, FBSessionStateOpenTokenExtended,
                FBSessionStateClosed,
            ])
        #expect(session.accessToken == nil)
    }

    @Test(
        "Deviation: a default audience cannot travel with a device login: the scope alone is sent, and stderr says the audience is not applied"
    )
    func defaultAudience() async throws {
        guard IsolatedTest.isChild else {
            // A process of its own: what it wrote on standard error is the test's alone.
            let run = try await IsolatedTest.run(filter: "FBSessionTests.defaultAudience", timeout: 300)
            #expect(run.status == 0, "the case failed in its own process\n\(run.tail)")
            #expect(run.stderr.contains("Test run with 1 test"), "the child ran no test\n\(run.tail)")
            let said = run.stderr.split(separator: "\n").filter {
                $0.hasPrefix("FacebookSDK: FBSession: the default audience")
            }
            #expect(said.count == 2, "one line for the open, one for the reauthorize\n\(run.tail)")
            #expect(said.first?.contains("FBSessionDefaultAudienceFriends") == true)
            #expect(said.last?.contains("FBSessionDefaultAudienceOnlyMe") == true)
            return
        }
        let server = try DeviceLoginServer(
            script: [.approved("EAAaudienceOpen1"), .approved("EAAaudienceMore2")], interval: 0)
        let folder = CacheFolder()
        let base = Self.session(folder.strategy())
        let session: FBSession = FBSession(
            appID: DeviceLoginServer.appID, permissions: ["publish_actions"],
            defaultAudience: FBSessionDefaultAudienceFriends, urlSchemeSuffix: nil,
            tokenCacheStrategy: folder.strategy())
        session.callbackQueue = base.callbackQueue
        session.clientToken = DeviceLoginServer.clientToken
        session.deviceLoginPresenter = { _ in }
        session.deviceLoginTimeScale = base.deviceLoginTimeScale
        session.pageStore = nil
        session.graphBaseURL = server.graphBaseURL
        let recorder = Recorder()
        session.open(completionHandler: recorder.handler)
        #expect(await recorder.ended.wait())
        #expect(recorder.states == [FBSessionStateOpen])
        let reauthorized = AsyncEvent()
        session.reauthorize(
            withPublishPermissions: ["publish_stream"], defaultAudience: FBSessionDefaultAudienceOnlyMe
        ) { _, _ in reauthorized.signal() }
        #expect(await reauthorized.wait())
        #expect(recorder.states == [FBSessionStateOpen, FBSessionStateOpenTokenExtended])
        let codeRequests = server.requests.filter { $0.path.hasSuffix("device/login") }
        #expect(codeRequests.count == 2)
        for (request, scope) in zip(codeRequests, ["publish_actions", "publish_stream"]) {
            let form = FormEncoding.decode(String(decoding: request.body, as: UTF8.self))
            #expect(form.map(\.name).sorted() == ["access_token", "scope"])
            #expect(form.first { $0.name == "scope" }?.value == scope)
        }
    }

    @Test(
        "The token cache file is the user's own: 0600 in a 0700 folder; one others may read is refused and not loaded")
    func cacheFileMode() throws {
        let folder = CacheFolder()
        let strategy = folder.strategy("user/1")
        #expect(strategy.cacheFile.lastPathComponent == "user%2F1.plist")
        Self.cache(strategy, token: "EAAmode", expiry: Date(timeIntervalSinceNow: 3600), permissions: [])
        #expect(Self.mode(strategy.cacheFile) == 0o600)
        #expect(Self.mode(folder.url) == 0o700)
        #expect(FBSessionTokenCachingStrategy.isValidTokenInformation(strategy.fetchTokenInformation()))
        chmod(strategy.cacheFile.path, 0o644)
        #expect(strategy.fetchTokenInformation() == nil)
        #expect(Self.session(strategy).state == FBSessionStateCreated)
        // Not a property list: ignored; information that is not one: not cached.
        chmod(strategy.cacheFile.path, 0o600)
        try Data("not a plist".utf8).write(to: strategy.cacheFile)
        chmod(strategy.cacheFile.path, 0o600)
        #expect(strategy.fetchTokenInformation() == nil)
        strategy.cacheTokenInformation([FBTokenInformationTokenKey: NSNull()])
        #expect(try Data(contentsOf: strategy.cacheFile) == Data("not a plist".utf8))
        strategy.clearToken()
        #expect(!FileManager.default.fileExists(atPath: strategy.cacheFile.path))
        #expect(!FBSessionTokenCachingStrategy.isValidTokenInformation([FBTokenInformationTokenKey: ""]))
        #expect(!FBSessionTokenCachingStrategy.isValidTokenInformation([FBTokenInformationTokenKey: "t"]))
    }

    @Test("The manual strategy opens from its properties, takes back what the session caches, and writes nothing")
    func manualStrategy() async throws {
        let strategy = FBSessionManualTokenCachingStrategy()
        #expect(strategy.fetchTokenInformation()?.isEmpty == true)
        strategy.accessToken = "EAAmanual"
        strategy.expirationDate = Date(timeIntervalSinceNow: 3600)
        let session = Self.session(strategy)
        #expect(session.state == FBSessionStateCreatedTokenLoaded)
        let recorder = Recorder()
        session.open(completionHandler: recorder.handler)
        #expect(session.isOpen && session.accessToken == "EAAmanual")
        session.closeAndClearTokenInformation()
        #expect(strategy.accessToken == nil && strategy.expirationDate == nil)

        // A device login's token lands in the properties.
        let server = try DeviceLoginServer(script: [.approved("EAAintoManual")], interval: 0)
        let empty = FBSessionManualTokenCachingStrategy()
        let loggingIn = Self.session(empty, server: server)
        let loginRecorder = Recorder()
        loggingIn.open(completionHandler: loginRecorder.handler)
        #expect(await loginRecorder.ended.wait())
        #expect(loginRecorder.states == [FBSessionStateOpen])
        #expect(empty.accessToken == "EAAintoManual" && empty.expirationDate != nil)
    }

    @Test(
        "FBLogger: a registered replacement is replaced by a later one for the same text; tokens are redacted unless include_access_tokens"
    )
    func loggerLine() {
        FBLogger.registerString(toReplace: "SECRET-APP-NAME", replaceWith: "first")
        FBLogger.registerString(toReplace: "SECRET-APP-NAME", replaceWith: "second")
        #expect(FBLogger.emittedLine("app SECRET-APP-NAME") == "FBSDKLog: app second\n")
        let line = FBLogger.emittedLine("GET me?access_token=EAAloggedTokenValue123")
        #expect(!line.contains("EAAloggedTokenValue123") && line.contains("<redacted>"))
        #expect(FBLogger.emittedLine(String(repeating: "x", count: 10_001)).hasPrefix("FBSDKLog: TRUNCATED: "))
    }

    @Test("FBNativeDialogs cannot present: false, and the handler gets FBErrorNativeDialog, NotSupported, at once")
    func nativeDialogs() throws {
        #expect(!FBNativeDialogs.canPresentShareDialog(with: nil))
        let results = LockedValue<[(FBNativeDialogResult, NSError?)]>([])
        let presented = FBNativeDialogs.presentShareDialogModally(
            from: nil, initialText: "hi", image: nil, url: URL(string: "https://example.com")
        ) { result, error in results.withLock { $0.append((result, error.map { $0 as NSError })) } }
        #expect(!presented)
        let (result, error) = try #require(results.withLock { $0 }.first)
        #expect(result == FBNativeDialogResultError)
        #expect(error?.domain == FacebookSDKDomain && error?.code == Int(FBErrorNativeDialog.rawValue))
        #expect(error?.userInfo[FBErrorNativeDialogReasonKey] as? String == FBErrorNativeDialogNotSupported)
        #expect(
            !FBNativeDialogs.presentShareDialogModally(
                from: nil, initialText: nil, images: nil, urls: nil, handler: nil))
    }
}
