import FacebookGraph
import FacebookGraphReplay
import FacebookSDK
import Foundation

/// `fbgraph cassette record-demo OUTPUT.har [--swift OUTPUT.swift]` (hidden): records the bundled
/// demo cassette.
///
/// It starts the Graph stand-in (`GraphStandInServer`) on loopback and makes every call of `Recordings/README.md` through the
/// package's own recording path — one ``Cassette`` opened in `all` mode, used as
/// `facebook.transport = .replay(cassette)` by the legacy `Facebook` object for the calls legacy
/// code makes (Graph paths and REST methods, so the recorded requests are exactly what legacy code
/// sends) and as a `CassetteTransport` on the engine for the rest — with fake tokens the cassette's
/// redactor turns into `<TOKEN-1>` and `<TOKEN-2>`. Each call must add one entry with the status
/// the stand-in is meant to give. The loopback origin is then rewritten to the public hosts
/// (`https://graph.facebook.com`, `https://api.facebook.com/method/`) so the file does not change
/// with the port, the result is scanned for secrets, and it is written.
enum RecordDemoCommand {
    /// The `--help` text.
    static let help = """
        OVERVIEW: Record the bundled demo cassette. Starts the Graph stand-in on loopback, makes every
        call listed in Sources/fbgraph/Recordings/README.md through a cassette in `all` mode (the
        legacy Facebook object for Graph and REST calls, the engine for the rest) with fake tokens,
        and writes the redacted HAR; with --swift, also the Swift source that embeds it in fbgraph.

        USAGE: fbgraph cassette record-demo OUTPUT.har [--swift OUTPUT.swift]

        OPTIONS:
          --swift OUTPUT.swift    Also write the HAR as Swift source (BundledRecordings.demoHAR).
          -h, --help              Show this help.

        EXIT STATUS: 0 when every call was recorded as expected and the HAR holds no secret, 1
        otherwise (nothing is written then), 64 on a usage error.

        EXAMPLES:
          fbgraph cassette record-demo Sources/fbgraph/Recordings/demo.har \\
              --swift Sources/fbgraph/Recordings/BundledRecordings.swift
        """

