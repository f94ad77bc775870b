// The hostile-server suite, paging and ids: a server that hands out crafted `paging.next` links, and
// a caller that forwards crafted ids, case by case, through every API that follows or forwards them.
//
// Each case runs on its own servers: the configured Graph base (a loopback server on 127.0.0.1 that
// records every request), and two listeners no request may ever reach — one on 127.0.0.2, one on
// another 127.0.0.1 port. The same case then goes through each path that exists for it: the legacy
// delegate and seed 002's block API (the REST bridge's paged `friends.get`, its id parameters), the
// async `GraphClient` (paging, batches), the v3.1 friend picker and its cache descriptor, and the
// built `fbgraph`. The outcome is exact: the refusal (naming the host) or what the Graph server
// received, nothing on a foreign listener, no token but the client's.

import FacebookGraph
import FacebookGraphReplay
import FacebookGraphTestSupport
import FacebookGraphTestTraits
import Foundation
import Testing

@testable import FacebookSDK

/// The servers of one case.
final class HostileWorld: @unchecked Sendable {
    static let token = "EAAHostileSuiteToken0123456789"
    /// A token a hostile link carries: it must never be sent.
    static let echoed = "EAAStolenEchoedToken9876543210"

    let graph: LoopbackHTTPServer
    let foreignHost: LoopbackHTTPServer
    let foreignPort: LoopbackHTTPServer
    private let graphLog = LockedValue<[HTTPServerRequest]>([])
    private let foreignLog = LockedValue<[HTTPServerRequest]>([])
    private let nextLink = LockedValue("")

    init() throws {
        let graphLog = graphLog
        let foreignLog = foreignLog
        let nextLink = nextLink
        graph = try LoopbackHTTPServer { request in
            graphLog.withLock { $0.append(request) }
            return HostileWorld.answer(request, next: nextLink.withLock { $0 })
        }
        let trap: LoopbackHTTPServer.Handler = { request in
            foreignLog.withLock { $0.append(request) }
            return HTTPBin.json(["data": [["id": "666", "name": "Mallory"]]])
        }
        foreignHost = try LoopbackHTTPServer(host: "127.0.0.2", handler: trap)
        foreignPort = try LoopbackHTTPServer(handler: trap)
    }

    deinit {
        _ = graph.stop()
        _ = foreignHost.stop()
        _ = foreignPort.stop()
    }

    /// The Graph base as clients are configured with it.
    var base: String { graph.baseURL + "/" }
    var graphRequests: [HTTPServerRequest] { graphLog.withLock { $0 } }
    var foreignRequests: [HTTPServerRequest] { foreignLog.withLock { $0 } }
    /// Sets the first friends page's `paging.next`.
    func setNext(_ link: String) { nextLink.withLock { $0 = link } }

    /// `GET …/friends` without a cursor: one friend and `paging.next`; with one: the last page.
    /// `GET /me`: the owner. A POST of a comment or a post: its id. `POST /` with `batch`: one 200
    /// per item.
    static func answer(_ request: HTTPServerRequest, next: String) -> HTTPServerResponse {
        if request.path.hasSuffix("/friends") {
            let first = request.queryValue("after") == nil
            let friend: [String: Any] =
                first
                ? ["id": "1001", "name": "Ada Lovelace", "first_name": "Ada", "last_name": "Lovelace"]
                : ["id": "1002", "name": "Grace Hopper", "first_name": "Grace", "last_name": "Hopper"]
            var body: [String: Any] = ["data": [friend]]
            if first { body["paging"] = ["next": next] }
            return HTTPBin.json(body)
        }
        if request.path == "/me" { return HTTPBin.json(["id": "4"]) }
        if request.method == "POST", request.path == "/" {
            let batch = FormEncoding.decode(bytes: request.body).first { $0.name == "batch" }?.value ?? "[]"
            let items = (try? JSONSerialization.jsonObject(with: Data(batch.utf8)) as? [Any]) ?? []
            return HTTPBin.json(items.map { _ in ["code": 200, "headers": [], "body": "{}"] as [String: Any] })
        }
        if request.method == "POST" { return HTTPBin.json(["id": "4_5"]) }
        return HTTPBin.json(["error": ["message": "no such route", "code": 803]], status: 404)
    }

