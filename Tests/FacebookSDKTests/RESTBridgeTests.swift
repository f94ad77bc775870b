import FacebookGraph
import FacebookGraphReplay
import FacebookGraphTestSupport
import FacebookGraphTestTraits
import Foundation
import Testing

@testable import FacebookSDK

/// The REST-to-Graph bridge, as legacy code meets it: each bridged REST method through the delegate
/// and block APIs (and the `Result` / `async` overloads) against the bundled recordings of its Graph
/// calls, with the exact REST result shape; paging over the stand-in; the errors; the on/off rule.
@Suite("The REST-to-Graph bridge", .onOwnThread)
struct RESTBridgeTests {
    // MARK: - Each method, delegate and block, over the bundled recordings

    @Test("users.getLoggedInUser → GET me?fields=id → the bare numeric uid, every delegate callback in order")
    func loggedInUser() throws {
        let fixture = try BridgeFixture()
        let recorder = fixture.delegateCall("users.getLoggedInUser")
        #expect(recorder.names == ["loading", "didReceive", "didLoadRaw", "didLoad"])
        let uid = try #require(recorder.result as? NSNumber)
        #expect(uid == 4)
        #expect(recorder.result as? Int == 4)
        let raw = try #require(recorder.events.first { $0.name == "didLoadRaw" }?.value as? Data)
        #expect(String(decoding: raw, as: UTF8.self) == "4", "the body REST sent: a bare number")
        let response = try #require(recorder.events.first { $0.name == "didReceive" }?.value as? HTTPURLResponse)
        #expect(response.url?.absoluteString == BridgeFixture.originalRESTBase + "users.getLoggedInUser")
        #expect(response.statusCode == 200)

        let block = try #require(fixture.blockCall("users.getLoggedInUser"))
        #expect(block.error == nil)
        #expect(block.result as? NSNumber == 4)
        // requestWithParams: (the method in the dictionary) takes the same way.
        #expect(fixture.paramsCall("users.getLoggedInUser").result as? NSNumber == 4)
    }

    @Test("users.getInfo → GET ?ids=…&fields=name,picture → [{uid: number, name, pic_square: URL}] in uids order")
    func usersGetInfo() throws {
        let fixture = try BridgeFixture()
        let expected: [[String: AnyHashable]] = [
            ["uid": NSNumber(value: 100001), "name": "Ada Lovelace", "pic_square": standInPictureURL("100001")],
            ["uid": NSNumber(value: 100003), "name": "Grace Hopper", "pic_square": standInPictureURL("100003")],
        ]
        let params = ["uids": "100001,100003", "fields": "name,pic_square"]
        let delegate = fixture.delegateCall("users.getInfo", params)
        #expect(delegate.error == nil)
        #expect((delegate.result as? [[String: AnyHashable]]) == expected)
        let rows = try #require(delegate.result as? [[String: Any]])
        #expect(rows.map { $0["uid"] is NSNumber } == [true, true], "uids are numbers, as REST sent them")
        #expect(rows.map { $0["uid"] as? Int } == [100001, 100003])

        let block = try #require(fixture.blockCall("users.getInfo", params))
        #expect(block.error == nil)
        #expect((block.result as? [[String: AnyHashable]]) == expected)
    }

    @Test("friends.getAppUsers / friends.get → me/friends?fields=id → every friend's uid, as numbers")
    func friendsMethods() throws {
        let fixture = try BridgeFixture()
        let delegate = fixture.delegateCall("friends.getAppUsers")
        #expect(delegate.error == nil)
        #expect(delegate.result as? [NSNumber] == standInFriendUIDs)
        #expect(delegate.result as? [Int] == GraphStandIn.friends.map { Int($0.id)! })
        let block = try #require(fixture.blockCall("friends.getAppUsers"))
        #expect(block.result as? [NSNumber] == standInFriendUIDs)
    }

