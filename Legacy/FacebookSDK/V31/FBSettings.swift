import FacebookGraph
import Foundation

/// Logs the requests the SDK makes (`fb_requests`).
public let FBLoggingBehaviorFBRequests = "fb_requests"
/// Logs the connections (`fburl_connections`).
public let FBLoggingBehaviorFBURLConnections = "fburl_connections"
/// Lets the logs hold access tokens (`include_access_tokens`); without it they are redacted.
public let FBLoggingBehaviorAccessTokens = "include_access_tokens"
/// Logs each session state transition (`state_transitions`).
public let FBLoggingBehaviorSessionStateTransitions = "state_transitions"
/// Logs timings (`perf_characteristics`).
public let FBLoggingBehaviorPerformanceCharacteristics = "perf_characteristics"

/// v3.1's `FBSettings`: the SDK's process-wide logging behaviour, and the install-publishing switch.
///
/// ```swift
/// FBSettings.setLoggingBehavior([FBLoggingBehaviorSessionStateTransitions])
/// ```
open class FBSettings: NSObject, @unchecked Sendable {
    private static let settings = LockedValue((behavior: Set<AnyHashable>(), autoPublish: true))

    /// `+loggingBehavior`: the ``FBLogger`` behaviours that log (none unless set).
    open class func loggingBehavior() -> Set<AnyHashable>! {
        settings.withLock { $0.behavior }
    }

    /// `+setLoggingBehavior:`: which behaviours log (`FBLoggingBehavior…` strings); nil: none.
    open class func setLoggingBehavior(_ loggingBehavior: Set<AnyHashable>!) {
        settings.withLock { $0.behavior = loggingBehavior ?? [] }
    }

    /// True when `behavior` is one that logs.
    static func isLogging(_ behavior: String) -> Bool {
        settings.withLock { $0.behavior.contains(AnyHashable(behavior)) }
    }

    /// `+shouldAutoPublishInstall` (true unless changed).
    open class func shouldAutoPublishInstall() -> Bool {
        settings.withLock { $0.autoPublish }
    }

    /// `+setShouldAutoPublishInstall:`.
    open class func setShouldAutoPublishInstall(_ autoPublishInstall: Bool) {
        settings.withLock { $0.autoPublish = autoPublishInstall }
    }

    /// `+publishInstall:`: v3.1 sent the Facebook app's install-attribution id (read from iOS's
    /// pasteboard) to `<appID>/activities`. Linux has no attribution id, so there is nothing to send:
    /// this does nothing (logged under ``FBLoggingBehaviorFBRequests``), as 3.1.1 did without one.
    open class func publishInstall(_ appID: String!) {
        FBLogger.singleShotLogEntry(
            FBLoggingBehaviorFBRequests, logEntry: "publishInstall: no install attribution id on this platform")
    }
}
