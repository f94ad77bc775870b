import FacebookGraph

/// The v2 `Facebook` object: the session (token and expiry), and the factory of Graph and REST
/// requests.
///
/// Every request method ends in one funnel (v2's `openUrl:params:httpMethod:delegate:`): it adds
/// `format=json`, `sdk=ios`, `sdk_version=2` and — while the session is valid — `access_token` to
/// the caller's own dictionary, extends the token when due, keeps the request alive until it
/// completes, and starts it. When a request fails with an expired token, the session is cleared and
/// ``FBSessionDelegate/fbSessionInvalidated()`` is called *after* the request's own
/// ``FBRequestDelegate/request(_:didFailWithError:)``.
///
/// Base URLs default to the SDK's and can be changed per object (``graphBaseURL``, ``restBaseURL``,
/// ``dialogBaseURL``) or for the process with the environment variables `FB_GRAPH_BASE_URL`,
/// `FB_REST_BASE_URL` and `FB_DIALOG_BASE_URL` (a request carrying a token may use plain `http`
/// only to a loopback host). Each is a `String` ending in `/`, to which a request's path is appended
/// verbatim; the variables are read when the object is created.
///
/// Threads: an object belongs to its ``callbackQueue``, as v2's belonged to the main thread. Every
/// callback arrives there and the object's state changes there (a token extended or invalidated), so
/// call it there; setting it up and starting requests from one other thread is fine while none of
/// its requests is in flight.
open class Facebook: NSObject, FBRequestDelegate, FBLoginDialogDelegate, @unchecked Sendable {
    /// The OAuth access token; nil when logged out.
    public var accessToken: String!
    /// When ``accessToken`` expires; `Date.distantFuture` for a token that does not.
    public var expirationDate: Date!
    /// Who hears about login, logout, extension and invalidation. Held weakly, as v2's `assign`.
    public weak var sessionDelegate: FBSessionDelegate!
    /// The suffix of the app's URL scheme (`fb<appId><suffix>://`), or nil.
    public var urlSchemeSuffix: String!
    /// True after ``enableFrictionlessRequests()``.
    public internal(set) var isFrictionlessRequestsEnabled: Bool = false

    /// The queue request and session callbacks are delivered on: ``defaultCallbackQueue`` when the
    /// object is created (the main queue unless changed). Servers and tests, which run no main queue,
    /// set ``defaultCallbackQueue`` once or this property.
    public var callbackQueue: DispatchQueue = Facebook.defaultCallbackQueue
    /// The Graph API base URL: `https://graph.facebook.com/`, or `FB_GRAPH_BASE_URL` when the object
    /// was created. A `String` that must end in `/`: a Graph path is appended to it verbatim, as in v2
    /// (for a loopback server, `server.baseURL + "/"`).
    public var graphBaseURL: String
    /// The REST API base URL (default `https://api.facebook.com/method/`, or `FB_REST_BASE_URL`).
    public var restBaseURL: String
    /// The dialog base URL (default `https://m.facebook.com/dialog/`, or `FB_DIALOG_BASE_URL`).
    public var dialogBaseURL: String
    /// Also invalidates the session on a Graph error whose `error.code` is 190 or 2500 (the v3.1
    /// rule). Off by default: v2 invalidated only on a REST `error_code` of 190.
    public var invalidatesSessionOnGraphTokenErrors: Bool = false
    /// Extends the token (REST `auth.extendSSOAccessToken`) before a request when
    /// ``shouldExtendAccessToken()`` says so, as v2 did. A server or test holding a long-lived token
    /// turns this off: a token set by hand counts as never refreshed.
    public var extendsAccessTokenAutomatically: Bool = true
    /// Whether REST calls (`request(withMethodName:…)`, `request(withParams:…)`) go through the
    /// REST-to-Graph bridge: ``RESTBridgeMode/automatic`` (the default) bridges them while
    /// ``restBaseURL`` names the original REST host (`api.facebook.com`, which is gone) and sends them
    /// as they are to any other (a replay of recorded REST answers, a test server);
    /// ``RESTBridgeMode/on`` and ``RESTBridgeMode/off`` override that. Migration.md has the table of
    /// bridged methods and their result shapes.
    public var restBridge: RESTBridgeMode = .automatic
    /// Reshapes Graph answers to what v2-era code read (off by default): `picture` as its URL string
    /// instead of `{"data": {"url": …}}`, and a bare `{"success": true}` as v2's `["result": "true"]`.
    /// Applies to the delegate and block callbacks; the `Result` and `async` overloads keep the wire
    /// body. Migration.md lists every reshaped field.
    public var usesLegacyGraphShapes: Bool = false
    /// The app secret, for servers only (a client app must never hold it): with it, the bridged REST
    /// method `auth.extendSSOAccessToken` (the automatic token extension) exchanges the token through
    /// `oauth/access_token?grant_type=fb_exchange_token`. Without it, the extension fails as v2's
    /// failed extensions did: quietly, the session unchanged. Never sent anywhere else.
    public var appSecret: String?
    /// How many friends the bridged `friends.get` / `friends.getAppUsers` / FQL friends queries ask
    /// for per Graph page (`limit`); the bridge follows `paging.next` to the end.
    package var restBridgeFriendsPageSize = 100

