import FacebookGraph
import Foundation

/// v3.1's completion block: the connection, the result (mutable dictionaries and arrays; nil on error)
/// and the error (`FacebookSDKDomain`, ``FBErrorCode``; nil on success).
public typealias FBRequestHandler = (FBRequestConnection?, Any?, Error?) -> Void

/// v3.1's `FBRequestConnection`: one round trip to Graph for the ``FBRequest``s added to it.
///
/// One request is sent as one Graph call; two or more as one Graph batch (the core's `GraphBatch`;
/// Graph takes at most 50), each named by its `batchEntryName` so later requests can refer to
/// its result (`{result=name:$.id}`). Either way the requests go through the first request's session's
/// `GraphClient` — its token, base URL and transport — with one attempt, as v3.1 sent them.
///
/// ```swift
/// let connection = FBRequestConnection()
/// connection.add(FBRequest.forMe()) { _, result, error in … }
/// connection.add(FBRequest.forMyFriends()) { _, result, error in … }
/// connection.start()
/// ```
///
/// Each handler is called exactly once, in the order the requests were added, on ``callbackQueue``
/// (``Facebook/defaultCallbackQueue`` when the connection is made: the main queue unless changed) —
/// unless the connection is cancelled first: after ``cancel()`` no handler is called, as in 3.1.1.
/// Errors are built as 3.1.1 built them (`FBRequestConnection+Results.swift`); a token error (Graph
/// code 190 or 2500) closes the request's session before its handler runs.
open class FBRequestConnection: NSObject, @unchecked Sendable {
    /// One added request.
    private struct Entry {
        var request: FBRequest
        var handler: FBRequestHandler?
        var name: String?
    }

    private enum State {
        case created, started, completed, cancelled
    }

    private let lock = NSLock()
    private var entries: [Entry] = []
    private var state = State.created
    private var stopTransfer: (@Sendable () -> Void)?
    private var response: HTTPURLResponse?
    /// Seconds to wait for the answer.
    let timeout: TimeInterval

    /// The queue the handlers run on: ``Facebook/defaultCallbackQueue`` when the connection is made.
    public var callbackQueue: DispatchQueue = Facebook.defaultCallbackQueue

    /// `init`: a connection with v3.1's 180-second timeout.
    public override convenience init() {
        self.init(timeout: TimeInterval(LegacyConstants.timeoutSeconds))
    }

    /// `initWithTimeout:`: a connection that gives up after `timeout` seconds (not positive or not
    /// finite: 180).
    public init!(timeout: TimeInterval) {
        self.timeout = timeout > 0 && timeout.isFinite ? timeout : TimeInterval(LegacyConstants.timeoutSeconds)
        super.init()
    }

    /// The requests added so far, in order, with their batch names.
    var addedRequests: [(request: FBRequest, name: String?)] { lock.withLock { entries.map { ($0.request, $0.name) } } }

    /// The HTTP response of the round trip: nil until the handlers run, and when no answer arrived.
    public var urlResponse: HTTPURLResponse! { lock.withLock { response } }

    /// `addRequest:completionHandler:`: adds `request`, to be sent by ``start()``.
    open func add(_ request: FBRequest!, completionHandler handler: FBRequestHandler!) {
        add(request, completionHandler: handler, batchEntryName: nil)
    }

    /// `addRequest:completionHandler:batchEntryName:`: adds `request` under `name`, which later
    /// requests of the same connection may use in a reference (`{result=name:$.data.*.id}`).
    ///
    /// Requests are added before ``start()``: one added later is not sent and its handler gets an
    /// `FBErrorRequestConnectionApi` error saying so; one added after ``cancel()`` is dropped.
    open func add(_ request: FBRequest!, completionHandler handler: FBRequestHandler!, batchEntryName name: String!) {
        guard let request else {
            LegacyLog.log("FBRequestConnection: a nil request was not added")
            return
        }
        let current = lock.withLock { () -> State in
            if state == .created { entries.append(Entry(request: request, handler: handler, name: name)) }
            return state
        }
        guard current == .started || current == .completed, let handler else { return }
        let error = LegacyNSError.requestConnectionMisuse("FBRequestConnection: requests must be added before start")
        MainQueueWatchdog.shared.deliver(on: callbackQueue) { handler(self, nil, error) }
    }

