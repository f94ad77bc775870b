import FacebookGraph
import Foundation

/// `users.getLoggedInUser` and `users.getInfo`.
enum RESTUsersTranslation {
    /// `users.getLoggedInUser` → `GET me?fields=id` → the bare uid (`1240077`).
    static let loggedInUser: RESTMethodTable.Translation = { context throws(RESTFailure) in
        let me = try await context.send(GraphRequest(path: "me", parameters: ["fields": "id"]), as: GraphUser.self)
        return RESTBridge.json(RESTUserFields.uid(me.id))
    }

    /// `users.getInfo` (`uids`, `fields`) → `GET ?ids=<uids>&fields=<Graph fields>` → one dictionary
    /// per uid Graph returned, in the order of `uids`: `uid` (a number), then each REST field.
    static let info: RESTMethodTable.Translation = { context throws(RESTFailure) in
        let uids = RESTUserFields.list(context.call.value("uids") ?? "")
        guard !uids.isEmpty else { throw .invalidParameter("uids") }
        let fields = RESTUserFields.list(context.call.value("fields") ?? "")
        guard !fields.isEmpty else { throw .invalidParameter("fields") }
        let graphFields = try RESTUserFields.graphFields(for: fields, what: "users.getInfo field")
        let request = GraphRequest(
            path: "",
            parameters: ["ids": uids.joined(separator: ","), "fields": graphFields.joined(separator: ",")]
        )
        let users = try await context.send(request, as: [String: GraphUser].self)
        let rows = uids.compactMap { uid in
            users[uid].map { RESTUserFields.row($0, fields: fields.filter { $0 != "uid" }, withUID: true) }
        }
        return RESTBridge.json(rows)
    }
}
