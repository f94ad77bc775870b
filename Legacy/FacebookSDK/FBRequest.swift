import FacebookGraph

/// The v2 `FBRequest`: one Graph or REST call, its state, and the delegate it reports to.
///
/// It builds the request exactly as v2 did (parameters in the query for GET, a multipart body for
/// POST, `User-Agent: FacebookConnect`, a 180-second timeout) and hands it to a `GraphClient` over
/// its transport (the libcurl engine unless a test or replay supplies another): the core prepares,
/// sends and checks it, once (no retry, as v2). From the client's one outcome, and the HTTP response
/// the client reports as it arrives, this class applies the v2 parse rules and builds v2's `NSError`s.
///
/// Threading: ``connect()`` may be called from any thread and calls ``FBRequestDelegate/requestLoading(_:)``
/// before it returns. Every other callback arrives asynchronously on ``callbackQueue`` (the main
/// queue by default), and the request's state changes there.
///
/// Deviation (Migration.md): the delegate is held strongly until the terminal callback, then
/// released; v2 did not retain it.
open class FBRequest: NSObject, @unchecked Sendable {
    /// Who hears about this request. Set to nil to hear nothing more.
    public var delegate: FBRequestDelegate!
    /// The URL without parameters.
    public var url: String!
    /// The HTTP method: `GET`, `POST` (multipart body) or another verb (no body).
    public var httpMethod: String!
    /// The parameters; the same dictionary the caller passed, not a copy.
    public var params: NSMutableDictionary!
    /// The connection while the request is in flight (use it to `cancel()`); nil otherwise.
    public var connection: FBURLConnection!
    /// The response body while the delegate's terminal callbacks run; nil otherwise.
    ///
    /// Made from the body at its first read, then the same object for the rest of that response
    /// (a caller's edits stay in it); a request whose callbacks never read it copies nothing.
    public var responseText: NSMutableData! {
        get {
            if responseTextObject == nil, let body = responseBody {
                responseTextObject = NSMutableData(data: body)
                responseBody = nil
            }
            return responseTextObject
        }
        set {
            responseTextObject = newValue
            responseBody = nil
        }
    }
    /// ``responseText`` once read or set.
    private var responseTextObject: NSMutableData?
    /// The body ``responseText`` is made from at its first read; nil once made, or when there is none.
    private var responseBody: Data?
    /// `kFBRequestStateReady`, `…Loading` or `…Complete` (`kFBRequestStateError` is never set, as in v2).
    public internal(set) var state: FBRequestState = FBRequestState(kFBRequestStateReady)
    /// True when the request failed with error code 190 (or, with the v3.1 rule on, a Graph
    /// `error.code` of 190 or 2500).
    public internal(set) var sessionDidExpire: Bool = false
    /// The error the response body produced; nil on success and on transport failures (as in v2).
    public var error: Error!

    /// The block of the block-callback API (seed 002), called once instead of the delegate's
    /// terminal method.
    public var FBRequestCallback: ((FBRequest?, Any?, Error?) -> Void)!
    /// True when ``FBRequestCallback`` is used instead of the delegate's terminal methods.
    public var usesBlockCallback: Bool = false

    /// The queue callbacks are delivered on: ``Facebook/defaultCallbackQueue`` when the request is
    /// created (the main queue unless changed); ``Facebook/callbackQueue`` sets it for the requests a
    /// `Facebook` object makes.
    public var callbackQueue: DispatchQueue = Facebook.defaultCallbackQueue