    /// The `batch` items the Graph server received in its batch requests.
    var batchItems: [[String: Any]] {
        graphRequests.filter { $0.path == "/" }.flatMap { request -> [[String: Any]] in
            let batch = FormEncoding.decode(bytes: request.body).first { $0.name == "batch" }?.value ?? "[]"
            return (try? JSONSerialization.jsonObject(with: Data(batch.utf8)) as? [[String: Any]]) ?? []
        }
    }

    /// The built `fbgraph` run with `arguments` against this world's Graph base and token.
    func fbgraph(_ arguments: [String]) throws -> ProgramRun {
        let binary = try #require(BuiltExecutable.built(named: "fbgraph"), "fbgraph is not built")
        var environment = ProcessInfo.processInfo.environment
        for key in ["FB_ACCESS_TOKEN", "FB_APP_SECRET", "http_proxy", "https_proxy", "all_proxy", "ALL_PROXY"] {
            environment[key] = nil
        }
        environment["XDG_CONFIG_HOME"] =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("hostile-no-config-\(UUID().uuidString)").path
        return try BuiltExecutable.run(
            binary, arguments: arguments + ["--base-url", base, "--token", Self.token], environment: environment,
            timeout: 60 * testTimeoutScale)
    }

    /// A `Facebook` object whose REST calls go through the bridge to this world's Graph base.
    func facebook(queue: DispatchQueue) -> Facebook {
        let facebook = Facebook(appId: "1234", andDelegate: nil)
        facebook.transport = .libcurl
        facebook.graphBaseURL = base
        facebook.restBaseURL = GraphConfiguration.defaultRESTBaseURL + "method/"
        facebook.restBridge = .on
        facebook.callbackQueue = queue
        facebook.accessToken = Self.token
        facebook.expirationDate = Date(timeIntervalSinceNow: 3600)
        facebook.lastAccessTokenUpdate = Date()
        return facebook
    }

    /// A client of this world's Graph base.
    func client(_ configure: (inout GraphConfiguration) -> Void = { _ in }) -> GraphClient {
        var configuration = GraphConfiguration(accessToken: Self.token)
        configuration.graphBaseURL = base
        configuration.retryPolicy = .never
        configure(&configuration)
        return GraphClient(configuration: configuration)
    }

    /// An open session of this world's token on its Graph base, without a cache.
    func session() -> FBSession {
        let session = FBSession(accessToken: Self.token, expirationDate: Date(timeIntervalSinceNow: 3600))
        session.graphBaseURL = base
        session.pageStore = nil
        return session
    }
}

/// What a case must come to.
enum HostileOutcome: Sendable {
    /// Refused before any request to it, with an error naming `host`.
    case refused(host: @Sendable (HostileWorld) -> String)
    /// The link followed on the Graph server: the second page's request has this path.
    case followed(path: String)
    /// An id refused before any request: the message names `parameter`.
    case invalidID(parameter: String)
}

/// One row of the hostile table.
struct HostileCase: Sendable, CustomTestStringConvertible {
    enum Input: Sendable {
        /// The first friends page's `paging.next`.
        case nextLink(@Sendable (HostileWorld) -> String)
        /// A REST call through the bridge, with its parameters.
        case rest(method: String, post: Bool, parameters: [String: String])
        /// The friend picker's `userID` (and `fbgraph friends --user`).
        case pickerUserID(String)
    }

    let name: String
    let input: Input
    let outcome: HostileOutcome

    var testDescription: String { name }

