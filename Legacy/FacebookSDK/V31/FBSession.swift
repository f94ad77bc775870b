import FacebookGraph
import Foundation

/// v3.1's `FBSession`: a user's login to an app, with its states (``FBSessionState``), its token
/// cache (``FBSessionTokenCachingStrategy``), the active session the friend picker uses, and the
/// handler an open is given, called at each state change until the session closes.
///
/// ```swift
/// FBSession.openActiveSession(withReadPermissions: nil, allowLoginUI: true) { session, state, error in
///     switch state {
///     case FBSessionStateOpen: showFriends()
///     case FBSessionStateClosed, FBSessionStateClosedLoginFailed: FBSession.active().closeAndClearTokenInformation()
///     default: break
///     }
/// }
/// ```
///
/// On Linux there is no web view and no Facebook app: an interactive open runs Facebook Login for
/// Devices (see ``open(with:completionHandler:)``), an open from a cached token needs no login, and a
/// session can also be made from a token obtained elsewhere (``init(accessToken:expirationDate:userID:)``).
///
/// States change, and the handler runs, on the thread that caused the change — the caller's for
/// `open` from the cache, `close` and `handleOpen(_:)`, as in v3.1 — and on ``callbackQueue`` when a
/// device login ends. Use a session from one queue, as v3.1 required of one thread.
///
/// The session also says how its requests travel: ``transport`` (`.libcurl`, or `.replay(cassette)`
/// from `FacebookGraphReplay`) and ``graphBaseURL``.
open class FBSession: NSObject, @unchecked Sendable {
    private static let activeSlot = LockedValue(FBSession?.none)
    private static let defaults = LockedValue((appID: String?.none, clientToken: String?.none))

    let lock = NSLock()
    /// Under `lock`.
    var current = FBSessionStateCreated
    var token: String?
    var expiry: Date?
    var owner: String?
    var grantedPermissions: [Any]
    var login = FBSessionLoginTypeNone
    var refreshDate: Date?
    var stateHandler: FBSessionStateHandler?
    var reauthorizeHandler: FBSessionReauthorizeResultHandler?
    var pendingLogin: Task<Void, Never>?
    private var closeObservers: [ObjectIdentifier: @Sendable () -> Void] = [:]
    private var pageStoreChoice: FriendCacheStore??

    /// Where the token is cached between runs.
    let tokenCachingStrategy: FBSessionTokenCachingStrategy
    /// The audience publish permissions are asked with.
    let defaultAudience: FBSessionDefaultAudience

    /// The session's Facebook App ID (``defaultAppID()`` unless given; empty when there is none).
    public let appID: String!
    /// The URL scheme suffix (`fb<appID><suffix>://`); empty when none.
    public let urlSchemeSuffix: String!

    /// What carries the session's requests: `GraphTransport.libcurl` by default.
    public var transport: GraphTransport = .libcurl
    /// Hears each step of this session's requests from the `GraphClient` that sends them
    /// (`GraphConfiguration.eventHandler`), on the transport's thread; nil (the default) costs nothing.
    package var eventHandler: (@Sendable (GraphEvent) -> Void)?
    /// The Graph API base URL: `https://graph.facebook.com/`, or `FB_GRAPH_BASE_URL` when the session
    /// was created; a `String` ending in `/`, as ``Facebook/graphBaseURL``.
    public var graphBaseURL: String =
        ProcessInfo.processInfo.environment["FB_GRAPH_BASE_URL"] ?? LegacyConstants.graphBaseURL
    /// The app's client token (App Dashboard → Settings → Advanced), which an interactive open needs
    /// for Facebook Login for Devices: ``defaultClientToken()`` unless set.
    public var clientToken: String? = FBSession.defaultClientToken()
    /// Shows the user the device-login code: by default a line on standard error with the URL and the
    /// code. Called on ``callbackQueue``.
    public var deviceLoginPresenter: (DeviceLoginCode) -> Void = LegacyDeviceLogin.defaultPresenter
    /// How long one second of device login's waits lasts (the core's `deviceLoginTimeScale`): 1, or
    /// less in tests.
    package var deviceLoginTimeScale: Double = 1
    /// Where the state handler runs when a device login ends (`Facebook.defaultCallbackQueue`, the
    /// main queue unless changed, as v3.1's login ended on the main thread).
    public var callbackQueue: DispatchQueue = Facebook.defaultCallbackQueue

