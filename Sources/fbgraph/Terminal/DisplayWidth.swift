/// How many terminal columns text takes, and text cut to fit a number of columns.
///
/// A terminal gives each character one column, East Asian wide and fullwidth characters (Chinese,
/// Japanese, Korean, fullwidth forms) and emoji two, and combining marks none (they sit on the
/// character before). Counting `String.count` instead would overflow a row with `佐藤 健太` and
/// break the screen layout. Widths are measured per grapheme cluster (`Character`): `é` written as
/// `e` plus a combining accent is one column, a flag or a ZWJ emoji sequence two.
enum DisplayWidth {
    /// The columns `character` takes: 0, 1 or 2.
    static func of(_ character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if character.unicodeScalars.count > 1, character.unicodeScalars.contains(where: isEmojiPresentation) {
            return 2
        }
        return of(first)
    }

    /// The columns `text` takes.
    static func of(_ text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    /// The columns one scalar takes when it starts a cluster.
    static func of(_ scalar: Unicode.Scalar) -> Int {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: break
        }
        if isWide(scalar.value) || isEmojiPresentation(scalar) { return 2 }
        return 1
    }

    /// `text` cut to at most `columns` columns, ending in `…` when something was cut. Never splits a
    /// character: a wide one that does not fit is left out (the row is then one column short).
    static func truncate(_ text: String, toColumns columns: Int) -> String {
        guard columns > 0 else { return "" }
        guard of(text) > columns else { return text }
        var result = ""
        var used = 0
        for character in text {
            let width = of(character)
            if used + width > columns - 1 { break }
            result.append(character)
            used += width
        }
        return result + "…"
    }

    /// Emoji shown as pictures by default (two columns).
    private static func isEmojiPresentation(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isEmojiPresentation
    }

    /// East Asian Wide (W) and Fullwidth (F) ranges (Unicode's EastAsianWidth.txt, the large blocks).
    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F,  // Hangul Jamo initials
            0x2E80...0x303E,  // CJK radicals, Kangxi, CJK symbols and punctuation
            0x3041...0x33FF,  // Hiragana, Katakana, Bopomofo, Hangul compatibility Jamo, CJK compatibility
            0x3400...0x4DBF,  // CJK Extension A
            0x4E00...0x9FFF,  // CJK Unified Ideographs
            0xA000...0xA4CF,  // Yi
            0xA960...0xA97F,  // Hangul Jamo Extended-A
            0xAC00...0xD7A3,  // Hangul syllables
            0xF900...0xFAFF,  // CJK compatibility ideographs
            0xFE10...0xFE19,  // vertical forms
            0xFE30...0xFE6F,  // CJK compatibility forms, small form variants
            0xFF00...0xFF60,  // fullwidth forms
            0xFFE0...0xFFE6,  // fullwidth signs
            0x1B000...0x1B2FF,  // Kana supplement and extensions
            0x1F200...0x1F2FF,  // enclosed ideographic supplement
            0x20000...0x2FFFD,  // CJK Extensions B–F
            0x30000...0x3FFFD:  // CJK Extension G and later
            return true
        default:
            return false
        }
    }
}
