/// One section of the friend picker after ``FBFriendPickerViewController/updateView()``: what a table
/// would show under one index letter.
public struct FBFriendPickerSection {
    /// `A`…`Z` or `#`; nil when the picker shows no section titles (fewer than 6 rows).
    public let title: String?
    /// The section's rows, sorted by the picker's sort ordering.
    public let rows: [FBFriendPickerRow]
}

/// One row of the friend picker: a friend as a table cell would show them.
public struct FBFriendPickerRow {
    /// The friend.
    public let user: FBGraphUser
    /// "title suffix": `First Middle Last` or `Last First Middle`, per the display ordering.
    public let displayName: String
    /// The bold half of ``displayName``: the title when sort and display use the same name, else the
    /// suffix (legacy-sdk-facts §3.6).
    public let boldRange: Range<String.Index>
    /// The picture's URL (from a URL string or `{data:{url}}`); nil without one or with pictures off.
    public let pictureURL: String?
    /// Whether the friend is in the selection (a checkmark).
    public let isSelected: Bool
}
