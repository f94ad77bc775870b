import FacebookGraph
import FacebookGraphReplay
import FacebookGraphTestSupport
import FacebookGraphTestTraits
import Foundation
import Testing

@testable import FacebookSDK

/// v3.1's `FBRequestConnection` over real sockets to the Graph stand-in: one Graph call or one batch
/// through the session's `GraphClient`, each handler once and in order, errors as `FBError.h` says,
/// token errors closing the session, cancel.
@Suite("v3.1 FBRequestConnection: one call or one batch through the core, handlers once and in order", .onOwnThread)
struct V31RequestConnectionTests {
    /// What the handlers of a connection saw, in call order.
    final class Calls: @unchecked Sendable {
        struct Call {
            var label: String
            var result: Any?
            var error: NSError?
            var onQueue: Bool
            var sessionWasOpen: Bool?
        }
        private let lock = NSLock()
        private var recorded: [Call] = []
        let queue = DispatchQueue(label: "v31.callbacks")
        private let key = DispatchSpecificKey<Bool>()

        init() { queue.setSpecific(key: key, value: true) }

        var all: [Call] { lock.withLock { recorded } }
        var labels: [String] { all.map(\.label) }

        /// A handler recording under `label` (and whether `session` was open when it ran).
        func handler(_ label: String, session: FBSession? = nil) -> FBRequestHandler {
            { [self] _, result, error in
                let call = Call(
                    label: label, result: result, error: error.map { $0 as NSError },
                    onQueue: DispatchQueue.getSpecific(key: key) == true, sessionWasOpen: session?.isOpen)
                lock.withLock { recorded.append(call) }
            }
        }

        /// A connection delivering on ``queue``.
        func connection() -> FBRequestConnection {
            let connection = FBRequestConnection()
            connection.callbackQueue = queue
            return connection
        }

        /// A connection (not started) of `me` and `me/friends` on `session`, recording under "a" and "b".
        func meAndFriendsBatch(_ session: FBSession) -> FBRequestConnection {
            let batch = connection()
            batch.add(FBRequest(session: session, graphPath: "me"), completionHandler: handler("a"))
            batch.add(FBRequest(session: session, graphPath: "me/friends"), completionHandler: handler("b"))
            return batch
        }

        /// A started connection of `request` alone, its handler recording under `label`.
        func start(_ request: FBRequest, _ label: String, session: FBSession? = nil) -> FBRequestConnection {
            let connection = connection()
            connection.add(request, completionHandler: handler(label, session: session))
            connection.start()
            return connection
        }

        /// Waits for `count` calls, then runs a later request on the same queue to its handler (the
        /// barrier) and returns the calls seen by then: a second call of any handler would show.
        func settle(_ count: Int, session: FBSession) -> [Call]? {
            guard eventually({ all.count >= count }) else { return nil }
            let barrier = Calls()
            let later = connection()
            later.add(FBRequest(session: session, graphPath: "me"), completionHandler: barrier.handler("barrier"))
            later.start()
            guard eventually({ barrier.all.count == 1 }) else { return nil }
            return all
        }
    }

    /// A stand-in, a recording transport, a session on both, and a handler recorder.
    struct Rig {
        let server: GraphStandInServer
        let transport = RecordingTransport()
        let session: FBSession
        let calls = Calls()

        init() throws {
            server = try GraphStandInServer()
            session = V31RequestConnectionTests.session(server, transport: transport)
        }
    }

    /// A session on the stand-in whose requests go through `transport`.
    static func session(
        _ server: GraphStandInServer, token: String = GraphStandInServer.validToken,
        transport: any HTTPTransport = CurlEngine.shared
    ) -> FBSession {
        let session = FBSession(accessToken: token, expirationDate: .distantFuture)
        session.graphBaseURL = server.baseURL + "/"
        session.transport = GraphTransport(transport)
        return session
    }

