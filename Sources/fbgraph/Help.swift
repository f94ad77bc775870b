/// The help texts of the root and of `demo`; every other command keeps its text beside its code.
enum Help {
    /// `fbgraph --help`.
    static let root = """
        OVERVIEW: Talk to the Facebook Graph API — or to a recording of it — over libcurl.

        Without --live, --base-url or --cassette every request is answered by recordings built into
        fbgraph, in process: `fbgraph get me` works on a fresh machine with no network and no token.

        USAGE: fbgraph <subcommand> [options]

        SUBCOMMANDS:
          get PATH            GET a Graph path and print the response.
          post PATH           POST to a Graph path (a form, or a multipart upload with -F).
          delete PATH         DELETE a Graph object.
          rest METHOD         Call a legacy REST API method (<rest base>/method/METHOD).
          batch FILE.json     Send a Graph batch request (a JSON array of requests).
          friends             Pick friends in a full-screen terminal list; print the choice as JSON.
          replay serve FILE   Serve a HAR cassette on loopback for any HTTP client.
          record get|post|delete PATH
                              Run a request for real and append it, redacted, to a cassette.
          cassette scan|inspect
                              Check files for secrets; list a cassette's entries.
          demo                Replay the bundled recordings and show what each API style receives (offline).
          migrate report PATH...
                              List the legacy SDK call sites of Swift sources: stage, modern
                              equivalent, what will not work; totals per stage.
          login               Log in with Facebook Login for Devices and save the token.
          logout              Remove the saved token.
          help SUBCOMMAND     Show the help of a subcommand.

        OPTIONS:
          --version           Print the version.
          -h, --help          Show help for fbgraph or a subcommand (fbgraph get --help).

        ENVIRONMENT:
          FB_ACCESS_TOKEN     The access token when --token is not given (a real token given
                              with --token shows in ps; this does not).

        EXIT STATUS: 0 on success, 1 on a failure (Graph error, HTTP error, transport error), 64 on
        a usage error, 130 when interrupted (fbgraph friends).

        EXAMPLES:
          fbgraph get me
          fbgraph get me --fields id,name --live
          fbgraph get me --fields id,name --cassette Tests/Cassettes/me.har --token anything
          fbgraph replay serve Tests/Cassettes/me.har --port 8080
          fbgraph cassette scan Tests/Cassettes
        """

    /// `fbgraph demo --help`.
    static let demo = """
        OVERVIEW: Replay the bundled recordings in process and print what each API style received:
        the v2 delegate, the seed's block callback, an expired token, the modern GraphClient paging the
        friend list through paging.next and classifying the recorded failures, and a request the
        secret policy refuses. No server, no network, no token.

        USAGE: fbgraph demo

        OPTIONS:
          -h, --help          Show this help.

        EXIT STATUS: 0 when every style received what the recordings hold, 1 otherwise, 64 on a
        usage error.

        EXAMPLES:
          fbgraph demo
        """
}
