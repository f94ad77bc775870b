import FacebookGraph
import Foundation

/// The command tree, and the dispatcher that walks it: finds the command the words name, shows
/// `--help`, parses the rest and turns a ``CommandError`` into one `error:` line and an exit
/// status (64 for usage, with the usage line; 1 for a failure).
enum CommandLineTool {
    /// `fbgraph` and every command below it.
    static let root = Command(
        name: "fbgraph",
        help: Help.root,
        subcommands: [
            RequestCommand.command(method: "GET"),
            RequestCommand.command(method: "POST"),
            RequestCommand.command(method: "DELETE"),
            RestCommand.command,
            BatchCommand.command,
            FriendsCommand.command,
            Command(name: "replay", help: ReplayServeCommand.groupHelp, subcommands: [ReplayServeCommand.command]),
            RecordCommand.command,
            CassetteCommands.command,
            Command(name: "demo", help: Help.demo, action: .raw { DemoCommand.run($0, output: &$1) }),
            LoginCommand.login,
            LoginCommand.logout,
            MigrateCommand.command,
        ]
    )

    /// Runs `fbgraph arguments…` and returns the process exit status.
    static func run(_ arguments: [String]) -> Int32 {
        var output = StandardStreams()
        // `fbgraph help get` is `fbgraph get --help`.
        if arguments.first == "help" {
            return run(Array(arguments.dropFirst()) + ["--help"])
        }
        var command = root
        var words = ["fbgraph"]
        var rest = arguments[...]
        while let next = rest.first, let sub = command.subcommands.first(where: { $0.name == next }) {
            command = sub
            words.append(next)
            rest = rest.dropFirst()
        }
        let remaining = Array(rest)
        if case .raw(let body) = command.action {
            return body(remaining, &output)
        }
        // A word that names no subcommand of a group is an error even beside --help.
        let unknownWord = command.action == nil && remaining.first.map { !$0.hasPrefix("-") } == true
        if CommandArguments.asksForHelp(remaining), !unknownWord {
            output.out(command.help)
            return ExitCode.success
        }
        do throws(CommandError) {
            guard case .parsed(let body) = command.action else {
                return try group(command, words: words, remaining: remaining, output: &output)
            }
            let parsed = try CommandArguments(
                parsing: remaining,
                options: command.options,
                positionals: command.positionals
            )
            return try body(parsed, &output)
        } catch {
            output.err("error: \(error.message)")
            if error.kind == .usage {
                output.err("\(command.usageLine)\n  See '\(words.joined(separator: " ")) --help' for more.")
            }
            return error.exitCode
        }
    }

    /// A group named without a known subcommand: the root's help and `--version`, else a usage error.
    private static func group(
        _ command: Command,
        words: [String],
        remaining: [String],
        output: inout StandardStreams
    ) throws(CommandError) -> Int32 {
        if words.count == 1 {
            if remaining.isEmpty {
                output.out(command.help)
                return ExitCode.success
            }
            if remaining == ["--version"] {
                output.out("fbgraph \(PackageVersion.current)")
                return ExitCode.success
            }
        }
        let names = command.subcommands.filter { !$0.hidden }.map(\.name).joined(separator: ", ")
        guard let first = remaining.first else {
            throw .usage("missing subcommand (one of: \(names))")
        }
        throw .usage(
            first.hasPrefix("-") ? "unknown option '\(first)'" : "unknown subcommand '\(first)' (one of: \(names))"
        )
    }
}
