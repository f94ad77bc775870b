/// `fbgraph cassette`: the commands that check and describe recordings.
enum CassetteCommands {
    /// The `cassette` group: `scan`, `inspect` and the hidden `record-demo`.
    static let command = Command(
        name: "cassette",
        help: help,
        subcommands: [
            CassetteScanCommand.command,
            CassetteInspectCommand.command,
            Command(
                name: "record-demo",
                help: RecordDemoCommand.help,
                action: .raw { RecordDemoCommand.run($0, output: &$1) },
                hidden: true
            ),
        ]
    )

    /// `fbgraph cassette --help`.
    static let help = """
        OVERVIEW: Check files for secrets and describe cassettes (HAR files of recorded exchanges).

        USAGE: fbgraph cassette scan PATH...
               fbgraph cassette inspect FILE

        SUBCOMMANDS:
          scan PATH...        Find token-shaped values in files or directories; exit 1 if any.
          inspect FILE        List a cassette's entries and its provenance.

        OPTIONS:
          -h, --help          Show this help (fbgraph cassette scan --help for a subcommand's).

        EXAMPLES:
          fbgraph cassette scan Tests/Cassettes
          fbgraph cassette inspect Tests/Cassettes/me.har
        """
}
