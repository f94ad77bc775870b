/// Why a command stopped: a wrong command line (exit 64, with the usage line) or a failure
/// (exit 1). The message is one sentence that names the offending argument; it never holds a secret.
struct CommandError: Error {
    /// Which exit status the error maps to.
    enum Kind {
        /// The command line was wrong.
        case usage
        /// The command ran and failed.
        case failure
    }

    /// Usage or failure.
    let kind: Kind
    /// What went wrong, without the `error: ` prefix.
    let message: String

    /// A wrong command line: exit 64.
    static func usage(_ message: String) -> CommandError {
        CommandError(kind: .usage, message: message)
    }

    /// A failure: exit 1.
    static func failure(_ message: String) -> CommandError {
        CommandError(kind: .failure, message: message)
    }

    /// The exit status for this error.
    var exitCode: Int32 {
        kind == .usage ? ExitCode.usage : ExitCode.failure
    }
}
