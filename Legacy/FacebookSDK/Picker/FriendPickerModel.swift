import Foundation

/// The friend picker's data source (v3.1's `FBGraphObjectTableDataSource`, legacy-sdk-facts §3.6):
/// the loaded friends, kept sorted per sort ordering as pages arrive, and the sections a filter
/// (the delegate's `shouldInclude`, the search text) leaves.
///
/// Everything a keystroke needs is computed when a friend arrives — the folded name searched, the
/// section of each grouping field, both display names, the order under each sort ordering — so
/// ``sections(sort:display:searchText:selected:picturesEnabled:include:)`` only walks the sorted
/// list once: no comparison, no string folding per friend.
package final class FriendPickerModel {
    /// A loaded friend and what the filter, grouping and rows need of them (a class: a keystroke
    /// reads thousands of them, and a reference costs one retain where a struct copy costs many).
    final class Entry {
        let user: FBGraphUser
        let id: String?
        /// `name`, case- and diacritic-folded, as UTF-8 (the search matches on it).
        let searchKey: [UInt8]
        /// The section (0…25 for `A`…`Z`, 26 for `#`) by `first_name` and by `last_name`.
        let sectionByFirst: Int
        let sectionByLast: Int
        let byFirst: DisplayName
        let byLast: DisplayName
        let pictureURL: String?
        /// `first_name`, `middle_name`, `last_name`: folded (the sort's comparison) and as given
        /// (its tie-break); nil when missing.
        let sortKeys: [(folded: [UInt8], raw: String)?]

        init(
            user: FBGraphUser, id: String?, searchKey: [UInt8], sectionByFirst: Int, sectionByLast: Int,
            byFirst: DisplayName, byLast: DisplayName, pictureURL: String?, sortKeys: [(folded: [UInt8], raw: String)?]
        ) {
            self.user = user
            self.id = id
            self.searchKey = searchKey
            self.sectionByFirst = sectionByFirst
            self.sectionByLast = sectionByLast
            self.byFirst = byFirst
            self.byLast = byLast
            self.pictureURL = pictureURL
            self.sortKeys = sortKeys
        }
    }

    /// A display name: "title suffix", and where each half is.
    struct DisplayName {
        let text: String
        let title: Range<String.Index>
        let suffix: Range<String.Index>

        init(title: String, suffix: String) {
            let separator = title.isEmpty || suffix.isEmpty ? "" : " "
            text = title + separator + suffix
            let titleEnd = text.utf8.index(text.startIndex, offsetBy: title.utf8.count)
            let suffixStart = text.utf8.index(titleEnd, offsetBy: separator.utf8.count)
            self.title = text.startIndex..<titleEnd
            self.suffix = suffixStart..<text.endIndex
        }
    }

    /// The section titles: `A`…`Z`, then `#` (the English collation's 27 sections).
    package static let sectionTitles =
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { String(UnicodeScalar($0)) }
        + ["#"]
    /// v3.1's `kMinimumCountToCollate`: section titles and the index show from this many rows.
    package static let minimumCountToCollate = 6

    private(set) var entries: [Entry] = []
    /// Where each id's friends are in ``entries`` (a list repeats a friend only if the server did).
    private var indicesByID: [String: [Int]] = [:]
    /// Indices into ``entries`` in each sort ordering's order (by raw value), kept up to date.
    private var orders: [UInt32: [Int]] = [:]

    /// An empty model.
    package init() {}

    /// The number of loaded friends.
    package var count: Int { entries.count }

    /// Forgets every friend.
    package func removeAll() {
        entries = []
        indicesByID = [:]
        orders = [:]
    }

    /// Adds `users` (a page), inserting each into every order kept so far.
    package func append(_ users: [FBGraphUser]) {
        for user in users {
            let index = entries.count
            let entry = Self.entry(for: user)
            entries.append(entry)
            if let id = entry.id { indicesByID[id, default: []].append(index) }
            for ordering in orders.keys {
                let fields = Self.sortFields(FBFriendSortOrdering(ordering))
                Self.insert(index, into: &orders[ordering, default: []], entries: entries, fields: fields)
            }
        }
    }

    /// The visible sections: the friends `include` accepts whose folded `name` contains the folded
    /// `searchText` (when it is not empty), bucketed by the ordering's group field, in its order.
    ///
    /// - Returns: The non-empty sections (titled only when at least 6 rows show) and the row count.
    package func sections(
        sort: FBFriendSortOrdering,
        display: FBFriendDisplayOrdering,
        searchText: String?,
        selected: Set<String>,
        picturesEnabled: Bool,
        include: ((FBGraphUser) -> Bool)? = nil
    ) -> (sections: [FBFriendPickerSection], rowCount: Int) {
        let order = self.order(for: sort)
        let query = searchText.map { Array(Self.fold($0).utf8) } ?? []
        let byLastName = sort == FBFriendSortByLastName
        let displayByLastName = display == FBFriendDisplayByLastName
        let boldTitle = byLastName == displayByLastName
        var isSelected = [Bool](repeating: false, count: entries.count)
        for id in selected {
            for index in indicesByID[id] ?? [] { isSelected[index] = true }
        }
        // First the friends that show and their sections, then the rows into buckets made to size.
        var shown: [Int] = []
        shown.reserveCapacity(order.count)
        var sizes = [Int](repeating: 0, count: Self.sectionTitles.count)
        for index in order {
            let entry = entries[index]
            if !query.isEmpty, !Self.contains(entry.searchKey, query) { continue }
            if let include, !include(entry.user) { continue }
            shown.append(index)
            sizes[byLastName ? entry.sectionByLast : entry.sectionByFirst] += 1
        }
        var buckets = sizes.map { size -> [FBFriendPickerRow] in
            var rows: [FBFriendPickerRow] = []
            rows.reserveCapacity(size)
            return rows
        }
        var rowCount = 0
        for index in shown {
            let entry = entries[index]
            let name = displayByLastName ? entry.byLast : entry.byFirst
            let row = FBFriendPickerRow(
                user: entry.user,
                displayName: name.text,
                boldRange: boldTitle ? name.title : name.suffix,
                pictureURL: picturesEnabled ? entry.pictureURL : nil,
                isSelected: isSelected[index]
            )
            buckets[byLastName ? entry.sectionByLast : entry.sectionByFirst].append(row)
            rowCount += 1
        }
        let titled = rowCount >= Self.minimumCountToCollate
        var sections: [FBFriendPickerSection] = []
        for (section, rows) in buckets.enumerated() where !rows.isEmpty {
            sections.append(FBFriendPickerSection(title: titled ? Self.sectionTitles[section] : nil, rows: rows))
        }
        return (sections, rowCount)
    }

    // MARK: Order

    /// The order under `sort`, computed (one sort) the first time it is asked for.
    private func order(for sort: FBFriendSortOrdering) -> [Int] {
        if let order = orders[sort.rawValue] { return order }
        let fields = Self.sortFields(sort)
        let order = Array(entries.indices).sorted { Self.precedes($0, $1, entries: entries, fields: fields) }
        orders[sort.rawValue] = order
        return order
    }

    /// Positions in ``Entry/sortKeys`` of the ordering's fields (`FBFriendSortOrdering.fields`).
    private static func sortFields(_ sort: FBFriendSortOrdering) -> [Int] {
        sort.fields.map { sortKeyFields.firstIndex(of: $0) ?? 0 }
    }

    /// The fields an entry keeps sort keys for.
    private static let sortKeyFields = ["first_name", "middle_name", "last_name"]

    private static func insert(_ index: Int, into order: inout [Int], entries: [Entry], fields: [Int]) {
        var low = 0
        var high = order.count
        while low < high {
            let middle = (low + high) / 2
            if precedes(order[middle], index, entries: entries, fields: fields) {
                low = middle + 1
            } else {
                high = middle
            }
        }
        order.insert(index, at: low)
    }

    /// v3.1's `NSSortDescriptor`s per field with `localizedCaseInsensitiveCompare:`, on keys folded
    /// once per friend: case and diacritics ignored (É with E), then the names as given, then load
    /// order. A missing field sorts first (Foundation's nil rule).
    private static func precedes(_ left: Int, _ right: Int, entries: [Entry], fields: [Int]) -> Bool {
        let leftKeys = entries[left].sortKeys
        let rightKeys = entries[right].sortKeys
        for field in fields {
            switch (leftKeys[field], rightKeys[field]) {
            case (nil, nil): continue
            case (nil, _): return true
            case (_, nil): return false
            case (let a?, let b?):
                if a.folded == b.folded { continue }
                return a.folded.lexicographicallyPrecedes(b.folded)
            }
        }
        for field in fields {
            if let a = leftKeys[field]?.raw, let b = rightKeys[field]?.raw, a != b { return a < b }
        }
        return left < right
    }

    // MARK: What a friend's row needs

    private static func entry(for user: FBGraphUser) -> Entry {
        let first = user.first_name ?? ""
        let middle = user.middle_name ?? ""
        var last = user.last_name ?? ""
        let firstMiddle = middle.isEmpty ? first : (first.isEmpty ? middle : "\(first) \(middle)")
        // A friend with neither name part (a bare `{id, name}`) shows `name` rather than a blank row.
        if firstMiddle.isEmpty, last.isEmpty { last = user.name ?? "" }
        return Entry(
            user: user,
            id: user.id,
            searchKey: Array(fold(user.name ?? "").utf8),
            sectionByFirst: section(of: user.first_name),
            sectionByLast: section(of: user.last_name),
            byFirst: DisplayName(title: firstMiddle, suffix: last),
            byLast: DisplayName(title: last, suffix: firstMiddle),
            pictureURL: pictureURL(of: user.object(forKey: "picture")),
            sortKeys: sortKeyFields.map { field in
                (user.object(forKey: field) as? String).map { (Array(fold($0).utf8), $0) }
            }
        )
    }

    /// A picture as a URL string, or `{"data": {"url": …}}`.
    static func pictureURL(of picture: Any?) -> String? {
        switch picture {
        case let url as String: return url
        case let object as [String: Any]: return (object["data"] as? [String: Any])?["url"] as? String
        default: return nil
        }
    }

    /// Letters whose base letter Unicode does not decompose to (the collation files them there).
    private static let baseLetters: [Character: Int] = [
        "Ø": 14, "Æ": 0, "Œ": 14, "Ł": 11, "Đ": 3, "Ð": 3, "Þ": 19, "ẞ": 18, "ß": 18,
    ]

    /// The section of a group-field value: its first letter with diacritics folded (É → E), `#` for
    /// anything that is not a Latin letter or a missing value.
    static func section(of value: String?) -> Int {
        guard let character = value?.first else { return 26 }
        let folded = fold(String(character)).uppercased()
        if let scalar = folded.unicodeScalars.first, scalar.value >= 65, scalar.value <= 90 {
            return Int(scalar.value) - 65
        }
        return folded.first.flatMap { baseLetters[$0] } ?? 26
    }

    /// Case- and diacritic-insensitive folding (the search's and the sections' comparison).
    package static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    /// Whether `needle` (not empty) occurs in `haystack` (bytes of folded UTF-8).
    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard needle.count <= haystack.count else { return false }
        return haystack.withUnsafeBufferPointer { haystack in
            needle.withUnsafeBufferPointer { needle in
                let first = needle[0]
                var start = 0
                let last = haystack.count - needle.count
                while start <= last {
                    if haystack[start] == first {
                        var matched = 1
                        while matched < needle.count, haystack[start + matched] == needle[matched] { matched += 1 }
                        if matched == needle.count { return true }
                    }
                    start += 1
                }
                return false
            }
        }
    }
}
