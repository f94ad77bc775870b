import FacebookGraph
import Foundation

/// `fql.query` and `fql.multiquery`: FQL is gone from the Graph API, so the bridge translates the
/// common patterns into Graph calls and answers in FQL's row shape (an array of dictionaries keyed by
/// the selected columns):
///
/// | FQL | Graph call |
/// |---|---|
/// | `SELECT <columns> FROM user WHERE uid = me()` | `GET me?fields=…` |
/// | `SELECT <columns> FROM user WHERE uid = 12345` (or `uid IN (1, 2)`) | `GET ?ids=…&fields=…` |
/// | `SELECT <columns> FROM user WHERE uid IN (SELECT uid2 FROM friend WHERE uid1 = me())`, optionally `AND is_app_user = 1` | `GET me/friends?fields=…&limit=…`, every page |
/// | `SELECT uid1, uid2 FROM friend WHERE uid1 = me()` | the same friends list |
///
/// The columns are the REST user fields (``RESTUserFields``); `uid` is a number, `uid1`/`uid2` are
/// strings, as FQL wrote them. Today's Graph shows the app only friends who use it, so
/// `is_app_user = 1` filters nothing, and `is_app_user = 0` cannot be answered. Any other query fails
/// with REST's `error_code` 3 and a message that names the Graph call to use instead.
package enum FQLTranslator {
    /// `fql.query` (`query`) → the rows.
    static let query: RESTMethodTable.Translation = { context throws(RESTFailure) in
        guard let text = context.call.value("query") else { throw .invalidParameter("fql.query needs query") }
        return RESTBridge.json(try await rows(of: parse(text), context))
    }

    /// `fql.multiquery` (`queries`, a JSON object of named queries) →
    /// `[{"name": …, "fql_result_set": [rows]}]`, by name. A query that refers to another (`#name`)
    /// is not translated.
    static let multiquery: RESTMethodTable.Translation = { context throws(RESTFailure) in
        guard let text = context.call.value("queries"),
            let queries = (try? GraphJSON.parse(text)) as? [String: Any]
        else {
            throw .invalidParameter("fql.multiquery needs queries, a JSON object of named FQL queries")
        }
        let parsed = try queries.sorted { $0.key < $1.key }.map { name, value throws(RESTFailure) in
            (name, try parse((value as? String) ?? ""))
        }
        var results: [[String: Any]] = []
        for (name, query) in parsed {
            results.append(["name": name, "fql_result_set": try await rows(of: query, context)])
        }
        return RESTBridge.json(results)
    }

    /// A translated query.
    enum Query: Equatable {
        /// `FROM user WHERE uid = me()`.
        case me(columns: [String])
        /// `FROM user WHERE uid = N` / `uid IN (N, …)`.
        case users(ids: [String], columns: [String])
        /// `FROM user WHERE uid IN (SELECT uid2 FROM friend WHERE uid1 = me())`.
        case friends(columns: [String])
        /// `SELECT uid1, uid2 FROM friend WHERE uid1 = me()`.
        case friendPairs(columns: [String])
    }

    /// Why the bridge refuses `query` (the message its caller would receive), or nil when it
    /// translates it: `fbgraph migrate report` asks without making a call.
    package static func refusal(of query: String) -> String? {
        do {
            _ = try parse(query)
            return nil
        } catch {
            guard case .rest(_, let message) = error else { return nil }
            return message
        }
    }

    /// The query `text` says, or the FQL-is-gone error.
    static func parse(_ text: String) throws(RESTFailure) -> Query {
        let normalized = normalize(text)
        guard let clauses = match(#"^select (.+?) from ([a-z_]+) where (.+)$"#, normalized), clauses.count == 3
        else { throw unsupported(text, table: nil) }
        let columns = clauses[0].split(separator: ",").map(String.init)
        let table = clauses[1]
        let conditions = clauses[2].components(separatedBy: " and ")
        switch table {
        case "user":
            guard columns.allSatisfy({ RESTUserFields.table[$0] != nil }) else { throw unsupported(text, table: table) }
            var subject: Query?
            for condition in conditions {
                if condition == "uid=me()" {
                    subject = .me(columns: columns)
                } else if condition == "uid in(select uid2 from friend where uid1=me())" {
                    subject = .friends(columns: columns)
                } else if let ids = match(#"^uid(?:=|\s?in\()([0-9,]+)\)?$"#, condition) {
                    subject = .users(ids: ids[0].split(separator: ",").map(String.init), columns: columns)
                } else if ["is_app_user=1", "is_app_user='1'", "is_app_user=\"1\"", "is_app_user=true"].contains(
                    condition)
                {
                    continue
                } else {
                    throw unsupported(text, table: table)
                }
            }
            guard let subject else { throw unsupported(text, table: table) }
            return subject
        case "friend":
            guard conditions == ["uid1=me()"], !columns.isEmpty, columns.allSatisfy({ ["uid1", "uid2"].contains($0) })
            else { throw unsupported(text, table: table) }
            return .friendPairs(columns: columns)
        default:
            throw unsupported(text, table: table)
        }
    }

    /// The rows of `query`.
    static func rows(of query: Query, _ context: RESTBridge.Context) async throws(RESTFailure) -> [[String: Any]] {
        switch query {
        case .me(let columns):
            let fields = try RESTUserFields.graphFields(for: columns, what: "FQL column")
            let me = try await context.send(
                GraphRequest(path: "me", parameters: ["fields": fields.joined(separator: ",")]), as: GraphUser.self)
            return [RESTUserFields.row(me, fields: columns, withUID: false)]
        case .users(let ids, let columns):
            let fields = try RESTUserFields.graphFields(for: columns, what: "FQL column")
            let request = GraphRequest(
                path: "", parameters: ["ids": ids.joined(separator: ","), "fields": fields.joined(separator: ",")])
            let users = try await context.send(request, as: [String: GraphUser].self)
            return ids.compactMap { users[$0].map { RESTUserFields.row($0, fields: columns, withUID: false) } }
        case .friends(let columns):
            let fields = try RESTUserFields.graphFields(for: columns, what: "FQL column")
            return try await context.friends(fields: fields).map {
                RESTUserFields.row($0, fields: columns, withUID: false)
            }
        case .friendPairs(let columns):
            let friends = try await context.friends(fields: ["id"])
            let me =
                columns.contains("uid1")
                ? try await context.send(
                    GraphRequest(path: "me", parameters: ["fields": "id"]), as: GraphUser.self
                ).id : ""
            return friends.map { friend in
                var row: [String: Any] = [:]
                if columns.contains("uid1") { row["uid1"] = me }
                if columns.contains("uid2") { row["uid2"] = friend.id }
                return row
            }
        }
    }

    /// Lower-cased, whitespace collapsed, no spaces around `=`, `(` and `,` nor before `)`, no final `;`.
    static func normalize(_ text: String) -> String {
        var text = text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
        text = text.replacingOccurrences(of: #"\s*([=(,])\s*"#, with: "$1", options: .regularExpression)
        text = text.replacingOccurrences(of: #"\s*\)"#, with: ")", options: .regularExpression)
        while text.hasSuffix(";") { text.removeLast() }
        return text
    }

    /// The capture groups of `pattern` in `text`, or nil.
    private static func match(_ pattern: String, _ text: String) -> [String]? {
        guard let expression = try? NSRegularExpression(pattern: pattern),
            let result = expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text))
        else { return nil }
        return (1..<result.numberOfRanges).compactMap { index in
            Range(result.range(at: index), in: text).map { String(text[$0]) }
        }
    }

    /// The error of a query the bridge does not translate: FQL is gone, and which Graph call to use.
    static func unsupported(_ query: String, table: String?) -> RESTFailure {
        let instead: String
        switch table {
        case "user": instead = "GET me?fields=…, GET ?ids=…&fields=…, or GET me/friends?fields=…"
        case "friend": instead = "GET me/friends"
        case "page": instead = "GET <page id>?fields=…"
        case "stream": instead = "GET me/feed"
        case "photo", "album": instead = "GET <id>/photos or GET me/albums"
        case "permissions": instead = "GET me/permissions"
        default: instead = "the Graph node or edge the table described (GET <id>?fields=…)"
        }
        return .rest(
            code: RESTFailure.unknownMethodCode,
            message: "FQL no longer exists on the Graph API, and the bridge translates only the patterns "
                + "Migration.md lists; use \(instead) instead of: \(query)"
        )
    }
}