    /// Sends the requests added so far and returns at once; the handlers run when the answer arrives.
    /// A connection starts once: a second `start()`, a start after ``cancel()`` or with no request
    /// does nothing.
    open func start() {
        let added = lock.withLock { () -> [Entry]? in
            guard state == .created, !entries.isEmpty else { return nil }
            state = .started
            return entries
        }
        guard let added else { return }
        if added.count == 1, let delegate = added[0].request.delegate {
            // 3.1.1's path for a request with a v2 delegate: the delegate hears, the handler does not.
            added[0].request.state = FBRequestState(kFBRequestStateLoading)
            delegate.requestLoading(added[0].request)
        }
        let client = Self.client(for: added.lazy.compactMap { $0.request.session }.first, timeout: timeout)
        let stop: @Sendable () -> Void
        if added.count == 1 {
            let request = Self.withUserAgent(added[0].request.v31GraphRequest())
            let url = client.configuration.graphBaseURL
            let task = client.execute(request) { [self] result in
                let outcome: V31Outcome
                let answer: (status: Int, headers: [(name: String, value: String)])?
                switch result {
                case .success(let response):
                    outcome = .success(response.body)
                    answer = (response.status, response.headerFields)
                case .failure(let error):
                    outcome = .failure(error)
                    answer = error.httpStatus.map { ($0, error.headerFields) }
                }
                complete([outcome], answer: answer, url: url)
            }
            stop = { task.cancel() }
        } else {
            stop = startBatch(added, client: client)
        }
        let cancelledMeanwhile = lock.withLock { () -> Bool in
            stopTransfer = stop
            return state == .cancelled
        }
        if cancelledMeanwhile { stop() }
    }

    /// Stops the connection: the transfer is cancelled and no handler is called afterwards (3.1.1
    /// dropped the handlers of a cancelled connection). Before ``start()``, the connection will not
    /// start. Cancelling a completed connection does nothing.
    open func cancel() {
        let stop = lock.withLock { () -> (@Sendable () -> Void)? in
            guard state == .created || state == .started else { return nil }
            state = .cancelled
            entries = []
            return stopTransfer
        }
        stop?()
    }

    /// What a connection of `added` sends: the one request, or the batch of them (``urlRequest`` and
    /// ``start()`` build the same).
    static func sentRequest(
        _ added: [(request: FBRequest, name: String?)], client: GraphClient
    ) throws(GraphError) -> GraphRequest {
        if added.count == 1 { return withUserAgent(added[0].request.v31GraphRequest()) }
        return try batchRequest(batchOperations(added), client: client)
    }

    /// The one request that sends `operations` as a batch.
    static func batchRequest(_ operations: [GraphBatchOperation], client: GraphClient) throws(GraphError)
        -> GraphRequest
    {
        withUserAgent(try client.batchRequest(operations))
    }

    /// The batch operations of `added`, each named as it was added.
    static func batchOperations(_ added: [(request: FBRequest, name: String?)]) -> [GraphBatchOperation] {
        added.map { GraphBatchOperation($0.request.v31GraphRequest(), name: $0.name) }
    }

    /// `request` with 3.1.1's `User-Agent` (`FBiOSSDK.3.1.0`), as its `FBRequestConnection` sent it.
    static func withUserAgent(_ request: GraphRequest) -> GraphRequest {
        var request = request
        request.headers.replaceOrAdd(name: "User-Agent", value: LegacyConstants.v31UserAgent)
        return request
    }

