import Foundation

/// How often and for how long device login polls: the one rule (RFC 8628 §3.2 and §3.5), which
/// `fbgraph login` and the legacy `Facebook.authorize(_:)` both get through
/// ``GraphClient/finishDeviceLogin(_:progress:)``.
///
/// The server's numbers are not trusted as they come: an `"interval": 0` would make the client poll
/// in a hot loop, an `expires_in` of a year would keep it polling for a year.
///
/// | server's value | used |
/// |---|---|
/// | `interval` missing, not a number, below 1 s (0, negative) | 5 s, RFC 8628's default |
/// | `interval` from 1 s to 60 s | as given |
/// | `interval` above 60 s | 60 s |
/// | `slow_down` | the interval grows by 5 s for every later poll (§3.5) |
/// | `expires_in` missing, not a number, not positive | 420 s, Facebook's documented lifetime |
/// | `expires_in` above 30 minutes | 30 minutes |
///
/// Polling stops when the next wait would end past the code's expiry, measured on the clock from
/// the first poll (request times included), with a ``GraphErrorCategory/tokenExpired`` error.
package enum DeviceLoginPacing {
    /// RFC 8628's default interval, for a missing or absurd one.
    package static let defaultInterval = Duration.seconds(5)
    /// Below this the server's interval is absurd.
    package static let minimumInterval = Duration.seconds(1)
    /// The longest interval taken from a server (`slow_down` may grow it further).
    package static let maximumInterval = Duration.seconds(60)
    /// What `slow_down` adds.
    package static let slowDownStep = Duration.seconds(5)
    /// The code's lifetime when the server gives none (Facebook's: 420 s).
    package static let defaultExpiry = Duration.seconds(420)
    /// The longest lifetime taken from a server.
    package static let maximumExpiry = Duration.seconds(1800)

    /// The interval to poll at for the server's `interval` (seconds).
    package static func interval(fromServer seconds: Double?) -> Duration {
        guard let seconds, seconds.isFinite, seconds >= 1 else { return defaultInterval }
        return min(duration(seconds: seconds), maximumInterval)
    }

    /// How long to poll for the server's `expires_in` (seconds).
    package static func expiry(fromServer seconds: Double?) -> Duration {
        guard let seconds, seconds.isFinite, seconds > 0 else { return defaultExpiry }
        return min(duration(seconds: seconds), maximumExpiry)
    }

    /// `seconds` as a duration, to the millisecond, for finite values of at most a year.
    package static func duration(seconds: Double) -> Duration {
        guard seconds.isFinite else { return .zero }
        return .milliseconds(Int64(min(max(seconds, 0), 86_400 * 365) * 1000))
    }
}

/// The time device login polls in: the real clock, whose waits a test may shorten, or a virtual
/// one that only counts the waits asked for.
package struct DeviceLoginClock: Sendable {
    /// The time since an arbitrary origin, in the flow's seconds.
    package let now: @Sendable () -> Duration
    /// Waits `duration` of the flow's seconds; throws a cancellation when the task is cancelled.
    package let sleep: @Sendable (Duration) async throws(GraphError) -> Void

    package init(
        now: @escaping @Sendable () -> Duration,
        sleep: @escaping @Sendable (Duration) async throws(GraphError) -> Void
    ) {
        self.now = now
        self.sleep = sleep
    }

    /// Real time in which each of the flow's seconds lasts `scale` seconds (1 for users; tests pass
    /// less, so that a 5 s interval takes 50 ms and the server still sees the polls spaced).
    package static func real(scale: Double = 1) -> DeviceLoginClock {
        let scale = scale.isFinite && scale > 0 ? min(scale, 1) : 1
        let start = ContinuousClock.now
        return DeviceLoginClock(
            now: { start.duration(to: .now) / scale },
            sleep: { duration throws(GraphError) in
                do {
                    try await Task.sleep(for: duration * scale)
                } catch {
                    throw GraphError(
                        transport: TransportError(.cancelled, message: "device login cancelled", url: ""))
                }
            }
        )
    }

    /// A clock that moves only by the waits asked for, each reported to `sleep` (which does not wait).
    package static func virtual(
        _ sleep: @escaping @Sendable (Duration) async throws(GraphError) -> Void
    ) -> DeviceLoginClock {
        let elapsed = LockedValue(Duration.zero)
        return DeviceLoginClock(
            now: { elapsed.withLock { $0 } },
            sleep: { duration throws(GraphError) in
                try await sleep(duration)
                elapsed.withLock { $0 += duration }
            }
        )
    }
}
