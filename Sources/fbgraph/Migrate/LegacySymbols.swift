import Foundation

/// The legacy symbols `fbgraph migrate report` looks for, read from Migration.md's table (compiled
/// in as ``MigrationTable``): each spelling in backticks in a row's first column, with the row's
/// modern equivalent.
///
/// A spelling is a type or constant (`Facebook`, `kFBRequestStateReady`), a free function
/// (`CLLocationCoordinate2DMake(_:_:)`), a property (`Facebook.accessToken`), a method
/// (`Facebook.request(withGraphPath:andDelegate:)`) or an initialiser (`Facebook.init(appId:andDelegate:)`).
struct LegacySymbols {
    /// One spelling of the table.
    struct Symbol: Equatable {
        /// The spelling as the table writes it (the report's name for it).
        var spelling: String
        /// The type it belongs to (`Facebook`); nil for a type, constant or free function.
        var owner: String?
        /// The name: the type's or constant's, the member's, `init`.
        var name: String
        /// The argument labels (`_` for none); nil for a type, constant or property.
        var labels: [String]?
        /// The modern equivalent: the row's second column, backticks dropped.
        var modern: String
        /// Why it cannot work on Linux or today's Graph API, when the row says so.
        var limitation: String?
    }

    /// Every spelling, in the table's order (a spelling listed twice keeps its first row).
    let symbols: [Symbol]
    /// The members of each type, by name.
    private let members: [String: [String: [Symbol]]]
    /// The types, constants and free functions, by name.
    private let topLevel: [String: [Symbol]]
    /// The names that own members (the types).
    let typeNames: Set<String>

    /// The symbols of Migration.md's table.
    static let table = LegacySymbols(markdown: MigrationTable.markdown)

    /// The symbols of a Markdown table in Migration.md's shape.
    init(markdown: String) {
        var symbols: [Symbol] = []
        var seen = Set<String>()
        for line in markdown.split(separator: "\n").dropFirst(2) where line.hasPrefix("|") {
            let cells = line.dropFirst().dropLast().components(separatedBy: " | ")
            guard cells.count >= 2 else { continue }
            let modern = cells[1].replacingOccurrences(of: "`", with: "").trimmingCharacters(in: .whitespaces)
            let limitation = Self.limitation(in: modern)
            for spelling in Self.codeSpans(cells[0]) where seen.insert(spelling).inserted {
                guard let symbol = Self.symbol(spelling, modern: modern, limitation: limitation) else { continue }
                symbols.append(symbol)
            }
        }
        self.symbols = symbols
        var members: [String: [String: [Symbol]]] = [:]
        var topLevel: [String: [Symbol]] = [:]
        for symbol in symbols {
            if let owner = symbol.owner {
                members[owner, default: [:]][symbol.name, default: []].append(symbol)
            } else {
                topLevel[symbol.name, default: []].append(symbol)
            }
        }
        self.members = members
        self.topLevel = topLevel
        typeNames = Set(members.keys).union(symbols.filter { $0.owner == nil && $0.labels == nil }.map(\.name))
    }

    /// The members called `name` of `owner`, or of every type when `owner` is nil.
    func members(named name: String, of owner: String?) -> [Symbol] {
        if let owner { return members[owner]?[name] ?? [] }
        return members.keys.sorted().flatMap { members[$0]?[name] ?? [] }
    }

    /// The type, constant or free functions called `name`.
    func topLevel(named name: String) -> [Symbol] {
        topLevel[name] ?? []
    }

    /// True when `name` is a type with members in the table (`Facebook`, `FBRequestDelegate`).
    func hasMembers(_ name: String) -> Bool {
        members[name] != nil
    }

    /// The code spans of a table cell.
    static func codeSpans(_ text: String) -> [String] {
        text.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
    }

    /// A spelling taken apart, or nil when it is not a Swift name.
    static func symbol(_ spelling: String, modern: String, limitation: String?) -> Symbol? {
        var path = Substring(spelling)
        var labels: [String]?
        if let open = path.firstIndex(of: "("), path.hasSuffix(")") {
            let inside = path[path.index(after: open)..<path.index(before: path.endIndex)]
            labels = inside.split(separator: ":", omittingEmptySubsequences: true).map(String.init)
            path = path[..<open]
        }
        let parts = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.allSatisfy({ !$0.isEmpty }), parts.count <= 2, let name = parts.last else { return nil }
        return Symbol(
            spelling: spelling, owner: parts.count == 2 ? parts[0] : nil, name: name, labels: labels,
            modern: modern, limitation: limitation)
    }

    /// What a row's modern column says cannot work: on Linux (a web view, a UI, a share sheet, an
    /// app switch) or on today's Graph API (a call that is gone).
    static func limitation(in modern: String) -> String? {
        let lowered = modern.lowercased()
        if ["linux", "web view", "needs a ui"].contains(where: lowered.contains) {
            return "not on Linux: \(modern)"
        }
        if lowered.contains(" is gone") || lowered.contains(" gone ") {
            return "gone from today's Graph API: \(modern)"
        }
        return nil
    }
}
