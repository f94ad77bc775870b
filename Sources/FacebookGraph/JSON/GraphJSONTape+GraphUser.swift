import Foundation

/// ``GraphUser`` read straight from a ``GraphJSONTape`` object, without a `Decoder`: one pass over
/// the members, no keyed containers, no coding-path nodes. On the 5,000-friend page the generic
/// path spent ~68 instructions a byte on `Decodable`'s machinery (three keyed containers a user,
/// twelve look-ups through the standard library's box); this reads each user's members once.
///
/// It takes only the shapes it can answer exactly as `GraphUser.init(from:)` does: member names in
/// plain ASCII, `id` a string or an integer that fits `Int64`, each string field a string, `null` or
/// absent, `picture` a string or `{"data": {"url": …}}` with any of those parts `null` or absent.
/// For anything else (a wrong type, an escaped member name) it answers nil and the caller decodes
/// through `init(from:)`, which gives the value or the error that `JSONDecoder` gives. A present
/// `location` is decoded through the generic path at the coding path `init(from:)` would use.
extension GraphUser {
    init?(
        tape: GraphJSONTape, object: Int, path: GraphJSONCodingPath?, key: some CodingKey
    ) throws {
        let nodes = tape.nodes
        guard nodes[object].kind == .object else { return nil }
        var fields = GraphUserFields()
        var index = object + 1
        let end = nodes[object].end
        while index < end {
            let name = nodes[index]
            guard name.kind == .asciiString else { return nil }
            fields.record(tape.asciiName(name), value: index + 1)
            index = tape.next(index + 1)
        }
        guard fields[.id] != 0, let id = tape.graphID(fields[.id]),
            let name = tape.optionalString(fields[.name]), let firstName = tape.optionalString(fields[.firstName]),
            let middleName = tape.optionalString(fields[.middleName]),
            let lastName = tape.optionalString(fields[.lastName]), let link = tape.optionalString(fields[.link]),
            let username = tape.optionalString(fields[.username]),
            let birthday = tape.optionalString(fields[.birthday]),
            let gender = tape.optionalString(fields[.gender]), let locale = tape.optionalString(fields[.locale]),
            let pictureURL = tape.pictureURL(fields[.picture])
        else { return nil }
        // Last: every other member is known good, so an error here is the one init(from:) throws.
        var location: GraphPlace?
        if fields[.location] != 0, nodes[fields[.location]].kind != .null {
            location = try tape.decode(
                fields[.location], as: GraphPlace.self, path: GraphJSONCodingPath.appending(path, key),
                key: CodingKeys.location)
        }
        self.init(id: id, name: name)
        self.firstName = firstName
        self.middleName = middleName
        self.lastName = lastName
        self.link = link
        self.username = username
        self.birthday = birthday
        self.location = location
        self.gender = gender
        self.locale = locale
        self.pictureURL = pictureURL
    }
}

/// The value node of each member ``GraphUser`` reads (0: absent), the first of repeated names.
private struct GraphUserFields {
    /// The members `init(from:)` reads.
    enum Field: Int {
        case id, name, firstName, middleName, lastName, link, username, birthday, location, gender, locale, picture
    }

    /// Inline, indexed by `Field`: no allocation per user.
    private var values = SIMD16<Int>()

    subscript(_ field: Field) -> Int { values[field.rawValue] }

    /// Notes `value` as the member called `name`, unless an earlier member had that name.
    @inline(__always)
    mutating func record(_ name: UnsafeRawBufferPointer, value: Int) {
        guard let field = Self.field(named: name), values[field.rawValue] == 0 else { return }
        values[field.rawValue] = value
    }

    /// The field a member name (plain ASCII) stands for.
    @inline(__always)
    private static func field(named name: UnsafeRawBufferPointer) -> Field? {
        switch name.count {
        case 2: return name.equals("id") ? .id : nil
        case 4: return name.equals("name") ? .name : name.equals("link") ? .link : nil
        case 6: return name.equals("gender") ? .gender : name.equals("locale") ? .locale : nil
        case 7: return name.equals("picture") ? .picture : nil
        case 8:
            if name.equals("username") { return .username }
            if name.equals("birthday") { return .birthday }
            return name.equals("location") ? .location : nil
        case 9: return name.equals("last_name") ? .lastName : nil
        case 10: return name.equals("first_name") ? .firstName : nil
        case 11: return name.equals("middle_name") ? .middleName : nil
        default: return nil
        }
    }
}

extension UnsafeRawBufferPointer {
    /// True when the bytes are `literal`'s (an ASCII literal of the same length).
    @inline(__always)
    fileprivate func equals(_ literal: StaticString) -> Bool {
        memcmp(baseAddress!, literal.utf8Start, count) == 0
    }
}

extension GraphJSONTape {
    /// The bytes of an `asciiString` node (a member name without escapes).
    @inline(__always)
    fileprivate func asciiName(_ node: GraphJSONNode) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: bytes.baseAddress! + Int(node.start) + 1, count: Int(node.payload))
    }

    /// A Graph id as `decodeGraphID` reads it: a string, or an integer within `Int64`; nil otherwise.
    fileprivate func graphID(_ node: Int) -> String? {
        let value = nodes[node]
        switch value.kind {
        case .asciiString, .decodedString: return text(value)
        case .number where value.flags & GraphJSONNode.integerFlag != 0:
            let negative = value.flags & GraphJSONNode.negativeFlag != 0
            return Self.integer(Int64.self, negative: negative, magnitude: value.payload).map { String($0) }
        default: return nil
        }
    }

    /// `decodeIfPresent(String.self, …)` of the value at `node` (0: absent): `.some(nil)` for absent
    /// or `null`, nil when it is not a string.
    @inline(__always)
    fileprivate func optionalString(_ node: Int) -> String?? {
        guard node != 0 else { return .some(nil) }
        let value = nodes[node]
        switch value.kind {
        case .null: return .some(nil)
        case .asciiString, .decodedString: return text(value)
        default: return nil
        }
    }

    /// `GraphUser`'s picture URL from the value at `node` (0: absent): a string, or
    /// `{"data": {"url": …}}` with any part absent or `null`; nil for any other shape.
    fileprivate func pictureURL(_ node: Int) -> String?? {
        guard node != 0, nodes[node].kind == .object else { return optionalString(node) }
        guard let data = firstMember("data", in: node) else { return nil }
        guard data != 0, nodes[data].kind != .null else { return .some(nil) }
        guard nodes[data].kind == .object, let url = firstMember("url", in: data) else { return nil }
        return optionalString(url)
    }

    /// The value of the first member called `name` in the object at `object`, 0 when there is none,
    /// nil when a member name has escapes (compared as `String`s by the generic path).
    private func firstMember(_ name: StaticString, in object: Int) -> Int? {
        let end = nodes[object].end
        var index = object + 1
        while index < end {
            let candidate = nodes[index]
            guard candidate.kind == .asciiString else { return nil }
            if candidate.payload == UInt64(name.utf8CodeUnitCount), asciiName(candidate).equals(name) {
                return index + 1
            }
            index = next(index + 1)
        }
        return 0
    }
}
