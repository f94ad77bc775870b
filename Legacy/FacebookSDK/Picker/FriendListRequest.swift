import FacebookGraph
import Foundation

/// The friends request of the picker and of its cache descriptor (legacy-sdk-facts §3.5):
/// `GET <userID>/friends?fields=<the sorted union of the defaults, the caller's fields and the group
/// field>`. Equal requests share a cache entry.
struct FriendListRequest: Sendable, Hashable {
    /// The fields every friends request asks for.
    static let defaultFields = ["id", "name", "first_name", "middle_name", "last_name", "picture"]

    /// Whose friends: `me` when the caller gave nil or an empty id.
    let userID: String
    /// The field union, sorted case-insensitively (so the URL and the cache key are stable).
    let fields: [String]

    /// The request for `userID`'s friends with `extraFields` (strings; anything else is ignored)
    /// and the field that groups the rows.
    init(userID: String?, extraFields: Set<AnyHashable>?, groupByField: String) {
        let userID = userID?.trimmingCharacters(in: .whitespaces) ?? ""
        self.userID = userID.isEmpty ? "me" : userID
        var union = Set(Self.defaultFields)
        union.insert(groupByField)
        for case let field as String in extraFields ?? [] {
            let field = field.trimmingCharacters(in: .whitespaces)
            if !field.isEmpty { union.insert(field) }
        }
        fields = union.sorted { left, right in
            let order = left.lowercased().compare(right.lowercased())
            return order == .orderedSame ? left < right : order == .orderedAscending
        }
    }

    /// `fields=` as sent: the union joined with commas.
    var fieldsParameter: String { fields.joined(separator: ",") }

    /// The Graph request of the first page.
    ///
    /// - Throws: ``GraphError`` (``GraphErrorCategory/invalidRequest``) when ``userID`` is not a
    ///   Graph id (`me`, a number, numbers joined by `_`: the core's `GraphID`): `me/feed?` or
    ///   `4?fields=email` would change the path or the query.
    func graphRequest() throws(GraphError) -> GraphRequest {
        let user = try GraphID.checked(userID, name: "userID")
        return GraphRequest(path: "\(user)/friends", parameters: ["fields": fieldsParameter])
    }

    /// Why ``graphRequest()`` fails, checked before any request of a load (the owner's id included).
    var invalidUserID: GraphError? {
        do {
            _ = try graphRequest()
            return nil
        } catch {
            return error
        }
    }
}