    /// The REST-to-Graph bridge that answers this REST call instead of the REST host, or nil
    /// (`Facebook+RESTBridge.swift` decides).
    var restBridge: RESTBridge?
    /// Reshapes a Graph result for v2-era code (``Facebook/usesLegacyGraphShapes``).
    var reshapesToLegacyGraphShapes = false
    /// Applies the v3.1 invalidation rule (Graph `error.code` 190 or 2500) as well as v2's.
    var invalidatesOnGraphTokenErrors = false
    /// The transport that carries the request; the shared libcurl engine by default.
    var transport: any HTTPTransport = CurlEngine.shared
    /// Hears each step of the call from the client (``Facebook``'s `eventHandler`); nil for none.
    var eventHandler: (@Sendable (GraphEvent) -> Void)?
    /// Set by the protocol's own `requestLoading` (the no-op a delegate gets when it does not
    /// implement the method) while ``connect()`` calls it: the parameters are then as ``Facebook``
    /// left them, with no need to look.
    var requestLoadingWasTheDefault = false
    /// What ``Facebook`` has just stored into an empty ``params`` itself (the entries in key order,
    /// with the value objects stored, and the pairs they send), so that ``connect()`` need not read
    /// the dictionary back when it still holds exactly them; nil otherwise.
    var knownParameters: OpenURLStrings.StoredParameters?
    /// Where the delegate's `HTTPURLResponse` comes from: the `Facebook` object's cache, or nil (a
    /// new one per response).
    var responseCache: LegacyHTTPResponseCache?
    /// Called on the callback queue when the request completes (`Facebook`'s KVO on `state`).
    var completionObserver: ((FBRequest) -> Void)?
    /// The `Result` and `async` overloads' completion (`Facebook+Modern.swift`). When set, the core
    /// decides the outcome and neither the delegate nor the block is called.
    var resultCompletion: ((Result<GraphResponse, GraphError>) -> Void)?
    /// The v3.1 members' values: session, Graph path, REST method, graph object (`FBRequest+V31.swift`).
    var v31 = FBRequestV31Fields()
    /// The transfer options; the legacy 180-second total timeout by default.
    var transferOptions: TransferOptions = {
        var options = TransferOptions()
        options.totalTimeout = .seconds(LegacyConstants.timeoutSeconds)
        return options
    }()

    /// An empty request; set its properties, then ``connect()``.
    public override init() {
        super.init()
    }

    /// `+[FBRequest serializeURL:params:]`: the URL with the parameters as a GET query string.
    open class func serializeURL(_ baseUrl: String!, params: [AnyHashable: Any]!) -> String! {
        serializeURL(baseUrl, params: params, httpMethod: "GET")
    }

    /// `+[FBRequest serializeURL:params:httpMethod:]`: `baseUrl`, then `?` (or `&`), then
    /// `key=value` pairs with values escaped to the RFC 3986 unreserved set; data values are skipped.
    open class func serializeURL(_ baseUrl: String!, params: [AnyHashable: Any]!, httpMethod: String!) -> String! {
        let dictionary = params.map { NSDictionary(dictionary: $0) }
        return LegacyRequestBody.serializeURL(baseUrl ?? "", params: dictionary, httpMethod: httpMethod ?? "GET")
    }

    /// `+[FBRequest getRequestWithParams:httpMethod:delegate:requestURL:]`: a request that is set up
    /// but not started.
    open class func getWithParams(
        _ params: NSMutableDictionary!,
        httpMethod: String!,
        delegate: FBRequestDelegate!,
        requestURL url: String!
    ) -> FBRequest! {
        let request = FBRequest()
        request.delegate = delegate
        request.url = url
        request.httpMethod = httpMethod
        request.params = params
        return request
    }

    /// True while the request is in flight (`connection != nil`).
    open func loading() -> Bool {
        connection != nil
    }

