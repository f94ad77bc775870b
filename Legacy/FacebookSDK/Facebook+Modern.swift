import FacebookGraph

/// The migration path's next steps after the seed's blocks, each reached by editing one call:
///
/// ```swift
/// // 2. The seed's block
/// facebook.request(withGraphPath: "me", params: params, method: "GET") { request, result, error in … }
/// // 3. A Result closure: the closure's parameter list changes, nothing else
/// facebook.request(withGraphPath: "me", params: params, method: "GET") { result in
///     switch result {
///     case .success(let response): … response.jsonObject() …
///     case .failure(let error): … error.category …
///     }
/// }
/// // 4. async/await, then typed
/// let response = try await facebook.request(withGraphPath: "me", params: params, method: "GET")
/// let me = try await facebook.request(withGraphPath: "me", params: params, method: "GET", as: GraphUser.self)
/// ```
///
/// Each goes through the same `Facebook` funnel as the delegate and the block — the session's token,
/// its extension, the request table, the transport, the REST base URL — and each differs from the
/// block in three ways:
///
/// - **Errors** are the core's `GraphError` (a `category`, `code`, `subcode`, the raw body), decided by
///   the core's parser, not `facebookErrDomain` `NSError`s. A REST error 190 still invalidates the
///   session, after the completion (and Graph 190/2500 with ``invalidatesSessionOnGraphTokenErrors``).
/// - **Success** is a `GraphResponse` (status, headers, body; `jsonObject()` gives the same value the
///   block's `result` held, `decode(_:)` a typed one). No retry is added: the legacy funnel sends once.
/// - **Cancelling** (the returned request's `connection.cancel()`, or the awaiting `Task`) completes with
///   a `GraphError` whose `isCancellation` is true; a cancelled delegate or block request reports nothing.
///
/// Completions run on ``callbackQueue`` (the main queue unless set), like the block; the `async` forms
/// resume the awaiting task from there, so a server that never runs the main queue sets
/// ``callbackQueue`` first. The `Result` forms return the ``FBRequest`` they started
/// (`request?.connection?.cancel()` completes them with a cancellation).
///
/// Threads: the `async` forms start their request on the thread the awaiting task runs on (one of the
/// concurrency pool's), not on ``callbackQueue``, and the code after `await` continues on the task's
/// executor. One task calling one after another is safe; tasks using one object at the same time as
/// each other, or as code on its callback queue, can race with the token being extended or
/// invalidated there.
extension Facebook {
    /// `request(withGraphPath:params:method:)` with a `Result` closure: the seed's block call with only
    /// the closure changed.
    @discardableResult
    public func request(
        withGraphPath graphPath: String!,
        params: NSMutableDictionary!,
        method: String!,
        completion: @escaping (Result<GraphResponse, GraphError>) -> Void
    ) -> FBRequest! {
        openGraphPath(graphPath, params: params, httpMethod: method, delegate: nil) { $0.resultCompletion = completion }
    }

    /// `request(withMethodName:andParams:andHttpMethod:)` with a `Result` closure: a REST call.
    @discardableResult
    public func request(
        withMethodName methodName: String!,
        andParams params: NSMutableDictionary!,
        andHttpMethod httpMethod: String!,
        completion: @escaping (Result<GraphResponse, GraphError>) -> Void
    ) -> FBRequest! {
        openRESTMethod(methodName ?? "", params: params, httpMethod: httpMethod, delegate: nil) { request in
            request.resultCompletion = completion
        }
    }

    /// The Graph call, awaited.
    ///
    /// - Throws: `GraphError`; cancelling the task cancels the request.
    public func request(
        withGraphPath graphPath: String!,
        params: NSMutableDictionary!,
        method: String!
    ) async throws(GraphError) -> GraphResponse {
        try await awaitResult { completion in
            request(withGraphPath: graphPath, params: params, method: method, completion: completion)
        }
    }

    /// The Graph call, awaited and decoded as `type` (`GraphUser`, or any `Decodable`).
    ///
    /// - Throws: `GraphError`, of category `decoding` when the body is not a `type`.
    public func request<T: Decodable>(
        withGraphPath graphPath: String!,
        params: NSMutableDictionary!,
        method: String!,
        as type: T.Type
    ) async throws(GraphError) -> T {
        try await request(withGraphPath: graphPath, params: params, method: method).decode(type)
    }

    /// The REST call, awaited.
    ///
    /// - Throws: `GraphError`; cancelling the task cancels the request.
    public func request(
        withMethodName methodName: String!,
        andParams params: NSMutableDictionary!,
        andHttpMethod httpMethod: String!
    ) async throws(GraphError) -> GraphResponse {
        try await awaitResult { completion in
            request(withMethodName: methodName, andParams: params, andHttpMethod: httpMethod, completion: completion)
        }
    }

    /// Starts a request with `start` and suspends until its completion; task cancellation cancels it.
    private func awaitResult(
        _ start: (@escaping (Result<GraphResponse, GraphError>) -> Void) -> FBRequest?
    ) async throws(GraphError) -> GraphResponse {
        try await withCancellableResult { finish in LegacyCancelTarget(start(finish)) }
    }
}

/// The request an `async` overload started, so that task cancellation can reach it from any thread:
/// the cancel runs on the request's callback queue (read when it started), where its state lives.
private struct LegacyCancelTarget: SelfCancelling, @unchecked Sendable {
    let request: FBRequest?
    let queue: DispatchQueue?

    init(_ request: FBRequest?) {
        self.request = request
        queue = request?.callbackQueue
    }

    func cancel() {
        guard let request, let queue else { return }
        queue.async { request.connection?.cancel() }
    }
}