    static let all: [HostileCase] = [
        HostileCase(
            name: "paging.next on another host (127.0.0.2), echoing a token",
            input: .nextLink { "\($0.foreignHost.baseURL)/steal?after=x&access_token=\(HostileWorld.echoed)" },
            outcome: .refused { $0.foreignHost.baseURL }),
        HostileCase(
            name: "paging.next on another port of the same host",
            input: .nextLink { "\($0.foreignPort.baseURL)/v19.0/4/friends?after=x" },
            outcome: .refused { $0.foreignPort.baseURL }),
        HostileCase(
            name: "paging.next with the base as user info (http://127.0.0.1:P@127.0.0.2:Q/)",
            input: .nextLink { world in
                "http://127.0.0.1:\(world.graph.port)@127.0.0.2:\(world.foreignHost.port)/v19.0/4/friends?after=x"
            },
            outcome: .refused { "127.0.0.2:\($0.foreignHost.port)" }),
        HostileCase(
            name: "paging.next behind a fragment that names the base (foreign#@127.0.0.1:P/)",
            input: .nextLink { "\($0.foreignHost.baseURL)/x?after=x#@127.0.0.1:\($0.graph.port)/" },
            outcome: .refused { $0.foreignHost.baseURL }),
        HostileCase(
            name: "paging.next on the real Graph host while the base stands in for it: mapped onto the base",
            input: .nextLink { _ in
                "https://graph.facebook.com/v19.0/4/friends?after=x&access_token=\(HostileWorld.echoed)"
            },
            outcome: .followed(path: "/v19.0/4/friends")),
        HostileCase(
            name: "friends.get uid with a query of its own (me?fields=email&x=)",
            input: .rest(method: "friends.get", post: false, parameters: ["uid": "me?fields=email&x="]),
            outcome: .invalidID(parameter: "uid")),
        HostileCase(
            name: "stream.publish target_id naming another edge (4/likes)",
            input: .rest(method: "stream.publish", post: true, parameters: ["target_id": "4/likes", "message": "hi"]),
            outcome: .invalidID(parameter: "target_id")),
        HostileCase(
            name: "comments.add post_id into the user's own feed (me/feed?)",
            input: .rest(method: "comments.add", post: true, parameters: ["post_id": "me/feed?", "comment": "hi"]),
            outcome: .invalidID(parameter: "post_id")),
        HostileCase(
            name: "comments.add object_id climbing out of its segment (../4_5)",
            input: .rest(method: "comments.add", post: true, parameters: ["object_id": "../4_5", "comment": "hi"]),
            outcome: .invalidID(parameter: "object_id")),
        HostileCase(
            name: "the picker's userID with a query of its own (me?fields=email&x=)",
            input: .pickerUserID("me?fields=email&x="),
            outcome: .invalidID(parameter: "userID")),
    ]
}

@Suite("The hostile-server suite: paging links and ids, through every API that follows or forwards them", .onOwnThread)
struct HostileServerPagingTests {
    @Test("Each case is refused (or followed on the base) exactly, through every path", arguments: HostileCase.all)
    func hostile(_ row: HostileCase) async throws {
        let world = try HostileWorld()
        switch row.input {
        case .nextLink(let link):
            world.setNext(link(world))
            try await Self.paging(world, row.outcome)
        case .rest(let method, let post, let parameters):
            try Self.rest(world, method: method, post: post, parameters: parameters, row.outcome)
        case .pickerUserID(let userID):
            try await Self.picker(world, userID: userID, row.outcome)
        }
        #expect(world.foreignRequests.isEmpty, "a foreign listener was reached: \(world.foreignRequests.map(\.target))")
        for request in world.graphRequests {
            let tokens =
                request.queryItems.filter { $0.name == "access_token" }.map(\.value)
                + FormEncoding.decode(bytes: request.body).filter { $0.name == "access_token" }.map(\.value)
            #expect(tokens.allSatisfy { $0 == HostileWorld.token }, "\(request.target) carried \(tokens)")
        }
    }

