import FacebookGraph
import FacebookGraphReplay
import Foundation

/// A Graph API stand-in served on loopback: the source the bundled recordings are made from
/// (`fbgraph cassette record-demo`, see `Recordings/README.md`).
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
/// | `GET /me/friends?limit=3`, then each `paging.next` | 200, three cursor pages (3, 3, 1 friends) |
/// | `GET /me/permissions`, `GET /me/apprequestformerrecipients` | 200, `data` lists |
/// | `POST /me/feed` (`message`) | 200, `{"id":"4_…"}` |
/// | `POST /me/photos` (a `source` file part) | 200, `{"id":…,"post_id":…}` |
/// | `POST /` with `batch` | 200, the batch array: one item per call, `null` when skipped |
/// | `GET /method/fql.query`, `friends.getAppUsers`, `users.getInfo` | 200, REST arrays |
/// | any Graph call with ``expiredToken`` | 400, 190/463, `WWW-Authenticate` |
/// | any Graph call with another token, or none | 400, 190 or 2500 |
/// | `GET /me?fields=error_4` / `error_17` / `error_200` / `error_2` | 400 / 403 / 403 / 500 |
/// | `GET /me?fields=error_502` | 502, an HTML page |
enum DemoGraph {
    /// The token the stand-in accepts. Fake, and shaped like a real one so recording exercises the
    /// redactor (it comes out as `<TOKEN-1>`); written in two pieces so a secret scan of the
    /// sources does not report it.
    static let validToken = "EAA" + "DemoToken0123456789abcdefghij"
    /// The token the stand-in calls expired (code 190, subcode 463); recorded as `<TOKEN-2>`.
    static let expiredToken = "EAA" + "DemoExpiredToken9876543210xyz"
    /// The Graph version the answers name.
    static let apiVersion = "v19.0"
    /// The user's id: `/4/friends` is `/me/friends`.
    static let userID = "4"

    /// The user's friends, in paging order.
    static let friends: [(id: String, name: String)] = [
        ("100001", "Ada Lovelace"), ("100002", "Alan Turing"), ("100003", "Grace Hopper"),
        ("100004", "Edsger Dijkstra"), ("100005", "Barbara Liskov"), ("100006", "Donald Knuth"),
        ("100007", "Frances Allen"),
    ]
    /// The friends who use the app (REST `friends.getAppUsers`, FQL `is_app_user = 1`).
    static let appUserIDs = ["100001", "100003", "100006"]