    let appId: String
    var permissions: [Any]?
    var lastAccessTokenUpdate: Date = .distantPast
    var isExtendingAccessToken = false
    var frictionlessRecipients: Set<String> = []
    var frictionlessRequest: FBRequest?
    /// What carries this object's requests: `GraphTransport.libcurl` by default; a replay of
    /// recorded responses (`.replay(cassette)` from `FacebookGraphReplay`) in tests.
    public var transport: GraphTransport = .libcurl
    /// The app's client token (App Dashboard → Settings → Advanced). When set, ``authorize(_:)`` runs
    /// Facebook Login for Devices instead of reporting that login is unavailable.
    public var clientToken: String?
    /// Shows the user the device-login code (``authorize(_:)`` with a ``clientToken``): by default a
    /// line on standard error with the URL and the code. Called on ``callbackQueue``.
    public var deviceLoginPresenter: (DeviceLoginCode) -> Void = LegacyDeviceLogin.defaultPresenter
    /// How long one second of device login's waits lasts (``GraphConfiguration``'s
    /// `deviceLoginTimeScale`): 1, or less in tests.
    package var deviceLoginTimeScale: Double = 1
    /// Hears each step of this object's requests from the `GraphClient` that sends them
    /// (`GraphConfiguration.eventHandler`: sent, responded, failed), on the transport's thread; nil
    /// (the default) costs nothing.
    package var eventHandler: (@Sendable (GraphEvent) -> Void)?

    /// The requests in flight, kept alive until they complete (v2's `_requests` set).
    private let requestsLock = NSLock()
    private var requests: [ObjectIdentifier: FBRequest] = [:]
    /// What ``whenIdle(_:)`` was handed while requests were in flight (under `requestsLock`).
    private var idleObservers: [@Sendable () -> Void] = []
    /// The delegate's last `HTTPURLResponse`, reused for an identical response.
    private let responseCache = LegacyHTTPResponseCache()
    /// What was stored for the last access token: its `NSString`, the entries and the pairs sent
    /// (under `requestsLock`).
    private var lastStoredParameters: OpenURLStrings.StoredParameters?

    /// `initWithAppId:andDelegate:`.
    public convenience init(appId: String!, andDelegate delegate: FBSessionDelegate!) {
        self.init(appId: appId, urlSchemeSuffix: nil, andDelegate: delegate)
    }

    /// `initWithAppId:urlSchemeSuffix:andDelegate:`.
    public init(appId: String!, urlSchemeSuffix: String!, andDelegate delegate: FBSessionDelegate!) {
        let environment = ProcessInfo.processInfo.environment
        self.appId = appId ?? ""
        self.urlSchemeSuffix = urlSchemeSuffix
        self.sessionDelegate = delegate
        self.graphBaseURL = environment["FB_GRAPH_BASE_URL"] ?? LegacyConstants.graphBaseURL
        self.restBaseURL = environment["FB_REST_BASE_URL"] ?? LegacyConstants.restBaseURL
        self.dialogBaseURL = environment["FB_DIALOG_BASE_URL"] ?? LegacyConstants.dialogBaseURL
        super.init()
    }