    /// A paged friends list through the bridge (delegate and block), the client, the picker and
    /// `fbgraph rest --bridge`.
    static func paging(_ world: HostileWorld, _ outcome: HostileOutcome) async throws {
        let queue = DispatchQueue(label: "hostile.callbacks")
        let facebook = world.facebook(queue: queue)
        let recorder = Recorder()
        facebook.request(
            withMethodName: "friends.get", andParams: NSMutableDictionary(), andHttpMethod: "GET",
            andDelegate: recorder)
        #expect(recorder.waitForTerminal(seconds: 30))
        let block = try await blockCall(facebook, "friends.getAppUsers", [:])
        for (api, error, result) in [
            ("delegate", recorder.error, recorder.result), ("block", block.error, block.result),
        ] {
            check(legacy: error, result: result, outcome, world, api: api)
        }

        var items: [GraphUser] = []
        var failure: GraphError?
        do throws(GraphError) {
            for try await user in world.client().items(of: GraphRequest(path: "me/friends"), as: GraphUser.self) {
                items.append(user)
            }
        } catch {
            failure = error
        }
        switch outcome {
        case .refused(let host):
            #expect(items.map(\.id) == ["1001"], "client: the first page arrives")
            #expect(failure?.transportError?.code == .redirectRefused, "client: \(String(describing: failure))")
            #expect(failure?.message.contains(host(world)) == true, "client: \(String(describing: failure))")
        case .followed(let path):
            #expect(failure == nil, "client: \(String(describing: failure))")
            #expect(items.map(\.id) == ["1001", "1002"])
            #expect(world.graphRequests.filter { $0.path == path }.count >= 1)
        case .invalidID:
            Issue.record("not a paging outcome")
        }

        let fixture = PickerFixture(session: world.session())
        fixture.onQueue { $0.loadData() }
        switch outcome {
        case .refused(let host):
            #expect(await fixture.wait(seconds: 120) { _, recorder in recorder.count("handleError") == 1 })
            let error = fixture.recorder.errors.first as? GraphError
            #expect(error?.transportError?.code == .redirectRefused, "picker: \(String(describing: error))")
            #expect(error?.message.contains(host(world)) == true, "picker: \(String(describing: error))")
        default:
            #expect(await fixture.wait(seconds: 120) { picker, _ in !picker.isLoading })
            #expect(fixture.recorder.errors.isEmpty, "picker: \(fixture.recorder.errors)")
            #expect(fixture.names.count == 2, "picker: \(fixture.names)")
        }

        let cli = try world.fbgraph(["rest", "friends.get", "--bridge"])
        switch outcome {
        case .refused(let host):
            #expect(cli.status != 0, "fbgraph: \(cli.stdout)")
            #expect(cli.stderr.contains(host(world)), "fbgraph: \(cli.stderr)")
        default:
            #expect(cli.status == 0, "fbgraph: \(cli.stderr)")
            #expect(cli.stdout.contains("1002"), "fbgraph: \(cli.stdout)")
        }
    }

