/// A caller's own model of a Graph user, written the way an app writes one: the fields of
/// `GraphUser`, `Decodable` with the compiler's synthesized `init(from:)`, and its own nested
/// types for the place and the picture. `fbbench parse` decodes the 5,000-friend page into it
/// through `GraphJSONDecoder`'s general keyed containers (the package's own `GraphUser` takes a
/// reader of its own), so the parse table shows what a caller's types cost.
struct CallerFriend: Decodable {
    let id: String
    let name: String?
    let firstName: String?
    let middleName: String?
    let lastName: String?
    let link: String?
    let username: String?
    let birthday: String?
    let location: CallerPlace?
    let gender: String?
    let locale: String?
    let picture: CallerPicture?

    enum CodingKeys: String, CodingKey {
        case id, name, link, username, birthday, location, gender, locale, picture
        case firstName = "first_name"
        case middleName = "middle_name"
        case lastName = "last_name"
    }
}

/// A caller's place (`location`).
struct CallerPlace: Decodable {
    let id: String?
    let name: String?
    let category: String?
    let location: CallerLocation?
}

/// A caller's address with coordinates.
struct CallerLocation: Decodable {
    let street: String?
    let city: String?
    let state: String?
    let country: String?
    let zip: String?
    let latitude: Double?
    let longitude: Double?
}

/// A caller's `picture`: `{"data": {"url": …}}`.
struct CallerPicture: Decodable {
    struct Data: Decodable {
        let url: String?
    }

    let data: Data?
}

/// The 5,000-friend page as a caller's own type.
struct CallerFriendsPage: Decodable {
    let data: [CallerFriend]
}
