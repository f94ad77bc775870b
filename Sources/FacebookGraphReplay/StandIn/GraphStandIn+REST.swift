import Foundation

/// The old REST API of the stand-in (`/method/<name>`, as on api.facebook.com).
extension GraphStandIn {
    /// Answers a REST method as the old REST API did with `format=json`: HTTP 200 and
    /// `text/javascript` whatever happened, bare arrays for results, and
    /// `{"error_code":…,"error_msg":…,"request_args":[…]}` for errors (190 for a bad token).
    ///
    /// - `fql.query`: rows `{"uid":…,"name":…}` of the friends (only the app users when the query
    ///   says `is_app_user`).
    /// - `friends.getAppUsers`: the app users' ids, as numbers.
    /// - `users.getInfo`: one dictionary per id of `uids`, with `uid` and the `fields` asked for.
    static func rest(_ call: Call) -> Answer {
        let method = String(call.path.dropFirst("/method/".count))
        let headers: [(name: String, value: String)] = [
            ("Content-Type", "text/javascript; charset=UTF-8"), ("x-fb-trace-id", traceID(call)),
            ("x-fb-rev", "1012262947"), ("Cache-Control", "private, no-cache, no-store, must-revalidate"),
            ("Expires", "Sat, 01 Jan 2000 00:00:00 GMT"), ("Pragma", "no-cache"),
        ]
        func result(_ object: Any) -> Answer {
            Answer(status: 200, headers: headers, body: jsonData(object))
        }
        func error(_ code: Int, _ message: String) -> Answer {
            let arguments = [("method", method)] + call.parameters.filter { $0.name != "access_token" }
            return result([
                "error_code": code, "error_msg": message,
                "request_args": arguments.map { ["key": $0.0, "value": $0.1] },
            ])
        }
        guard let token = call.value("access_token"), token == validToken else {
            let expired = call.value("access_token") == expiredToken
            return error(
                190, expired ? "Session has expired at unix time 1712077200" : "Invalid OAuth 2.0 Access Token")
        }
        switch method {
        case "fql.query":
            guard let query = call.value("query"), !query.isEmpty else {
                return error(601, "Parser error: unexpected end of query.")
            }
            let ids = query.contains("is_app_user") ? appUserIDs : friends.map(\.id)
            return result(ids.compactMap { restUser($0, fields: ["name"]) })
        case "friends.getAppUsers":
            return result(appUserIDs.compactMap { Int($0) })
        case "users.getInfo":
            guard let uids = call.value("uids"), !uids.isEmpty else {
                return error(100, "Invalid parameter: uids")
            }
            let fields = (call.value("fields") ?? "name").split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            return result(uids.split(separator: ",").compactMap { restUser(String($0), fields: fields) })
        default:
            return error(3, "Unknown method")
        }
    }

    /// A user as REST returned one: `uid` (a number) and the known `fields` asked for.
    static func restUser(_ id: String, fields: [String]) -> [String: Any]? {
        let trimmed = id.trimmingCharacters(in: .whitespaces)
        let name = trimmed == userID ? "Mark Demo" : friends.first { $0.id == trimmed }?.name
        guard let name, let uid = Int(trimmed) else { return nil }
        let parts = name.split(separator: " ", maxSplits: 1).map(String.init)
        let known: [String: Any] = [
            "name": name, "first_name": parts.first ?? name, "last_name": parts.count > 1 ? parts[1] : "",
            "pic_square": "https://graph.facebook.com/\(trimmed)/picture?type=square",
            "profile_url": "https://www.facebook.com/profile.php?id=\(trimmed)",
        ]
        var user: [String: Any] = ["uid": uid]
        for field in fields { user[field] = known[field] }
        return user
    }
}
