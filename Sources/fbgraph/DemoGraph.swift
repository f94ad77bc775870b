import FacebookGraph
import FacebookGraphReplay
import Foundation

/// A tiny Graph API stand-in served on loopback for `fbgraph demo`: a user, three pages of
/// friends linked by `paging.next`, a feed that accepts posts, and the expired-token error.
///
/// The contract-test issue replaces this table with an embedded replay of bundled recordings.
enum DemoGraph {
    /// The token the demo treats as valid; any other token is "expired" (code 190, subcode 463).
    static let validToken = "DEMO-TOKEN"

    static let friends: [[String: String]] = [
        ["id": "100001", "name": "Ada Lovelace"], ["id": "100002", "name": "Alan Turing"],
        ["id": "100003", "name": "Grace Hopper"], ["id": "100004", "name": "Edsger Dijkstra"],
        ["id": "100005", "name": "Barbara Liskov"], ["id": "100006", "name": "Donald Knuth"],
        ["id": "100007", "name": "Frances Allen"],
    ]

    static func handle(_ request: HTTPServerRequest) -> HTTPServerResponse {
        let baseURL = "http://" + (request.headers["host"] ?? "127.0.0.1")
        guard request.queryValue("access_token") == validToken || bodyToken(request) == validToken else {
            return json(
                status: 400,
                [
                    "error": [
                        "message": "Error validating access token: Session has expired.",
                        "type": "OAuthException", "code": 190, "error_subcode": 463, "fbtrace_id": "DemoTrace1",
                    ]
                ]
            )
        }
        switch (request.method, request.path) {
        case ("GET", "/me"):
            return json(status: 200, ["id": "4", "name": "Mark Demo", "first_name": "Mark", "last_name": "Demo"])
        case ("GET", "/me/friends"):
            let pageSize = 3
            let offset = Int(request.queryValue("offset") ?? "0") ?? 0
            let page = Array(friends.dropFirst(offset).prefix(pageSize))
            var body: [String: Any] = ["data": page]
            if offset + pageSize < friends.count {
                // Like the real Graph API, the server-written next URL echoes the token.
                body["paging"] = [
                    "next": "\(baseURL)/me/friends?access_token=\(validToken)&limit=\(pageSize)&offset=\(offset + pageSize)"
                ]
            }
            return json(status: 200, body)
        case ("GET", "/me/apprequestformerrecipients"):
            return json(status: 200, ["data": [] as [Any]])
        case ("POST", "/me/feed"):
            return json(status: 200, ["id": "4_\(1000 + request.body.count)"])
        default:
            return json(
                status: 404,
                ["error": ["message": "Unknown path components: \(request.path)", "type": "OAuthException", "code": 2500]]
            )
        }
    }

    private static func bodyToken(_ request: HTTPServerRequest) -> String? {
        let form = String(decoding: request.body, as: UTF8.self)
        for pair in form.split(separator: "&") where pair.hasPrefix("access_token=") {
            return String(pair.dropFirst("access_token=".count))
        }
        return nil
    }

    private static func json(status: Int, _ object: [String: Any]) -> HTTPServerResponse {
        let body = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return .full(status: status, headers: ["Content-Type": "application/json; charset=UTF-8"], body: body)
    }
}