    /// The friend-list cache the session's pickers and prefetches use, and close-and-clear empties:
    /// the process's store (opened on first use) unless set; nil runs uncached.
    package var pageStore: FriendCacheStore? {
        get { lock.withLock { pageStoreChoice } ?? FriendPickerCache.store }
        set { lock.withLock { pageStoreChoice = .some(newValue) } }
    }

    // MARK: - Creating a session

    /// `-init`: ``init(appID:permissions:defaultAudience:urlSchemeSuffix:tokenCacheStrategy:)`` with
    /// every default.
    public override convenience init() {
        self.init(
            appID: nil, permissions: nil, defaultAudience: FBSessionDefaultAudienceNone, urlSchemeSuffix: nil,
            tokenCacheStrategy: nil)
    }

    /// `-initWithPermissions:`: the defaults, asking for `permissions` (nil: basic ones). `init!` as the
    /// importer gave `- (id)init…` (it never fails), so code that unwraps the result compiles unchanged.
    public convenience init!(permissions: [Any]!) {
        self.init(
            appID: nil, permissions: permissions, defaultAudience: FBSessionDefaultAudienceNone,
            urlSchemeSuffix: nil, tokenCacheStrategy: nil)
    }

    /// `-initWithAppID:permissions:urlSchemeSuffix:tokenCacheStrategy:`.
    public convenience init!(
        appID: String!, permissions: [Any]!, urlSchemeSuffix: String!,
        tokenCacheStrategy tokenCachingStrategy: FBSessionTokenCachingStrategy!
    ) {
        self.init(
            appID: appID, permissions: permissions, defaultAudience: FBSessionDefaultAudienceNone,
            urlSchemeSuffix: urlSchemeSuffix, tokenCacheStrategy: tokenCachingStrategy)
    }

    /// `-initWithAppID:permissions:defaultAudience:urlSchemeSuffix:tokenCacheStrategy:`: a session in
    /// ``FBSessionStateCreated``, or ``FBSessionStateCreatedTokenLoaded`` when the strategy holds a
    /// valid, unexpired token granted at least `permissions` (an expired or narrower one is cleared).
    ///
    /// - Parameters:
    ///   - appID: The app's id; nil: ``defaultAppID()``. (v3.1 raised an exception when there was
    ///     none; here the session is made, and an interactive open fails with the reason.)
    ///   - permissions: What to ask for at login; nil: basic permissions.
    ///   - defaultAudience: The audience of publish permissions.
    ///   - urlSchemeSuffix: The suffix of the `fb<appID><suffix>://` callback; nil: none.
    ///   - tokenCachingStrategy: Where the token is cached; nil: ``FBSessionTokenCachingStrategy/defaultInstance()``.
    public init!(
        appID: String!, permissions: [Any]!, defaultAudience: FBSessionDefaultAudience, urlSchemeSuffix: String!,
        tokenCacheStrategy tokenCachingStrategy: FBSessionTokenCachingStrategy!
    ) {
        self.appID = appID ?? FBSession.defaultAppID() ?? ""
        self.urlSchemeSuffix = urlSchemeSuffix ?? ""
        self.grantedPermissions = permissions ?? []
        self.defaultAudience = defaultAudience
        self.tokenCachingStrategy = tokenCachingStrategy ?? FBSessionTokenCachingStrategy.defaultInstance()
        super.init()
        loadCachedToken(requiredPermissions: permissions ?? [])
    }

