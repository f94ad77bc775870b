import FacebookGraph
import Foundation

/// Writes to standard output and standard error, unbuffered (each call is one `write`), so a line
/// such as `listening on …` reaches a reader at once.
///
/// A write that fails — `EPIPE` once the reader is gone (`fbgraph replay serve … | head -1`), a full
/// disk — is dropped: the command carries on and exits with its own status. (`FileHandle.write(_:)`
/// would trap on it, since `SIGPIPE` is ignored wherever the loopback server runs.)
struct StandardStreams {
    /// Writes `text` to standard output, adding a newline unless it ends with one.
    mutating func out(_ text: String) {
        Self.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8), to: .standardOutput)
    }

    /// Writes `text` to standard error, adding a newline unless it ends with one. Standard error is
    /// terminal text, and its lines carry what servers said (error messages, `-v`'s URLs), so the text
    /// is made inert first (``TerminalText``: escape sequences, controls, bidi overrides and line
    /// separators shown as visible placeholders; line feeds kept).
    mutating func err(_ text: String) {
        let line = TerminalText.inert(text, keepingNewlines: true)
        Self.write(Data((line.hasSuffix("\n") ? line : line + "\n").utf8), to: .standardError)
    }

    /// Writes `data` to standard output as it is (a body that is not text).
    mutating func outBytes(_ data: Data) {
        Self.write(data, to: .standardOutput)
    }

    /// Writes `data`, dropping it when the stream is closed or failing.
    private static func write(_ data: Data, to handle: FileHandle) {
        try? handle.write(contentsOf: data)
    }
}
