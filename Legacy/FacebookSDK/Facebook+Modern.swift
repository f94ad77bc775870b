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
/// Threads: the `async` forms keep the object's rule — its state is touched only on ``callbackQueue``
/// — from any caller. They are `nonisolated(nonsending)`: they run on the caller's actor (a
/// `@MainActor` view controller stays on the main actor, its arguments never cross to another), hop
/// onto ``callbackQueue`` to start the request there (the funnel: the caller's parameters, the
/// session's token and its extension, the request table), suspend, and resume the caller on its own
/// actor when the completion arrives. So any number of tasks, on any executors, may await one object
/// at once; a `@MainActor` caller whose object delivers on the main queue runs on the main thread
/// throughout. Reading ``callbackQueue`` itself is the one access made on the caller's side: set it
/// before the first call, as every other setting.
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
    nonisolated(nonsending) public func request(
        withGraphPath graphPath: String!,
        params: NSMutableDictionary!,
        method: String!
    ) async throws(GraphError) -> GraphResponse {
        try await awaitResult { [self] completion in
            request(withGraphPath: graphPath, params: params, method: method, completion: completion)
        }
    }

    /// The Graph call, awaited and decoded as `type` (`GraphUser`, or any `Decodable`).
    ///
    /// - Throws: `GraphError`, of category `decoding` when the body is not a `type`.
    nonisolated(nonsending) public func request<T: Decodable>(
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
    nonisolated(nonsending) public func request(
        withMethodName methodName: String!,
        andParams params: NSMutableDictionary!,
        andHttpMethod httpMethod: String!
    ) async throws(GraphError) -> GraphResponse {
        try await awaitResult { [self] completion in
            request(withMethodName: methodName, andParams: params, andHttpMethod: httpMethod, completion: completion)
        }
    }

    /// Starts a request with `start` on ``callbackQueue`` and suspends until its completion; task
    /// cancellation cancels it there (``PendingCancel``: a cancel that comes before the start on the
    /// queue is applied the moment the request exists).
    private nonisolated(nonsending) func awaitResult(
        _ start: @escaping (@escaping @Sendable (Result<GraphResponse, GraphError>) -> Void) -> FBRequest?
    ) async throws(GraphError) -> GraphResponse {
        let queue = callbackQueue
        let start = CallbackQueueStart(start)
        let result: Result<GraphResponse, GraphError> = await withCancellableContinuation { finish in
            let started = PendingCancel<FBRequest?> { $0?.connection?.cancel() }
            queue.async { started.store(start.run(finish)) }
            return started
        } cancel: { (started: PendingCancel<FBRequest?>) in
            queue.async { started.cancel() }
        }
        return try result.get()
    }
}

/// An `async` overload's start, carried to the object's callback queue: it captures the caller's
/// parameter dictionary, which is not `Sendable`. The caller is suspended until the request completes
/// and v2's funnel fills that dictionary on the object's queue, so the crossing is the threading rule
/// itself; it is marked here rather than the overloads' arguments required to be `Sendable`.
private struct CallbackQueueStart: @unchecked Sendable {
    let run: (@escaping @Sendable (Result<GraphResponse, GraphError>) -> Void) -> FBRequest?

    init(_ run: @escaping (@escaping @Sendable (Result<GraphResponse, GraphError>) -> Void) -> FBRequest?) {
        self.run = run
    }
}
