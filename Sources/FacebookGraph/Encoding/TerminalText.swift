/// Text from outside — a friend's name, a server's error message, a URL a server chose — made inert
/// before it reaches a terminal: the package's one sanitiser, for `fbgraph` (the picker's screen,
/// every standard-error line, the device-login prompt, text bodies shown on a terminal) and the
/// legacy layer's standard-error log (the device-login prompt and what a server said).
///
/// A terminal obeys what it is sent: `ESC ] 0 ; PWNED BEL` sets the window title, `ESC [ 2 J` wipes
/// the screen, OSC 52 writes the clipboard, U+009B is CSI on terminals that read 8-bit controls, a
/// bidi override (U+202E) makes `txt.exe` read `exe.txt`, and U+2028 breaks a line where no newline
/// shows. So every such character is replaced by a visible placeholder, which keeps the text
/// readable and shows that something was there:
///
/// | characters | placeholder |
/// |---|---|
/// | C0 controls U+0000–U+001F and DEL (U+007F) | caret notation, as `cat -v` and `less` show them: ESC `^[`, BEL `^G`, NUL `^@`, CR `^M`, TAB `^I`, DEL `^?` |
/// | C1 controls U+0080–U+009F | `<U+009B>` |
/// | bidi embeddings, overrides and isolates U+202A–U+202E, U+2066–U+2069 | `<U+202E>` |
/// | line and paragraph separators U+2028, U+2029 | `<U+2028>` |
///
/// Placeholders are printable ASCII, so `DisplayWidth` counts them as they are drawn (`^[` two
/// columns, `<U+009B>` eight) and the picker's columns stay aligned. Everything else — letters of
/// every script, combining marks, emoji and their joiners, the bidi *marks* (U+200E, U+200F) — is
/// kept. Newlines are kept only where a caller asks (`keepingNewlines`: a multi-line message on
/// standard error); a picker row never gets one.
///
/// JSON written to standard output is not terminal text and does not come through here: it is
/// exact (`JSONPrinter` writes these characters as `\u` escapes, the same value).
package enum TerminalText {
    /// `text` with every character that could drive a terminal replaced by its visible placeholder;
    /// `keepingNewlines` keeps line feeds (U+000A) as they are.
    package static func inert(_ text: some StringProtocol, keepingNewlines: Bool = false) -> String {
        let scalars = text.unicodeScalars
        guard scalars.contains(where: { needsPlaceholder($0, keepingNewlines: keepingNewlines) }) else {
            return String(text)
        }
        var result = String.UnicodeScalarView()
        for scalar in scalars {
            if needsPlaceholder(scalar, keepingNewlines: keepingNewlines) {
                result.append(contentsOf: placeholder(for: scalar).unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// `text` made inert, with `marked` (character offsets into `text`: the picker's bold part of a
    /// name) moved to the same characters of the result.
    package static func inert(_ text: String, marked: Range<Int>) -> (text: String, marked: Range<Int>) {
        let characters = Array(text)
        let lower = min(max(marked.lowerBound, 0), characters.count)
        let upper = min(max(marked.upperBound, lower), characters.count)
        let before = inert(String(characters[..<lower]))
        let inside = inert(String(characters[lower..<upper]))
        let after = inert(String(characters[upper...]))
        let start = before.count
        return (before + inside + after, start..<(start + inside.count))
    }

    /// True when `scalar` must not reach a terminal as it is.
    package static func needsPlaceholder(_ scalar: Unicode.Scalar, keepingNewlines: Bool = false) -> Bool {
        switch scalar.value {
        case 0x0A: return !keepingNewlines
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// The visible stand-in for `scalar`: caret notation for C0 and DEL, `<U+XXXX>` for the others.
    package static func placeholder(for scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0x00...0x1F: return "^" + String(UnicodeScalar(UInt8(scalar.value) + 0x40))
        case 0x7F: return "^?"
        default:
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "<U+" + String(repeating: "0", count: max(4 - hex.count, 0)) + hex + ">"
        }
    }
}
