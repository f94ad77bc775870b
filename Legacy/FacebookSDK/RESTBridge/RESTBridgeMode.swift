import FacebookGraph
import Foundation

/// When a `Facebook` object's REST calls go through the REST-to-Graph bridge
/// (``Facebook/restBridge``).
public enum RESTBridgeMode: Sendable, Hashable {
    /// Bridge while the REST base URL names the original REST host (`api.facebook.com`,
    /// `api-read.facebook.com`, `api-video.facebook.com`), which is gone; send the call as it is to any
    /// other host (a replay of recorded REST answers, a test server). The default.
    case automatic
    /// Always bridge: REST calls become Graph calls to ``Facebook/graphBaseURL``.
    case on
    /// Never bridge: REST calls go to ``Facebook/restBaseURL`` as v2 sent them.
    case off

    /// The hosts of the REST API that no longer answers.
    static let originalRESTHosts: Set<String> = {
        let host = URLParts(GraphConfiguration.defaultRESTBaseURL).host
        return [host, "api-read.facebook.com", "api-video.facebook.com"]
    }()

    /// Whether a REST call to `restBaseURL` is bridged under this mode.
    package func bridges(restBaseURL: String) -> Bool {
        switch self {
        case .on: return true
        case .off: return false
        case .automatic:
            // The one URL splitter's host: lower-cased, as every request's host is compared.
            return Self.originalRESTHosts.contains(URLParts(restBaseURL).host)
        }
    }
}
