import Dispatch
import Foundation

/// The modern client: every Graph and REST call of the package goes through ``execute(_:completion:)``
/// — prepare, send over the transport, check, retry — and every other style is a thin adapter on it:
/// `async`/`await` (``send(_:)``), typed results (``get(_:parameters:as:)``), the legacy delegate and
/// block APIs.
///
/// ## The life of a call
///
/// 1. **Prepare** (`GraphRequest+Prepare.swift`): base URL, version, token, `appsecret_proof`,
///    encoding; a credential bound for plain http off the machine is refused here.
/// 2. **Send** through the ``GraphTransport`` (the libcurl engine by default, or a replay).
/// 3. **Check**: `GraphError.parse` decides success or failure and the ``GraphErrorCategory``.
/// 4. **Retry** when the ``RetryPolicy`` allows (idempotent request, transient or throttled or 5xx),
///    after a jittered backoff that honours the server's hints.
/// 5. **Complete** exactly once, with a ``GraphResponse`` or a ``GraphError``.
///
/// Completions run on the transport's thread (the engine's) — keep them short, or use the `async`
/// form. Cancelling a ``GraphTask`` (or the `Task` awaiting ``send(_:)``) cancels the transfer or
/// the wait before a retry, and completes with a ``GraphErrorCategory/transport`` error whose
/// ``GraphError/isCancellation`` is true.
public final class GraphClient: Sendable {
    /// Base URLs, version, credentials, timeouts and retry policy.
    public let configuration: GraphConfiguration
    /// What carries the HTTP.
    public let transport: GraphTransport
    /// A number in `0...1` for the backoff's jitter (tests inject a fixed one).
    let random: @Sendable () -> Double

    /// A client with `configuration` over `transport` (the shared libcurl engine by default).
    public convenience init(
        configuration: GraphConfiguration = GraphConfiguration(), transport: GraphTransport = .libcurl
    ) {
        self.init(configuration: configuration, transport: transport, random: { Double.random(in: 0...1) })
    }

    /// A client whose backoff jitter comes from `random`.
    package init(
        configuration: GraphConfiguration,
        transport: GraphTransport,
        random: @escaping @Sendable () -> Double
    ) {
        self.configuration = configuration
        self.transport = transport
        self.random = random
    }

    /// Sends `request` and calls `completion` exactly once with the response or the error.
    ///
    /// - Returns: A task whose ``GraphTask/cancel()`` stops the call.
    @discardableResult
    public func execute(
        _ request: GraphRequest,
        completion: @escaping @Sendable (Result<GraphResponse, GraphError>) -> Void
    ) -> GraphTask {
        execute(request, options: nil, rawResponse: nil, completion: completion)
    }

    /// The one execute path, with what the legacy layer's adapters need besides: `options` for the
    /// transfer instead of the configuration's timeouts (the legacy 180 seconds, a test's faults),
    /// and `rawResponse`, called on the transport's thread with each HTTP response as it arrives,
    /// before the check step decides the outcome (the legacy `didReceive` and `didLoadRawResponse`
    /// need the response's URL, HTTP version and bytes, which the outcome does not keep).
    @discardableResult
    package func execute(
        _ request: GraphRequest,
        options: TransferOptions?,
        rawResponse: (@Sendable (RawResponse) -> Void)?,
        completion: @escaping @Sendable (Result<GraphResponse, GraphError>) -> Void
    ) -> GraphTask {
        let task = GraphTask(completion: completion)
        start(request, options: options, rawResponse: rawResponse, task: task)
        return task
    }

    /// Prepares `request` and sends its first attempt for `task`, whose completion is set.
    private func start(
        _ request: GraphRequest,
        options: TransferOptions?,
        rawResponse: (@Sendable (RawResponse) -> Void)?,
        task: GraphTask
    ) {
        let prepared: PreparedRequest
        do {
            prepared = try request.prepare(configuration: configuration, options: options)
        } catch {
            // Never call back inside the caller's own call.
            DispatchQueue.global().async { task.finish(.failure(error)) }
            return
        }
        attempt(1, of: request, prepared: prepared, started: .now, task: task, rawResponse: rawResponse)
    }

