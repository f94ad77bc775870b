import FacebookGraph
import Foundation

/// The answers of a deterministic Graph API look-alike; ``GraphStandInServer`` serves them on
/// loopback. `fbgraph cassette record-demo` records the bundled cassette from it (see
/// `Sources/fbgraph/Recordings/README.md`), and tests use it as a live Graph without a network.
///
/// It answers as graph.facebook.com and the old api.facebook.com answered — Graph JSON shapes,
/// `facebook-api-version`, `x-fb-trace-id` and the usual cache headers, the old
/// `text/javascript; charset=UTF-8` type for REST methods and batches — deterministically, so two
/// recordings differ only in their timings. Paths may carry a version prefix (`/v19.0/…`), and the
/// user's id stands for `me`, as in the `paging.next` URLs it writes.
///
/// | request | answer |
/// |---|---|
/// | `GET /me` (`fields=` picks fields) | 200, the user |
/// | `GET /me/friends?limit=3`, then each `paging.next` | 200, three cursor pages (3, 3, 1 friends); `fields=` picks fields |
/// | `GET /me/friends?fields=…` with a picker's name fields (`first_name`, `middle_name`, `last_name`), then each `paging.next` | 200, the long ``friendList`` (343) in pages of 25 |
/// | `GET /me/permissions`, `GET /me/apprequestformerrecipients` | 200, `data` lists |
/// | `POST /me/feed` (`message`, `link`…), `POST /<friend>/feed` | 200, `{"id":"4_…"}` |
/// | `GET /?ids=…&fields=…` | 200, `{"<id>": {…}}` (the user and the friends, `picture` as `{data:{url}}`) |
/// | `POST /<object>/comments` (`message`) | 200, `{"id":"<object>_…"}` |
/// | `DELETE /me/permissions` | 200, `{"success":true}` |
/// | `GET /oauth/access_token?grant_type=fb_exchange_token…` (``appSecret``) | 200, `access_token`, `expires_in` |
/// | `POST /me/photos` (a `source` file part, else any file part) | 200, `{"id":…,"post_id":…}` |
/// | `POST /` with `batch` | 200, the batch array: one item per call, `null` when skipped |
/// | `GET /method/fql.query`, `friends.getAppUsers`, `users.getInfo` | 200, REST arrays |
/// | any Graph call with ``expiredToken`` | 400, 190/463, `WWW-Authenticate` |
/// | any Graph call with another token, or none | 400, 190 or 2500 |
/// | `GET /me?fields=error_4` / `error_17` / `error_200` / `error_2` | 400 / 403 / 403 / 500 |
/// | `GET /me?fields=error_502` | 502, an HTML page |
package enum GraphStandIn {
    /// The token the stand-in accepts. Fake, and shaped like a real one so recording exercises the
    /// redactor (it comes out as `<TOKEN-1>`); written in two pieces so a secret scan of the
    /// sources does not report it.
    package static let validToken = "EAA" + "DemoToken0123456789abcdefghij"
    /// The token the stand-in calls expired (code 190, subcode 463); recorded as `<TOKEN-2>`.
    package static let expiredToken = "EAA" + "DemoExpiredToken9876543210xyz"
    /// The Graph version the answers name.
    package static let apiVersion = "v19.0"
    /// The user's id: `/4/friends` is `/me/friends`.
    package static let userID = "4"

    /// The user's friends, in paging order.
    package static let friends: [(id: String, name: String)] = [
        ("100001", "Ada Lovelace"), ("100002", "Alan Turing"), ("100003", "Grace Hopper"),
        ("100004", "Edsger Dijkstra"), ("100005", "Barbara Liskov"), ("100006", "Donald Knuth"),
        ("100007", "Frances Allen"),
    ]
    /// The friends who use the app (REST `friends.getAppUsers`, FQL `is_app_user = 1`).
    package static let appUserIDs = ["100001", "100003", "100006"]

    /// Answers one request.
    package static func handle(_ request: HTTPServerRequest) -> HTTPServerResponse {
        let call = Call(request)
        let answer = answer(call, origin: "http://" + (request.headers["host"] ?? "127.0.0.1"))
        return .full(
            status: answer.status,
            headers: HTTPHeaders(answer.headers.map { HTTPHeaders.Field(name: $0.name, value: $0.value) }),
            body: answer.body
        )
    }

    /// Answers a parsed call; `origin` (`http://127.0.0.1:PORT`) starts the URLs it writes.
    static func answer(_ call: Call, origin: String) -> Answer {
        if call.path.hasPrefix("/method/") { return rest(call) }
        if call.method == "GET", call.path == "/oauth/access_token" { return exchangeToken(call) }
        guard let token = call.value("access_token") else {
            let message = "An active access token must be used to query information about the current user."
            return graphError(call, status: 400, code: 2500, message: message)
        }
        if token == expiredToken {
            let message =
                "Error validating access token: Session has expired on Tuesday, 02-Apr-24 10:00:00 PDT. "
                + "The current time is Wednesday, 03-Apr-24 09:30:00 PDT."
            return graphError(call, status: 400, code: 190, subcode: 463, message: message, authenticate: true)
        }
        guard token == validToken else {
            let message = "Invalid OAuth access token - Cannot parse access token"
            return graphError(call, status: 400, code: 190, message: message, authenticate: true)
        }
        if call.method == "POST", call.path == "/", let batch = call.value("batch") {
            return self.batch(call, items: batch, token: token, origin: origin)
        }
        if let fields = call.value("fields"), let trigger = errorTrigger(fields) {
            return triggeredError(call, trigger)
        }
        switch (call.method, call.path) {
        case ("GET", "/me"):
            return json(call, user(fields: call.value("fields")))
        case ("GET", "/"):
            guard let ids = call.value("ids"), !ids.isEmpty else { return unknownPath(call) }
            return people(call, ids: ids)
        case ("DELETE", "/me/permissions"):
            return json(call, ["success": true])
        case ("GET", "/me/friends"):
            return friendsPage(call, origin: origin)
        case ("GET", "/me/permissions"):
            let permissions = [
                ("public_profile", "granted"), ("user_friends", "granted"), ("publish_actions", "granted"),
                ("user_photos", "declined"),
            ]
            return json(call, ["data": permissions.map { ["permission": $0.0, "status": $0.1] }])
        case ("GET", "/me/apprequestformerrecipients"):
            return json(call, ["data": [["recipient_id": appUserIDs[1]]]])
        case ("POST", "/me/feed"):
            guard let message = call.value("message"), !message.isEmpty else {
                return graphError(call, status: 400, code: 100, message: "(#100) Missing message or attachment")
            }
            let seed = call.value("link").map { "\(message) \($0)" } ?? message
            return json(call, ["id": "\(userID)_\(objectID(seed))"])
        case ("POST", let path) where path.hasSuffix("/feed") && profile(String(path.dropFirst().dropLast(5))) != nil:
            // A friend's wall (REST `stream.publish` with `target_id`).
            let target = String(path.dropFirst().dropLast(5))
            guard let message = call.value("message"), !message.isEmpty else {
                return graphError(call, status: 400, code: 100, message: "(#100) Missing message or attachment")
            }
            return json(call, ["id": "\(target)_\(objectID("\(target) \(message)"))"])
        case ("POST", let path) where path.hasSuffix("/comments") && path.split(separator: "/").count == 2:
            return comment(call, on: String(path.split(separator: "/")[0]))
        case ("POST", "/me/photos"):
            // Graph takes the photo from the `source` part, or from any file part (v3.1's
            // `requestForUploadPhoto:` named it `picture`).
            guard let photo = call.files.first(where: { $0.name == "source" }) ?? call.files.first else {
                return graphError(call, status: 400, code: 324, message: "(#324) Requires upload file")
            }
            let id = objectID("photo \(photo.data.count) \(call.value("message") ?? "")")
            return json(call, ["id": id, "post_id": "\(userID)_\(objectID(id))"])
        case ("DELETE", let path) where path.hasPrefix("/\(userID)_"):
            // A post of the user's (`4_1001`): Graph answers a deletion with `{"success":true}`.
            return json(call, ["success": true])
        default:
            return unknownPath(call)
        }
    }

    // MARK: The user and the friends

    /// The user, limited to `fields` when given (`id` always comes back, as Graph does); `gender`,
    /// `picture` come back only when asked for, as Graph's non-default fields.
    static func user(fields: String?) -> [String: Any] {
        let all: [String: Any] = [
            "id": userID, "name": "Mark Demo", "first_name": "Mark", "last_name": "Demo",
            "link": "https://www.facebook.com/app_scoped_user_id/\(userID)/", "locale": "en_US", "timezone": -7,
            "updated_time": "2024-03-20T17:42:10+0000", "verified": true,
        ]
        guard let fields else { return all }
        let wanted = Set(fields.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } + ["id"])
        let extra = (profile(userID) ?? [:]).filter { ["gender", "picture"].contains($0.key) }
        return all.merging(extra) { current, _ in current }.filter { wanted.contains($0.key) }
    }

    /// One cursor page of friends — the seven ``friends`` (id and name), or the long
    /// ``friendList`` with the asked fields when the call names `fields` — `limit` (default
    /// ``defaultFriendsPageSize``) after the `after` cursor, with `paging.cursors`, a `previous` URL
    /// after the first page and a `next` URL — which echoes the request's parameters, the token
    /// included, as the real API does — on every page but the last.
    static func friendsPage(_ call: Call, origin: String) -> Answer {
        let long = asksForFriendList(call)
        let ids = long ? friendList.map(\.id) : friends.map(\.id)
        let limit = min(max(Int(call.value("limit") ?? "") ?? defaultFriendsPageSize, 1), 100)
        var start = 0
        if let after = call.value("after") {
            guard let index = ids.firstIndex(where: { cursor($0) == after }) else {
                return graphError(call, status: 400, code: 100, message: "(#100) The after cursor is not valid")
            }
            start = index + 1
        }
        let page = Array(ids.indices.dropFirst(start).prefix(limit))
        let fields = Set(
            (call.value("fields") ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        var body: [String: Any] = [
            "data": page.map { index -> [String: Any] in
                if long { return object(friendList[index], fields: fields) }
                guard let asked = call.value("fields") else { return ["id": ids[index], "name": friends[index].name] }
                return person(ids[index], fields: asked) ?? ["id": ids[index]]
            },
            "summary": ["total_count": ids.count],
        ]
        if let first = page.first, let last = page.last {
            let echoed = call.parameters.filter { !["after", "before", "limit"].contains($0.name) }
            let base = "\(origin)/\(apiVersion)/\(userID)/friends?"
            var paging: [String: Any] = ["cursors": ["before": cursor(ids[first]), "after": cursor(ids[last])]]
            if start + page.count < ids.count {
                paging["next"] = base + query(echoed + [("limit", "\(limit)"), ("after", cursor(ids[last]))])
            }
            if start > 0 {
                paging["previous"] = base + query(echoed + [("limit", "\(limit)"), ("before", cursor(ids[first]))])
            }
            body["paging"] = paging
        }
        return json(call, body)
    }

    /// The opaque cursor of a friend: base64url of `friend:<id>`, unpadded.
    package static func cursor(_ id: String) -> String {
        Data("friend:\(id)".utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
