import Foundation

/// Why a cassette could not be used, or why a run that used it must not pass.
///
/// A struct over a ``Code`` (as `TransportError` is), so new kinds can be added without breaking a
/// caller's `switch`; the fields a kind does not use are nil or empty.
public struct CassetteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure. New kinds may be added; compare with `==`, or switch with a `default`.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Base: String, Sendable, Hashable {
            case invalidRecordMode, missingCassette, unreadable, recordedNewEntries, requestsInFlight
        }

        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// `FB_RECORD_MODE` holds something other than `none`, `once`, `new_episodes` or `all`
        /// (``CassetteError/recordMode`` holds it).
        public static let invalidRecordMode = Code(.invalidRecordMode)
        /// Strict replay of a cassette file that does not exist.
        public static let missingCassette = Code(.missingCassette)
        /// The file cannot be read or is not a HAR archive; ``CassetteError/reason`` says where and
        /// why (``HARReadError/detail``), and the description is `PATH: REASON`.
        public static let unreadable = Code(.unreadable)
        /// The run recorded new entries (``CassetteError/count``): a person must review them before
        /// they are trusted.
        public static let recordedNewEntries = Code(.recordedNewEntries)
        /// `Cassette.use` returned while requests its body started were still in flight: nothing was
        /// saved. ``CassetteError/requests`` names each (method and redacted URL).
        public static let requestsInFlight = Code(.requestsInFlight)

        /// The code's name, e.g. `missingCassette`.
        public var description: String { base.rawValue }
    }

    /// What went wrong.
    public var code: Code
    /// The cassette file; nil for ``Code/invalidRecordMode``.
    public var path: String?
    /// The `FB_RECORD_MODE` value that was refused (``Code/invalidRecordMode``).
    public var recordMode: String?
    /// Where and why the file could not be read (``Code/unreadable``).
    public var reason: String?
    /// How many entries were recorded (``Code/recordedNewEntries``); 0 otherwise.
    public var count: Int
    /// The requests still in flight, each as its method and redacted URL (``Code/requestsInFlight``).
    public var requests: [String]

    private init(
        _ code: Code, path: String?, recordMode: String? = nil, reason: String? = nil, count: Int = 0,
        requests: [String] = []
    ) {
        self.code = code
        self.path = path
        self.recordMode = recordMode
        self.reason = reason
        self.count = count
        self.requests = requests
    }

    /// `FB_RECORD_MODE=raw` is not a record mode.
    static func invalidRecordMode(_ raw: String) -> CassetteError {
        CassetteError(.invalidRecordMode, path: nil, recordMode: raw)
    }

    /// Strict replay of `path`, which does not exist.
    static func missingCassette(path: String) -> CassetteError {
        CassetteError(.missingCassette, path: path)
    }

    /// `path` cannot be read or is not HAR, for `reason`.
    static func unreadable(path: String, reason: String) -> CassetteError {
        CassetteError(.unreadable, path: path, reason: reason)
    }

    /// `count` new entries were recorded into `path`.
    static func recordedNewEntries(path: String, count: Int) -> CassetteError {
        CassetteError(.recordedNewEntries, path: path, count: count)
    }

    /// `requests` were still in flight when `Cassette.use` for `path` returned.
    static func requestsInFlight(path: String, requests: [String]) -> CassetteError {
        CassetteError(.requestsInFlight, path: path, requests: requests)
    }

    /// A one-line account of the value, for logs and test failures.
    public var description: String {
        let path = path ?? ""
        switch code {
        case .invalidRecordMode:
            return "FB_RECORD_MODE=\(recordMode ?? "") is not one of none, once, new_episodes, all"
        case .missingCassette:
            return
                "no cassette at \(path); record it with FB_RECORD_MODE=once in a test, or `fbgraph record` (strict replay never goes to the network)"
        case .requestsInFlight:
            let count = requests.count
            return
                "\(count) request\(count == 1 ? "" : "s") started inside Cassette.use for \(path) did not complete in time, so nothing was saved: \(requests.joined(separator: "; ")). Wait for their callbacks inside the closure (legacy callbacks run on Facebook.defaultCallbackQueue, which a test without a main run loop must set)"
        case .unreadable:
            return "\(path): \(reason ?? "")"
        default:
            return
                "recorded \(count) new entr\(count == 1 ? "y" : "ies") into \(path): review them (run `fbgraph cassette scan \(path)` and read the diff), commit, and run again without FB_RECORD_MODE"
        }
    }
}