    /// The batch items a recorded `POST /` carried.
    static func batchItems(_ request: PreparedRequest) -> [[String: Any]] {
        let form = FormEncoding.decode(String(decoding: request.body ?? Data(), as: UTF8.self))
        let batch = form.first { $0.0 == "batch" }?.1 ?? "[]"
        return (try? JSONSerialization.jsonObject(with: Data(batch.utf8))) as? [[String: Any]] ?? []
    }

    @Test(
        "One request is one Graph call through the session's client; its handler runs once, on the callback queue, with mutable containers"
    )
    func singleRequest() throws {
        let rig = try Rig()
        defer { rig.server.stop() }
        let (server, transport, session, calls) = (rig.server, rig.transport, rig.session, rig.calls)
        let connection = calls.start(
            FBRequest(session: session, graphPath: "me", parameters: ["fields": "id,name"], httpMethod: nil), "me")
        let seen = try #require(calls.settle(1, session: session))
        #expect(seen.map(\.label) == ["me"])
        let result = try #require(seen[0].result as? NSMutableDictionary)
        #expect(result["name"] as? String == "Mark Demo")
        result["name"] = "edited"
        #expect(result["name"] as? String == "edited")
        #expect(seen[0].error == nil)
        #expect(seen[0].onQueue)
        #expect(connection.urlResponse?.statusCode == 200)
        let sent = transport.requests
        #expect(sent.count == 2)  // this call, then the barrier's
        #expect(sent[0].method == "GET")
        #expect(sent[0].url.hasPrefix(server.baseURL + "/me?"))
        #expect(sent[0].url.contains("access_token="))
        #expect(sent[0].url.contains("fields=id%2Cname"))
        #expect(!sent[0].url.contains("format=") && !sent[0].url.contains("sdk="))
    }

    @Test(
        "urlRequest is what start sends (one call, or the batch POST), built by the core; print, description and debugDescription show no token"
    )
    func urlRequest() throws {
        let rig = try Rig()
        defer { rig.server.stop() }
        let (transport, session, calls) = (rig.transport, rig.session, rig.calls)
        let token = GraphStandInServer.validToken
        for count in [1, 2] {
            let connection = calls.connection()
            #expect(connection.urlRequest == nil, "no request added yet")
            connection.add(
                FBRequest(session: session, graphPath: "me", parameters: ["fields": "id,name"], httpMethod: nil),
                completionHandler: calls.handler("me\(count)"), batchEntryName: "first")
            if count == 2 {
                connection.add(FBRequest.forMyFriends(), completionHandler: calls.handler("friends"))
            }
            let built = try #require(connection.urlRequest)
            let before = transport.requests.count
            connection.start()
            _ = try #require(calls.settle(count == 1 ? 1 : 3, session: session))
            let sent = transport.requests[before]
            #expect(built.url?.absoluteString == sent.url)
            #expect(built.httpMethod == sent.method)
            #expect(built.httpBody == sent.body)
            #expect(built.value(forHTTPHeaderField: "Content-Type") == sent.headers.values(for: "Content-Type").first)
            #expect(built.timeoutInterval == 180)
            if count == 1 {
                #expect(sent.method == "GET" && sent.url.contains("access_token="))
            } else {
                #expect(sent.method == "POST" && Self.batchItems(sent).count == 2)
                #expect(String(decoding: built.httpBody ?? Data(), as: UTF8.self).contains("access_token="))
            }
            let copies = [built.copy(), built.mutableCopy()].map { String(describing: $0) }
            #expect((built.copy() as? NSURLRequest)?.url == built.url, "a copy is the same request")
            for shown in [built.description, built.debugDescription, "\(built)", String(reflecting: built)] + copies {
                #expect(!shown.contains(token), "a description leaks the token: \(shown)")
                #expect(!shown.contains(String(token.dropFirst(3))), "a description leaks the token: \(shown)")
            }
        }
        // A request the core refuses (a token bound for plain http off the machine) has none.
        let offMachine = FBSession(accessToken: token, expirationDate: .distantFuture)
        offMachine.graphBaseURL = "http://graph.example.com/"
        let refused = calls.connection()
        refused.add(FBRequest(session: offMachine, graphPath: "me"), completionHandler: calls.handler("refused"))
        #expect(refused.urlRequest == nil)
    }

