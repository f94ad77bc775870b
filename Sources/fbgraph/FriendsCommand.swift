import FacebookGraph
import FacebookSDK
import Foundation

/// `fbgraph friends`: the v3.1 friend picker (`FBFriendPickerViewController`) as a full-screen
/// terminal list; Enter prints the selection as JSON (see ``TerminalFriendPicker``).
enum FriendsCommand {
    /// The command.
    static let command = Command(
        name: "friends",
        help: help,
        options: [
            OptionDefinition("--sort", value: "first|last"),
            OptionDefinition("--display", value: "first|last"),
            OptionDefinition("--user", value: "ID"),
            OptionDefinition("--single"),
        ] + RequestOptions.options.filter { $0.key == "--fields" } + GraphTarget.options + OutputFormat.options,
        action: .parsed { arguments, output throws(CommandError) in
            try run(arguments, output: &output)
        }
    )

    /// Reads the options, opens the terminal, runs the picker and prints the outcome.
    static func run(_ arguments: CommandArguments, output: inout StandardStreams) throws(CommandError) -> Int32 {
        let picker = FBFriendPickerViewController()
        picker.sortOrdering = try choice(
            arguments, "--sort", first: FBFriendSortByFirstName, last: FBFriendSortByLastName)
        picker.displayOrdering = try choice(
            arguments, "--display", first: FBFriendDisplayByFirstName, last: FBFriendDisplayByLastName)
        if let user = arguments.value("--user") {
            do {
                picker.userID = try GraphID.checked(user, name: "--user")
            } catch {
                throw .usage(error.message)
            }
        }
        picker.allowsMultipleSelection = !arguments.has("--single")
        let fields = try RequestOptions(arguments, method: "GET").parameters.filter { $0.0 == "fields" }
            .flatMap { $0.1.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
        picker.fieldsForRequest = Set(fields.filter { !$0.isEmpty })
        let format = try OutputFormat(arguments)
        let target = try GraphTarget(arguments)
        guard let token = target.token else {
            throw .usage(
                "fbgraph friends needs an access token: set FB_ACCESS_TOKEN, run fbgraph login, or pass --token")
        }
        let session = FBSession(accessToken: token, expirationDate: nil)
        session.transport = target.transport
        session.graphBaseURL = target.graphBase
        picker.session = session

        let terminal = try TerminalDevice.open()
        let outcome = try TerminalFriendPicker(picker: picker, terminal: terminal, single: arguments.has("--single"))
            .run()
        switch outcome {
        case .done(let users):
            let selection = users.map { ["id": $0.id ?? "", "name": $0.name ?? ""] }
            let data =
                (try? JSONSerialization.data(withJSONObject: selection, options: [.sortedKeys])) ?? Data("[]".utf8)
            output.out(JSONPrinter.render(data, compact: format.compact))
            return ExitCode.success
        case .cancelled:
            return ExitCode.failure
        case .interrupted:
            return ExitCode.interrupted
        case .terminalClosed:
            throw .failure("the terminal closed before a choice was made")
        case .failed(let message):
            throw .failure("the friends did not load: \(message)")
        }
    }

    /// The value of `--sort` or `--display`: `first` or `last` (default first).
    private static func choice<Value>(_ arguments: CommandArguments, _ option: String, first: Value, last: Value)
        throws(CommandError) -> Value
    {
        switch arguments.value(option) {
        case nil, "first": return first
        case "last": return last
        case let other?: throw .usage("\(option) is first or last, not '\(other)'")
        }
    }

    /// The `--help` text.
    static let help = """
        OVERVIEW: Pick friends in a full-screen terminal list — the v3.1 friend picker
        (FBFriendPickerViewController) on a terminal — and print the choice as JSON.

        Like fzf, it draws on the controlling terminal (/dev/tty), not on standard output, so
        `fbgraph friends > selection.json` shows the list and writes only the selection. Without a
        terminal it refuses. The bundled recordings hold a list of 343 friends to try it on.

        USAGE: fbgraph friends [--sort first|last] [--display first|last] [--user ID] [--fields a,b]
                               [--single] [--live | --cassette FILE | --base-url URL] [--token TOKEN]
                               [--compact | --pretty]

        KEYS:
          typing, Backspace       Filter by name as you type (case and accents ignored); Ctrl-U clears.
          Up, Down                Move the cursor (also Ctrl-P, Ctrl-N; Page Up, Page Down by a page).
          Space                   Select or deselect the friend under the cursor (--single: choose it).
          Enter                   Done: print the selection, in selection order, as [{"id","name"},…].
          Esc                     Cancel: print nothing.

        OPTIONS:
          --sort first|last       Sort and group by first name (default) or by last name.
          --display first|last    Show "First Middle Last" (default) or "Last First Middle".
          --user ID               Whose friends to list: me (the default), a number.
          --fields a,b            Extra fields to fetch, besides id,name,first_name,middle_name,
                                  last_name,picture.
          --single                Choose one friend: Space replaces the choice.
        \(GraphTarget.help)
        \(OutputFormat.help)
          -h, --help              Show this help.

        EXIT STATUS: 0 on Enter (the selection on standard output, [] when empty), 1 on Esc or when the
        friends do not load (one line on standard error), 130 on Ctrl-C, SIGINT or SIGTERM (nothing
        printed), 64 on a usage error — including no terminal to draw on.

        EXAMPLES:
          fbgraph friends > selection.json
          fbgraph friends --sort last --display last --single
          fbgraph friends --live
        """
}