    /// Sends `added` as one Graph batch (the core's `GraphBatch`: its `batch=[…]` request, sent by the
    /// client, its per-operation results). Graph takes at most 50 requests in a batch and answers more
    /// with an error, which every handler gets, as in 3.1.1.
    private func startBatch(_ added: [Entry], client: GraphClient) -> @Sendable () -> Void {
        let operations = Self.batchOperations(added.map { ($0.request, $0.name) })
        let url = client.configuration.graphBaseURL
        let request: GraphRequest
        do {
            request = try Self.batchRequest(operations, client: client)
        } catch {
            complete(Array(repeating: .failure(error), count: added.count), answer: nil, url: url)
            return {}
        }
        let task = client.execute(request) { [self] result in
            let outcomes: [V31Outcome]
            let answer: (status: Int, headers: [(name: String, value: String)])?
            switch result {
            case .success(let response):
                answer = (response.status, response.headerFields)
                do throws(GraphError) {
                    outcomes = try GraphClient.results(of: response, count: operations.count).map { item in
                        switch item {
                        case .success(let itemResponse): .success(itemResponse.body)
                        case .failure(let itemError): .failure(itemError, itemHeaders: true)
                        case .omitted: V31Outcome()
                        }
                    }
                } catch {
                    outcomes = Array(repeating: .protocolMismatch(error), count: operations.count)
                }
            case .failure(let error):
                answer = error.httpStatus.map { ($0, error.headerFields) }
                outcomes = Array(repeating: .failure(error), count: operations.count)
            }
            complete(outcomes, answer: answer, url: url)
        }
        return { task.cancel() }
    }

    // MARK: - Completion

    /// Delivers one outcome per added request, in order, on the callback queue, unless cancelled.
    private func complete(
        _ outcomes: [V31Outcome], answer: (status: Int, headers: [(name: String, value: String)])?, url: String
    ) {
        let made = answer.flatMap { Self.urlResponse(status: $0.status, headers: $0.headers, url: url) }
        MainQueueWatchdog.shared.deliver(on: callbackQueue) { [self] in
            let delivered = lock.withLock { () -> [Entry]? in
                guard state == .started else { return nil }
                state = .completed
                response = made
                return entries
            }
            guard let delivered else { return }
            if delivered.count == 1, let outcome = outcomes.first, delivered[0].request.delegate != nil {
                Self.deliverToDelegate(of: delivered[0].request, outcome, response: made)
                lock.withLock { entries = [] }
                return
            }
            for (entry, outcome) in zip(delivered, outcomes) {
                if outcome.isTokenError, let error = outcome.error, let session = entry.request.session {
                    session.closeAfterTokenError(error)
                }
                entry.handler?(self, outcome.result, outcome.error)
            }
            lock.withLock { entries = [] }
        }
    }

    /// 3.1.1's `completeDeprecatedWithData:`: a lone request with a v2 delegate reports to it, as v2 did
    /// (`didReceive` and `didLoadRawResponse` for a 2xx answer, then `didLoad` or `didFailWithError`),
    /// with `error`, `sessionDidExpire` and `state` set; its completion handler is not called.
    private static func deliverToDelegate(of request: FBRequest, _ outcome: V31Outcome, response: HTTPURLResponse?) {
        if let body = outcome.body {
            request.delegate?.request(request, didReceive: response)
            request.delegate?.request(request, didLoadRawResponse: body)
        }
        if let error = outcome.error {
            if outcome.isTokenError {
                request.sessionDidExpire = true
                request.session?.closeAfterTokenError(error)
            }
            request.error = error
            request.delegate?.request(request, didFailWithError: error)
        } else {
            request.delegate?.request(request, didLoad: outcome.result)
        }
        request.state = FBRequestState(kFBRequestStateComplete)
    }

    /// The client for a connection: `session`'s (none: no token, the default base URL and transport),
    /// with the connection's timeout. A session pointed at another Graph origin than Facebook's (a
    /// stand-in, a replay) sends its REST calls there too, as `<graphBaseURL>method/<name>`.
    static func client(for session: FBSession?, timeout: TimeInterval) -> GraphClient {
        let sessionClient = (session ?? FBSession()).graphClient()
        var configuration = sessionClient.configuration
        configuration.timeout = .milliseconds(Int64((timeout * 1000).rounded()))
        if configuration.graphBaseURL != GraphConfiguration.defaultGraphBaseURL {
            configuration.restBaseURL = configuration.graphBaseURL
        }
        return GraphClient(configuration: configuration, transport: sessionClient.transport)
    }

    /// The `HTTPURLResponse` of an answer.
    private static func urlResponse(
        status: Int, headers: [(name: String, value: String)], url: String
    ) -> HTTPURLResponse? {
        var fields = HTTPHeaders()
        for header in headers { fields.add(name: header.name, value: header.value) }
        let raw = RawResponse(status: status, headers: fields, body: Data(), effectiveURL: url)
        return LegacyHTTPResponse.make(raw) as? HTTPURLResponse
    }
}