    @Test(
        "Deviation: no token-extension request rides along, even on a Facebook-login token last refreshed two days ago: the connection sends its own request alone"
    )
    func noTokenExtensionPiggyback() throws {
        let rig = try Rig()
        defer { rig.server.stop() }
        let (server, transport, calls) = (rig.server, rig.transport, rig.calls)
        let folder = FBSessionTests.CacheFolder()
        let strategy = folder.strategy()
        // What 3.1.1 extended: an open Facebook-login token refreshed more than 24 hours ago.
        strategy.cacheTokenInformation([
            FBTokenInformationTokenKey: GraphStandInServer.validToken,
            FBTokenInformationExpirationDateKey: Date(timeIntervalSinceNow: 86_400),
            FBTokenInformationRefreshDateKey: Date(timeIntervalSinceNow: -2 * 86_400),
            FBTokenInformationIsFacebookLoginKey: true,
            FBTokenInformationLoginTypeLoginKey: NSNumber(value: FBSessionLoginTypeFacebookApplication.rawValue),
        ])
        let session: FBSession = FBSession(
            appID: "123", permissions: nil, urlSchemeSuffix: nil, tokenCacheStrategy: strategy)
        session.graphBaseURL = server.baseURL + "/"
        session.transport = GraphTransport(transport)
        session.pageStore = nil
        let states = LockedValue<[FBSessionState]>([])
        session.open { _, state, _ in states.withLock { $0.append(state) } }
        _ = calls.start(FBRequest(session: session, graphPath: "me"), "me")
        let seen = try #require(calls.settle(1, session: session))
        #expect(seen.map(\.label) == ["me"] && seen[0].error == nil)
        let sent = transport.requests
        #expect(sent.count == 2, "the request and the barrier's, nothing else")
        #expect(sent.allSatisfy { $0.method == "GET" && $0.url.hasPrefix(server.baseURL + "/me?") })
        #expect(!sent.contains { $0.url.contains("extendSSOAccessToken") || $0.url.contains("oauth/access_token") })
        #expect(states.withLock { $0 } == [FBSessionStateOpen], "no OpenTokenExtended without an extension")
        #expect(session.accessToken == GraphStandInServer.validToken)
    }

    @Test("Deviation: the token is not written into a request's parameters, and format=json and sdk=ios are not sent")
    func parametersKeepWhatTheCallerPut() throws {
        let rig = try Rig()
        defer { rig.server.stop() }
        let (transport, session, calls) = (rig.transport, rig.session, rig.calls)
        let request: FBRequest = FBRequest(session: session, graphPath: "me")
        let connection = calls.connection()
        connection.add(request, completionHandler: calls.handler("me"))
        connection.start()
        _ = try #require(calls.settle(1, session: session))
        #expect(request.parameters as NSDictionary == ["migration_bundle": "fbsdk:20121026"] as NSDictionary)
        let url = try #require(transport.requests.first?.url)
        #expect(url.contains("access_token=") && url.contains("migration_bundle=fbsdk%3A20121026"))
        #expect(!url.contains("format=") && !url.contains("sdk="))
    }