    /// A REST call with a crafted id through the delegate, the block and `fbgraph rest --bridge`.
    static func rest(
        _ world: HostileWorld, method: String, post: Bool, parameters: [String: String], _ outcome: HostileOutcome
    ) throws {
        guard case .invalidID(let parameter) = outcome else {
            Issue.record("not an id outcome")
            return
        }
        let queue = DispatchQueue(label: "hostile.callbacks")
        let facebook = world.facebook(queue: queue)
        let recorder = Recorder()
        facebook.request(
            withMethodName: method, andParams: NSMutableDictionary(dictionary: parameters),
            andHttpMethod: post ? "POST" : "GET", andDelegate: recorder)
        #expect(recorder.waitForTerminal(seconds: 30))
        let done = DispatchSemaphore(value: 0)
        let box = LockedValue<(Any?, NSError?)>((nil, nil))
        facebook.request(
            withMethodName: method, andParams: NSMutableDictionary(dictionary: parameters),
            andHttpMethod: post ? "POST" : "GET"
        ) { _, result, error in
            box.withLock { $0 = (result, error as NSError?) }
            done.signal()
        }
        #expect(done.wait(scaledSeconds: 30))
        for (api, error) in [("delegate", recorder.error), ("block", box.withLock { $0.1 })] {
            #expect(error?.domain == facebookErrDomain, "\(api): \(String(describing: error))")
            #expect(error?.code == 100, "\(api): \(String(describing: error))")
            let message = error?.userInfo["error_msg"] as? String ?? ""
            #expect(message.hasPrefix("Invalid parameter: \(parameter) "), "\(api): \(message)")
        }
        let cli = try world.fbgraph(
            ["rest", method, "--bridge"] + (post ? ["--post"] : [])
                + parameters.sorted { $0.key < $1.key }.flatMap { ["-p", "\($0.key)=\($0.value)"] })
        #expect(cli.status != 0, "fbgraph: \(cli.stdout)")
        #expect((cli.stdout + cli.stderr).contains("Invalid parameter: \(parameter) "), "fbgraph: \(cli.stderr)")
        #expect(world.graphRequests.isEmpty, "sent: \(world.graphRequests.map(\.target))")
    }

    /// A crafted `userID` through the picker, its cache descriptor's prefetch and `fbgraph friends --user`.
    static func picker(_ world: HostileWorld, userID: String, _ outcome: HostileOutcome) async throws {
        guard case .invalidID(let parameter) = outcome else {
            Issue.record("not an id outcome")
            return
        }
        let fixture = PickerFixture(session: world.session())
        fixture.onQueue { picker in
            picker.userID = userID
            picker.loadData()
        }
        #expect(await fixture.wait(seconds: 120) { _, recorder in recorder.count("handleError") == 1 })
        let error = fixture.recorder.errors.first as? GraphError
        #expect(error?.category == .invalidRequest, "picker: \(String(describing: error))")
        #expect(error?.message.hasPrefix("\(parameter) ") == true, "picker: \(String(describing: error))")

        let descriptor = FBFriendPickerViewController.cacheDescriptor(withUserID: userID, fieldsForRequest: nil)
        let prefetched = AsyncEvent()
        let result = LockedValue<Result<Int, GraphError>?>(nil)
        let friends = try #require(descriptor as? FBFriendPickerCacheDescriptor)
        friends.prefetchAndCache(for: world.session()) { outcome in
            result.withLock { $0 = outcome }
            prefetched.signal()
        }
        #expect(await prefetched.wait(seconds: 120))
        #expect(result.withLock { $0 }?.failure?.category == .invalidRequest, "prefetch")

        let cli = try world.fbgraph(["friends", "--user", userID])
        #expect(cli.status == 64, "fbgraph: usage, \(cli.stderr)")
        #expect(cli.stderr.contains("--user "), "fbgraph: \(cli.stderr)")
        #expect(world.graphRequests.isEmpty, "sent: \(world.graphRequests.map(\.target))")
    }

    static func check(
        legacy error: NSError?, result: Any?, _ outcome: HostileOutcome, _ world: HostileWorld, api: String
    ) {
        switch outcome {
        case .refused(let host):
            #expect(error?.domain == NSURLErrorDomain, "\(api): \(String(describing: error))")
            #expect(
                error?.code == TransportError(.redirectRefused, message: "", url: "").urlErrorCode.rawValue, "\(api)")
            #expect(error?.localizedDescription.contains(host(world)) == true, "\(api): \(String(describing: error))")
        case .followed:
            #expect(error == nil, "\(api): \(String(describing: error))")
            #expect(
                (result as? [NSNumber])?.map(\.int64Value) == [1001, 1002], "\(api): \(String(describing: result))")
        case .invalidID:
            Issue.record("not a paging outcome")
        }
    }

    /// A REST call through the seed's block API.
    static func blockCall(_ facebook: Facebook, _ method: String, _ parameters: [String: String]) async throws
        -> (result: Any?, error: NSError?)
    {
        let done = AsyncEvent()
        let box = LockedValue<(Any?, NSError?)>((nil, nil))
        facebook.request(
            withMethodName: method, andParams: NSMutableDictionary(dictionary: parameters), andHttpMethod: "GET"
        ) { _, result, error in
            box.withLock { $0 = (result, error as NSError?) }
            done.signal()
        }
        #expect(await done.wait(seconds: 120))
        return box.withLock { (result: $0.0, error: $0.1) }
    }
}

