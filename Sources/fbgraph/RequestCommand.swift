import FacebookGraph

/// `fbgraph get|post|delete PATH`: one Graph call, the response on standard output.
enum RequestCommand {
    /// The command for `method` (`GET`, `POST` or `DELETE`).
    static func command(method: String) -> Command {
        Command(
            name: method.lowercased(),
            help: help(method),
            options: RequestOptions.options + GraphTarget.options + OutputFormat.options,
            positionals: ["PATH"],
            action: .parsed { arguments, output throws(CommandError) in
                try run(method: method, arguments, output: &output)
            }
        )
    }

    /// Runs one call of `method` to the path `arguments` name.
    static func run(method: String, _ arguments: CommandArguments, output: inout StandardStreams) throws(CommandError)
        -> Int32
    {
        let options = try RequestOptions(arguments, method: method)
        let format = try OutputFormat(arguments)
        let target = try GraphTarget(arguments)
        let request = GraphRequest(command: method, path: arguments.positional("PATH"), options: options)
        return request.send(to: target, compact: format.compact, output: &output)
    }

    /// The help of `get`, `post` or `delete`.
    static func help(_ method: String) -> String {
        let name = method.lowercased()
        let overview: String
        let examples: String
        var upload = ""
        switch method {
        case "POST":
            overview = """
                POST to a Graph path: the parameters as a form body, or — with -F — a multipart
                upload whose text parts are the parameters and whose file parts are the -F files.
                """
            upload = """

                  -F, --form name=@file   A file part (multipart upload); -F name=value adds a text field.
                                          Repeat for more.
                """
            examples = """
                  fbgraph post me/feed -p "message=Hello from Linux"
                  fbgraph post me/feed -p message=Hello --cassette Tests/Cassettes/me.har --token anything
                  fbgraph post me/photos -F source=@cat.jpg -p caption=Cat --live
                """
        case "DELETE":
            overview = "DELETE a Graph object; the parameters go in the query."
            examples = """
                  fbgraph delete 4_1001 --cassette Tests/Cassettes/me.har --token anything
                  fbgraph delete 4_1001 --live
                """
        default:
            overview = "GET a Graph path and print the response; the parameters go in the query."
            examples = """
                  fbgraph get me
                  fbgraph get me/friends -p limit=3
                  fbgraph get me --fields id,name --cassette Tests/Cassettes/me.har --token anything
                  fbgraph get me --live
                """
        }
        return """
            OVERVIEW: \(overview)

            PATH is a Graph path (me, me/friends, v19.0/4) or an absolute URL such as a paging.next link.

            USAGE: fbgraph \(name) PATH [-p key=value]...\(method == "POST" ? " [-F name=@file]..." : "") [--fields a,b]
                          [--live | --cassette FILE | --base-url URL] [--token TOKEN] [--compact | --pretty]

            OPTIONS:
              -p, --param key=value   A parameter; repeat for more.\(upload)
              --fields a,b            Shorthand for -p fields=a,b.
            \(GraphTarget.help)
            \(OutputFormat.help)
              -h, --help              Show this help.

            EXIT STATUS: 0 on a 2xx response, 1 on a Graph error, another status or a transport error
            (one line on standard error: error: <category> (code N, subcode M): <message>), 64 on a
            usage error.

            EXAMPLES:
            \(examples)
            """
    }
}
