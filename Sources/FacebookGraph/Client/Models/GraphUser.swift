/// A Graph user with the fields of the v3.1 SDK's `FBGraphUser` (legacy-sdk-facts §4), plus the
/// picture the friend picker shows.
///
/// Every field but ``id`` is optional: the Graph API returns only the `fields` asked for, and many are
/// gone from today's API (`username`, `link` for most apps). Decoding accepts the shapes the API has
/// used: ids as strings or numbers, and `picture` as a URL string (old) or `{"data": {"url": …}}`.
public struct GraphUser: Codable, Sendable, Hashable, Identifiable {
    /// The user's id (app-scoped on today's API).
    public var id: String
    /// The full name.
    public var name: String?
    /// `first_name`.
    public var firstName: String?
    /// `middle_name`.
    public var middleName: String?
    /// `last_name`.
    public var lastName: String?
    /// `link`, the profile URL.
    public var link: String?
    /// `username` (gone from the API since v2.0; kept for recordings).
    public var username: String?
    /// `birthday`, as the API formats it (`MM/DD/YYYY`, `MM/DD` or `YYYY`).
    public var birthday: String?
    /// `location`, a place.
    public var location: GraphPlace?
    /// The profile picture's URL, from either picture shape.
    public var pictureURL: String?
    /// `gender` (REST's `sex`), when the API gives it.
    public var gender: String?
    /// `locale` (`en_US`).
    public var locale: String?

    /// The members' names (internal: ``GraphJSONDecoder``'s direct reader names `location` in its
    /// coding path as `init(from:)` does).
    enum CodingKeys: String, CodingKey {
        case id, name, link, username, birthday, location, picture, gender, locale
        case firstName = "first_name"
        case middleName = "middle_name"
        case lastName = "last_name"
    }

    private struct PictureData: Codable {
        var url: String?
    }

    private struct Picture: Codable {
        var data: PictureData?
    }

    /// A user with `id` and optionally a name.
    public init(id: String, name: String? = nil) {
        self.id = id
        self.name = name
    }

    /// Decodes a user from a Graph object.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeGraphID(forKey: .id)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        firstName = try container.decodeIfPresent(String.self, forKey: .firstName)
        middleName = try container.decodeIfPresent(String.self, forKey: .middleName)
        lastName = try container.decodeIfPresent(String.self, forKey: .lastName)
        link = try container.decodeIfPresent(String.self, forKey: .link)
        username = try container.decodeIfPresent(String.self, forKey: .username)
        birthday = try container.decodeIfPresent(String.self, forKey: .birthday)
        location = try container.decodeIfPresent(GraphPlace.self, forKey: .location)
        gender = try container.decodeIfPresent(String.self, forKey: .gender)
        locale = try container.decodeIfPresent(String.self, forKey: .locale)
        // Today's object shape first (no error thrown for it), then the old string; when neither
        // fits, the object's error.
        do {
            pictureURL = try container.decodeIfPresent(Picture.self, forKey: .picture)?.data?.url
        } catch {
            guard let url = try? container.decodeIfPresent(String.self, forKey: .picture) else { throw error }
            pictureURL = url
        }
    }

    /// Encodes the user in the Graph shape (`picture` as `{"data": {"url": …}}`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encodeIfPresent(name, forKey: .name)
        try container.encodeIfPresent(firstName, forKey: .firstName)
        try container.encodeIfPresent(middleName, forKey: .middleName)
        try container.encodeIfPresent(lastName, forKey: .lastName)
        try container.encodeIfPresent(link, forKey: .link)
        try container.encodeIfPresent(username, forKey: .username)
        try container.encodeIfPresent(birthday, forKey: .birthday)
        try container.encodeIfPresent(location, forKey: .location)
        try container.encodeIfPresent(gender, forKey: .gender)
        try container.encodeIfPresent(locale, forKey: .locale)
        try container.encodeIfPresent(pictureURL.map { Picture(data: PictureData(url: $0)) }, forKey: .picture)
    }
}

/// A place (`FBGraphPlace`): a user's location, a check-in's page.
public struct GraphPlace: Codable, Sendable, Hashable {
    /// The page id.
    public var id: String?
    /// The name.
    public var name: String?
    /// The category.
    public var category: String?
    /// The address and coordinates.
    public var location: GraphLocation?

    private enum CodingKeys: String, CodingKey {
        case id, name, category, location
    }

    /// A place with the given fields.
    public init(id: String? = nil, name: String? = nil, category: String? = nil, location: GraphLocation? = nil) {
        self.id = id
        self.name = name
        self.category = category
        self.location = location
    }

    /// Decodes a place; the id may be a string or a number.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.contains(.id) ? container.decodeGraphID(forKey: .id) : nil
        name = try container.decodeIfPresent(String.self, forKey: .name)
        category = try container.decodeIfPresent(String.self, forKey: .category)
        location = try container.decodeIfPresent(GraphLocation.self, forKey: .location)
    }
}

/// An address with coordinates (`FBGraphLocation`).
public struct GraphLocation: Codable, Sendable, Hashable {
    /// `street`.
    public var street: String?
    /// `city`.
    public var city: String?
    /// `state`.
    public var state: String?
    /// `country`.
    public var country: String?
    /// `zip`.
    public var zip: String?
    /// `latitude`.
    public var latitude: Double?
    /// `longitude`.
    public var longitude: Double?

    /// A location with the given fields.
    public init(
        street: String? = nil,
        city: String? = nil,
        state: String? = nil,
        country: String? = nil,
        zip: String? = nil,
        latitude: Double? = nil,
        longitude: Double? = nil
    ) {
        self.street = street
        self.city = city
        self.state = state
        self.country = country
        self.zip = zip
        self.latitude = latitude
        self.longitude = longitude
    }
}

extension KeyedDecodingContainer {
    /// A Graph id, sent as a string (today) or a number (old responses, REST).
    func decodeGraphID(forKey key: Key) throws -> String {
        if let text = try? decode(String.self, forKey: key) { return text }
        if let number = try? decode(Int64.self, forKey: key) { return String(number) }
        throw DecodingError.typeMismatch(
            String.self,
            DecodingError.Context(
                codingPath: codingPath + [key], debugDescription: "an id must be a string or an integer")
        )
    }
}
