import FacebookGraph
import Foundation

/// v3.1's `FBSession`, the minimum the friend picker and its cache need: the active session, a
/// session opened from an access token (Linux has no login UI: get the token elsewhere — `fbgraph
/// login`, a server's own login), and close-and-clear.
///
/// ```swift
/// let session = FBSession(accessToken: token, expirationDate: expiry)
/// FBSession.setActiveSession(session)
/// FBFriendPickerViewController.cacheDescriptor().prefetchAndCache(for: FBSession.activeSession())
/// ```
///
/// The session also says how its requests travel, as a `Facebook` object does: ``transport``
/// (`.libcurl`, or `.replay(cassette)` from `FacebookGraphReplay`) and ``graphBaseURL``.
open class FBSession: NSObject, @unchecked Sendable {
    private static let active = LockedValue(FBSession?.none)
    private let lock = NSLock()
    private var token: String?
    private var expiry: Date?
    private var owner: String?
    private var closeObservers: [ObjectIdentifier: @Sendable () -> Void] = [:]

    /// What carries the session's requests: `GraphTransport.libcurl` by default.
    public var transport: GraphTransport = .libcurl
    /// The Graph API base URL (default `https://graph.facebook.com/`, or `FB_GRAPH_BASE_URL`).
    public var graphBaseURL: String =
        ProcessInfo.processInfo.environment["FB_GRAPH_BASE_URL"] ?? LegacyConstants.graphBaseURL

    private var pageStoreChoice: FriendCacheStore??

    /// The friend-list cache the session's pickers and prefetches use, and close-and-clear empties:
    /// the process's store (opened on first use) unless set; nil runs uncached.
    package var pageStore: FriendCacheStore? {
        get { lock.withLock { pageStoreChoice } ?? FriendPickerCache.store }
        set { lock.withLock { pageStoreChoice = .some(newValue) } }
    }

    /// A closed session (no token).
    public override init() {
        super.init()
    }

    /// An open session over `accessToken`, valid until `expirationDate`.
    ///
    /// - Parameters:
    ///   - accessToken: The user access token (obtained elsewhere: Linux has no login UI).
    ///   - expirationDate: When the token expires; nil for a token that does not.
    ///   - userID: The token owner's user id, when known. The friend picker's cache keys its entries
    ///     by it (never by the token); when nil, the picker asks Graph (`me?fields=id`) once.
    public init(accessToken: String!, expirationDate: Date!, userID: String? = nil) {
        token = accessToken
        expiry = expirationDate
        owner = userID
        super.init()
    }

    /// `+activeSession`: the session the picker uses when it has none of its own; a new closed
    /// session until one is set.
    open class func activeSession() -> FBSession! {
        active.withLock { session in
            if let session { return session }
            let created = FBSession()
            session = created
            return created
        }
    }

    /// `+setActiveSession:`: makes `session` the active one; returns it.
    @discardableResult
    open class func setActiveSession(_ session: FBSession!) -> FBSession! {
        active.withLock { $0 = session }
        return session
    }

    /// The active session if it is open, else nil (v3.1's `activeSessionIfOpen`).
    static var activeSessionIfOpen: FBSession? {
        active.withLock { $0 }.flatMap { $0.isOpen ? $0 : nil }
    }

    /// The access token; nil when closed.
    open var accessToken: String! { lock.withLock { token } }

    /// When the token expires; nil when it does not (or the session is closed).
    open var expirationDate: Date! { lock.withLock { expiry } }

    /// True while there is a token that has not expired.
    open var isOpen: Bool {
        lock.withLock {
            guard let token, !token.isEmpty else { return false }
            return expiry.map { $0 > Date() } ?? true
        }
    }

    /// The token owner's user id, once known (given to the initializer or learned by the picker).
    open var userID: String? {
        get { lock.withLock { owner } }
        set { lock.withLock { owner = newValue } }
    }

    /// `close`: forgets the token; pickers using the session clear their data and selection.
    open func close() {
        let observers = lock.withLock { () -> [@Sendable () -> Void] in
            token = nil
            expiry = nil
            return Array(closeObservers.values)
        }
        for observer in observers { observer() }
    }

    /// `closeAndClearTokenInformation`: closes, and deletes the cached friend lists of the token's
    /// owner (v3.1 deleted the cache entries whose key held the token; keys here hold the owner).
    open func closeAndClearTokenInformation() {
        let ownerID = userID
        close()
        if let ownerID { FriendPickerCache.removeEntries(owner: ownerID, from: pageStore) }
    }

    /// Calls `body` when the session closes, until `observer` is removed (the picker's KVO of `state`).
    func addCloseObserver(_ observer: AnyObject, _ body: @escaping @Sendable () -> Void) {
        lock.withLock { closeObservers[ObjectIdentifier(observer)] = body }
    }

    /// Stops calling `observer`'s close handler.
    func removeCloseObserver(_ observer: AnyObject) {
        lock.withLock { closeObservers[ObjectIdentifier(observer)] = nil }
    }

    /// A client for this session's calls: its token, base URL and transport; one attempt per request,
    /// as the legacy SDK sent.
    func graphClient() -> GraphClient {
        var configuration = GraphConfiguration(accessToken: accessToken)
        configuration.graphBaseURL = graphBaseURL
        configuration.retryPolicy = .never
        return GraphClient(configuration: configuration, transport: transport)
    }
}