    /// The check step: what an HTTP response means — a ``GraphResponse``, or the ``GraphError`` the
    /// body or status reports (`GraphError.parse`) — for the attempt numbered `attempt`.
    package static func check(_ raw: RawResponse, attempt: Int = 1) -> Result<GraphResponse, GraphError> {
        guard var error = GraphError.parse(status: raw.status, headers: raw.headers, body: raw.body) else {
            return .success(GraphResponse(status: raw.status, headers: raw.headers, body: raw.body, attempts: attempt))
        }
        error.attempts = attempt
        return .failure(error)
    }

    private func attempt(
        _ number: Int,
        of request: GraphRequest,
        prepared: PreparedRequest,
        started: ContinuousClock.Instant,
        task: GraphTask,
        rawResponse: (@Sendable (RawResponse) -> Void)?
    ) {
        let events = configuration.eventHandler
        let sent = events == nil ? nil : ContinuousClock.now
        events?(GraphEvent(.sent, prepared, attempt: number))
        let handle = transport.base.execute(prepared) { [self] result in
            let took = sent.map { $0.duration(to: .now) } ?? .zero
            events?(GraphEvent.outcome(result, of: prepared, attempt: number, duration: took))
            switch result {
            case .failure(let transportError):
                var error = GraphError(transport: transportError)
                error.attempts = number
                task.finish(.failure(error))
            case .success(let raw):
                rawResponse?(raw)
                let error: GraphError
                switch Self.check(raw, attempt: number) {
                case .success(let response):
                    task.finish(.success(response))
                    return
                case .failure(let failure):
                    error = failure
                }
                let policy = configuration.retryPolicy
                guard policy.allowsRetry(of: request, after: error, attempt: number),
                    let wait = policy.delay(
                        afterAttempt: number,
                        serverHint: error.retryAfter,
                        elapsed: started.duration(to: .now),
                        random: random()
                    )
                else {
                    events?(GraphEvent(.failed(error), prepared, attempt: number, duration: took))
                    task.finish(.failure(error))
                    return
                }
                events?(GraphEvent(.retrying(after: wait, error: error), prepared, attempt: number, duration: took))
                task.scheduleRetry(after: wait, lastError: error) { [self] in
                    attempt(
                        number + 1, of: request, prepared: prepared, started: started, task: task,
                        rawResponse: rawResponse)
                }
            }
        }
        task.store(handle)
    }
}

extension GraphClient {
    /// Sends `request` and returns the response; cancelling the task cancels the call.
    ///
    /// - Throws: ``GraphError``.
    public func send(_ request: GraphRequest) async throws(GraphError) -> GraphResponse {
        // The task exists before the call starts and keeps a cancel that comes first (the `Task`
        // already cancelled) itself: no `PendingCancel` box and lock besides the task's own.
        let task = GraphTask()
        return try await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                task.attach { continuation.resume(returning: $0) }
                start(request, options: nil, rawResponse: nil, task: task)
            }
        } onCancel: {
            task.cancel()
        }.get()
    }

    /// GETs the Graph `path` and returns the response.
    public func get(_ path: String, parameters: [String: String] = [:]) async throws(GraphError) -> GraphResponse {
        try await send(GraphRequest(path: path, parameters: parameters))
    }

    /// GETs the Graph `path` and decodes the body as `type`.
    public func get<T: Decodable>(
        _ path: String,
        parameters: [String: String] = [:],
        as type: T.Type
    ) async throws(GraphError) -> T {
        try await send(GraphRequest(path: path, parameters: parameters)).decode(type)
    }

    /// POSTs `parameters` (and `attachments`, as multipart) to the Graph `path`.
    public func post(
        _ path: String,
        parameters: [String: String] = [:],
        attachments: [GraphAttachment] = []
    ) async throws(GraphError) -> GraphResponse {
        try await send(GraphRequest(path: path, method: .post, parameters: parameters, attachments: attachments))
    }

    /// DELETEs the Graph `path`.
    public func delete(_ path: String, parameters: [String: String] = [:]) async throws(GraphError) -> GraphResponse {
        try await send(GraphRequest(path: path, method: .delete, parameters: parameters))
    }
}
