import FacebookGraph

/// The v2 `FBRequest`: one Graph or REST call, its state, and the delegate it reports to.
///
/// It builds the request exactly as v2 did (parameters in the query for GET, a multipart body for
/// POST, `User-Agent: FacebookConnect`, a 180-second timeout), sends it through the package's one
/// transport (the libcurl engine unless a test or replay supplies another), and applies the v2
/// parse rules to the answer.
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
    public var responseText: NSMutableData!
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
    /// The parameters in key order when ``Facebook`` has just stored them into an empty
    /// ``params`` itself (so ``connect()`` need not read the dictionary back); nil otherwise.
    var knownParameters: [(key: String, value: LegacyRequestBody.Value)]?
    /// The same entries as ``knownParameters``, with the keys `Facebook` stored them under: after a
    /// delegate's `requestLoading` (which may change ``params``) they tell in a few look-ups whether
    /// the dictionary still holds exactly them.
    var knownParameterEntries: [(key: LegacyParameterKey, value: String)] = []
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
        delegate?.requestLoading(self)
        let request: GraphRequest
        if let known = knownParameters, let params, params.count == known.count,
            delegate == nil || holdsKnownEntries(params)
        {
            // `Facebook.openURL` filled an empty dictionary with these entries just now, and the
            // delegate (if any) left them as they were: the same pairs `values(of:)` would read back.
            request = LegacyRequestBody.graphRequest(url: url ?? "", httpMethod: httpMethod ?? "GET", values: known)
        } else {
            request = LegacyRequestBody.graphRequest(url: url ?? "", httpMethod: httpMethod ?? "GET", params: params)
        }
        knownParameters = nil
        knownParameterEntries = []
        let connection = FBURLConnection { [weak self] in self?.connectionWasCancelled() }
        self.connection = connection
        state = FBRequestState(kFBRequestStateLoading)
        sessionDidExpire = false
        if let restBridge {
            // The bridge's Graph calls answer in the REST shape; delivery is the REST path's.
            let call = RESTCall(method: restBridge.methodName, httpMethod: httpMethod ?? "GET", params: params)
            let handle = restBridge.start(call, restURL: url ?? "", transport: transport) { [self] result in
                MainQueueWatchdog.shared.deliver(on: callbackQueue) { self.deliver(result, connection: connection) }
            }
            connection.attach(handle)
            return
        }
        let prepared: PreparedRequest
        do {
            // The core's one prepare step, with the v2 encoding; the legacy session put the token
            // in the parameters itself.
            prepared = try request.prepare(configuration: GraphConfiguration(), options: transferOptions)
        } catch {
            let failure =
                error.transportError ?? TransportError(.invalidURL, message: error.message, url: url ?? "")
            MainQueueWatchdog.shared.deliver(on: callbackQueue) { [self] in
                deliver(.failure(failure), connection: connection)
            }
            return
        }
        let handle = transport.execute(prepared) { [self] result in
            MainQueueWatchdog.shared.deliver(on: callbackQueue) { self.deliver(result, connection: connection) }
        }
        connection.attach(handle)
    }

    /// True when every entry of ``knownParameterEntries`` is in `params` with its string value (the
    /// caller checked the count, so there is nothing else).
    private func holdsKnownEntries(_ params: NSMutableDictionary) -> Bool {
        knownParameterEntries.count == params.count
            && knownParameterEntries.allSatisfy { entry in
                (params.object(forKey: entry.key) as? String) == entry.value
            }
    }

    // MARK: - Delivery, on the callback queue

    private func deliver(_ result: Result<RawResponse, TransportError>, connection: FBURLConnection) {
        guard !connection.isCancelled, self.connection === connection else { return }
        if let resultCompletion {
            deliverResult(result, to: resultCompletion)
            finish()
            return
        }
        switch result {
        case .success(let response):
            delegate?.request(self, didReceive: responseCache?.make(response) ?? LegacyHTTPResponse.make(response))
            guard !connection.isCancelled else { return }
            responseText = NSMutableData(data: response.body)
            delegate?.request(self, didLoadRawResponse: response.body)
            guard !connection.isCancelled else { return }
            switch LegacyResponseParser.parse(body: response.body, status: response.status) {
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
                fail(with: parseError)
            }
        case .failure(let transportError):
            // As in v2, `error` is not set for a transport failure.
            fail(with: transportError.urlError)
        }
        finish()
    }

    /// v2's `failWithError:`: notes an expired session, then tells the delegate or the block.
    private func fail(with failure: NSError) {
        if failure.code == kFBRESTAPIAccessTokenErrorCode
            || (invalidatesOnGraphTokenErrors && LegacyResponseParser.isGraphTokenError(failure))
        {
            sessionDidExpire = true
        }
        if usesBlockCallback {
            FBRequestCallback?(self, nil, failure)
        } else {
            delegate?.request(self, didFailWithError: failure)
        }
    }

    /// The modern overloads' delivery: the core's `GraphError.parse` decides success or failure, and
    /// a token error invalidates the session as the legacy path would (REST 190; Graph 190 or 2500
    /// with ``Facebook/invalidatesSessionOnGraphTokenErrors``).
    private func deliverResult(
        _ result: Result<RawResponse, TransportError>,
        to completion: (Result<GraphResponse, GraphError>) -> Void
    ) {
        switch result {
        case .failure(let transportError):
            completion(.failure(GraphError(transport: transportError)))
        case .success(let response):
            responseText = NSMutableData(data: response.body)
            guard
                let failure = GraphError.parse(status: response.status, headers: response.headers, body: response.body)
            else {
                completion(
                    .success(GraphResponse(status: response.status, headers: response.headers, body: response.body)))
                return
            }
            let restTokenError = failure.shape == .rest && failure.code == kFBRESTAPIAccessTokenErrorCode
            let graphTokenError =
                failure.shape == .graph && LegacyResponseParser.v31TokenErrorCodes.contains(failure.code ?? 0)
            if restTokenError || (invalidatesOnGraphTokenErrors && graphTokenError) {
                sessionDidExpire = true
            }
            completion(.failure(failure))
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

/// The `HTTPURLResponse` the legacy delegate receives for a raw response.
enum LegacyHTTPResponse {
    static func make(_ response: RawResponse) -> URLResponse {
        var fields: [String: String] = [:]
        for field in response.headers {
            fields[field.name] = fields[field.name].map { "\($0), \(field.value)" } ?? field.value
        }
        let url = URL(string: response.effectiveURL) ?? URL(string: "about:blank")!
        let version = response.httpVersion == "2" ? "HTTP/2" : "HTTP/\(response.httpVersion)"
        return HTTPURLResponse(url: url, statusCode: response.status, httpVersion: version, headerFields: fields)
            ?? URLResponse(url: url, mimeType: nil, expectedContentLength: response.body.count, textEncodingName: nil)
    }
}

/// The last ``LegacyHTTPResponse`` a ``Facebook`` object's requests made, handed out again for the
/// next response with the same URL, status, version, fields and body size.
///
/// Building one costs ~100k instructions (FoundationNetworking capitalises every header name and
/// parses the content type and length), and most delegates never read it. A response object is
/// immutable, so sharing it is invisible; responses of one server within the same second of its
/// `Date` header are typically identical.
final class LegacyHTTPResponseCache: Sendable {
    /// What a response object is made from.
    private struct Key: Equatable {
        var url: String
        var status: Int
        var httpVersion: String
        var headers: HTTPHeaders
        var bodyCount: Int
    }

    /// The last response object made, and what it was made from.
    private let last = LockedValue<(key: Key, response: URLResponse)?>(nil)

    /// The response object for `response`: the last one when it was made from the same values.
    func make(_ response: RawResponse) -> URLResponse {
        let key = Key(
            url: response.effectiveURL, status: response.status, httpVersion: response.httpVersion,
            headers: response.headers, bodyCount: response.body.count)
        if let cached = last.withLock({ $0 }), cached.key == key { return cached.response }
        let made = LegacyHTTPResponse.make(response)
        last.withLock { $0 = (key, made) }
        return made
    }
}
