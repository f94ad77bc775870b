import Testing

@testable import fbgraph

/// Terminal column widths, and cutting text to a width without splitting a character.
@Suite("Display width")
struct DisplayWidthTests {
    @Test("Latin, accented (precomposed or combining), Cyrillic and Greek are one column each")
    func narrow() {
        #expect(DisplayWidth.of("Ada Lovelace") == 12)
        #expect(DisplayWidth.of("Élodie") == 6)
        #expect(DisplayWidth.of("E\u{301}lodie") == 6, "a combining accent takes no column")
        #expect(DisplayWidth.of("Ольга") == 5)
        #expect(DisplayWidth.of("Σοφία") == 5)
    }

    @Test("Chinese, Japanese, Korean, fullwidth forms and emoji are two columns each")
    func wide() {
        #expect(DisplayWidth.of("佐藤 健太") == 9)
        #expect(DisplayWidth.of("さくら") == 6)
        #expect(DisplayWidth.of("김민준") == 6)
        #expect(DisplayWidth.of("ＡＢ") == 4)
        #expect(DisplayWidth.of("🙂") == 2)
        #expect(DisplayWidth.of("👩‍💻") == 2, "a ZWJ sequence is one picture")
    }

    @Test("Truncation counts columns, ends in an ellipsis, and never splits a wide character")
    func truncation() {
        #expect(DisplayWidth.truncate("Ada Lovelace", toColumns: 12) == "Ada Lovelace")
        #expect(DisplayWidth.truncate("Ada Lovelace", toColumns: 6) == "Ada L…")
        #expect(DisplayWidth.truncate("佐藤健太", toColumns: 6) == "佐藤…")
        #expect(DisplayWidth.truncate("佐藤健太", toColumns: 4) == "佐…", "the second 佐藤 column pair does not fit")
        #expect(DisplayWidth.of(DisplayWidth.truncate("佐藤健太", toColumns: 4)) <= 4)
        #expect(DisplayWidth.truncate("abc", toColumns: 0) == "")
        #expect(DisplayWidth.truncate("abc", toColumns: 1) == "…")
    }
}
