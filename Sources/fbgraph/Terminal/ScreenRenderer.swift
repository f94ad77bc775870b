/// Draws a ``PickerScreen`` as the bytes to send to the terminal: ANSI escape sequences, with no
/// terminal access, so tests compare the text exactly.
///
/// Each frame hides the cursor, goes home and rewrites every line of the screen, clearing the rest
/// of each line (`ESC [ K`), so a frame needs no knowledge of the one before; then it puts the
/// cursor at the end of the search text and shows it. Lines are cut to the terminal's width by
/// columns (``DisplayWidth``), never by characters, so wide names do not wrap.
///
/// ```
/// Search: ad
/// ⠹ Loading friends… 12 shown · 1 selected
///   A
/// > [x] Ada Lovelace          (reverse video: the cursor's row)
///   [ ] Ada Wirth
/// ```
enum ScreenRenderer {
    /// The search field's prompt.
    static let prompt = "Search: "
    /// The spinner's frames, one per tick while pages load.
    static let spinner = Array("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏")

    /// Control sequences.
    enum Control {
        static let escape = "\u{1B}["
        static let hideCursor = escape + "?25l"
        static let showCursor = escape + "?25h"
        static let home = escape + "H"
        static let clearLine = escape + "K"
        static let clearBelow = escape + "J"
        static let reset = escape + "0m"
        static let bold = escape + "1m"
        static let normalIntensity = escape + "22m"
        static let dim = escape + "2m"
        static let reverse = escape + "7m"
        static let enterAlternateScreen = escape + "?1049h"
        static let leaveAlternateScreen = escape + "?1049l"

        /// Moves the cursor to 1-based `row`, `column`.
        static func move(row: Int, column: Int) -> String { escape + "\(row);\(column)H" }
    }

    /// The full frame for `screen`.
    static func render(_ screen: PickerScreen) -> String {
        let width = screen.size.columns
        var lines: [String] = []
        let (searchLine, cursorColumn) = search(screen.query, width: width)
        lines.append(searchLine)
        lines.append(Control.dim + DisplayWidth.truncate(statusText(screen), toColumns: width) + Control.reset)
        let shown = screen.lines.dropFirst(screen.top).prefix(screen.listHeight)
        for (offset, line) in shown.enumerated() {
            let isCursor = screen.top + offset == screen.cursor
            lines.append(render(line, isCursor: isCursor, single: screen.single, width: width))
        }
        lines = Array(lines.prefix(max(screen.size.rows, 0)))
        var frame = Control.hideCursor + Control.home
        frame += lines.map { $0 + Control.clearLine }.joined(separator: "\r\n")
        frame += Control.clearBelow
        frame += Control.move(row: 1, column: cursorColumn) + Control.showCursor
        return frame
    }

    /// The search line, its tail shown when it is wider than the terminal, and the 1-based column
    /// after its last character.
    static func search(_ query: String, width: Int) -> (line: String, cursorColumn: Int) {
        let room = max(width - DisplayWidth.of(prompt) - 1, 0)
        var shown = Substring(query)
        while DisplayWidth.of(shown) > room, !shown.isEmpty { shown = shown.dropFirst() }
        let line = DisplayWidth.truncate(prompt + shown, toColumns: width)
        return (line, min(DisplayWidth.of(line) + 1, max(width, 1)))
    }

    /// The status line: the spinner while loading, the counts, the keys.
    static func statusText(_ screen: PickerScreen) -> String {
        let counts = "\(screen.rowCount) shown · \(screen.selectedCount) selected"
        switch screen.status {
        case .loading(let frame):
            return "\(spinner[frame % spinner.count]) Loading friends… \(counts)"
        case .loaded:
            let toggle = screen.single ? "Space choose" : "Space toggle"
            return "\(counts) · ↑↓ move · \(toggle) · Enter done · Esc cancel"
        }
    }

    /// One list line: a header in bold, or a row with its cursor and selection marks.
    static func render(_ line: PickerScreen.Line, isCursor: Bool, single: Bool, width: Int) -> String {
        switch line {
        case .header(let title):
            return Control.bold + DisplayWidth.truncate(" " + title, toColumns: width) + Control.reset
        case .row(let row):
            let mark = single ? (row.isSelected ? "(•)" : "( )") : (row.isSelected ? "[x]" : "[ ]")
            let prefix = (isCursor ? "> " : "  ") + mark + " "
            let name = DisplayWidth.truncate(row.name, toColumns: max(width - DisplayWidth.of(prefix), 0))
            let text = DisplayWidth.truncate(prefix, toColumns: width) + styled(name, bold: row.bold)
            return (isCursor ? Control.reverse : "") + text + Control.reset
        }
    }

    /// `name` with the characters of `bold` (offsets; clipped to what was kept) in bold.
    static func styled(_ name: String, bold: Range<Int>?) -> String {
        guard let bold, !name.isEmpty else { return name }
        let characters = Array(name)
        let lower = min(max(bold.lowerBound, 0), characters.count)
        let upper = min(max(bold.upperBound, lower), characters.count)
        guard lower < upper else { return name }
        return String(characters[..<lower]) + Control.bold + String(characters[lower..<upper])
            + Control.normalIntensity + String(characters[upper...])
    }
}
