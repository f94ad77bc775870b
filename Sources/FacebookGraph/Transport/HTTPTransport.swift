// The transport seam.
//
// ## Protocol overview
//
// Every HTTP exchange of the package — a legacy `FBRequest`, a modern Graph call, a replayed
// cassette entry, the CLI — crosses this one seam. Above it, callers build requests and decode
// results; below it, an implementation moves bytes. Three implementations exist or are planned:
// the libcurl engine (``CurlEngine``), an in-process replay of recorded exchanges, and a recording
// decorator that wraps another transport.
//
// The life of one request:
//
// 1. **Build.** A caller assembles method, URL, headers and body (the legacy layer does this from
//    an `NSMutableDictionary`, the Graph client from typed parameters).
// 2. **Prepare.** ``PreparedRequest/init(method:url:headers:body:options:containsSecrets:idempotent:)``
//    validates and freezes the request: the URL must parse with an `http` or `https` scheme and a
//    host, and a request that carries a secret (an access token, an `appsecret_proof`, a client
//    secret, an `Authorization` header) is refused unless it goes over `https` or to a loopback
//    host. Nothing has touched the network yet: a refused request opens no connection.
// 3. **Send.** ``HTTPTransport/execute(_:completion:)`` hands the prepared request to the
//    transport and returns a ``TransferHandle`` at once; it never blocks the caller's thread. The
//    libcurl engine queues the request for its own thread, which adds an easy handle to its one
//    multi handle and wakes up `curl_multi_poll`.
// 4. **Transfer.** The engine's thread drives every transfer: connection reuse, TLS, HTTP/2
//    multiplexing, decompression, timeouts and the response-size cap all happen here. Redirects are
//    followed by the engine itself, so that a request that carries a secret is never sent to
//    another origin. A request that is not idempotent (``PreparedRequest/isIdempotent``) is sent at
//    most once, on a connection of its own, so that libcurl never resends it.
// 5. **Complete.** Exactly one of these happens, exactly once: the completion receives a
//    ``RawResponse`` (status, headers, body, effective URL, timings — any HTTP status, 2xx or not),
//    or a ``TransportError`` (connection refused, timeout, TLS failure, cancelled, too large…).
//    A ``TransferHandle/cancel()`` that arrives before completion turns into `.cancelled`; one that
//    arrives after is ignored.
// 6. **Check and decode.** Above the seam: the legacy layer applies the v2 parse rules and turns
//    failures into `NSError`; the Graph client decodes JSON and classifies Graph errors.
//
// ## Threads
//
// The completion runs on the transport's own thread (for the engine: its one network thread).
// It must be short and must not block: adapters hop to the caller's queue, resume a continuation,
// or store the result. Doing slow work in a completion stalls every other transfer.

import Foundation

/// Sends prepared requests and reports raw responses: the one seam below every API style.
///
/// Implementations call `completion` exactly once per `execute` call, on a thread of their own
/// choosing, possibly before `execute` has returned (an in-process replay may answer at once, and the
/// engine's thread may finish a fast failure first). Callers that need "never before the call
/// returns" — the legacy delegate API does — hop to a queue of their own.
package protocol HTTPTransport: Sendable {
    /// Starts sending `request` and returns at once.
    ///
    /// - Parameters:
    ///   - request: A validated request.
    ///   - completion: Called exactly once, on the transport's thread, with the response or the error.
    /// - Returns: A handle whose ``TransferHandle/cancel()`` stops the transfer.
    @discardableResult
    func execute(
        _ request: PreparedRequest,
        completion: @escaping @Sendable (Result<RawResponse, TransportError>) -> Void
    ) -> TransferHandle
}

/// A way to stop one transfer that may still be in flight.
package protocol TransferCancelling: AnyObject, Sendable {
    /// Stops the transfer; its completion reports `.cancelled` unless it had already completed.
    func cancel()
}

/// The handle ``HTTPTransport/execute(_:completion:)`` returns.
package struct TransferHandle: Sendable {
    private let target: (any TransferCancelling)?

    package init(_ target: (any TransferCancelling)?) {
        self.target = target
    }

    /// Stops the transfer. Safe to call from any thread, any number of times, before or after
    /// completion; only a cancel that arrives before completion has an effect.
    package func cancel() {
        target?.cancel()
    }
}

extension HTTPTransport {
    /// Sends `request` and suspends until it completes; cancelling the task cancels the transfer
    /// (also a cancel that comes before the transfer has started: ``PendingCancel``).
    package func send(_ request: PreparedRequest) async throws(TransportError) -> RawResponse {
        try await withCancellableResult { finish in execute(request, completion: finish) }
    }
}

extension HTTPTransport {
    /// Sends `request` and blocks the calling thread until it completes or `timeout` passes (then the
    /// transfer is cancelled and the result is ``TransportError/Code/timedOut``), through the one
    /// bounded wait (``BlockingWait``), for synchronous callers (the CLI's commands, tests). Never
    /// call it on the transport's own thread, from a completion.
    package func sendAndWait(
        _ request: PreparedRequest,
        timeout: Duration = .seconds(600)
    ) -> Result<RawResponse, TransportError> {
        switch BlockingWait.run(timeout: timeout, start: { execute(request, completion: $0) }, cancel: { $0.cancel() })
        {
        case .completed(let result):
            return result
        case .timedOut:
            return .failure(TransportError(.timedOut, message: "no answer within \(timeout)", url: request.url))
        }
    }
}