    /// Sends the request: calls ``FBRequestDelegate/requestLoading(_:)`` at once, then starts the
    /// transfer and returns; the answer arrives on ``callbackQueue``.
    open func connect() {
        requestLoadingWasTheDefault = false
        delegate?.requestLoading(self)
        let request: GraphRequest
        if let known = knownParameters, let params, params.count == known.entries.count,
            delegate == nil || requestLoadingWasTheDefault || holdsKnownEntries(params, known.entries)
        {
            // `Facebook.openURL` filled an empty dictionary with these entries just now, and the
            // delegate (if any) left them as they were — it has no `requestLoading` of its own, or the
            // check says so: the pairs `values(of:)` would read back, made once for the token.
            request = LegacyRequestBody.graphRequest(url: url ?? "", httpMethod: httpMethod ?? "GET", text: known.pairs)
        } else {
            request = LegacyRequestBody.graphRequest(url: url ?? "", httpMethod: httpMethod ?? "GET", params: params)
        }
        knownParameters = nil
        requestLoadingWasTheDefault = false
        let connection = FBURLConnection { [weak self] in self?.connectionWasCancelled() }
        self.connection = connection
        state = FBRequestState(kFBRequestStateLoading)
        sessionDidExpire = false
        if let restBridge {
            // The bridge's Graph calls answer in the REST shape; delivery is the REST path's, and the
            // client's check step reads the answer.
            let call = RESTCall(method: restBridge.methodName, httpMethod: httpMethod ?? "GET", params: params)
            let handle = restBridge.start(call, restURL: url ?? "", transport: transport) { [self] result in
                let raw = try? result.get()
                let outcome = result.mapError { GraphError(transport: $0) }.flatMap { GraphClient.check($0) }
                MainQueueWatchdog.shared.deliver(on: callbackQueue) {
                    self.deliver(outcome, raw: raw, connection: connection)
                }
            }
            connection.attach(handle)
            return
        }
        // The client's one execute path, with the v2 encoding, no retry and the legacy transfer
        // options; the legacy session put the token in the parameters itself. The client reports
        // the HTTP response on the transport's thread just before it completes there: the
        // connection keeps it for the delivery.
        let task = client().execute(
            request, options: transferOptions, rawResponse: { connection.lastResponse = $0 }
        ) { [self] outcome in
            let raw = connection.lastResponse
            connection.lastResponse = nil
            MainQueueWatchdog.shared.deliver(on: callbackQueue) {
                self.deliver(outcome, raw: raw, connection: connection)
            }
        }
        connection.attach(TransferHandle(task))
    }

    /// The client of this request: the shared engine's, made once, when the request has the shared
    /// engine and no event handler (every request of an app that sets neither; a client per call was
    /// an object and a copy of its configuration each time), else one for its transport and handler.
    private func client() -> GraphClient {
        if eventHandler == nil, let engine = transport as? CurlEngine, engine === CurlEngine.shared {
            return Self.sharedEngineClient
        }
        return GraphClient(configuration: Self.configuration(eventHandler), transport: GraphTransport(transport))
    }

    private static let sharedEngineClient = GraphClient(
        configuration: legacyConfiguration, transport: GraphTransport(CurlEngine.shared))

    /// The configuration of a legacy request's client: the defaults (no token: the legacy session
    /// put its own in the parameters), one attempt, and `eventHandler`.
    private static func configuration(_ eventHandler: (@Sendable (GraphEvent) -> Void)?) -> GraphConfiguration {
        guard let eventHandler else { return legacyConfiguration }
        var configuration = legacyConfiguration
        configuration.eventHandler = eventHandler
        return configuration
    }

    private static let legacyConfiguration: GraphConfiguration = {
        var configuration = GraphConfiguration()
        configuration.retryPolicy = .never
        return configuration
    }()

    /// True when `params` holds exactly `entries` (``knownParameters``): each of its keys is one of
    /// their key objects with that entry's value object under it, and nothing else.
    ///
    /// It compares objects, not text: swift-corelibs-foundation's `allKeys` and `allValues` hand out
    /// the stored objects, in one order (its storage's), where `object(forKey:)` bridges each value
    /// to a new `String` (four look-ups and bridges were ~16k instructions a delegate request). A
    /// value the delegate set, even an equal string, is another object: the request then reads the
    /// dictionary back, as it does for any change. Were a Foundation to copy or reorder what these
    /// return, the check would fail the same way, never pass wrongly.
    private func holdsKnownEntries(_ params: NSMutableDictionary, _ entries: [OpenURLStrings.StoredEntry]) -> Bool {
        let keys = params.allKeys
        let values = params.allValues
        guard keys.count == entries.count, values.count == keys.count else { return false }
        // Position by position in the two arrays, each key looked for among the four entries by
        // identity in a plain loop (a `zip` iterator and a `first(where:)` closure per key: ~0.5k
        // more a request). What is left is Foundation's two arrays and the eight casts.
        for position in 0..<keys.count {
            guard let key = keys[position] as? LegacyParameterKey, let value = values[position] as? NSString else {
                return false
            }
            var paired = false
            for index in entries.indices where entries[index].key === key {
                paired = entries[index].object === value
                break
            }
            guard paired else { return false }
        }
        return true
    }

