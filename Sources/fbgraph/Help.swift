/// The help texts, one per level.
enum Help {
    static let root = """
        OVERVIEW: Talk to the Facebook Graph API — or to a recording of it — over libcurl.

        USAGE: fbgraph <subcommand> [options]

        SUBCOMMANDS:
          demo                Run a transcript of calls against an embedded Graph stand-in (offline).
          get PATH            GET a Graph path and print the JSON response.

        OPTIONS:
          --version           Print the version.
          -h, --help          Show help for fbgraph or a subcommand (fbgraph get --help).

        EXAMPLES:
          fbgraph demo
          fbgraph get me --base-url http://127.0.0.1:8080/
          fbgraph get me -p fields=id,name --base-url http://127.0.0.1:8080/
        """

    static let demo = """
        OVERVIEW: Run real calls through the libcurl engine against an embedded Graph stand-in on
        loopback, and print what came back: a user, a paged friend list, a post, an expired-token
        error and a request the secret policy refuses. Needs no network and no token.

        USAGE: fbgraph demo

        EXAMPLES:
          fbgraph demo
        """

    static let get = """
        OVERVIEW: GET a Graph path and print the response body.

        USAGE: fbgraph get PATH [-p key=value]... [--base-url URL] [--token TOKEN] [--compact]

        OPTIONS:
          -p, --param key=value   A query parameter; repeat for more.
          --base-url URL          Where the Graph API is (default https://graph.facebook.com/);
                                  plain http is allowed to loopback hosts only when a token is sent.
          --token TOKEN           An access token (also read from FB_ACCESS_TOKEN).
          --compact               Print JSON on one line.
          -h, --help              Show this help.

        EXIT STATUS: 0 on a 2xx response, 1 on a failure or an error response, 64 on a usage error.

        EXAMPLES:
          fbgraph get me --base-url http://127.0.0.1:8080/
          fbgraph get me/friends -p limit=2 --token "$FB_ACCESS_TOKEN"
        """
}
