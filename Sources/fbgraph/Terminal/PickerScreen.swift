/// What the terminal picker shows, as a plain value: the search text, the list (section headers and
/// rows), the cursor, the scroll position, the loading state and the terminal's size.
///
/// ``ScreenRenderer`` draws it; keys change it through the mutating methods here; nothing in it
/// touches the terminal, so tests check the picker's screen logic without one.
///
/// Layout, top to bottom: the search field, a status line, then ``listHeight`` lines of the list,
/// scrolled so that the cursor's row (and, when there is room, its section header) is visible.
struct PickerScreen: Equatable {
    /// One friend's row.
    struct Row: Equatable {
        /// The friend's id (the cursor follows it when the list changes).
        var id: String
        /// The name as shown (per the display ordering).
        var name: String
        /// The characters of ``name`` drawn bold (the picker's bold half), as character offsets.
        var bold: Range<Int>?
        /// True when the friend is selected.
        var isSelected: Bool
    }

    /// One line of the list.
    enum Line: Equatable {
        /// A section header (`A`, `#`).
        case header(String)
        /// A friend.
        case row(Row)
    }

    /// Whether pages are still loading.
    enum Status: Equatable {
        /// Pages are loading; `frame` turns the spinner.
        case loading(frame: Int)
        /// Everything is loaded.
        case loaded
    }

    /// The terminal's size in character cells.
    struct Size: Equatable {
        /// Lines.
        var rows: Int
        /// Columns.
        var columns: Int
    }

    /// The search text.
    var query = ""
    /// The list, headers and rows, as the picker's sections give it.
    private(set) var lines: [Line] = []
    /// The index in ``lines`` of the row under the cursor; nil when the list has no row.
    private(set) var cursor: Int?
    /// The index in ``lines`` of the first line shown.
    private(set) var top = 0
    /// Loading or loaded.
    var status = Status.loading(frame: 0)
    /// How many friends are selected (selected rows may be filtered out of ``lines``).
    var selectedCount = 0
    /// True in `--single` mode: the marks are radio buttons.
    var single = false
    /// The terminal's size.
    var size: Size

    /// A screen of `size`, empty and loading.
    init(size: Size) {
        self.size = size
    }

    /// The lines the list gets: all but the search field and the status line.
    var listHeight: Int { max(size.rows - 2, 0) }

    /// The number of rows (friends) in the list.
    var rowCount: Int { lines.count { if case .row = $0 { true } else { false } } }

    /// The row under the cursor.
    var currentRow: Row? {
        guard let cursor, case .row(let row) = lines[cursor] else { return nil }
        return row
    }

    /// Replaces the list. The cursor stays on the friend `id` when it is still listed (a page
    /// arrived, a selection changed); otherwise it goes to the first row (the search changed).
    mutating func setLines(_ newLines: [Line], keepingCursorOn id: String?) {
        lines = newLines
        let rows = newLines.indices.filter { if case .row = newLines[$0] { true } else { false } }
        if let id,
            let same = rows.first(where: { if case .row(let row) = newLines[$0] { row.id == id } else { false } })
        {
            cursor = same
        } else {
            cursor = rows.first
            top = 0
        }
        scrollToCursor()
    }

    /// Moves the cursor `delta` rows down (negative: up), skipping headers, stopping at the ends.
    mutating func moveCursor(by delta: Int) {
        guard let cursor else { return }
        let rows = lines.indices.filter { if case .row = lines[$0] { true } else { false } }
        guard let position = rows.firstIndex(of: cursor) else { return }
        self.cursor = rows[min(max(position + delta, 0), rows.count - 1)]
        scrollToCursor()
    }

    /// Moves the cursor a page (the list's height) down or up.
    mutating func movePage(down: Bool) {
        moveCursor(by: (down ? 1 : -1) * max(listHeight - 1, 1))
    }

    /// Resizes the screen, keeping the cursor visible.
    mutating func resize(to newSize: Size) {
        size = newSize
        scrollToCursor()
    }

    /// Scrolls so that the cursor's line is shown, with its section header just above it when the
    /// cursor is on a section's first row; never past the end of the list.
    mutating func scrollToCursor() {
        let height = listHeight
        guard height > 0 else {
            top = 0
            return
        }
        if let cursor {
            var first = cursor
            if cursor > 0, case .header = lines[cursor - 1], height > 1 { first = cursor - 1 }
            if first < top { top = first }
            if cursor >= top + height { top = cursor - height + 1 }
        }
        top = max(min(top, lines.count - height), 0)
    }
}
