import FacebookGraph
import Foundation

/// `fbgraph batch FILE.json`: one Graph batch request — POST `/` with the file's JSON array as the
/// `batch` form parameter, plus the token.
enum BatchCommand {
    /// The `batch` command.
    static let command = Command(
        name: "batch",
        help: help,
        options: [RequestOptions.parameterOption] + GraphTarget.options + OutputFormat.options,
        positionals: ["FILE"],
        action: .parsed(run)
    )

    /// Runs the batch the file `arguments` name holds.
    static func run(_ arguments: CommandArguments, output: inout StandardStreams) throws(CommandError) -> Int32 {
        let path = arguments.positional("FILE")
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .usage("cannot read the batch file '\(path)'")
        }
        guard (try? GraphJSON.parse(data)) is [Any] else {
            throw .usage("the batch file '\(path)' must hold a JSON array of requests")
        }
        let options = try RequestOptions(arguments, method: "POST")
        let format = try OutputFormat(arguments)
        let target = try GraphTarget(arguments)
        let batch = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let request = GraphRequest(
            endpoint: .graph(""),
            method: .post,
            parameters: ([("batch", batch)] + options.parameters).map { (name: $0.0, value: $0.1) }
        )
        return request.send(to: target, compact: format.compact, output: &output)
    }

    /// `fbgraph batch --help`.
    static let help = """
        OVERVIEW: Send a Graph batch request: POST / with the file's JSON array as the batch parameter
        (up to 50 requests, each {"method", "relative_url", "body"}). The response is the array of
        results; an error inside one result does not change the exit status.

        USAGE: fbgraph batch FILE.json [-p key=value]...
                          [--live | --cassette FILE | --base-url URL] [--token TOKEN] [--compact | --pretty]

        OPTIONS:
          -p, --param key=value   Another parameter of the batch call (include_headers=false…).
        \(GraphTarget.help)
        \(OutputFormat.help)
          -h, --help              Show this help.

        EXIT STATUS: 0 when the batch call itself succeeds (whatever its items say), 1 when it fails
        (a Graph error, another status or a transport error; one line on standard error), 64 on a
        usage error (the file cannot be read or is not a JSON array).

        EXAMPLES:
          echo '[{"method":"GET","relative_url":"me"}]' > batch.json
          fbgraph batch batch.json --cassette Tests/Cassettes/me.har --token anything
          fbgraph batch batch.json -p include_headers=false --live
        """
}
