/// v3.1's `FBFriendSortOrdering`, a plain C enum, as the importer gave it: a `RawRepresentable`
/// struct with global constants ``FBFriendSortByFirstName`` and ``FBFriendSortByLastName``.
public struct FBFriendSortOrdering: _FBCEnum {
    /// 0 sorts by first name, 1 by last name.
    public var rawValue: UInt32

    /// The ordering with `rawValue`.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The fields compared, in order: first, middle, last; or last, first, middle.
    var fields: [String] {
        self == FBFriendSortByLastName
            ? ["last_name", "first_name", "middle_name"] : ["first_name", "middle_name", "last_name"]
    }

    /// The field that picks a friend's section (v3.1's `groupByField`).
    var groupByField: String { self == FBFriendSortByLastName ? "last_name" : "first_name" }
}

/// v3.1's `FBFriendDisplayOrdering`, a plain C enum: global constants ``FBFriendDisplayByFirstName``
/// and ``FBFriendDisplayByLastName``.
public struct FBFriendDisplayOrdering: _FBCEnum {
    /// 0 shows "First Middle Last", 1 "Last First Middle".
    public var rawValue: UInt32

    /// The ordering with `rawValue`.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
}

/// Sort friends by first name, then middle, then last (the default).
public let FBFriendSortByFirstName = FBFriendSortOrdering(0)
/// Sort friends by last name, then first, then middle.
public let FBFriendSortByLastName = FBFriendSortOrdering(1)
/// Show "First Middle Last" (the default).
public let FBFriendDisplayByFirstName = FBFriendDisplayOrdering(0)
/// Show "Last First Middle".
public let FBFriendDisplayByLastName = FBFriendDisplayOrdering(1)