@Suite("The hostile-server suite over TLS", .onOwnThread)
struct HostileServerTLSPagingTests {
    @Test(
        "paging.next that downgrades https to http on the same host is refused, naming it; the http server sees nothing",
        .enabled(if: NginxFixture.isAvailable, "nginx and openssl are needed (scripts/bootstrap --tests)")
    )
    func schemeDowngrade() async throws {
        let nginx = try NginxFixture()
        defer { nginx.stop() }
        let downgraded = nginx.httpURL("/logged/me?after=x")
        let page = #"{"data":[{"id":"1001","name":"Ada Lovelace"}],"paging":{"next":"\#(downgraded)"}}"#
        try Data(page.utf8).write(to: URL(fileURLWithPath: nginx.directory + "/www/hostile-friends"))
        var configuration = GraphConfiguration(accessToken: HostileWorld.token)
        configuration.graphBaseURL = nginx.httpsURL("/")
        configuration.additionalCAFile = nginx.caFile
        configuration.retryPolicy = .never
        var items: [GraphUser] = []
        var failure: GraphError?
        do throws(GraphError) {
            let list = GraphClient(configuration: configuration).items(
                of: GraphRequest(path: "hostile-friends"), as: GraphUser.self)
            for try await user in list { items.append(user) }
        } catch {
            failure = error
        }
        #expect(items.map(\.id) == ["1001"])
        #expect(failure?.transportError?.code == .redirectRefused, "\(String(describing: failure))")
        #expect(
            failure?.message.contains("http://127.0.0.1:\(nginx.httpPort)") == true, "\(String(describing: failure))")
        #expect(nginx.connectionsLogged().isEmpty, "the http server was reached: \(nginx.connectionsLogged())")
    }
}

@Suite("Batch items are built by the one prepare step")
struct HostileServerBatchTests {
    @Test("A # in an item's path is escaped as in a single request; nothing after it is lost")
    func hashInBatchPath() async throws {
        let world = try HostileWorld()
        let response = try await world.client().batch([
            GraphBatchOperation(GraphRequest(path: "me#x", parameters: ["fields": "id"]))
        ])
        #expect(response.results.count == 1)
        let item = try #require(world.batchItems.first)
        #expect(item["relative_url"] as? String == "me%23x?fields=id")
        #expect(world.foreignRequests.isEmpty)
    }

    @Test("An item with its own token gets the time-bound appsecret_proof when it is on")
    func timeBoundProofInItem() async throws {
        let world = try HostileWorld()
        var request = GraphRequest(path: "4", parameters: ["fields": "id"])
        request.accessToken = "EAAPageTokenOfTheItem0123456789"
        let client = world.client { configuration in
            configuration.appSecret = "hostile-suite-secret"
            configuration.usesTimeBoundAppSecretProof = true
        }
        _ = try await client.batch([GraphBatchOperation(request)])
        let item = try #require(world.batchItems.first)
        let query = FormEncoding.queryPairs(of: item["relative_url"] as? String ?? "")
        let time = try #require(query.first { $0.name == "appsecret_time" }.flatMap { Int($0.value) })
        let expected = AppSecretProof(
            token: "EAAPageTokenOfTheItem0123456789", appSecret: "hostile-suite-secret", time: time)
        #expect(query.map(\.name) == ["fields", "access_token", "appsecret_proof", "appsecret_time"])
        #expect(
            query.first { $0.name == "appsecret_proof" }?.value
                == expected.parameters.first { $0.0 == "appsecret_proof" }?.1)
    }
}