    /// Parses `OUTPUT.har [--swift OUTPUT.swift]`, records, and writes.
    static func run(_ arguments: [String], output: inout StandardStreams) -> Int32 {
        var harPath: String?
        var swiftPath: String?
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "-h", "--help":
                output.out(help)
                return ExitCode.success
            case "--swift":
                index += 1
                guard index < arguments.count else { return usage("--swift needs a file name", &output) }
                swiftPath = arguments[index]
            default:
                guard !argument.hasPrefix("-"), harPath == nil else {
                    return usage("unexpected argument '\(argument)'", &output)
                }
                harPath = argument
            }
            index += 1
        }
        guard let harPath else { return usage("missing OUTPUT.har", &output) }
        do {
            let harURL = URL(fileURLWithPath: harPath)
            let (archive, lines) = try record(into: harURL)
            lines.forEach { output.out($0) }
            let data = try archive.encoded()
            try write(data, to: harURL)
            output.out("wrote \(harPath): \(archive.log.entries.count) entries")
            if let swiftPath {
                let source = RecordingOutput.swiftSource(embedding: String(decoding: data, as: UTF8.self))
                try write(Data(source.utf8), to: URL(fileURLWithPath: swiftPath))
                output.out("wrote \(swiftPath)")
            }
            return ExitCode.success
        } catch {
            output.err("error: \(error)")
            return ExitCode.failure
        }
    }

    /// Reports a usage error with the usage line; returns 64.
    private static func usage(_ message: String, _ output: inout StandardStreams) -> Int32 {
        output.err("error: \(message)\nUSAGE: fbgraph cassette record-demo OUTPUT.har [--swift OUTPUT.swift]")
        return ExitCode.usage
    }

    /// Writes `data` to `url` atomically, creating the directory.
    private static func write(_ data: Data, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url, options: .atomic)
    }

    // MARK: Recording

    /// Why a recording was not written.
    struct Failure: Error, CustomStringConvertible {
        /// What went wrong.
        var description: String
    }

    /// Records every call into a cassette for `url`; returns the archive, rewritten to the public
    /// origins and checked for secrets, and one line per entry.
    static func record(into url: URL) throws -> (HARArchive, [String]) {
        let server = try GraphStandInServer()
        defer { server.stop() }
        let cassette = try Cassette(contentsOf: url, mode: .all)
        let facebook = DemoLegacyStyles.loggedIn(
            token: GraphStandIn.validToken,
            transport: .replay(cassette),
            graphBaseURL: server.baseURL + "/",
            restBaseURL: server.baseURL + "/method/"
        )
        let session = DemoRecordingSession(cassette: cassette, facebook: facebook, origin: server.baseURL)
        try session.expect("GET me/apprequestformerrecipients (legacy login reloads the frictionless cache)", 200)
        try recordCalls(session)

        var archive = HARArchive(
            entries: cassette.entries,
            provenance: HARProvenance(
                recordedAt: ISO8601DateFormatter.string(
                    from: Date(),
                    timeZone: TimeZone(identifier: "UTC") ?? .current,
                    formatOptions: [.withInternetDateTime, .withFractionalSeconds]
                ),
                redactionRules: cassette.redactor.ruleNames
            )
        )
        archive = RecordingOutput.publicOrigins(archive, loopback: server.baseURL)
        let findings = try RecordingOutput.secrets(in: archive, file: url.path)
        guard findings.isEmpty else {
            throw Failure(
                description: "the recording holds secrets:\n" + findings.map(\.description).joined(separator: "\n"))
        }
        guard archive.log.entries.first?.request.url.contains("access_token=\(BundledRecordings.token)") == true else {
            throw Failure(description: "the first request's token was not redacted to \(BundledRecordings.token)")
        }
        return (archive, session.lines)
    }

    /// The calls after the login, in recording order (`Recordings/README.md` lists them).
    private static func recordCalls(_ session: DemoRecordingSession) throws {
        let facebook = session.facebook
        let token = GraphStandIn.validToken

        // The user, and the friends over three cursor pages: the first as legacy code asks for it,
        // the next two by following `paging.next` verbatim on the engine.
        _ = DemoLegacyStyles.delegateOutcome { facebook.request(withGraphPath: "me", andDelegate: $0) }
        try session.expect("GET me (legacy delegate)", 200)
        let firstPage = DemoLegacyStyles.blockOutcome { callback in
            let params = NSMutableDictionary(dictionary: ["limit": "3"])
            facebook.request(withGraphPath: "me/friends", params: params, method: "GET", callback: callback)
        }
        try session.expect("GET me/friends?limit=3, page 1 (legacy block)", 200)
        guard case .loaded(let result) = firstPage, var next = nextPage(result) else {
            throw Failure(description: "page 1 of the friends has no paging.next")
        }
        for page in 2...3 {
            let response = try session.engine("GET", next)
            try session.expect("GET paging.next, page \(page) (engine)", 200)
            let following = nextPage(try? GraphJSON.parse(response.body))
            if page == 3 {
                guard following == nil else { throw Failure(description: "page 3 of the friends has a paging.next") }
            } else {
                guard let following else { throw Failure(description: "page \(page) has no paging.next") }
                next = following
            }
        }

        // Publishing: a post and a photo upload, multipart as v2 sent them.
        _ = DemoLegacyStyles.delegateOutcome { delegate in
            let params = NSMutableDictionary(dictionary: ["message": "Hello from Linux"])
            facebook.request(withGraphPath: "me/feed", andParams: params, andHttpMethod: "POST", andDelegate: delegate)
        }
        try session.expect("POST me/feed (legacy, multipart)", 200)
        _ = DemoLegacyStyles.delegateOutcome { delegate in
            let params = NSMutableDictionary(dictionary: ["message": "One pixel from Linux", "source": onePixelPNG])
            facebook.request(
                withGraphPath: "me/photos", andParams: params, andHttpMethod: "POST", andDelegate: delegate)
        }
        try session.expect("POST me/photos with a source file (legacy, multipart)", 200)
        _ = DemoLegacyStyles.delegateOutcome { facebook.request(withGraphPath: "me/permissions", andDelegate: $0) }
        try session.expect("GET me/permissions (legacy)", 200)

        // A batch: one answer, one unknown alias (803), and an item skipped because it depended on it.
        let batchResponse = try session.engine(
            "POST", session.origin + "/", form: [("access_token", token), ("batch", batch)])
        try session.expect("POST / with batch (engine, form)", 200)
        let items = (try? GraphJSON.parse(batchResponse.body)) as? [Any] ?? []
        guard items.count == 3, items[2] is NSNull, ((items[1] as? [String: Any])?["code"] as? Int) == 404 else {
            throw Failure(description: "the batch answer is not [200 item, 404 item, null]")
        }

        // The old REST API, as legacy code called it.
        _ = DemoLegacyStyles.delegateOutcome { delegate in
            let params = NSMutableDictionary(dictionary: ["query": appFriendsQuery])
            facebook.request(
                withMethodName: "fql.query", andParams: params, andHttpMethod: "GET", andDelegate: delegate)
        }
        try session.expect("GET method/fql.query (legacy REST)", 200)
        _ = DemoLegacyStyles.delegateOutcome { delegate in
            facebook.request(
                withParams: NSMutableDictionary(dictionary: ["method": "friends.getAppUsers"]), andDelegate: delegate)
        }
        try session.expect("GET method/friends.getAppUsers (legacy REST, requestWithParams:)", 200)
        _ = DemoLegacyStyles.delegateOutcome { delegate in
            let params = NSMutableDictionary(dictionary: ["uids": "100001,100003", "fields": "name,pic_square"])
            facebook.request(
                withMethodName: "users.getInfo", andParams: params, andHttpMethod: "GET", andDelegate: delegate)
        }
        try session.expect("GET method/users.getInfo (legacy REST)", 200)

        try recordBridgeCalls(session)

        // The errors: an expired token as legacy code meets it, then each error class on the engine.
        facebook.accessToken = GraphStandIn.expiredToken
        _ = DemoLegacyStyles.blockOutcome { callback in
            facebook.request(withGraphPath: "me", params: NSMutableDictionary(), method: "GET", callback: callback)
        }
        facebook.accessToken = token
        try session.expect("GET me with an expired token: 190/463 (legacy block)", 400)
        let errors: [(code: Int, status: Int, what: String)] = [
            (4, 400, "app throttled, code 4"), (17, 403, "user throttled, code 17"),
            (200, 403, "permission, code 200"), (2, 500, "transient, code 2"), (502, 502, "bad gateway, HTML body"),
        ]
        for error in errors {
            let url = DemoEngine.url(
                base: session.origin,
                path: "me",
                parameters: [("fields", "error_\(error.code)"), ("access_token", token)]
            )
            _ = try session.engine("GET", url)
            try session.expect("GET me?fields=error_\(error.code): \(error.what) (engine)", error.status)
        }

        // The friend picker's list (`fbgraph friends`): its request, with its fields, and every
        // `paging.next` after it, until a page without one. The token's owner, which the picker asks
        // for once (`me?fields=id`, its cache key), is the REST bridge's `users.getLoggedInUser` entry
        // below: the same request, recorded once.
        var pickerPage: String? = DemoEngine.url(
            base: session.origin,
            path: "me/friends",
            parameters: [("fields", pickerFields), ("access_token", token)]
        )
        var page = 1
        while let url = pickerPage {
            let response = try session.engine("GET", url)
            try session.expect("GET me/friends?fields=\(pickerFields), page \(page) (engine)", 200)
            pickerPage = nextPage(try? GraphJSON.parse(response.body))
            page += 1
        }
        let expectedPages =
            (GraphStandIn.friendList.count + GraphStandIn.defaultFriendsPageSize - 1)
            / GraphStandIn.defaultFriendsPageSize
        guard page - 1 == expectedPages else {
            throw Failure(description: "the picker's friend list came in \(page - 1) pages, expected \(expectedPages)")
        }
    }

    /// The Graph calls of the REST-to-Graph bridge (`Legacy/FacebookSDK/RESTBridge/`), made by legacy
    /// REST calls with the bridge switched on: the Graph answers the bridge's tests and
    /// `fbgraph rest` replay. Friends lists are asked for with `fields=` (and `limit=3` where the paging
    /// is the point), so they never match the plain `me/friends?limit=3` pages above.
    private static func recordBridgeCalls(_ session: DemoRecordingSession) throws {
        let facebook = session.facebook
        facebook.restBridge = .on
        facebook.appSecret = GraphStandIn.appSecret
        defer {
            facebook.restBridge = .automatic
            facebook.appSecret = nil
            facebook.restBridgeFriendsPageSize = 100
        }
        func rest(_ method: String, _ params: [String: String] = [:]) -> DemoLegacyStyles.Outcome {
            DemoLegacyStyles.delegateOutcome { delegate in
                facebook.request(
                    withMethodName: method, andParams: NSMutableDictionary(dictionary: params), andHttpMethod: "GET",
                    andDelegate: delegate)
            }
        }
        func page(_ label: String, _ pages: Int) -> [(String, Int)] {
            (1...pages).map { ("\(label), page \($0) of \(pages) (REST bridge)", 200) }
        }
        _ = rest("users.getLoggedInUser")
        try session.expect("GET me?fields=id: users.getLoggedInUser (REST bridge)", 200)
        _ = rest("users.getInfo", bridgeUserInfo)
        try session.expect("GET ?ids=100001,100003&fields=name,picture: users.getInfo (REST bridge)", 200)
        _ = rest("friends.getAppUsers")
        try session.expect("GET me/friends?fields=id&limit=100: friends.getAppUsers (REST bridge)", 200)
        facebook.restBridgeFriendsPageSize = 3
        _ = rest("friends.get")
        try session.expect(page("GET me/friends?fields=id&limit=3: friends.get", 3))
        let published = rest("stream.publish", bridgePost)
        try session.expect("POST me/feed: stream.publish (REST bridge)", 200)
        guard case .loaded(let postID as String) = published else {
            throw Failure(description: "stream.publish through the bridge did not answer a post id")
        }
        _ = rest("comments.add", ["post_id": postID, "comment": bridgeComment])
        try session.expect("POST <post>/comments: comments.add (REST bridge)", 200)
        _ = rest("auth.expireSession")
        try session.expect("DELETE me/permissions: auth.expireSession (REST bridge)", 200)
        _ = rest("auth.extendSSOAccessToken")
        try session.expect("GET oauth/access_token (fb_exchange_token): auth.extendSSOAccessToken (REST bridge)", 200)
        _ = rest("fql.query", ["query": bridgeMeQuery])
        try session.expect("GET me?fields=id,name,picture,gender: fql.query uid = me() (REST bridge)", 200)
        _ = rest("fql.query", ["query": appFriendsQuery])
        try session.expect(page("GET me/friends?fields=id,name&limit=3: fql.query friends, is_app_user", 3))
        facebook.restBridgeFriendsPageSize = 100
        _ = rest("fql.multiquery", ["queries": bridgeMultiquery])
        try session.expect([
            ("GET me/friends?fields=id,gender&limit=100: fql.multiquery \"friends\" (REST bridge)", 200),
            ("GET me?fields=name: fql.multiquery \"me\" (REST bridge)", 200),
        ])
        // The app's friends as a legacy program asks for them by default (the Hackbook sample's
        // fql.query, at the bridge's default page size): one page.
        _ = rest("fql.query", ["query": appFriendsQuery])
        try session.expect("GET me/friends?fields=id,name&limit=100: fql.query friends, is_app_user (REST bridge)", 200)
    }

    /// `users.getInfo` as the bridge's recording (and `fbgraph rest`'s example) asks for it.
    static let bridgeUserInfo = ["uids": "100001,100003", "fields": "name,pic_square"]
    /// `stream.publish` as the bridge's recording sends it.
    static let bridgePost = ["message": "Hello from the REST bridge", "link": "https://developers.facebook.com/"]
    /// `comments.add`'s text in the bridge's recording.
    static let bridgeComment = "A comment through the REST bridge"
    /// The FQL query of the user the bridge's recording (and `fbgraph rest`'s example) sends.
    static let bridgeMeQuery = "SELECT uid, name, pic_square, sex FROM user WHERE uid = me()"
    /// The `fql.multiquery` queries of the bridge's recording: the user's name, the friends' uids
    /// and sex.
    static let bridgeMultiquery =
        #"{"me":"SELECT name FROM user WHERE uid = me()","#
        + #""friends":"SELECT uid, sex FROM user WHERE uid IN (SELECT uid2 FROM friend WHERE uid1 = me())"}"#

    /// The `paging.next` URL of a page, if it has one.
    private static func nextPage(_ page: Any?) -> String? {
        ((page as? [String: Any])?["paging"] as? [String: Any])?["next"] as? String
    }

    /// The fields the friend picker asks for: the sorted union of its defaults (`fbgraph friends`
    /// without `--fields`).
    static let pickerFields = "first_name,id,last_name,middle_name,name,picture"

    /// The batch the recording sends: one answer, one unknown alias (an 803 error), and an item that
    /// depends on the failing one (so Graph skips it: `null`).
    static let batch = """
        [{"method":"GET","relative_url":"me?fields=id,name"},\
        {"method":"GET","name":"page","relative_url":"fbgraph-demo-page?fields=id,name"},\
        {"method":"GET","depends_on":"page","relative_url":"{result=page:$.id}/feed?limit=2"}]
        """

    /// The FQL query the recording sends: the friends who use the app.
    static let appFriendsQuery =
        "SELECT uid, name FROM user WHERE uid IN (SELECT uid2 FROM friend WHERE uid1 = me()) AND is_app_user = 1"

    /// A 1×1 PNG: the photo the upload sends.
    static let onePixelPNG =
        Data(
            base64Encoded:
                "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="
        ) ?? Data()
}