    @Test(
        "Deviation: a photo is uploaded as its own bytes, in a part named picture with the media type its signature names"
    )
    func photoUpload() throws {
        let rig = try Rig()
        defer { rig.server.stop() }
        let (transport, session) = (rig.transport, rig.session)
        let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3, 4])
        let request: FBRequest = FBRequest(forUploadPhoto: UIImage(data: jpeg))
        request.session = session
        let connection = rig.calls.connection()
        connection.add(request, completionHandler: rig.calls.handler("photo"))
        connection.start()
        let seen = try #require(rig.calls.settle(1, session: session))
        #expect(seen[0].error == nil)
        #expect((seen[0].result as? NSDictionary)?["post_id"] as? String != nil)
        let sent = try #require(transport.requests.first)
        #expect(sent.method == "POST")
        let body = try #require(sent.body)
        let text = String(decoding: body, as: UTF8.self)
        #expect(text.contains(#"name="picture"; filename="picture""#))
        #expect(text.contains("Content-Type: image/jpeg"))
        #expect(body.range(of: jpeg) != nil)
    }

    @Test(
        "Three requests are one batch POST through GraphBatch; each handler once, in the order added, with its own error"
    )
    func batchInOrder() throws {
        let rig = try Rig()
        defer { rig.server.stop() }
        let (transport, session, calls) = (rig.transport, rig.session, rig.calls)
        let connection = calls.connection()
        connection.add(FBRequest(session: session, graphPath: "me"), completionHandler: calls.handler("me"))
        connection.add(
            FBRequest(session: session, graphPath: "me", parameters: ["fields": "error_200"], httpMethod: nil),
            completionHandler: calls.handler("denied"))
        connection.add(
            FBRequest(session: session, graphPath: "me/permissions"), completionHandler: calls.handler("permissions"))
        connection.start()
        let seen = try #require(calls.settle(3, session: session))
        #expect(seen.map(\.label) == ["me", "denied", "permissions"])
        #expect((seen[0].result as? NSDictionary)?["id"] as? String == "4")
        #expect(seen[0].error == nil && seen[2].error == nil)
        #expect(((seen[2].result as? NSDictionary)?["data"] as? [Any])?.count == 4)
        let error = try #require(seen[1].error)
        #expect(seen[1].result == nil)
        #expect(error.domain == FacebookSDKDomain)
        #expect(error.code == Int(FBErrorHTTPError.rawValue))
        #expect(error.userInfo[FBErrorHTTPStatusCodeKey] as? Int == 403)
        let parsed = try #require(error.userInfo[FBErrorParsedJSONResponseKey] as? NSDictionary)
        #expect(parsed["code"] as? Int == 403)
        let body = try #require(parsed["body"] as? [String: Any])
        #expect((body["error"] as? [String: Any])?["code"] as? Int == 200)
        #expect((parsed["headers"] as? [Any])?.isEmpty == false)
        #expect(session.isOpen)
        // One transfer for the three: a POST of the batch, items in the order added.
        let sent = transport.requests
        #expect(sent.count == 2)
        #expect(sent[0].method == "POST")
        let items = Self.batchItems(sent[0])
        #expect(
            items.compactMap { $0["relative_url"] as? String }.map { $0.components(separatedBy: "?")[0] } == [
                "me", "me", "me/permissions",
            ])
    }

    @Test("Batch entry names and {result=name:$.id} references pass through to the server unchanged")
    func namesAndReferences() throws {
        let rig = try Rig()
        defer { rig.server.stop() }
        let (transport, session, calls) = (rig.transport, rig.session, rig.calls)
        let connection = calls.connection()
        connection.add(
            FBRequest(session: session, graphPath: "me"), completionHandler: calls.handler("first"),
            batchEntryName: "first")
        connection.add(
            FBRequest(session: session, graphPath: "", parameters: ["ids": "{result=first:$.id}"], httpMethod: nil),
            completionHandler: calls.handler("second"))
        connection.start()
        let seen = try #require(calls.settle(2, session: session))
        #expect(seen.map(\.label) == ["first", "second"])
        let items = Self.batchItems(try #require(transport.requests.first))
        #expect(items.count == 2)
        #expect(items[0]["name"] as? String == "first")
        #expect(items[1]["name"] == nil)
        let url = try #require(items[1]["relative_url"] as? String)
        let query = FormEncoding.decode(String(url.split(separator: "?", maxSplits: 1).last ?? ""))
        #expect(query.contains { $0.0 == "ids" && $0.1 == "{result=first:$.id}" })
    }

    @Test(
        "A Graph error is FBErrorHTTPError with the status, {code, body} and Graph's message; a failed transfer is status 0 with the URL error inside"
    )
    func errorShapes() throws {
        let server = try GraphStandInServer()
        defer { server.stop() }
        let session = Self.session(server)
        let calls = Calls()
        let connection = calls.start(
            FBRequest(session: session, graphPath: "me", parameters: ["fields": "error_4"], httpMethod: nil), "limited")
        let seen = try #require(calls.settle(1, session: session))
        let error = try #require(seen[0].error)
        #expect(error.domain == FacebookSDKDomain && error.code == Int(FBErrorHTTPError.rawValue))
        #expect(error.userInfo[FBErrorHTTPStatusCodeKey] as? Int == 400)
        let parsed = try #require(error.userInfo[FBErrorParsedJSONResponseKey] as? NSDictionary)
        #expect(parsed["code"] as? Int == 400)
        #expect(((parsed["body"] as? [String: Any])?["error"] as? [String: Any])?["code"] as? Int == 4)
        #expect(error.localizedDescription.contains("Application request limit reached"))
        #expect(error.userInfo[FBErrorInnerErrorKey] == nil)
        #expect(connection.urlResponse?.statusCode == 400)

        let unreachable = FBSession(accessToken: "T", expirationDate: .distantFuture)
        unreachable.graphBaseURL = "http://127.0.0.1:1/"
        let failing = calls.connection()
        failing.add(FBRequest(session: unreachable, graphPath: "me"), completionHandler: calls.handler("unreachable"))
        failing.start()
        #expect(eventually { calls.all.count == 2 })
        let transportError = try #require(calls.all.last?.error)
        #expect(transportError.code == Int(FBErrorHTTPError.rawValue))
        #expect(transportError.userInfo[FBErrorHTTPStatusCodeKey] as? Int == 0)
        #expect((transportError.userInfo[FBErrorInnerErrorKey] as? NSError)?.domain == NSURLErrorDomain)
        #expect(failing.urlResponse == nil)
    }

    @Test(
        "Deviation: a token error (Graph 190) closes the request's session before its handler runs, alone, for a whole batch or for one batch item"
    )
    func tokenErrorClosesTheSession() throws {
        let server = try GraphStandInServer()
        defer { server.stop() }
        let calls = Calls()
        let single = Self.session(server, token: GraphStandInServer.expiredToken)
        let connection = calls.connection()
        connection.add(
            FBRequest(session: single, graphPath: "me"), completionHandler: calls.handler("single", session: single))
        connection.start()
        #expect(eventually { calls.all.count == 1 })
        let first = try #require(calls.all.first)
        #expect(first.sessionWasOpen == false)
        #expect(!single.isOpen)
        let parsed = try #require(first.error?.userInfo[FBErrorParsedJSONResponseKey] as? NSDictionary)
        #expect(((parsed["body"] as? [String: Any])?["error"] as? [String: Any])?["code"] as? Int == 190)

        // A batch whose token is rejected: Graph answers one error for the whole batch.
        let batched = Self.session(server, token: GraphStandInServer.expiredToken)
        let batch = calls.connection()
        batch.add(FBRequest(session: batched, graphPath: "me"), completionHandler: calls.handler("a", session: batched))
        batch.add(
            FBRequest(session: batched, graphPath: "me/friends"),
            completionHandler: calls.handler("b", session: batched))
        batch.start()
        #expect(eventually { calls.all.count == 3 })
        #expect(calls.labels == ["single", "a", "b"])
        #expect(
            calls.all.dropFirst().allSatisfy {
                $0.sessionWasOpen == false && $0.error?.code == Int(FBErrorHTTPError.rawValue)
            })
        #expect(!batched.isOpen)

        // Deviation: a batch item's own token error closes that item's session (3.1.1 checked only
        // errors of the whole answer); the batch's other session stays open.
        let valid = Self.session(server)
        let expired = Self.session(server, token: GraphStandInServer.expiredToken)
        let mixed = calls.connection()
        mixed.add(FBRequest(session: valid, graphPath: "me"), completionHandler: calls.handler("valid", session: valid))
        mixed.add(
            FBRequest(session: expired, graphPath: "me"), completionHandler: calls.handler("expired", session: expired))
        mixed.start()
        #expect(eventually { calls.all.count == 5 })
        #expect(calls.labels.suffix(2) == ["valid", "expired"])
        #expect(calls.all[3].error == nil && calls.all[3].sessionWasOpen == true)
        #expect(calls.all[4].error?.userInfo[FBErrorHTTPStatusCodeKey] as? Int == 400)
        #expect(calls.all[4].sessionWasOpen == false)
        #expect(valid.isOpen && !expired.isOpen)

        // Another error leaves the session open.
        let open = Self.session(server)
        let other = calls.connection()
        other.add(
            FBRequest(session: open, graphPath: "me", parameters: ["fields": "error_200"], httpMethod: nil),
            completionHandler: calls.handler("permission", session: open))
        other.start()
        #expect(eventually { calls.all.count == 6 })
        #expect(calls.all.last?.sessionWasOpen == true)
        #expect(open.isOpen)
    }

    @Test("A connection sends 3.1.1's User-Agent, FBiOSSDK.3.1.0, alone and as a batch, and urlRequest shows it")
    func v31UserAgent() throws {
        let agents = LockedValue<[String]>([])
        let bin = try HTTPBin(extraRoutes: [
            "/": { request in
                agents.withLock { $0.append(request.headers["User-Agent"] ?? "(none)") }
                return .full(
                    status: 200, headers: ["Content-Type": "application/json"],
                    body: Data(#"[{"code":200,"body":"{}"},{"code":200,"body":"{}"}]"#.utf8))
            },
            "/me": { request in
                agents.withLock { $0.append(request.headers["User-Agent"] ?? "(none)") }
                return .full(status: 200, headers: ["Content-Type": "application/json"], body: Data("{}".utf8))
            },
        ])
        defer { bin.stop() }
        let session = FBSession(accessToken: "T", expirationDate: .distantFuture)
        session.graphBaseURL = bin.url("/")
        let calls = Calls()
        let single = calls.connection()
        single.add(FBRequest(session: session, graphPath: "me"), completionHandler: calls.handler("me"))
        #expect(single.urlRequest?.value(forHTTPHeaderField: "User-Agent") == "FBiOSSDK.3.1.0")
        single.start()
        #expect(eventually { calls.all.count == 1 })
        let batch = calls.meAndFriendsBatch(session)
        #expect(batch.urlRequest?.value(forHTTPHeaderField: "User-Agent") == "FBiOSSDK.3.1.0")
        batch.start()
        #expect(eventually { calls.all.count == 3 })
        #expect(calls.all.allSatisfy { $0.error == nil }, "\(calls.all.map { $0.error as Any })")
        #expect(agents.withLock { $0 } == ["FBiOSSDK.3.1.0", "FBiOSSDK.3.1.0"])
    }

    @Test(
        "Deviation: a batch answer of the wrong length is FBErrorProtocolMismatch for every request; a body that is not JSON arrives as FBNonJSONResponseProperty; an error in a 2xx answer is FBErrorRequestConnectionApi"
    )
    func protocolMismatchAndNonJSON() throws {
        let bin = try HTTPBin(extraRoutes: [
            "/": { _ in
                .full(
                    status: 200, headers: ["Content-Type": "application/json"],
                    body: Data(#"[{"code":200,"body":"{}"}]"#.utf8))
            },
            "/flag": { _ in .full(status: 200, headers: ["Content-Type": "text/plain"], body: Data("true".utf8)) },
            "/method/users.getInfo": { _ in
                .full(
                    status: 200, headers: ["Content-Type": "text/javascript"],
                    body: Data(#"{"error_code":104,"error_msg":"Requires valid signature"}"#.utf8))
            },
        ])
        defer { bin.stop() }
        let session = FBSession(accessToken: "T", expirationDate: .distantFuture)
        session.graphBaseURL = bin.url("/")
        let calls = Calls()
        let batch = calls.meAndFriendsBatch(session)
        batch.start()
        #expect(eventually { calls.all.count == 2 })
        #expect(calls.labels == ["a", "b"])
        for call in calls.all {
            #expect(call.error?.domain == FacebookSDKDomain)
            #expect(call.error?.code == Int(FBErrorProtocolMismatch.rawValue))
            #expect(call.error?.userInfo[FBErrorHTTPStatusCodeKey] as? Int == 200)
            #expect((call.error?.userInfo[FBErrorParsedJSONResponseKey] as? NSArray)?.count == 1)
        }

        let flag = calls.connection()
        flag.add(FBRequest(session: session, graphPath: "flag"), completionHandler: calls.handler("flag"))
        flag.start()
        #expect(eventually { calls.all.count == 3 })
        let result = try #require(calls.all.last?.result as? NSMutableDictionary)
        #expect(result[FBNonJSONResponseProperty] as? String == "true")

        // Deviation: an error in a 2xx answer (the REST API's habit) is FBErrorRequestConnectionApi.
        session.graphBaseURL = bin.url("/")
        let rest = calls.connection()
        rest.add(
            FBRequest(session: session, restMethod: "users.getInfo", parameters: nil, httpMethod: nil),
            completionHandler: calls.handler("rest"))
        rest.start()
        #expect(eventually { calls.all.count == 4 })
        let error = try #require(calls.all.last?.error)
        #expect(error.code == Int(FBErrorRequestConnectionApi.rawValue))
        #expect(error.userInfo[FBErrorHTTPStatusCodeKey] as? Int == 200)
        let parsed = try #require(error.userInfo[FBErrorParsedJSONResponseKey] as? NSDictionary)
        #expect((parsed["body"] as? [String: Any])?["error_code"] as? Int == 104)
    }

    @Test(
        "Misuse: a request added after start gets an error and is not sent; a second start sends nothing; FBRequest() has parameters to fill"
    )
    func misuse() throws {
        let rig = try Rig()
        defer { rig.server.stop() }
        let (transport, session, calls) = (rig.transport, rig.session, rig.calls)
        let bare = FBRequest()
        bare.parameters["fields"] = "id"
        bare.session = session
        bare.graphPath = "me"
        let connection = calls.start(bare, "bare")
        connection.start()
        connection.add(FBRequest(session: session, graphPath: "me/friends"), completionHandler: calls.handler("late"))
        let seen = try #require(calls.settle(2, session: session))
        #expect(Set(seen.map(\.label)) == ["bare", "late"])
        let late = try #require(seen.first { $0.label == "late" })
        #expect(late.error?.domain == FacebookSDKDomain)
        #expect(late.error?.code == Int(FBErrorRequestConnectionApi.rawValue))
        #expect((seen.first { $0.label == "bare" }?.result as? NSDictionary)?["id"] as? String == "4")
        // The bare request and the barrier: the second start and the late request sent nothing.
        #expect(transport.requests.count == 2)
        #expect(transport.requests[0].url.contains("fields=id"))
    }

    @Test(
        "init(timeout:) bounds the wait: a server that never answers gives FBErrorHTTPError around a timed-out URL error"
    )
    func timeout() throws {
        let fault = try FaultServer()
        defer { fault.stop() }
        let session = FBSession(accessToken: "T", expirationDate: .distantFuture)
        session.graphBaseURL = fault.url("/")
        let calls = Calls()
        let connection = FBRequestConnection(timeout: 0.5 * testTimeoutScale)!
        connection.callbackQueue = calls.queue
        connection.add(FBRequest(session: session, graphPath: "no-answer"), completionHandler: calls.handler("slow"))
        let started = Date()
        connection.start()
        #expect(eventually(seconds: 20) { calls.all.count == 1 })
        #expect(Date().timeIntervalSince(started) < 15 * testTimeoutScale)
        let error = try #require(calls.all.first?.error)
        #expect(error.code == Int(FBErrorHTTPError.rawValue))
        #expect((error.userInfo[FBErrorInnerErrorKey] as? NSError)?.code == NSURLErrorTimedOut)
    }

    @Test("More than 50 requests: Graph refuses the batch, and every handler gets its error, in order")
    func tooManyForOneBatch() throws {
        let rig = try Rig()
        defer { rig.server.stop() }
        let connection = rig.calls.connection()
        for index in 0..<51 {
            connection.add(
                FBRequest(session: rig.session, graphPath: "me"), completionHandler: rig.calls.handler("\(index)"))
        }
        connection.start()
        let seen = try #require(rig.calls.settle(51, session: rig.session))
        #expect(seen.map(\.label) == (0..<51).map { "\($0)" })
        #expect(seen.allSatisfy { $0.error?.userInfo[FBErrorHTTPStatusCodeKey] as? Int == 400 })
        #expect(seen[0].error?.localizedDescription.contains("Maximum batch size is 50") == true)
        #expect(rig.transport.requests.count == 2)
    }

    @Test(
        "A lone request with a v2 delegate reports to the delegate as 3.1.1 did, and its handler is not called"
    )
    func deprecatedDelegate() throws {
        let rig = try Rig()
        defer { rig.server.stop() }
        let (session, calls) = (rig.session, rig.calls)
        let loaded = Recorder()
        let request: FBRequest = FBRequest(session: session, graphPath: "me")
        request.delegate = loaded
        _ = calls.start(request, "loaded handler")
        #expect(loaded.waitForTerminal())
        #expect(loaded.names == ["loading", "didReceive", "didLoadRaw", "didLoad"])
        #expect((loaded.result as? NSDictionary)?["id"] as? String == "4")
        // The request's state changes on the callback queue: read it there.
        #expect(calls.queue.sync { request.state } == FBRequestState(kFBRequestStateComplete))

        let denied = Recorder()
        let failing: FBRequest = FBRequest(
            session: session, graphPath: "me", parameters: ["fields": "error_200"], httpMethod: nil)
        failing.delegate = denied
        _ = calls.start(failing, "denied handler")
        #expect(denied.waitForTerminal())
        #expect(denied.names == ["loading", "didFail"])
        #expect(denied.error?.code == Int(FBErrorHTTPError.rawValue))
        #expect((failing.error as NSError?)?.userInfo[FBErrorHTTPStatusCodeKey] as? Int == 403)
        let seen = try #require(calls.settle(0, session: session))
        #expect(seen.isEmpty)
    }

    @Test("Cancel: no handler runs after cancel, whether the answer was in flight or the connection never started")
    func cancel() throws {
        let server = try GraphStandInServer()
        defer { server.stop() }
        final class GatedTransport: HTTPTransport, @unchecked Sendable {
            let arrived = DispatchSemaphore(value: 0)
            let open = DispatchSemaphore(value: 0)
            let answered = DispatchSemaphore(value: 0)
            func execute(
                _ request: PreparedRequest,
                completion: @escaping @Sendable (Result<RawResponse, TransportError>) -> Void
            ) -> TransferHandle {
                arrived.signal()
                DispatchQueue.global().async { [self] in
                    _ = open.wait(scaledSeconds: 30)
                    CurlEngine.shared.execute(request) { result in
                        completion(result)
                        self.answered.signal()
                    }
                }
                return TransferHandle(nil)
            }
        }
        let calls = Calls()
        let plain = Self.session(server)
        for count in [1, 2] {
            let gate = GatedTransport()
            let session = Self.session(server, transport: gate)
            let connection = calls.connection()
            for index in 0..<count {
                connection.add(
                    FBRequest(session: session, graphPath: "me"), completionHandler: calls.handler("\(count).\(index)"))
            }
            connection.start()
            #expect(gate.arrived.wait(scaledSeconds: 10))
            connection.cancel()
            gate.open.signal()
            if count == 1 {
                // The single call's answer still arrives from the transport, and is dropped.
                #expect(gate.answered.wait(scaledSeconds: 10))
            }
        }
        let never = calls.connection()
        never.add(FBRequest(session: plain, graphPath: "me"), completionHandler: calls.handler("never"))
        never.cancel()
        never.start()
        let seen = try #require(calls.settle(0, session: plain))
        #expect(seen.isEmpty)
        #expect(calls.labels.isEmpty)
    }
}
