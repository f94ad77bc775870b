/// The process exit codes, after `sysexits.h`.
enum ExitCode {
    /// The command did what was asked.
    static let success: Int32 = 0
    /// The command ran but failed: a Graph error, a non-2xx status, a transport error, a secret found.
    static let failure: Int32 = 1
    /// The command line was wrong (`EX_USAGE`).
    static let usage: Int32 = 64
    /// Ctrl-C, SIGINT or SIGTERM ended an interactive command (`fbgraph friends`): 128 + SIGINT, as
    /// shells report it.
    static let interrupted: Int32 = 130
}