    @Test("friends.get follows paging.next through the core's paging: 3 recorded pages of 3, 3 and 1 friends")
    func friendsPagingOverTheRecordings() throws {
        let fixture = try BridgeFixture(pageSize: 3)
        let cassette = try #require(fixture.cassette)
        let unusedBefore = cassette.unusedEntries.count
        let delegate = fixture.delegateCall("friends.get")
        #expect(delegate.error == nil)
        #expect(delegate.result as? [NSNumber] == standInFriendUIDs)
        #expect(unusedBefore - cassette.unusedEntries.count == 3, "three Graph pages were played")
        let block = try #require(fixture.blockCall("friends.get"))
        #expect(block.result as? [NSNumber] == standInFriendUIDs)
    }

    @Test("friends.get pages over the live stand-in (page size 2: four Graph requests), delegate and block")
    func friendsPagingOverTheStandIn() throws {
        let fixture = try BridgeFixture(standInWithToken: GraphStandIn.validToken, pageSize: 2)
        let server = try #require(fixture.server)
        let delegate = fixture.delegateCall("friends.get")
        #expect(delegate.result as? [NSNumber] == standInFriendUIDs)
        #expect(server.requestsServed == 4)
        let block = try #require(fixture.blockCall("friends.getAppUsers"))
        #expect(block.result as? [NSNumber] == standInFriendUIDs)
        #expect(server.requestsServed == 8)
    }

