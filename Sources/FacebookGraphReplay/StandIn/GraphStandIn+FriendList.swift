import Foundation

/// The user's long friend list: what a friend picker asks for (`GET /me/friends?fields=…`).
///
/// The v2-era call without `fields` (the demo's `me/friends?limit=3`) keeps the seven
/// ``GraphStandIn/friends``, so the demo's three recorded pages stay as they were; a call that asks
/// for a picker's name fields — as the v3.1 friend picker and `fbgraph friends` do — gets this list instead:
/// 343 friends, enough to scroll a terminal, in Graph's default pages of 25 (14 pages). It opens
/// with the seven, then 336 names from fourteen groups: English, accented Latin (Élodie Lefèvre,
/// Íñigo Ibáñez, Łukasz Wójcik, Søren Ødegård, Zoë Brontë), Cyrillic, Greek, Arabic, Japanese,
/// Chinese and Korean — names that fold into a section (`É` into `E`), that fall into `#`, and that
/// are two columns wide in a terminal. Deterministic: every run gives the same ids, names and order.
extension GraphStandIn {
    /// One friend with the profile fields a picker reads.
    package struct Profile: Sendable, Equatable {
        /// The id: `100001`…
        package let id: String
        /// `first_name`.
        package let firstName: String
        /// `middle_name`, when the friend has one.
        package let middleName: String?
        /// `last_name`.
        package let lastName: String
        /// `name`: first, middle and last, as Graph writes it.
        package var name: String { [firstName, middleName, lastName].compactMap { $0 }.joined(separator: " ") }
    }

    /// The page size of a friends call that gives no `limit` (Graph's default).
    package static let defaultFriendsPageSize = 25

    /// The long friend list, in paging order: the seven ``friends`` first, then the generated ones.
    package static let friendList: [Profile] = {
        var profiles = friends.map { friend in
            let parts = friend.name.split(separator: " ").map(String.init)
            return Profile(id: friend.id, firstName: parts[0], middleName: nil, lastName: parts[parts.count - 1])
        }
        var number = 100_101
        for group in nameGroups {
            for (index, first) in group.first.enumerated() {
                for (offset, last) in group.last.enumerated() {
                    // Every fifth friend of a group has a middle name (a rotating one of the group's firsts).
                    let middle = (index + offset) % 5 == 0 ? group.first[(index + offset + 1) % group.first.count] : nil
                    profiles.append(Profile(id: "\(number)", firstName: first, middleName: middle, lastName: last))
                    number += 1
                }
            }
        }
        return profiles
    }()

    /// First and last names by language: each group pairs its six firsts with its four lasts.
    private static let nameGroups: [(first: [String], last: [String])] = [
        (["Oliver", "Amelia", "Harry", "Isla", "Jack", "Poppy"], ["Smith", "Jones", "Taylor", "Brown"]),
        (["Élodie", "Théo", "Chloé", "Gaël", "Noémie", "Hélène"], ["Lefèvre", "Dupré", "Bérard", "Fournier"]),
        (["Jürgen", "Änne", "Björn", "Käthe", "Günther", "Jörg"], ["Müller", "Schäfer", "Groß", "Köhler"]),
        (["José", "Inés", "Álvaro", "Begoña", "Íñigo", "Sofía"], ["García", "Núñez", "Ibáñez", "Peña"]),
        (["Łukasz", "Małgorzata", "Paweł", "Zofia", "Wojciech", "Agnieszka"], ["Wójcik", "Dąbrowski", "Żak", "Król"]),
        (["Søren", "Åse", "Ørjan", "Sigrún", "Þór", "Ástríður"], ["Ødegård", "Åberg", "Jónsdóttir", "Nyström"]),
        (["Ольга", "Дмитрий", "Анна", "Сергей", "Наталья", "Юрий"], ["Иванова", "Смирнов", "Кузнецова", "Попов"]),
        (
            ["Σοφία", "Γιώργος", "Ελένη", "Νίκος", "Μαρία", "Δημήτρης"],
            ["Παπαδοπούλου", "Οικονόμου", "Αλεξίου", "Βλάχος"]
        ),
        (["محمد", "فاطمة", "أحمد", "ليلى", "عمر", "نور"], ["الحسن", "خليل", "منصور", "سعيد"]),
        (["さくら", "健太", "陽菜", "翔太", "美咲", "大輔"], ["佐藤", "鈴木", "高橋", "田中"]),
        (["伟", "芳", "娜", "强", "静", "磊"], ["王", "李", "张", "刘"]),
        (["민준", "서연", "지호", "하은", "도윤", "수아"], ["김", "이", "박", "최"]),
        (["Zoë", "Chloë", "Noël", "Anaïs", "Raphaël", "Loïc"], ["Brontë", "Coëtlogon", "Daniël", "Eloïse"]),
        (["Ada", "Alan", "Grace", "Edsger", "Barbara", "Donald"], ["Wirth", "Hoare", "Milner", "Kay"]),
    ]

    /// Whether a friends call asks for the long list: its `fields` name a picker's name fields
    /// (`first_name`, `middle_name` and `last_name`, which the v3.1 picker always asks for). Other
    /// `fields=` calls (the REST bridge's `id`, `id,name`, `id,gender`) keep the seven friends.
    static func asksForFriendList(_ call: Call) -> Bool {
        let fields = Set(
            (call.value("fields") ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        return fields.isSuperset(of: ["first_name", "middle_name", "last_name"])
    }

    /// A friend of the long list as Graph writes it: the asked `fields` (`id` always), `picture` as
    /// `{"data":{"url","is_silhouette","width","height"}}`.
    static func object(_ profile: Profile, fields: Set<String>) -> [String: Any] {
        var object: [String: Any] = ["id": profile.id]
        let values: [String: Any?] = [
            "name": profile.name, "first_name": profile.firstName, "middle_name": profile.middleName,
            "last_name": profile.lastName,
            "picture": [
                "data": [
                    "url":
                        "https://platform-lookaside.fbsbx.com/platform/profilepic/?asid=\(profile.id)&height=50&width=50",
                    "is_silhouette": false, "width": 50, "height": 50,
                ] as [String: Any]
            ],
        ]
        for field in fields {
            if let value = values[field], let value { object[field] = value }
        }
        return object
    }
}
