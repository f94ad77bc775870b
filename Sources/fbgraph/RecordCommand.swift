import FacebookGraph
import FacebookGraphReplay
import Foundation

/// `fbgraph record get|post|delete PATH --cassette FILE`: runs one request for real and appends
/// the exchange, redacted, to a HAR cassette (created when missing, kept when present).
///
/// The entry goes through the cassette's ``Redactor`` and then through a ``SecretScanner`` that
/// also knows the token given; a finding refuses the write. No unredacted token is written or
/// printed.
enum RecordCommand {
    /// The `record` group and its `get`, `post` and `delete` commands.
    static let command = Command(
        name: "record",
        help: help,
        subcommands: ["GET", "POST", "DELETE"].map { method in
            Command(
                name: method.lowercased(),
                help: help,
                options: RequestOptions.options + [
                    OptionDefinition("--cassette", value: "FILE"),
                    OptionDefinition("--base-url", value: "URL"),
                    OptionDefinition("--live"),
                    OptionDefinition("--token", value: "TOKEN"),
                ],
                positionals: ["PATH"],
                action: .parsed { arguments, output throws(CommandError) in
                    try run(method: method, arguments, output: &output)
                }
            )
        }
    )

    /// Records one call of `method`; prints the new entry's index, redacted URL and status.
    static func run(method: String, _ arguments: CommandArguments, output: inout StandardStreams) throws(CommandError)
        -> Int32
    {
        guard let path = arguments.value("--cassette") else {
            throw .usage("record needs --cassette FILE, the cassette to append to")
        }
        let options = try RequestOptions(arguments, method: method)
        let target = try GraphTarget(arguments, recording: true)
        let cassette: Cassette
        do {
            cassette = try Cassette(contentsOf: URL(fileURLWithPath: path), mode: .newEpisodes)
        } catch {
            throw .failure("\(error)")
        }
        let request = GraphRequest(command: method, path: arguments.positional("PATH"), options: options)
        let prepared: PreparedRequest
        switch request.prepared(for: target) {
        case .success(let value): prepared = value
        case .failure(let error): return ResponseReport.report(error, output: &output)
        }
        let startedAt = Date()
        let response: RawResponse
        switch target.transport.base.sendAndWait(prepared) {
        case .success(let received): response = received
        case .failure(let error): return ResponseReport.report(GraphError(transport: error), output: &output)
        }
        let entry = cassette.redactor.redact(HAREntry(request: prepared, response: response, startedAt: startedAt))
        try refuseSecrets(in: entry, token: target.token)
        cassette.append(entry)
        do {
            try cassette.save()
        } catch {
            throw .failure("cannot write the cassette \(path): \(error)")
        }
        let index = cassette.entries.count - 1
        let recorded = entry.request
        output.out("recorded entry \(index): \(recorded.method) \(recorded.url) (status \(entry.response.status))")
        return ExitCode.success
    }

    /// Throws when the redacted `entry` still holds anything token-shaped, or `token` itself.
    private static func refuseSecrets(in entry: HAREntry, token: String?) throws(CommandError) {
        var extra = SecretScanner.environmentVariables.compactMap { ProcessInfo.processInfo.environment[$0] }
        if let token, token.count >= 8, !token.hasPrefix("<") { extra.append(token) }
        let text: String
        do {
            text = String(decoding: try HARArchive(entries: [entry]).encoded(), as: UTF8.self)
        } catch {
            throw .failure("cannot encode the entry: \(error)")
        }
        let findings = SecretScanner(extraSecrets: extra.filter { $0.count >= 8 }).scan(text: text, file: "entry")
        if let first = findings.first {
            throw .failure("refused to write the entry: after redaction it still holds a secret (\(first.kind))")
        }
    }

    /// `fbgraph record --help`.
    static let help = """
        OVERVIEW: Run one request for real and append the exchange, redacted, to a HAR cassette:
        tokens, proofs, secrets and cookies become placeholders (<TOKEN-1>…) wherever they appear,
        and the entry is scanned before it is written. An existing cassette keeps its entries; a
        missing one is created. Prints the new entry's index and redacted URL.

        USAGE: fbgraph record get|post|delete PATH --cassette FILE [-p key=value]... [-F name=@file]...
                          [--fields a,b] [--base-url URL | --live] [--token TOKEN]

        OPTIONS:
          --cassette FILE         The cassette to append to (required).
          -p, --param key=value   A parameter; repeat for more.
          -F, --form name=@file   A file part of a multipart POST (record post); name=value for text.
          --fields a,b            Shorthand for -p fields=a,b.
          --base-url URL          Record from the server at URL instead of graph.facebook.com.
          --live                  Record from the real Graph API (the default).
          --token TOKEN           The access token (default FB_ACCESS_TOKEN, which unlike --token
                                  does not show in ps; required for the real API).
          -h, --help              Show this help.

        EXIT STATUS: 0 when the exchange was appended (whatever status the server answered), 1 when
        the request could not be made or the redacted entry still holds a secret (nothing is written
        then), 64 on a usage error.

        EXAMPLES:
          fbgraph record get me --fields id,name --cassette Tests/Cassettes/me.har --live
          fbgraph replay serve Tests/Cassettes/me.har --port 8080 &
          fbgraph record post me/feed -p message=Hello --cassette feed.har \\
              --base-url http://127.0.0.1:8080/ --token anything
          fbgraph cassette scan feed.har
        """
}
