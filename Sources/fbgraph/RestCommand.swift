import FacebookGraph
import FacebookSDK

/// `fbgraph rest METHOD`: one call of the legacy REST API. The REST API is gone, so — as for legacy
/// code — the call goes through the legacy layer's REST-to-Graph bridge (`RESTBridge`: the Graph calls
/// that replace the method, answered in the REST shape) whenever the REST base is the original host
/// (the bundled recordings, `--cassette`, `--live`); with `--base-url` (a server that still speaks
/// REST) it goes to `<rest base>/method/METHOD` with `format=json` as the legacy SDK sent it.
/// `--bridge` and `--no-bridge` override the rule, as ``Facebook/restBridge`` does.
enum RestCommand {
    /// The `rest` command.
    static let command = Command(
        name: "rest",
        help: help,
        options: [
            RequestOptions.parameterOption, OptionDefinition("--post"), OptionDefinition("--bridge"),
            OptionDefinition("--no-bridge"),
        ]
            + GraphTarget.options + OutputFormat.options,
        positionals: ["METHOD"],
        action: .parsed(run)
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
        if arguments.has("--bridge"), arguments.has("--no-bridge") {
            throw .usage("--bridge and --no-bridge contradict each other; give one")
        }
        let mode: RESTBridgeMode =
            arguments.has("--bridge") ? .on : arguments.has("--no-bridge") ? .off : .automatic
        let restURL = target.restBase + "method/" + method
        if mode.bridges(restBaseURL: target.restBase) {
            var parameters = Dictionary(options.parameters, uniquingKeysWith: { _, last in last })
            if let token = target.token, parameters["access_token"] == nil { parameters["access_token"] = token }
            let bridge = RESTBridge(methodName: method, graphBaseURL: target.graphBase)
            let result = bridge.sendAndWait(
                RESTCall(method: method, httpMethod: httpMethod, parameters: parameters), restURL: restURL,
                transport: target.transport.base)
            return ResponseReport.report(
                result, compact: format.compact, sentToken: parameters["access_token"], output: &output)
        }
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
        OVERVIEW: Call a method of the legacy REST API. The REST API is gone: against the original
        host (the built-in recordings, --cassette, --live) the call goes through the REST-to-Graph
        bridge, which makes the Graph calls that replace the method and prints the answer in the REST
        shape (users.getLoggedInUser, users.getInfo, friends.get, friends.getAppUsers,
        stream.publish, comments.add, auth.expireSession, fql.query, fql.multiquery; Migration.md has
        the table). With --base-url the call goes to <base>/method/METHOD with format=json. A REST
        error body ({"error_code": N, "error_msg": …}) exits 1 with the same one-line error as a
        Graph error; an unknown method is REST's error_code 3, without any request.

        USAGE: fbgraph rest METHOD [-p key=value]... [--post] [--bridge | --no-bridge]
                          [--live | --cassette FILE | --base-url URL] [--token TOKEN] [--compact | --pretty]

        OPTIONS:
          -p, --param key=value   A parameter; repeat for more.
          --post                  Send the parameters as a POST form body (default: GET, in the query).
          --bridge                Always answer through the REST-to-Graph bridge.
          --no-bridge             Never: call <rest base>/method/METHOD as it is.
        \(GraphTarget.help)
        \(OutputFormat.help)
          -h, --help              Show this help.

        EXIT STATUS: 0 on a 2xx response without a REST error body, 1 on a REST or Graph error,
        another status or a transport error (one line on standard error), 64 on a usage error.

        EXAMPLES:
          fbgraph rest users.getInfo -p uids=100001,100003 -p fields=name,pic_square
          fbgraph rest friends.getAppUsers
          fbgraph rest fql.query -p query="SELECT uid, name, pic_square, sex FROM user WHERE uid = me()"
          fbgraph rest users.getInfo -p uids=100001,100003 -p fields=name,pic_square --no-bridge
          fbgraph rest stream.publish -p message=Hello --post --live
        """
}