    // MARK: - Delivery, on the callback queue

    /// Delivers the client's outcome: to the `Result` completion as it is; to the delegate or the
    /// block through the v2 rules — `didReceive` and `didLoadRawResponse` for any HTTP response
    /// (`raw`), then the v2 parse of its body, or v2's `NSError` of a transfer that failed.
    private func deliver(
        _ outcome: Result<GraphResponse, GraphError>, raw: RawResponse?, connection: FBURLConnection
    ) {
        guard !connection.isCancelled, self.connection === connection else { return }
        let failure: GraphError?
        if case .failure(let error) = outcome { failure = error } else { failure = nil }
        let expired = failure?.expiresLegacySession(graphRule: invalidatesOnGraphTokenErrors) ?? false
        if let resultCompletion {
            setResponseBody(raw?.body)
            // A token error invalidates the session as the legacy path does (REST 190; Graph 190 or
            // 2500 with ``Facebook/invalidatesSessionOnGraphTokenErrors``), after the completion.
            if expired { sessionDidExpire = true }
            resultCompletion(outcome)
            finish()
            return
        }
        guard let raw else {
            // No HTTP response: the transfer failed, or the request could not be prepared. As in v2,
            // `error` is not set for it.
            let transportError =
                failure?.transportError
                ?? TransportError(.invalidURL, message: failure?.message ?? "no response", url: url ?? "")
            fail(with: transportError.urlError, expired: false)
            finish()
            return
        }
        delegate?.request(self, didReceive: responseCache?.make(raw) ?? LegacyHTTPResponse.make(raw))
        guard !connection.isCancelled else { return }
        setResponseBody(raw.body)
        delegate?.request(self, didLoadRawResponse: raw.body)
        guard !connection.isCancelled else { return }
        switch LegacyResponseParser.parse(body: raw.body, status: raw.status) {
        case .result(let parsed):
            let value = reshapesToLegacyGraphShapes ? LegacyGraphShapes.reshape(parsed) : parsed
            error = nil
            if usesBlockCallback {
                FBRequestCallback?(self, value, nil)
            } else {
                delegate?.request(self, didLoad: value)
            }
        case .failure(let parseError):
            error = parseError
            fail(with: parseError, expired: expired)
        }
        finish()
    }

    /// ``responseText`` for a new response: `body`, copied only if a callback reads it.
    private func setResponseBody(_ body: Data?) {
        responseTextObject = nil
        responseBody = body
    }

    /// v2's `failWithError:`: notes an expired session (the one token rule,
    /// `GraphError+LegacyTokenRule.swift`, read from the client's outcome), then tells the delegate
    /// or the block.
    private func fail(with failure: NSError, expired: Bool) {
        if expired { sessionDidExpire = true }
        if usesBlockCallback {
            FBRequestCallback?(self, nil, failure)
        } else {
            delegate?.request(self, didFailWithError: failure)
        }
    }

    private func finish() {
        responseText = nil
        connection = nil
        state = FBRequestState(kFBRequestStateComplete)
        // Deviation: the delegate and block were held strongly until now; release them.
        delegate = nil
        FBRequestCallback = nil
        resultCompletion = nil
        let observer = completionObserver
        completionObserver = nil
        observer?(self)
    }

    private func connectionWasCancelled() {
        MainQueueWatchdog.shared.deliver(on: callbackQueue) { [self] in
            guard connection != nil, connection.isCancelled else { return }
            connection = nil
            state = FBRequestState(kFBRequestStateComplete)
            delegate = nil
            FBRequestCallback = nil
            // The modern overloads complete exactly once, a cancellation included.
            let completion = resultCompletion
            resultCompletion = nil
            completion?(
                .failure(GraphError(transport: TransportError(.cancelled, message: "cancelled", url: url ?? ""))))
            // Facebook forgets the request; a cancelled request never invalidates the session.
            sessionDidExpire = false
            let observer = completionObserver
            completionObserver = nil
            observer?(self)
        }
    }
}