/// The cassette, the legacy object and the engine transport of one recording, and the check that
/// each call added exactly one entry with the expected status.
final class DemoRecordingSession {
    /// The cassette in `all` mode.
    let cassette: Cassette
    /// The legacy object, logged in with the valid token, carried by the cassette.
    let facebook: Facebook
    /// The engine's transport through the cassette.
    let engine: CassetteTransport
    /// `http://127.0.0.1:PORT`.
    let origin: String
    /// One line per entry checked: index, what it is, status.
    private(set) var lines: [String] = []

    /// A session over `cassette`, with `facebook` carried by it and the engine wrapped in it.
    init(cassette: Cassette, facebook: Facebook, origin: String) {
        self.cassette = cassette
        self.facebook = facebook
        self.engine = CassetteTransport(cassette: cassette)
        self.origin = origin
    }

    /// Checks that the last call added one entry, answered with `status`.
    func expect(_ label: String, _ status: Int) throws {
        let entries = cassette.entries
        let index = lines.count
        guard entries.count == index + 1 else {
            throw RecordDemoCommand.Failure(
                description: "\(label): the cassette holds \(entries.count) entries, expected \(index + 1)"
            )
        }
        let actual = entries[index].response.status
        lines.append("\(String(repeating: " ", count: index < 10 ? 1 : 0))\(index)  \(actual)  \(label)")
        guard actual == status else {
            throw RecordDemoCommand.Failure(description: "\(label): HTTP \(actual), expected \(status)")
        }
    }

