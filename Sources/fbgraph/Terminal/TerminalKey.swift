/// One key press of the terminal picker, as ``KeyDecoder`` reads it from the terminal's bytes.
enum TerminalKey: Equatable, Sendable {
    /// Printable text: one or more characters typed (or pasted) together.
    case text(String)
    /// Backspace (DEL `0x7F`, or `^H`).
    case backspace
    /// Up (`ESC [ A`, `ESC O A`) or Ctrl-P.
    case up
    /// Down (`ESC [ B`, `ESC O B`) or Ctrl-N.
    case down
    /// Page Up (`ESC [ 5 ~`).
    case pageUp
    /// Page Down (`ESC [ 6 ~`).
    case pageDown
    /// The space bar: it toggles a row, it is not typed into the search.
    case space
    /// Enter (CR or LF).
    case enter
    /// Esc pressed alone (not the start of an escape sequence).
    case escape
    /// Ctrl-U: clear the search field.
    case clearLine
    /// Ctrl-C (raw mode turns it into a byte, not a signal).
    case interrupt
}
