import Testing

@testable import fbgraph

/// The terminal picker's screen: the model's cursor and scrolling, and the exact frame the renderer
/// draws for it.
@Suite("Picker screen")
struct PickerScreenTests {
    typealias Line = PickerScreen.Line
    typealias Row = PickerScreen.Row

    static func row(_ id: String, _ name: String, bold: Range<Int>? = nil, selected: Bool = false) -> Line {
        .row(Row(id: id, name: name, bold: bold, isSelected: selected))
    }

    /// Sections A (3 rows), B (2), # (2): 10 lines.
    static let lines: [Line] = [
        .header("A"), row("1", "Ada Lovelace"), row("2", "Alan Turing"), row("3", "Amelia Smith"),
        .header("B"), row("4", "Barbara Liskov"), row("5", "Björn Groß"),
        .header("#"), row("6", "佐藤 健太"), row("7", "Ольга Иванова"),
    ]

    static func screen(rows: Int = 7, columns: Int = 30) -> PickerScreen {
        var screen = PickerScreen(size: .init(rows: rows, columns: columns))
        screen.setLines(lines, keepingCursorOn: nil)
        return screen
    }

    @Test("The cursor starts on the first row, skips headers, and stops at both ends")
    func cursorMoves() {
        var screen = Self.screen()
        #expect(screen.currentRow?.id == "1")
        screen.moveCursor(by: -1)
        #expect(screen.currentRow?.id == "1")
        screen.moveCursor(by: 3)
        #expect(screen.currentRow?.id == "4", "past the B header")
        screen.moveCursor(by: 100)
        #expect(screen.currentRow?.id == "7")
        screen.movePage(down: false)
        #expect(screen.currentRow?.id == "3", "a page is the list height less one: 4 rows")
    }

    @Test("The window scrolls to keep the cursor visible, with its section header when it is first")
    func scrolling() {
        var screen = Self.screen()  // 5 list lines
        #expect(screen.top == 0)
        screen.moveCursor(by: 3)  // Barbara, line 5
        #expect(screen.top == 1)
        screen.moveCursor(by: 2)  // 佐藤, line 8, first of #
        #expect(screen.top == 4)
        screen.moveCursor(by: -2)  // Barbara again: its header (line 4) is at the top
        #expect(screen.top == 4)
        screen.moveCursor(by: -1)  // Amelia, line 3
        #expect(screen.top == 3)
        screen.resize(to: .init(rows: 30, columns: 30))
        #expect(screen.top == 0, "everything fits: no scrolling past the end")
    }

    @Test("A new list keeps the cursor on the same friend; a list without them resets it to the top")
    func cursorFollowsTheFriend() {
        var screen = Self.screen()
        screen.moveCursor(by: 4)
        #expect(screen.currentRow?.id == "5")
        var reselected = Self.lines
        reselected[6] = Self.row("5", "Björn Groß", selected: true)
        screen.setLines(reselected, keepingCursorOn: screen.currentRow?.id)
        #expect(screen.currentRow == Row(id: "5", name: "Björn Groß", bold: nil, isSelected: true))
        screen.setLines([Self.row("9", "Zoë Brontë")], keepingCursorOn: "5")
        #expect(screen.currentRow?.id == "9")
        #expect(screen.top == 0)
        screen.setLines([], keepingCursorOn: "9")
        #expect(screen.currentRow == nil)
        screen.moveCursor(by: 1)
        #expect(screen.currentRow == nil)
    }

    @Test("The frame: search field, status line, headers in bold, the cursor's row reversed, marks")
    func frame() {
        var screen = Self.screen(rows: 6, columns: 40)
        screen.query = "a"
        screen.status = .loaded
        screen.selectedCount = 1
        var lines = Self.lines
        lines[2] = Self.row("2", "Alan Turing", bold: 5..<11, selected: true)
        screen.setLines(lines, keepingCursorOn: "2")
        let esc = "\u{1B}["
        let expected =
            "\(esc)?25l\(esc)H"
            + "Search: a\(esc)K\r\n"
            + "\(esc)2m7 shown · 1 selected · ↑↓ move · Space …\(esc)0m\(esc)K\r\n"
            + "\(esc)1m A\(esc)0m\(esc)K\r\n"
            + "  [ ] Ada Lovelace\(esc)0m\(esc)K\r\n"
            + "\(esc)7m> [x] Alan \(esc)1mTuring\(esc)22m\(esc)0m\(esc)K\r\n"
            + "  [ ] Amelia Smith\(esc)0m\(esc)K"
            + "\(esc)J\(esc)1;10H\(esc)?25h"
        #expect(ScreenRenderer.render(screen) == expected)
    }

    @Test("While loading, the status line turns a spinner; --single shows radio marks")
    func loadingAndSingle() {
        var screen = Self.screen(rows: 3, columns: 40)
        screen.status = .loading(frame: 2)
        screen.single = true
        let frame = ScreenRenderer.render(screen)
        #expect(frame.contains("⠹ Loading friends… 7 shown · 0 selected"))
        #expect(frame.contains("> ( ) Ada Lovelace"))
        #expect(!frame.contains("Alan Turing"), "one list line on a three-line terminal")
        screen.status = .loading(frame: 12)
        #expect(ScreenRenderer.render(screen).contains("⠹ Loading"), "frames wrap around")
    }

    @Test("Names are cut by columns: a wide name never wraps, the marks stay")
    func wideNamesAreTruncated() {
        var screen = PickerScreen(size: .init(rows: 3, columns: 14))
        screen.setLines([Self.row("6", "佐藤 健太郎 さくら")], keepingCursorOn: nil)
        let line = ScreenRenderer.render(
            .row(Row(id: "6", name: "佐藤 健太郎 さくら", isSelected: false)), isCursor: false, single: false, width: 14)
        #expect(line == "  [ ] 佐藤 健…\u{1B}[0m")
        #expect(DisplayWidth.of("  [ ] 佐藤 健…") <= 14)
        #expect(ScreenRenderer.render(screen).contains("\u{1B}[7m> [ ] 佐藤 健…"))
    }

    @Test("A long search shows its tail; the cursor sits after the last character")
    func longSearch() {
        let (line, column) = ScreenRenderer.search("abcdefghijklmnop", width: 16)
        #expect(line == "Search: jklmnop")
        #expect(column == 16)
        let (wide, wideColumn) = ScreenRenderer.search("佐藤", width: 40)
        #expect(wide == "Search: 佐藤")
        #expect(wideColumn == 13)
    }
}