    /// An open session over `accessToken` (obtained elsewhere: `fbgraph login`, a server's own login),
    /// valid until `expirationDate`, caching nothing. A nil or empty token makes a created session.
    ///
    /// - Parameters:
    ///   - accessToken: The user access token.
    ///   - expirationDate: When the token expires; nil for a token that does not.
    ///   - userID: The token owner's user id, when known. The friend picker's cache keys its entries
    ///     by it (never by the token); when nil, the picker asks Graph (`me?fields=id`) once.
    public init(accessToken: String!, expirationDate: Date!, userID: String? = nil) {
        appID = FBSession.defaultAppID() ?? ""
        urlSchemeSuffix = ""
        grantedPermissions = []
        defaultAudience = FBSessionDefaultAudienceNone
        tokenCachingStrategy = FBSessionManualTokenCachingStrategy()
        owner = userID
        super.init()
        if let accessToken, !accessToken.isEmpty {
            token = accessToken
            expiry = expirationDate
            current = FBSessionStateOpen
        }
    }

    /// Reads the strategy's token: loaded when valid, unexpired and granted `requiredPermissions`;
    /// otherwise cleared (v3.1).
    private func loadCachedToken(requiredPermissions: [Any]) {
        guard let information = tokenCachingStrategy.fetchTokenInformation(),
            FBSessionTokenCachingStrategy.isValidTokenInformation(information),
            let cachedToken = information[FBTokenInformationTokenKey] as? String,
            let cachedExpiry = information[FBTokenInformationExpirationDateKey] as? Date
        else { return }
        let cachedPermissions = information[FBTokenInformationPermissionsKey] as? [Any]
        let granted = Set((cachedPermissions ?? []).map { "\($0)" })
        guard Set(requiredPermissions.map { "\($0)" }).isSubset(of: granted), cachedExpiry > Date() else {
            tokenCachingStrategy.clearToken()
            return
        }
        lock.withLock {
            if let cachedPermissions { grantedPermissions = cachedPermissions }
            refreshDate = information[FBTokenInformationRefreshDateKey] as? Date
            owner = information[FBTokenInformationUserFBIDKey] as? String
        }
        let type = (information[FBTokenInformationLoginTypeLoginKey] as? NSNumber)?.uint32Value ?? 0
        transition(
            to: FBSessionStateCreatedTokenLoaded, token: cachedToken, expirationDate: cachedExpiry,
            loginType: FBSessionLoginType(type))
    }

    // MARK: - The active session and the defaults

    /// `+activeSession`: the session the picker uses when it has none of its own; a new session
    /// (``init()``) until one is set.
    open class func active() -> FBSession! {
        if let session = activeSlot.withLock({ $0 }) { return session }
        let created = FBSession()
        setActive(created)
        return activeSlot.withLock { $0 } ?? created
    }

    /// `+setActiveSession:`: makes `session` the active one and returns it. The session it replaces
    /// is closed, as in v3.1 (its handler sees the new active session).
    @discardableResult
    open class func setActive(_ session: FBSession!) -> FBSession! {
        let previous = activeSlot.withLock { slot -> FBSession? in
            guard slot !== session else { return nil }
            defer { slot = session }
            return slot
        }
        guard previous !== session else { return session }
        if let previous {
            previous.close()
            post(FBSessionDidUnsetActiveSessionNotification, previous)
        }
        if let session {
            post(FBSessionDidSetActiveSessionNotification, session)
            if session.isOpen { post(FBSessionDidBecomeOpenActiveSessionNotification, session) }
        }
        return session
    }

    /// ``active()`` by the name this package used before the importer's spelling.
    open class func activeSession() -> FBSession! { active() }

    /// ``setActive(_:)`` by the name this package used before the importer's spelling.
    @discardableResult
    open class func setActiveSession(_ session: FBSession!) -> FBSession! { setActive(session) }

    /// The active session if it is open, else nil (v3.1's `activeSessionIfOpen`).
    static var activeSessionIfOpen: FBSession? {
        activeSlot.withLock { $0 }.flatMap { $0.isOpen ? $0 : nil }
    }

