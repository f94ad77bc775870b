import Foundation

/// Writes to standard output and standard error, unbuffered (each call is one `write`), so a line
/// such as `listening on …` reaches a reader at once.
struct StandardStreams {
    /// Writes `text` to standard output, adding a newline unless it ends with one.
    mutating func out(_ text: String) {
        FileHandle.standardOutput.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }

    /// Writes `text` to standard error, adding a newline unless it ends with one.
    mutating func err(_ text: String) {
        FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }

    /// Writes `data` to standard output as it is (a body that is not text).
    mutating func outBytes(_ data: Data) {
        FileHandle.standardOutput.write(data)
    }
}
