import FacebookGraph
import Foundation

/// Where the legacy layer's log lines go: standard error, never with a secret.
enum LegacyLog {
    static func log(_ message: String) {
        // `try?`: a closed stderr (EPIPE) drops the line; `write(_:)` would trap on it.
        try? FileHandle.standardError.write(contentsOf: Data(line(message).utf8))
    }

    /// The line ``log(_:)`` writes for `message`. The message may hold what a server said (a
    /// device-login code and URL, an error's text), so it is made inert (`TerminalText`) before it
    /// reaches what may be a terminal.
    static func line(_ message: String) -> String {
        "FacebookSDK: \(TerminalText.inert(message, keepingNewlines: true))\n"
    }
}
