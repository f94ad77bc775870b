import Foundation

/// When a cassette records real exchanges instead of replaying (VCR's modes).
///
/// The raw values are VCR's names, as `FB_RECORD_MODE` takes them. The strict mode is spelled
/// `.never` in Swift (raw value `none`): a case named `none` would collide with `Optional.none`, and
/// `mode: .none` would silently mean "no mode given".
public enum RecordMode: String, Sendable, CaseIterable {
    /// Strict replay, never record (`none`): every request must match a recorded entry; nothing
    /// reaches the network. The default.
    case never = "none"
    /// Records when the cassette file does not exist yet; replays strictly when it does.
    case once
    /// Replays what matches and records what does not.
    case newEpisodes = "new_episodes"
    /// Records every request again, replacing the cassette's entries.
    case all

    /// The mode named by `FB_RECORD_MODE` (`none`, `once`, `new_episodes`, `all`), or `fallback`.
    /// An unknown value is reported as an error, never guessed.
    public static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment,
        fallback: RecordMode = .never
    ) throws -> RecordMode {
        guard let raw = environment["FB_RECORD_MODE"], !raw.isEmpty else { return fallback }
        guard let mode = RecordMode(rawValue: raw.lowercased()) else {
            throw CassetteError.invalidRecordMode(raw)
        }
        return mode
    }
}
