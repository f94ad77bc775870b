import FacebookGraph

/// `fbgraph rest METHOD`: one call of the legacy REST API, `<rest base>/method/METHOD`, with
/// `format=json` as the legacy SDK sent it.
enum RestCommand {
    /// The `rest` command.
    static let command = Command(
        name: "rest",
        help: help,
        options: [RequestOptions.parameterOption, OptionDefinition("--post")]
            + GraphTarget.options + OutputFormat.options,
        positionals: ["METHOD"],
        action: .parsed { arguments, output throws(CommandError) in try run(arguments, output: &output) }
    )

    /// Runs the REST call `arguments` name.
    static func run(_ arguments: CommandArguments, output: inout StandardStreams) throws(CommandError) -> Int32 {
        let method = arguments.positional("METHOD")
        guard !method.isEmpty, !method.contains("/"), !method.contains("?") else {
            throw .usage("METHOD must be a REST method name such as users.getInfo")
        }
        let httpMethod = arguments.has("--post") ? "POST" : "GET"
        let options = try RequestOptions(arguments, method: httpMethod)
        let format = try OutputFormat(arguments)
        let target = try GraphTarget(arguments)
        var parameters = options.parameters
        if !parameters.contains(where: { $0.0 == "format" }) {
            parameters.insert(("format", "json"), at: 0)
        }
        let request = GraphRequest(
            endpoint: .rest(method),
            method: GraphHTTPMethod(rawValue: httpMethod),
            parameters: parameters.map { (name: $0.0, value: $0.1) }
        )
        return request.send(to: target, compact: format.compact, output: &output)
    }

    /// `fbgraph rest --help`.
    static let help = """
        OVERVIEW: Call a method of the legacy REST API (<rest base>/method/METHOD) with format=json.
        A REST error body ({"error_code": N, "error_msg": …}) exits 1 with the same one-line error
        as a Graph error.

        USAGE: fbgraph rest METHOD [-p key=value]... [--post]
                          [--live | --cassette FILE | --base-url URL] [--token TOKEN] [--compact | --pretty]

        OPTIONS:
          -p, --param key=value   A parameter; repeat for more.
          --post                  Send the parameters as a POST form body (default: GET, in the query).
        \(GraphTarget.help)
        \(OutputFormat.help)
          -h, --help              Show this help.

        EXIT STATUS: 0 on a 2xx response without a REST error body, 1 on a REST or Graph error,
        another status or a transport error (one line on standard error), 64 on a usage error.

        EXAMPLES:
          fbgraph rest users.getInfo -p uids=100001,100003 -p fields=name,pic_square
          fbgraph rest stream.publish -p message=Hello --post --live --token "$FB_ACCESS_TOKEN"
        """
}
