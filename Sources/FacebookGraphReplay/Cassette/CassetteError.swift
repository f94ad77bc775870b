import Foundation

/// Why a cassette could not be used, or why a run that used it must not pass.
public enum CassetteError: Error, Sendable, CustomStringConvertible {
    /// `FB_RECORD_MODE` holds something other than `none`, `once`, `new_episodes` or `all`.
    case invalidRecordMode(String)
    /// Strict replay of a cassette file that does not exist.
    case missingCassette(path: String)
    /// The file cannot be read or is not a HAR archive; `reason` says where and why
    /// (``HARReadError/detail``), and the description is `PATH: REASON`.
    case unreadable(path: String, reason: String)
    /// The run recorded new entries: a person must review them before they are trusted.
    case recordedNewEntries(path: String, count: Int)
    /// `Cassette.use` returned while requests its body started were still in flight: nothing was
    /// saved. `requests` names each (method and redacted URL).
    case requestsInFlight(path: String, requests: [String])

    /// A one-line account of the value, for logs and test failures.
    public var description: String {
        switch self {
        case .invalidRecordMode(let raw):
            return "FB_RECORD_MODE=\(raw) is not one of none, once, new_episodes, all"
        case .missingCassette(let path):
            return
                "no cassette at \(path); record it with FB_RECORD_MODE=once in a test, or `fbgraph record` (strict replay never goes to the network)"
        case .requestsInFlight(let path, let requests):
            let count = requests.count
            return
                "\(count) request\(count == 1 ? "" : "s") started inside Cassette.use for \(path) did not complete in time, so nothing was saved: \(requests.joined(separator: "; ")). Wait for their callbacks inside the closure (legacy callbacks run on Facebook.defaultCallbackQueue, which a test without a main run loop must set)"
        case .unreadable(let path, let reason):
            return "\(path): \(reason)"
        case .recordedNewEntries(let path, let count):
            return
                "recorded \(count) new entr\(count == 1 ? "y" : "ies") into \(path): review them (run `fbgraph cassette scan \(path)` and read the diff), commit, and run again without FB_RECORD_MODE"
        }
    }
}
