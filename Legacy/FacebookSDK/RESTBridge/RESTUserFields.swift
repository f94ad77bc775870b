import FacebookGraph
import Foundation

/// The user fields of REST's `users.getInfo` and FQL's `user` table, the Graph field each comes from,
/// and the value it takes in a REST row (Migration.md's field table).
///
/// | REST / FQL | Graph | value |
/// |---|---|---|
/// | `uid` | `id` | a number (a string only for an id that is not an integer) |
/// | `name`, `first_name`, `middle_name`, `last_name` | the same | text |
/// | `pic_square`, `pic`, `pic_small`, `pic_big` | `picture` | the picture's URL (Graph's default size) |
/// | `sex` | `gender` | text |
/// | `locale` | `locale` | text |
/// | `profile_url` | `link` | text |
/// | `birthday_date` | `birthday` | `MM/DD/YYYY` (or `MM/DD`, `YYYY`) |
/// | `is_app_user` | — | `true`: Graph shows only app users to the app |
///
/// A field Graph did not return is `null`, as REST wrote a field it could not show.
enum RESTUserFields {
    /// One REST field: the Graph field it needs (nil for none) and its value.
    struct Field: Sendable {
        let graph: String?
        let value: @Sendable (GraphUser) -> Any
    }

    /// The table, by REST / FQL name.
    static let table: [String: Field] = {
        func text(_ graph: String, _ read: @escaping @Sendable (GraphUser) -> String?) -> Field {
            Field(graph: graph) { user -> Any in
                guard let value = read(user) else { return NSNull() }
                return value
            }
        }
        let picture = text("picture") { $0.pictureURL }
        return [
            "uid": Field(graph: "id") { uid($0.id) },
            "name": text("name") { $0.name },
            "first_name": text("first_name") { $0.firstName },
            "middle_name": text("middle_name") { $0.middleName },
            "last_name": text("last_name") { $0.lastName },
            "pic_square": picture, "pic": picture, "pic_small": picture, "pic_big": picture,
            "sex": text("gender") { $0.gender },
            "locale": text("locale") { $0.locale },
            "profile_url": text("link") { $0.link },
            "birthday_date": text("birthday") { $0.birthday },
            "is_app_user": Field(graph: nil) { _ in true },
        ]
    }()

    /// A uid as REST wrote it: a number.
    static func uid(_ id: String) -> Any {
        Int64(id).map { NSNumber(value: $0) } ?? id
    }

    /// The Graph `fields` value for `restFields`, each Graph field once, in order.
    ///
    /// - Throws: ``RESTFailure`` naming the first field the bridge does not know (`what` says where).
    static func graphFields(for restFields: [String], what: String) throws(RESTFailure) -> [String] {
        var graph: [String] = []
        for name in restFields {
            guard let field = table[name] else {
                let known = table.keys.sorted().joined(separator: ", ")
                throw .invalidParameter("\(what) \(name) has no Graph equivalent in the bridge (known: \(known))")
            }
            if let name = field.graph, !graph.contains(name) { graph.append(name) }
        }
        return graph.isEmpty ? ["id"] : graph
    }

    /// The REST row of `user`: `uid` first when `withUID`, then each of `restFields`.
    static func row(_ user: GraphUser, fields restFields: [String], withUID: Bool) -> [String: Any] {
        var row: [String: Any] = withUID ? ["uid": uid(user.id)] : [:]
        for name in restFields {
            row[name] = table[name]?.value(user)
        }
        return row
    }

    /// The names of a comma-separated list (`name,pic_square`, or a JSON array `["name"]`).
    static func list(_ text: String) -> [String] {
        text.split(whereSeparator: { ",[]\"' \t\n".contains($0) }).map { String($0).lowercased() }
    }
}