    /// Checks that the last call added one entry per label, answered with its status.
    func expect(_ labels: [(String, Int)]) throws {
        let first = lines.count
        let entries = cassette.entries
        guard entries.count == first + labels.count else {
            throw RecordDemoCommand.Failure(
                description: "\(labels[0].0): the cassette holds \(entries.count) entries, expected "
                    + "\(first + labels.count)"
            )
        }
        for (offset, label) in labels.enumerated() {
            let index = first + offset
            let actual = entries[index].response.status
            lines.append("\(String(repeating: " ", count: index < 10 ? 1 : 0))\(index)  \(actual)  \(label.0)")
            guard actual == label.1 else {
                throw RecordDemoCommand.Failure(description: "\(label.0): HTTP \(actual), expected \(label.1)")
            }
        }
    }

    /// Sends one request on the engine through the cassette: a GET, or a form-encoded POST.
    func engine(_ method: String, _ url: String, form: [(String, String)]? = nil) throws -> RawResponse {
        var headers: HTTPHeaders = [:]
        var body: Data?
        if let form {
            headers = ["Content-Type": "application/x-www-form-urlencoded"]
            body = Data(DemoEngine.form(form).utf8)
        }
        switch DemoEngine.send(method: method, url: url, headers: headers, body: body, over: engine) {
        case .success(let response): return response
        case .failure(let error):
            throw RecordDemoCommand.Failure(description: "\(method) \(error.redactedURL): \(error)")
        }
    }
}
