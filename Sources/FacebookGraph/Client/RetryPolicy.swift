/// When a failed request is sent again, and how long the client waits first.
///
/// Only idempotent requests are retried (GET, and what the caller marks with
/// ``GraphRequest/isIdempotent``; never a POST unless asked), and only when the failure may pass:
/// ``GraphErrorCategory/transient``, ``GraphErrorCategory/throttled``, or an HTTP 5xx. The wait is
/// exponential backoff with full jitter — a random time between zero and
/// `min(maxDelay, baseDelay × 2^(attempt−1))` — but never shorter than what the server asked for
/// (`Retry-After`, the usage headers' `estimated_time_to_regain_access`). A wait that would pass
/// ``maxDelay`` or the ``maxTotalTime`` budget ends the retries: the error is returned with
/// ``GraphError/retryAfter`` set, and ``GraphError/attempts`` counts what was sent.
///
/// A request that is not idempotent is never sent again, whatever came back — not after a 503 with
/// `Retry-After` either: an answer means the server had the request, and no Graph status promises it
/// was not acted on (the error's ``GraphError/retryAfter`` is there for a caller that knows better).
/// No request is retried after a failure without an answer (``GraphErrorCategory/transport``); the
/// engine underneath resends only an idempotent request whose reused connection died before any
/// answer (see ``GraphRequest/isIdempotent``).
public struct RetryPolicy: Sendable, Hashable {
    /// How many times a request is sent at most, the first included (1 disables retries).
    public var maxAttempts: Int
    /// The first backoff ceiling.
    public var baseDelay: Duration
    /// The longest single wait.
    public var maxDelay: Duration
    /// The longest time from the first attempt to the start of the last.
    public var maxTotalTime: Duration

    /// A policy with the given bounds.
    public init(
        maxAttempts: Int = 3,
        baseDelay: Duration = .milliseconds(500),
        maxDelay: Duration = .seconds(30),
        maxTotalTime: Duration = .seconds(60)
    ) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = max(.zero, baseDelay)
        self.maxDelay = max(.zero, maxDelay)
        self.maxTotalTime = max(.zero, maxTotalTime)
    }

    /// Three attempts, backoff from 0.5 s, at most 30 s a wait and 60 s in all.
    public static let `default` = RetryPolicy()
    /// Send once; never retry.
    public static let never = RetryPolicy(maxAttempts: 1)

    /// Whether `error`, the outcome of attempt `attempt` of `request`, may be retried at all.
    func allowsRetry(of request: GraphRequest, after error: GraphError, attempt: Int) -> Bool {
        guard attempt < maxAttempts, request.isIdempotent, !error.isCancellation else { return false }
        if error.category == .transient || error.category == .throttled { return true }
        if let status = error.httpStatus, (500...599).contains(status) { return true }
        return false
    }

    /// The wait before attempt `attempt + 1`, or nil when it would break a bound.
    ///
    /// - Parameters:
    ///   - attempt: The attempt that just failed (1 for the first).
    ///   - serverHint: What the server asked for, if anything.
    ///   - elapsed: Time since the first attempt started.
    ///   - random: A number in `0...1` (injected so tests are repeatable).
    func delay(afterAttempt attempt: Int, serverHint: Duration?, elapsed: Duration, random: Double) -> Duration? {
        let exponent = min(attempt - 1, 30)
        let ceiling = min(maxDelay, baseDelay * Double(1 << exponent))
        var wait = ceiling * min(max(random, 0), 1)
        if let serverHint {
            guard serverHint <= maxDelay else { return nil }
            wait = max(wait, serverHint)
        }
        guard elapsed + wait <= maxTotalTime else { return nil }
        return wait
    }
}
