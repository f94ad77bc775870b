import FacebookGraph
import Foundation
import Testing

@testable import fbgraph

/// The one terminal sanitiser: what it replaces and with what, the picker's columns with
/// placeholders in names, and JSON output that stays exact while printing nothing a terminal obeys.
@Suite("Terminal text")
struct TerminalTextTests {
    @Test(
        "Each character that drives a terminal becomes a visible placeholder",
        arguments: [
            ("\u{1B}]0;PWNED\u{07}", "^[]0;PWNED^G"),  // OSC: the window title
            ("\u{1B}[2J", "^[[2J"),  // CSI: clear the screen
            ("\u{9B}2J", "<U+009B>2J"),  // C1 CSI
            ("\u{1B}]52;c;cHduZWQ=\u{1B}\\", "^[]52;c;cHduZWQ=^[\\"),  // OSC 52: the clipboard
            ("abc\u{202E}gpj.exe", "abc<U+202E>gpj.exe"),  // bidi override
            ("\u{2066}x\u{2069}", "<U+2066>x<U+2069>"),  // bidi isolates
            ("a\u{2028}b\u{2029}c", "a<U+2028>b<U+2029>c"),  // line and paragraph separators
            ("nul\u{0}del\u{7F}", "nul^@del^?"),
            ("cr\rtab\tlf\n", "cr^Mtab^Ilf^J"),
            ("\u{85}", "<U+0085>"),  // NEL, a C1 control
        ])
    func placeholders(input: String, shown: String) {
        #expect(TerminalText.inert(input) == shown)
        #expect(!TerminalText.inert(input).unicodeScalars.contains { TerminalText.needsPlaceholder($0) })
    }

    @Test("Ordinary text of every script is kept as it is, newlines only where asked")
    func ordinaryText() {
        for text in ["Ada Lovelace", "Élodie", "E\u{301}lodie", "佐藤 健太", "👩‍💻", "عائشة\u{200F}", "Ольга"] {
            #expect(TerminalText.inert(text) == text)
        }
        #expect(TerminalText.inert("one\ntwo", keepingNewlines: true) == "one\ntwo")
        #expect(TerminalText.inert("one\r\ntwo", keepingNewlines: true) == "one^M\ntwo")
    }

    @Test("A marked part of a name moves with its characters when placeholders are longer")
    func markedRange() {
        let (text, marked) = TerminalText.inert("\u{1B}[2JAda", marked: 4..<7)
        #expect(text == "^[[2JAda")
        #expect(Array(text)[marked].map(String.init).joined() == "Ada")
    }

    @Test("A row with placeholders in its name is cut to the terminal's width: columns stay aligned")
    func pickerColumns() {
        let (name, _) = TerminalText.inert("\u{1B}]0;PWNED\u{07}\u{9B}2J Ada \u{202E}Lovelace", marked: 0..<0)
        let line = ScreenRenderer.render(
            .row(.init(id: "1", name: name, bold: nil, isSelected: false)),
            isCursor: false, single: false, width: 30)
        let visible = line.replacingOccurrences(of: ScreenRenderer.Control.reset, with: "")
        #expect(DisplayWidth.of(visible) == 30, "cut to exactly the width: \(visible)")
        #expect(visible == "  [ ] ^[]0;PWNED^G<U+009B>2J …")
    }

    @Test("JSON on standard output keeps every value exact and writes terminal controls as \\u escapes")
    func jsonStaysExact() throws {
        let names = [
            "\u{1B}]0;PWNED\u{07}", "\u{9B}2J", "a\u{202E}b", "x\u{2028}y", "nul\u{0}del\u{7F}", "佐藤 健太",
        ]
        let body = try JSONSerialization.data(withJSONObject: ["data": names.map { ["name": $0] }])
        for compact in [true, false] {
            let printed = JSONPrinter.render(body, compact: compact)
            #expect(!printed.unicodeScalars.contains { $0 != "\n" && TerminalText.needsPlaceholder($0) })
            let parsed = try #require(
                try JSONSerialization.jsonObject(with: Data(printed.utf8)) as? [String: [[String: String]]])
            #expect(parsed["data"]?.map { $0["name"] } == names)
        }
        #expect(JSONPrinter.render(Data(#"["\u009b"]"#.utf8), compact: true) == #"["\u009b"]"#)
    }
}