    /// The number of requests this object keeps alive (started and not yet complete).
    public var requestsInFlight: Int {
        requestsLock.lock()
        defer { requestsLock.unlock() }
        return requests.count
    }

    /// Calls `observer` once no request of this object is in flight: at once when none is, else after
    /// the last one completes (on the callback queue, after its callbacks). For a caller that must
    /// wait for the requests a call started on its own, such as the demo after the v2 login, without
    /// polling ``requestsInFlight``.
    package func whenIdle(_ observer: @escaping @Sendable () -> Void) {
        requestsLock.lock()
        guard !requests.isEmpty else {
            requestsLock.unlock()
            observer()
            return
        }
        idleObservers.append(observer)
        requestsLock.unlock()
    }

    /// True when there is a token and an expiry date later than now.
    open func isSessionValid() -> Bool {
        guard accessToken != nil, let expiry = expirationDate else { return false }
        return expiry > Date()
    }

    // MARK: - Requests

    /// `requestWithParams:andDelegate:`: a REST call whose method name is `params["method"]`. The
    /// `method` entry is removed from `params`; the call is always a GET. Returns nil (and logs why)
    /// when `method` is missing.
    @discardableResult
    open func request(withParams params: NSMutableDictionary!, andDelegate delegate: FBRequestDelegate!) -> FBRequest! {
        guard let params, let method = params["method"] as? String else {
            LegacyLog.log("API Method must be specified")
            return nil
        }
        params.removeObject(forKey: "method")
        return request(withMethodName: method, andParams: params, andHttpMethod: "GET", andDelegate: delegate)
    }

    /// `requestWithMethodName:andParams:andHttpMethod:andDelegate:`: a REST call.
    @discardableResult
    open func request(
        withMethodName methodName: String!,
        andParams params: NSMutableDictionary!,
        andHttpMethod httpMethod: String!,
        andDelegate delegate: FBRequestDelegate!
    ) -> FBRequest! {
        openRESTMethod(methodName ?? "", params: params, httpMethod: httpMethod, delegate: delegate)
    }

    /// `requestWithGraphPath:andDelegate:`: a Graph GET with no parameters.
    @discardableResult
    open func request(withGraphPath graphPath: String!, andDelegate delegate: FBRequestDelegate!) -> FBRequest! {
        request(
            withGraphPath: graphPath, andParams: OpenURLStrings.emptyParameters(), andHttpMethod: "GET",
            andDelegate: delegate)
    }

    /// `requestWithGraphPath:andParams:andDelegate:`: a Graph GET.
    @discardableResult
    open func request(
        withGraphPath graphPath: String!,
        andParams params: NSMutableDictionary!,
        andDelegate delegate: FBRequestDelegate!
    ) -> FBRequest! {
        request(withGraphPath: graphPath, andParams: params, andHttpMethod: "GET", andDelegate: delegate)
    }

    /// `requestWithGraphPath:andParams:andHttpMethod:andDelegate:`: a Graph call with any verb.
    @discardableResult
    open func request(
        withGraphPath graphPath: String!,
        andParams params: NSMutableDictionary!,
        andHttpMethod httpMethod: String!,
        andDelegate delegate: FBRequestDelegate!
    ) -> FBRequest! {
        openGraphPath(graphPath, params: params, httpMethod: httpMethod, delegate: delegate)
    }

    /// ``openURL(_:params:httpMethod:delegate:configure:)`` for a Graph path: the one place a path
    /// is joined to ``graphBaseURL`` (the delegate, block and `Result` forms).
    func openGraphPath(
        _ graphPath: String?,
        params: NSMutableDictionary?,
        httpMethod: String?,
        delegate: FBRequestDelegate?,
        configure: ((FBRequest) -> Void)? = nil
    ) -> FBRequest {
        openURL(
            graphBaseURL + (graphPath ?? ""), params: params, httpMethod: httpMethod, delegate: delegate,
            configure: configure)
    }

