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

    /// A one-line account of the value, for logs and test failures.
    public var description: String {
        switch self {
        case .invalidRecordMode(let raw):
            return "FB_RECORD_MODE=\(raw) is not one of none, once, new_episodes, all"
        case .missingCassette(let path):
            return
                "no cassette at \(path); record it with FB_RECORD_MODE=once (strict replay never goes to the network)"
        case .unreadable(let path, let reason):
            return "\(path): \(reason)"
        case .recordedNewEntries(let path, let count):
            return
                "recorded \(count) new entr\(count == 1 ? "y" : "ies") into \(path): review them (run `fbgraph cassette scan \(path)` and read the diff), commit, and run again without FB_RECORD_MODE"
        }
    }
}
