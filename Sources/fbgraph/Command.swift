/// One node of the command tree: a command that runs, or a group of subcommands (`replay`,
/// `cassette`, `record`), with its help text.
///
/// A command declares its options and positional arguments; ``CommandLineTool`` handles `--help`,
/// parses with ``CommandArguments`` and turns a thrown ``CommandError`` into the `error:` line and
/// exit status, so commands hold only their own work.
struct Command: Sendable {
    /// What running the command does.
    enum Action: Sendable {
        /// Runs with the parsed arguments and returns the exit status.
        case parsed(@Sendable (CommandArguments, inout StandardStreams) throws(CommandError) -> Int32)
        /// Takes the arguments unparsed (commands that parse their own, such as `demo`).
        case raw(@Sendable ([String], inout StandardStreams) -> Int32)
    }

    /// The word that selects the command (`get`, `serve`).
    let name: String
    /// The `--help` text: OVERVIEW, USAGE, OPTIONS and EXAMPLES.
    let help: String
    /// The options the command accepts (`-h`/`--help` is implied).
    var options: [OptionDefinition] = []
    /// The positional arguments' names, in order; a name ending in `...` takes one or more.
    var positionals: [String] = []
    /// The subcommands of a group.
    var subcommands: [Command] = []
    /// What the command does; nil for a group.
    var action: Action?
    /// True for a command left out of its group's help and error messages (`cassette record-demo`).
    var hidden = false

    /// The `USAGE:` lines of ``help`` (the line and its indented continuation), for usage errors.
    var usageLine: String {
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("USAGE:") }) else { return "USAGE: fbgraph \(name)" }
        let continuation = lines[(start + 1)...].prefix { $0.hasPrefix(" ") && !$0.trimmingPrefix(" ").isEmpty }
        return ([lines[start]] + continuation).joined(separator: "\n")
    }
}