    /// True when `session` is the active one.
    static func isActive(_ session: FBSession) -> Bool { activeSlot.withLock { $0 === session } }

    /// `+setDefaultAppID:`: the app id of sessions made without one.
    open class func setDefaultAppID(_ appID: String!) {
        defaults.withLock { $0.appID = appID }
    }

    /// `+defaultAppID`: the id ``setDefaultAppID(_:)`` set, else `FB_APP_ID` from the environment
    /// (Linux's stand-in for the bundle's `FacebookAppID`), else nil.
    open class func defaultAppID() -> String! {
        defaults.withLock { $0.appID }
            ?? ProcessInfo.processInfo.environment["FB_APP_ID"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The client token of new sessions (not in v3.1, which had a web view): ``clientToken``'s
    /// default.
    public class func setDefaultClientToken(_ clientToken: String?) {
        defaults.withLock { $0.clientToken = clientToken }
    }

    /// The client token ``setDefaultClientToken(_:)`` set, else `FB_CLIENT_TOKEN` from the
    /// environment, else nil.
    public class func defaultClientToken() -> String? {
        defaults.withLock { $0.clientToken }
            ?? ProcessInfo.processInfo.environment["FB_CLIENT_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
    }

    static func post(_ name: String, _ session: FBSession) {
        NotificationCenter.default.post(name: Notification.Name(name), object: session)
    }

    // MARK: - Properties

    /// The session's state.
    open var state: FBSessionState { lock.withLock { current } }

    /// True in an open state while the token has not expired.
    open var isOpen: Bool {
        lock.withLock {
            guard current.isOpen, let token, !token.isEmpty else { return false }
            return expiry.map { $0 > Date() } ?? true
        }
    }

    /// The access token; nil unless the session is open or has loaded a cached token.
    open var accessToken: String! { lock.withLock { token } }

    /// When the token expires (`distantFuture` for one that does not); nil without a token.
    open var expirationDate: Date! { lock.withLock { expiry } }

    /// The permissions asked for, or those granted with the cached token.
    open var permissions: [Any]! { lock.withLock { grantedPermissions } }

    /// How the user logged in (``FBSessionLoginTypeNone`` for a device login: no v3.1 type matches).
    open var loginType: FBSessionLoginType { lock.withLock { login } }

    /// The token owner's user id, once known (given to the initializer or learned by the picker).
    open var userID: String? {
        get { lock.withLock { owner } }
        set { lock.withLock { owner = newValue } }
    }

    /// The state, app id and expiry, as 3.1.1 described a session (never the token).
    open override var description: String {
        let (state, expiry) = lock.withLock { (current, self.expiry) }
        return "<FBSession: state: \(state), appID: \(appID ?? ""), urlSchemeSuffix: \(urlSchemeSuffix ?? ""), "
            + "expirationDate: \(expiry.map { "\($0)" } ?? "nil")>"
    }

    // MARK: - For the picker

    /// Calls `body` when the session closes, until `observer` is removed (the picker's KVO of `state`).
    func addCloseObserver(_ observer: AnyObject, _ body: @escaping @Sendable () -> Void) {
        lock.withLock { closeObservers[ObjectIdentifier(observer)] = body }
    }

    /// Stops calling `observer`'s close handler.
    func removeCloseObserver(_ observer: AnyObject) {
        lock.withLock { closeObservers[ObjectIdentifier(observer)] = nil }
    }

    /// The close observers, for a transition to a closed state.
    func closeObserversToCall() -> [@Sendable () -> Void] {
        lock.withLock { Array(closeObservers.values) }
    }

    /// A client for this session's calls: its token, base URL and transport; one attempt per request,
    /// as the legacy SDK sent.
    func graphClient() -> GraphClient {
        var configuration = GraphConfiguration(accessToken: accessToken)
        configuration.graphBaseURL = graphBaseURL
        configuration.retryPolicy = .never
        configuration.eventHandler = eventHandler
        return GraphClient(configuration: configuration, transport: transport)
    }
}