    /// Answers one request.
    static func handle(_ request: HTTPServerRequest) -> HTTPServerResponse {
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
            return json(call, ["id": "\(userID)_\(objectID(message))"])
        case ("POST", "/me/photos"):
            guard let photo = call.files.first(where: { $0.name == "source" }) else {
                return graphError(call, status: 400, code: 324, message: "(#324) Requires upload file")
            }
            let id = objectID("photo \(photo.data.count) \(call.value("message") ?? "")")
            return json(call, ["id": id, "post_id": "\(userID)_\(objectID(id))"])
        default:
            return unknownPath(call)
        }
    }

    // MARK: The user and the friends

    /// The user, limited to `fields` when given (`id` always comes back, as Graph does).
    static func user(fields: String?) -> [String: Any] {
        let all: [String: Any] = [
            "id": userID, "name": "Mark Demo", "first_name": "Mark", "last_name": "Demo",
            "link": "https://www.facebook.com/app_scoped_user_id/\(userID)/", "locale": "en_US", "timezone": -7,
            "updated_time": "2024-03-20T17:42:10+0000", "verified": true,
        ]
        guard let fields else { return all }
        let wanted = Set(fields.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } + ["id"])
        return all.filter { wanted.contains($0.key) }
    }

    /// One cursor page of friends: `limit` after the `after` cursor, with `paging.cursors`, a
    /// `previous` URL after the first page and a `next` URL — which echoes the request's parameters,
    /// the token included, as the real API does — on every page but the last.
    static func friendsPage(_ call: Call, origin: String) -> Answer {
        let limit = min(max(Int(call.value("limit") ?? "") ?? 25, 1), 100)
        var start = 0
        if let after = call.value("after") {
            guard let index = friends.firstIndex(where: { cursor($0.id) == after }) else {
                return graphError(call, status: 400, code: 100, message: "(#100) The after cursor is not valid")
            }
            start = index + 1
        }
        let page = Array(friends.dropFirst(start).prefix(limit))
        var body: [String: Any] = [
            "data": page.map { ["id": $0.id, "name": $0.name] },
            "summary": ["total_count": friends.count],
        ]
        if let first = page.first, let last = page.last {
            let echoed = call.parameters.filter { !["after", "before", "limit"].contains($0.name) }
            let base = "\(origin)/\(apiVersion)/\(userID)/friends?"
            var paging: [String: Any] = ["cursors": ["before": cursor(first.id), "after": cursor(last.id)]]
            if start + page.count < friends.count {
                paging["next"] = base + query(echoed + [("limit", "\(limit)"), ("after", cursor(last.id))])
            }
            if start > 0 {
                paging["previous"] = base + query(echoed + [("limit", "\(limit)"), ("before", cursor(first.id))])
            }
            body["paging"] = paging
        }
        return json(call, body)
    }

    /// The opaque cursor of a friend: base64url of `friend:<id>`, unpadded.
    static func cursor(_ id: String) -> String {
        Data("friend:\(id)".utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    // MARK: Errors

    /// The error a `fields=error_<code>` value asks for, if any.
    static func errorTrigger(_ fields: String) -> Int? {
        fields.split(separator: ",").lazy.compactMap { field in
            field.hasPrefix("error_") ? Int(field.dropFirst("error_".count)) : nil
        }.first
    }

    /// The error for a `fields=error_<code>` trigger.
    static func triggeredError(_ call: Call, _ code: Int) -> Answer {
        switch code {
        case 4:
            let usage = #"{"call_count":100,"total_cputime":25,"total_time":41}"#
            return graphError(
                call, status: 400, code: 4, message: "(#4) Application request limit reached", transient: true,
                headers: [("x-app-usage", usage)]
            )
        case 17:
            return graphError(call, status: 403, code: 17, message: "(#17) User request limit reached", transient: true)
        case 200:
            return graphError(call, status: 403, code: 200, message: "(#200) Requires extended permission: user_posts")
        case 2:
            let message = "An unexpected error has occurred. Please retry your request later."
            return graphError(call, status: 500, code: 2, message: message, transient: true)
        case 502:
            let page = """
                <!DOCTYPE html>
                <html lang="en" id="facebook"><head><title>Facebook | Error</title><meta charset="utf-8"></head>
                <body><div><h1>Sorry, something went wrong.</h1><p>We're working on getting this fixed as soon as \
                we can.</p></div></body></html>

                """
            var headers = [("Content-Type", #"text/html; charset="utf-8""#), ("x-fb-trace-id", traceID(call))]
            headers.append(("Cache-Control", "private, no-cache, no-store, must-revalidate"))
            return Answer(status: 502, headers: headers, body: Data(page.utf8))
        default:
            let message = "(#100) Tried accessing nonexisting field (error_\(code)) on node type (User)"
            return graphError(call, status: 400, code: 100, message: message)
        }
    }

    /// An unknown first path component is an unknown alias (803, HTTP 404); anything else 2500.
    static func unknownPath(_ call: Call) -> Answer {
        let components = call.path.split(separator: "/")
        if components.count == 1, let alias = components.first, alias != "me", Int(alias) == nil {
            let message = "(#803) Some of the aliases you requested do not exist: \(alias)"
            return graphError(call, status: 404, code: 803, message: message)
        }
        return graphError(call, status: 400, code: 2500, message: "Unknown path components: \(call.path)")
    }

    /// A Graph error body (`{"error":{message, type, code, error_subcode?, is_transient?, fbtrace_id}}`)
    /// with the usual headers; token errors add `WWW-Authenticate` as Graph does.
    static func graphError(
        _ call: Call,
        status: Int,
        code: Int,
        subcode: Int? = nil,
        message: String,
        transient: Bool? = nil,
        authenticate: Bool = false,
        headers: [(String, String)] = []
    ) -> Answer {
        var error: [String: Any] = [
            "message": message, "type": "OAuthException", "code": code, "fbtrace_id": traceID(call),
        ]
        error["error_subcode"] = subcode
        error["is_transient"] = transient
        var extra = headers
        if authenticate {
            extra.append(("WWW-Authenticate", #"OAuth "Facebook Platform" "invalid_token" "\#(message)""#))
        }
        return json(call, ["error": error], status: status, headers: extra)
    }

    // MARK: Encoding

    /// An answer: status, header fields in order, body.
    struct Answer {
        var status: Int
        var headers: [(name: String, value: String)]
        var body: Data
    }

    /// The header fields every Graph answer carries.
    static func graphHeaders(_ call: Call, contentType: String) -> [(name: String, value: String)] {
        [
            ("Content-Type", contentType), ("facebook-api-version", apiVersion), ("x-fb-trace-id", traceID(call)),
            ("x-fb-rev", "1012262947"), ("Access-Control-Allow-Origin", "*"),
            ("Cache-Control", "private, no-cache, no-store, must-revalidate"),
            ("Expires", "Sat, 01 Jan 2000 00:00:00 GMT"), ("Pragma", "no-cache"),
            ("Strict-Transport-Security", "max-age=15552000; preload"), ("X-Content-Type-Options", "nosniff"),
        ]
    }

    /// A JSON answer with Graph's headers (`application/json; charset=UTF-8` unless told otherwise).
    static func json(
        _ call: Call,
        _ object: Any,
        status: Int = 200,
        contentType: String = "application/json; charset=UTF-8",
        headers: [(String, String)] = []
    ) -> Answer {
        Answer(
            status: status,
            headers: graphHeaders(call, contentType: contentType) + headers.map { (name: $0.0, value: $0.1) },
            body: jsonData(object)
        )
    }

    /// JSON text with sorted keys; slashes escaped (`\/`) as Graph escapes them.
    static func jsonData(_ object: Any) -> Data {
        (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed])) ?? Data()
    }

    /// `name=value&…`, values percent-encoded to the unreserved set.
    static func query(_ pairs: [(name: String, value: String)]) -> String {
        FormEncoding.encode(pairs.map { ($0.name, $0.value) }, escapingKeys: false)
    }

    /// A stable 11-character trace id for a call (the same call always gets the same id).
    static func traceID(_ call: Call) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        var hash = fnv1a("\(call.method) \(call.path) \(call.parameters.map { "\($0.name)=\($0.value)" })")
        var id = ""
        for _ in 0..<11 {
            id.append(alphabet[Int(hash % 64)])
            hash /= 64
        }
        return id
    }

    /// A stable 17-digit object id derived from `seed`.
    static func objectID(_ seed: String) -> String {
        "\(10_150_000_000_000_000 + fnv1a(seed) % 1_000_000_000_000)"
    }

    /// 64-bit FNV-1a.
    private static func fnv1a(_ text: String) -> UInt64 {
        text.utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }
}

extension DemoGraph {
    /// One request as the stand-in reads it: the method, the path without its version prefix (the
    /// user's id read as `me`), and the parameters of the query, a form body and multipart text
    /// parts together, as Graph merges them; multipart file parts apart.
    struct Call {
        /// The method, upper-cased.
        var method: String
        /// `/me/friends`, `/method/fql.query`, `/`…
        var path: String
        /// Every parameter, decoded, in the order sent.
        var parameters: [(name: String, value: String)]
        /// The file parts, by field name (a v2 part has only a `filename`, which names it).
        var files: [(name: String, data: Data)]

        /// A call made of its parts (a batch item).
        init(method: String, path: String, parameters: [(name: String, value: String)]) {
            self.method = method.uppercased()
            self.path = Self.normalizedPath(path)
            self.parameters = parameters
            self.files = []
        }

        /// The call a loopback request makes.
        init(_ request: HTTPServerRequest) {
            method = request.method.uppercased()
            path = Self.normalizedPath(request.path)
            parameters = request.queryItems
            files = []
            let contentType = request.headers["content-type"] ?? ""
            let mediaType = contentType.split(separator: ";").first?.trimmingCharacters(in: .whitespaces) ?? ""
            switch mediaType.lowercased() {
            case "application/x-www-form-urlencoded":
                parameters += Self.formPairs(String(decoding: request.body, as: UTF8.self))
            case "multipart/form-data":
                let boundary = MultipartBody.boundary(fromContentType: contentType)
                for part in (try? MultipartBody(parsing: request.body, boundary: boundary))?.parts ?? [] {
                    if part.filename == nil {
                        parameters.append((part.name ?? "", String(decoding: part.body, as: UTF8.self)))
                    } else {
                        files.append((part.name ?? part.filename ?? "", part.body))
                    }
                }
            default:
                break
            }
        }

        /// The first value of the parameter `name`.
        func value(_ name: String) -> String? {
            parameters.first { $0.name == name }?.value
        }

        /// `path` decoded, without a version prefix, with the user's id read as `me`.
        static func normalizedPath(_ path: String) -> String {
            var path = CanonicalRequest.canonicalPath(path)
            if path == "/\(DemoGraph.userID)" || path.hasPrefix("/\(DemoGraph.userID)/") {
                path = "/me" + path.dropFirst(DemoGraph.userID.count + 1)
            }
            return path
        }

        /// The decoded pairs of a form body or query (`+` is a space).
        static func formPairs(_ text: String) -> [(name: String, value: String)] {
            FormEncoding.decode(text, invalidUTF8: .replace)
        }
    }
}