    @Test("stream.publish → POST me/feed → the post id string; comments.add → POST <post>/comments → the comment id")
    func publishing() throws {
        let fixture = try BridgeFixture()
        let post = ["message": "Hello from the REST bridge", "link": "https://developers.facebook.com/"]
        let published = fixture.delegateCall("stream.publish", post)
        #expect(published.error == nil)
        let postID = try #require(published.result as? String)
        #expect(postID == "4_10150590958751329")
        let raw = try #require(published.events.first { $0.name == "didLoadRaw" }?.value as? Data)
        #expect(String(decoding: raw, as: UTF8.self) == #""4_10150590958751329""#, "a bare JSON string, as REST")

        let comment = try #require(
            fixture.blockCall("comments.add", ["post_id": postID, "comment": "A comment through the REST bridge"]))
        #expect(comment.error == nil)
        #expect(comment.result as? String == "4_10150590958751329_10150519692640782")
        // Through the delegate as well.
        let viaDelegate = fixture.delegateCall(
            "comments.add", ["post_id": postID, "comment": "A comment through the REST bridge"])
        #expect(viaDelegate.result as? String == "4_10150590958751329_10150519692640782")
        #expect(fixture.blockCall("stream.publish", post)?.result as? String == postID)
    }

    @Test("auth.expireSession → DELETE me/permissions → true (v2's [\"result\": \"true\"])")
    func expireSession() throws {
        let fixture = try BridgeFixture()
        let delegate = fixture.delegateCall("auth.expireSession")
        #expect(delegate.result as? [String: String] == ["result": "true"])
        let block = try #require(fixture.blockCall("auth.expireSession"))
        #expect(block.result as? [String: String] == ["result": "true"])
    }

    @Test("auth.extendSSOAccessToken with an app secret → fb_exchange_token → {access_token, expires_at}")
    func extendTokenWithASecret() throws {
        let fixture = try BridgeFixture()
        fixture.facebook.appSecret = GraphStandIn.appSecret
        let before = Date().timeIntervalSince1970
        let delegate = fixture.delegateCall("auth.extendSSOAccessToken")
        #expect(delegate.error == nil)
        let result = try #require(delegate.result as? [String: Any])
        #expect(result["access_token"] as? String == BundledRecordings_token)
        let expiresAt = try #require(result["expires_at"] as? NSNumber).doubleValue
        let lifetime = Double(GraphStandIn.exchangedTokenLifetime)
        #expect(expiresAt >= before.rounded(.down) + lifetime && expiresAt <= Date().timeIntervalSince1970 + lifetime)
        let block = try #require(fixture.blockCall("auth.extendSSOAccessToken"))
        #expect((block.result as? [String: Any])?["access_token"] as? String == BundledRecordings_token)
    }

    @Test("The automatic extension goes through the bridge: fbDidExtendToken with the exchanged token and expiry")
    func automaticExtension() throws {
        let fixture = try BridgeFixture(standInWithToken: GraphStandIn.validToken)
        fixture.facebook.appSecret = GraphStandIn.appSecret
        fixture.facebook.lastAccessTokenUpdate = .distantPast
        let recorder = fixture.delegateCall("users.getLoggedInUser")
        #expect(recorder.result as? NSNumber == 4)
        // The extension was started before the call; wait for it (bounded) on the callback queue.
        let deadline = Date(timeIntervalSinceNow: 10)
        while fixture.session.names.isEmpty, Date() < deadline { fixture.onQueue {} }
        #expect(fixture.session.names == ["fbDidExtendToken"])
        #expect(fixture.session.extendedToken == GraphStandIn.validToken)
        let expiry = try #require(fixture.session.extendedExpiry)
        #expect(abs(expiry.timeIntervalSinceNow - Double(GraphStandIn.exchangedTokenLifetime)) < 120)
    }

    @Test("auth.extendSSOAccessToken without an app secret fails as a REST error, without any request")
    func extendTokenWithoutASecret() throws {
        let fixture = try BridgeFixture(standInWithToken: GraphStandIn.validToken)
        let recorder = fixture.delegateCall("auth.extendSSOAccessToken")
        let error = try #require(recorder.error)
        #expect(error.domain == facebookErrDomain)
        #expect(error.code == 3)
        #expect((error.userInfo["error_msg"] as? String)?.contains("Facebook.appSecret") == true)
        #expect(fixture.server?.requestsServed == 0)
        // The session's own extension ignores the failure, as v2 did.
        fixture.facebook.lastAccessTokenUpdate = .distantPast
        fixture.facebook.extendAccessToken()
        let deadline = Date(timeIntervalSinceNow: 10)
        while fixture.onQueue({ fixture.facebook.isExtendingAccessToken }), Date() < deadline {}
        #expect(fixture.onQueue { fixture.facebook.accessToken } == GraphStandIn.validToken)
        #expect(fixture.session.names.isEmpty)
        #expect(fixture.server?.requestsServed == 0)
    }

    // MARK: - FQL

    @Test("fql.query SELECT … FROM user WHERE uid = me() → one FQL row keyed by the selected columns")
    func fqlMe() throws {
        let fixture = try BridgeFixture()
        let query = ["query": "SELECT uid, name, pic_square, sex FROM user WHERE uid = me()"]
        let expected: [[String: AnyHashable]] = [
            ["uid": NSNumber(value: 4), "name": "Mark Demo", "pic_square": standInPictureURL("4"), "sex": "male"]
        ]
        #expect((fixture.delegateCall("fql.query", query).result as? [[String: AnyHashable]]) == expected)
        #expect((fixture.blockCall("fql.query", query)?.result as? [[String: AnyHashable]]) == expected)
    }

    @Test("fql.query, the friends-of-me subquery with is_app_user = 1 → a row per friend, over three pages")
    func fqlFriends() throws {
        let fixture = try BridgeFixture(pageSize: 3)
        let query = [
            "query":
                "SELECT uid, name FROM user WHERE uid IN (SELECT uid2 FROM friend WHERE uid1 = me()) AND is_app_user = 1"
        ]
        let expected: [[String: AnyHashable]] = GraphStandIn.friends.map {
            ["uid": NSNumber(value: Int64($0.id)!), "name": $0.name]
        }
        #expect((fixture.delegateCall("fql.query", query).result as? [[String: AnyHashable]]) == expected)
        #expect((fixture.blockCall("fql.query", query)?.result as? [[String: AnyHashable]]) == expected)
    }

    @Test("fql.multiquery → [{name, fql_result_set}] by name")
    func fqlMultiquery() throws {
        let fixture = try BridgeFixture()
        let queries = [
            "queries":
                #"{"me":"SELECT name FROM user WHERE uid = me()","friends":"SELECT uid, sex FROM user WHERE uid IN (SELECT uid2 FROM friend WHERE uid1 = me())"}"#
        ]
        let female: Set<String> = ["100001", "100003", "100005", "100007"]
        let friends: [[String: AnyHashable]] = GraphStandIn.friends.map {
            ["uid": NSNumber(value: Int64($0.id)!), "sex": female.contains($0.id) ? "female" : "male"]
        }
        let result = try #require(fixture.delegateCall("fql.multiquery", queries).result as? [[String: Any]])
        #expect(result.map { $0["name"] as? String } == ["friends", "me"])
        #expect((result[0]["fql_result_set"] as? [[String: AnyHashable]]) == friends)
        #expect((result[1]["fql_result_set"] as? [[String: AnyHashable]]) == [["name": "Mark Demo"]])
    }

    @Test("The FQL translator's patterns, and the queries it refuses")
    func fqlPatterns() throws {
        #expect(try FQLTranslator.parse("select uid from user where uid=me();") == .me(columns: ["uid"]))
        #expect(
            try FQLTranslator.parse("SELECT name FROM user WHERE uid IN (1, 2)")
                == .users(ids: ["1", "2"], columns: ["name"]))
        #expect(
            try FQLTranslator.parse("SELECT name FROM user WHERE uid = 12") == .users(ids: ["12"], columns: ["name"]))
        #expect(
            try FQLTranslator.parse(
                "SELECT uid FROM user WHERE is_app_user = 1 AND uid IN (SELECT uid2 FROM friend WHERE uid1=me())")
                == .friends(columns: ["uid"]))
        #expect(
            try FQLTranslator.parse("SELECT uid2 FROM friend WHERE uid1 = me()") == .friendPairs(columns: ["uid2"]))
        for unsupported in [
            "SELECT name FROM page WHERE page_id = 1",
            "SELECT uid FROM user WHERE uid IN (SELECT uid2 FROM friend WHERE uid1 = me()) AND is_app_user = 0",
            "SELECT email, username FROM user WHERE uid = me()",
            "SELECT * FROM user WHERE uid = me()",
            "DELETE FROM user",
            "",
        ] {
            #expect(throws: RESTFailure.self, "\(unsupported)") { try FQLTranslator.parse(unsupported) }
        }
    }

    @Test("stream.publish reads REST's attachment JSON (href, name, caption, description, media src)")
    func attachment() throws {
        let json =
            #"{"name":"N","href":"https://example.com/","caption":"C","description":"D","#
            + #""media":[{"type":"image","src":"https://example.com/p.png","href":"x"}]}"#
        #expect(
            RESTPublishTranslation.attachmentFields(json) == [
                "link": "https://example.com/", "name": "N", "caption": "C", "description": "D",
                "picture": "https://example.com/p.png",
            ])
        #expect(RESTPublishTranslation.attachmentFields("not json").isEmpty)
        let fixture = try BridgeFixture(standInWithToken: GraphStandIn.validToken)
        let posted = fixture.delegateCall("stream.publish", ["message": "Hi", "attachment": json])
        #expect((posted.result as? String)?.hasPrefix("4_") == true)
    }

    // MARK: - Errors

    @Test("users.getInfo with a field the bridge does not know fails with REST 100 naming it, without a request")
    func unknownField() throws {
        let fixture = try BridgeFixture(standInWithToken: GraphStandIn.validToken)
        let error = try #require(
            fixture.delegateCall("users.getInfo", ["uids": "100001", "fields": "name,hometown_location"]).error)
        #expect(error.domain == facebookErrDomain)
        #expect(error.code == 100)
        #expect((error.userInfo["error_msg"] as? String)?.contains("hometown_location") == true)
        let missing = try #require(fixture.delegateCall("users.getInfo", ["fields": "name"]).error)
        #expect(missing.code == 100)
        #expect(fixture.server?.requestsServed == 0)
    }

    @Test("Unsupported FQL fails with facebookErrDomain, REST error_code 3 and the Graph call to use; no request")
    func unsupportedFQL() throws {
        let fixture = try BridgeFixture(standInWithToken: GraphStandIn.validToken)
        let query = "SELECT name, fan_count FROM page WHERE page_id = 20531316728"
        for outcome in [
            fixture.delegateCall("fql.query", ["query": query]).error,
            fixture.blockCall("fql.query", ["query": query])?.error,
        ] {
            let error = try #require(outcome)
            #expect(error.domain == facebookErrDomain)
            #expect(error.code == 3)
            #expect(error.userInfo["error_code"] as? Int == 3)
            let message = try #require(error.userInfo["error_msg"] as? String)
            #expect(message.hasPrefix("FQL no longer exists on the Graph API"))
            #expect(message.contains("GET <page id>?fields="))
            let arguments = try #require(error.userInfo["request_args"] as? [[String: String]])
            #expect(arguments == [["key": "method", "value": "fql.query"], ["key": "query", "value": query]])
        }
        #expect(fixture.server?.requestsServed == 0, "nothing was sent")
    }

    @Test("An unknown method fails with REST error_code 3 \"Unknown method\", no token in request_args, no request")
    func unknownMethod() throws {
        let fixture = try BridgeFixture(standInWithToken: GraphStandIn.validToken)
        let recorder = fixture.delegateCall("friends.getMutualFriends", ["target_uid": "100001"])
        #expect(recorder.names == ["loading", "didReceive", "didLoadRaw", "didFail"])
        let error = try #require(recorder.error)
        #expect(error.domain == facebookErrDomain)
        #expect(error.code == 3)
        #expect(error.userInfo["error_code"] as? Int == 3)
        #expect((error.userInfo["error_msg"] as? String)?.hasPrefix("Unknown method: friends.getMutualFriends") == true)
        #expect(
            error.userInfo["request_args"] as? [[String: String]] == [
                ["key": "method", "value": "friends.getMutualFriends"], ["key": "target_uid", "value": "100001"],
            ])
        #expect(!"\(error.userInfo)".contains(GraphStandIn.validToken))
        let block = try #require(fixture.blockCall("no.such.method")?.error)
        #expect(block.code == 3)
        #expect(fixture.server?.requestsServed == 0)
        #expect(fixture.onQueue { fixture.facebook.isSessionValid() }, "an unknown method does not end the session")
    }

    @Test("A Graph 190 through the bridge is a REST 190: didFailWithError, then the session is invalidated")
    func graphTokenErrorInvalidates() throws {
        let fixture = try BridgeFixture(standInWithToken: GraphStandIn.expiredToken)
        let recorder = fixture.delegateCall("users.getInfo", ["uids": "100001", "fields": "name"])
        let error = try #require(recorder.error)
        #expect(error.domain == facebookErrDomain)
        #expect(error.code == 190)
        #expect(error.userInfo["error_code"] as? Int == 190)
        #expect((error.userInfo["error_msg"] as? String)?.hasPrefix("Error validating access token") == true)
        // The invalidation follows didFailWithError in the same turn of the callback queue.
        fixture.onQueue {}
        #expect(fixture.session.names == ["fbSessionInvalidated"])
        #expect(fixture.onQueue { fixture.facebook.accessToken } == nil)
        #expect(fixture.onQueue { fixture.facebook.isSessionValid() } == false)
    }

    @Test("A Graph 190 through the bridge's block and Result paths invalidates the session too")
    func graphTokenErrorOtherPaths() async throws {
        let block = try BridgeFixture(standInWithToken: GraphStandIn.expiredToken)
        #expect(block.blockCall("friends.get")?.error?.code == 190)
        block.onQueue {}
        #expect(block.session.names == ["fbSessionInvalidated"])

        let modern = try BridgeFixture(standInWithToken: GraphStandIn.expiredToken)
        do {
            _ = try await modern.facebook.request(
                withMethodName: "users.getLoggedInUser", andParams: NSMutableDictionary(), andHttpMethod: "GET")
            Issue.record("an expired token must fail")
        } catch {
            #expect(error.code == 190)
            #expect(error.category == .tokenInvalid)
        }
        modern.onQueue {}
        #expect(modern.session.names == ["fbSessionInvalidated"])
    }

    @Test("Another Graph error keeps its code in the REST shape (100), and leaves the session alone")
    func otherGraphError() throws {
        let fixture = try BridgeFixture(standInWithToken: GraphStandIn.validToken)
        let recorder = fixture.delegateCall("stream.publish", ["target_id": "100001", "link": "https://example.com/"])
        let error = try #require(recorder.error)
        #expect(error.code == 100)
        #expect(error.userInfo["error_msg"] as? String == "(#100) Missing message or attachment")
        #expect(fixture.onQueue { fixture.facebook.isSessionValid() })
        let posted = fixture.delegateCall("stream.publish", ["target_id": "100001", "message": "Hi Ada"])
        #expect((posted.result as? String)?.hasPrefix("100001_") == true)
    }

    @Test("Cancelling a bridged request (connection.cancel()) delivers nothing more, and Facebook forgets it")
    func cancelling() throws {
        let fixture = try BridgeFixture(standInWithToken: GraphStandIn.validToken, pageSize: 1)
        let recorder = Recorder()
        let request: FBRequest? = fixture.onQueue {
            let request: FBRequest? = fixture.facebook.request(
                withMethodName: "friends.get", andParams: NSMutableDictionary(), andHttpMethod: "GET",
                andDelegate: recorder)
            request?.connection.cancel()
            return request
        }
        // The cancellation completes on the callback queue; the bridge's own answer, if any, is dropped.
        fixture.onQueue {}
        #expect(fixture.onQueue { request?.state } == FBRequestState(kFBRequestStateComplete))
        #expect(fixture.facebook.requestsInFlight == 0)
        #expect(!recorder.waitForTerminal(seconds: 1), "no terminal callback after a cancel")
        #expect(recorder.names == ["loading"])
    }

    // MARK: - Result and async

    @Test("The Result and async overloads receive the REST-shaped body")
    func modernOverloads() async throws {
        let fixture = try BridgeFixture()
        let response = try await fixture.facebook.request(
            withMethodName: "users.getInfo",
            andParams: NSMutableDictionary(dictionary: ["uids": "100001,100003", "fields": "name,pic_square"]),
            andHttpMethod: "GET")
        let rows = try #require(try response.jsonObject() as? [[String: Any]])
        #expect(rows.map { $0["uid"] as? NSNumber } == [100001, 100003])
        #expect(rows.map { $0["pic_square"] as? String } == [standInPictureURL("100001"), standInPictureURL("100003")])

        let friends: [NSNumber]? = await withCheckedContinuation { continuation in
            fixture.facebook.request(
                withMethodName: "friends.getAppUsers", andParams: NSMutableDictionary(), andHttpMethod: "GET"
            ) { result in
                continuation.resume(returning: (try? result.get().jsonObject()) as? [NSNumber])
            }
        }
        #expect(friends == standInFriendUIDs)

        let unknown = try BridgeFixture(standInWithToken: GraphStandIn.validToken)
        do {
            _ = try await unknown.facebook.request(
                withMethodName: "no.such.method", andParams: NSMutableDictionary(), andHttpMethod: "GET")
            Issue.record("an unknown method must fail")
        } catch {
            #expect(error.code == 3)
        }
    }

    // MARK: - When it is on

    @Test("Automatic: on for the original REST hosts, off elsewhere; .on and .off override")
    func theRule() {
        for base in [
            "https://api.facebook.com/method/", "http://api.facebook.com/method/", "https://API.facebook.com/method/",
            "https://api-read.facebook.com/method/",
        ] {
            #expect(RESTBridgeMode.automatic.bridges(restBaseURL: base), "\(base)")
            #expect(!RESTBridgeMode.off.bridges(restBaseURL: base))
        }
        for base in ["http://127.0.0.1:8080/method/", "https://graph.facebook.com/method/", "https://example.com/", ""]
        {
            #expect(!RESTBridgeMode.automatic.bridges(restBaseURL: base), "\(base)")
            #expect(RESTBridgeMode.on.bridges(restBaseURL: base))
        }
        let facebook = Facebook(appId: "1", andDelegate: nil)
        #expect(facebook.restBridge == .automatic)
    }

    @Test("Off with a REST base elsewhere: the REST host answers; .on sends the same call to Graph instead")
    func switchOverridesTheRule() throws {
        let server = try GraphStandInServer()
        defer { server.stop() }
        let fixture = try BridgeFixture(
            standInWithToken: GraphStandIn.validToken, restBaseURL: server.baseURL + "/method/")
        // Automatic, REST base on loopback: the stand-in's REST method answers (app users only).
        let rest = fixture.delegateCall("friends.getAppUsers")
        #expect(rest.result as? [Int] == GraphStandIn.appUserIDs.map { Int($0)! })
        fixture.facebook.restBridge = .on
        let bridged = fixture.delegateCall("friends.getAppUsers")
        #expect(bridged.result as? [NSNumber] == standInFriendUIDs)
        #expect(server.requestsServed == 1, "the REST host got only the unbridged call")
    }

    @Test("Off over the original host: the bundled REST answers replay as they were recorded")
    func offReplaysRecordedREST() throws {
        let fixture = try BridgeFixture()
        fixture.facebook.restBridge = .off
        let rest = fixture.delegateCall("friends.getAppUsers")
        #expect(rest.result as? [Int] == [100001, 100003, 100006])
    }

    // MARK: - Legacy Graph shapes

    @Test("Legacy Graph shapes: picture as its URL string, {success: true} as [result: true]; off by default")
    func legacyGraphShapes() throws {
        let fixture = try BridgeFixture()
        func me() -> [String: Any]? {
            let recorder = Recorder()
            fixture.facebook.request(
                withGraphPath: "me", andParams: NSMutableDictionary(dictionary: ["fields": "id,name,picture,gender"]),
                andDelegate: recorder)
            recorder.waitForTerminal()
            return recorder.result as? [String: Any]
        }
        func revoke() -> Any? {
            let recorder = Recorder()
            fixture.facebook.request(
                withGraphPath: "me/permissions", andParams: NSMutableDictionary(), andHttpMethod: "DELETE",
                andDelegate: recorder)
            recorder.waitForTerminal()
            return recorder.result
        }
        let modern = try #require(me())
        #expect(modern["picture"] as? String == nil)
        #expect(
            ((modern["picture"] as? [String: Any])?["data"] as? [String: Any])?["url"] as? String
                == standInPictureURL("4"))
        #expect(revoke() as? [String: Bool] == ["success": true])

        fixture.facebook.usesLegacyGraphShapes = true
        let legacy = try #require(me())
        #expect(legacy["picture"] as? String == standInPictureURL("4"))
        #expect(legacy["name"] as? String == "Mark Demo")
        #expect(revoke() as? [String: String] == ["result": "true"])
        // The block gets the same shapes.
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var blockResult: Any?
        fixture.facebook.request(
            withGraphPath: "me", params: NSMutableDictionary(dictionary: ["fields": "id,name,picture,gender"]),
            method: "GET"
        ) { _, result, _ in
            blockResult = result
            done.signal()
        }
        #expect(done.wait(scaledSeconds: 10))
        #expect((blockResult as? [String: Any])?["picture"] as? String == standInPictureURL("4"))
    }

    @Test("The reshaper rewrites pictures at any depth and leaves everything else")
    func reshaper() {
        let list: [String: Any] = [
            "data": [["id": "1", "picture": ["data": ["url": "U1", "is_silhouette": false]]], ["id": "2"]],
            "paging": ["next": "N"],
        ]
        let reshaped = LegacyGraphShapes.reshape(list) as? [String: Any]
        let data = reshaped?["data"] as? [[String: Any]]
        #expect(data?.first?["picture"] as? String == "U1")
        #expect(data?.last?["id"] as? String == "2")
        #expect((reshaped?["paging"] as? [String: String]) == ["next": "N"])
        #expect(
            LegacyGraphShapes.reshape(["success": true, "id": "1"]) as? [String: AnyHashable] == [
                "success": true, "id": "1",
            ])
        #expect(
            LegacyGraphShapes.reshape(["picture": "already a URL"]) as? [String: String] == ["picture": "already a URL"]
        )
        #expect(LegacyGraphShapes.reshape(nil) == nil)
    }
}

/// The placeholder the recordings hold for the stand-in's valid token.
let BundledRecordings_token = "<TOKEN-1>"