    /// The one funnel every request goes through (v2's `openUrl:params:httpMethod:delegate:`).
    func openURL(
        _ url: String,
        params: NSMutableDictionary?,
        httpMethod: String?,
        delegate: FBRequestDelegate?,
        configure: ((FBRequest) -> Void)? = nil
    ) -> FBRequest {
        let params = params ?? OpenURLStrings.emptyParameters()
        let wasEmpty = params.count == 0
        // The keys and fixed values as `NSString`s made once: a `String` key or value is bridged
        // to a new `NSString` on every store.
        params.setObject(OpenURLStrings.json, forKey: OpenURLStrings.format)
        params.setObject(OpenURLStrings.sdk, forKey: OpenURLStrings.sdkKey)
        params.setObject(OpenURLStrings.sdkVersion, forKey: OpenURLStrings.sdkVersionKey)
        var stored = OpenURLStrings.StoredParameters.withoutToken
        if isSessionValid(), let accessToken {
            stored = storedParameters(token: accessToken)
            if let tokenObject = stored.tokenObject {
                params.setObject(tokenObject, forKey: OpenURLStrings.accessToken)
            }
        }
        if extendsAccessTokenAutomatically { extendAccessTokenIfNeeded() }
        let request: FBRequest = FBRequest.getWithParams(
            params,
            httpMethod: httpMethod ?? "GET",
            delegate: delegate,
            requestURL: url
        )
        request.callbackQueue = callbackQueue
        request.transport = transport.base
        request.invalidatesOnGraphTokenErrors = invalidatesSessionOnGraphTokenErrors
        request.reshapesToLegacyGraphShapes = usesLegacyGraphShapes
        request.responseCache = responseCache
        request.eventHandler = eventHandler
        if wasEmpty {
            // The dictionary holds exactly what was stored: the request may send it without reading it back.
            request.knownParameters = stored
        }
        configure?(request)
        track(request)
        request.connect()
        return request
    }

    /// What is stored for `token` (its `NSString`, the entries, the pairs sent): made once per
    /// token, not per request.
    private func storedParameters(token: String) -> OpenURLStrings.StoredParameters {
        requestsLock.lock()
        defer { requestsLock.unlock() }
        if let last = lastStoredParameters, last.token == token { return last }
        let stored = OpenURLStrings.StoredParameters(token: token)
        lastStoredParameters = stored
        return stored
    }

    private func track(_ request: FBRequest) {
        requestsLock.lock()
        requests[ObjectIdentifier(request)] = request
        requestsLock.unlock()
        request.completionObserver = { [weak self] request in self?.requestDidComplete(request) }
    }

    /// v2's KVO observer of `state`: after the request's own callbacks, invalidate an expired
    /// session, then forget the request.
    private func requestDidComplete(_ request: FBRequest) {
        if request.sessionDidExpire {
            invalidateSession()
            sessionDelegate?.fbSessionInvalidated()
        }
        requestsLock.lock()
        requests[ObjectIdentifier(request)] = nil
        var idle: [@Sendable () -> Void] = []
        if requests.isEmpty, !idleObservers.isEmpty { swap(&idle, &idleObservers) }
        requestsLock.unlock()
        for observer in idle { observer() }
    }

    /// Clears the token, the expiry and the frictionless cache (v2's `invalidateSession`).
    func invalidateSession() {
        accessToken = nil
        expirationDate = nil
        frictionlessRecipients = []
        frictionlessRequest?.connection?.cancel()
        frictionlessRequest = nil
    }

    // MARK: - FBRequestDelegate, for the token-extension and frictionless requests only

    /// Handles the answer of this object's own token-extension and frictionless-cache requests.
    open func request(_ request: FBRequest!, didLoad result: Any!) {
        if request === frictionlessRequest {
            frictionlessRequestDidLoad(result)
        } else {
            extendRequestDidLoad(result)
        }
    }

    /// Handles the failure of this object's own token-extension and frictionless-cache requests.
    open func request(_ request: FBRequest!, didFailWithError error: Error!) {
        if request === frictionlessRequest {
            frictionlessRequest = nil
        } else {
            isExtendingAccessToken = false
        }
    }
}
