import Foundation
import Testing

import FacebookGraph

/// The one JSON string-literal escaping, both directions.
@Suite("JSONString: escaping, lenient and strict unescaping")
struct JSONStringTests {
    @Test("Escaping writes the short escapes, \\u00xx for other controls, / only when asked")
    func escape() {
        #expect(JSONString.escape("a\"b\\c/d\n\r\t\u{08}\u{0C}\u{01}\u{1F}é😀") == #"a\"b\\c/d\n\r\t\b\f\u0001\u001fé😀"#)
        #expect(JSONString.escape("http://x/y", escapingSlash: true) == #"http:\/\/x\/y"#)
        #expect(JSONString.quoted("a\"") == #""a\"""#)
    }

    @Test(
        "Unescaping inverts escaping, leniently and strictly, and agrees with JSONSerialization",
        arguments: ["", "plain", "a\"b\\c/d", "\n\r\t\u{08}\u{0C}\u{00}\u{1F}", "é ’ 😀 \u{FFFF}", "http://x/?a=1&b"]
    )
    func roundTrip(text: String) throws {
        for slash in [false, true] {
            let escaped = Array(JSONString.escape(text, escapingSlash: slash).utf8)
            #expect(JSONString.unescape(escaped) == text)
            #expect(JSONString.unescapeStrictly(escaped) == text)
        }
        let quoted = Data(JSONString.quoted(text).utf8)
        let parsed = try JSONSerialization.jsonObject(with: quoted, options: [.fragmentsAllowed]) as? String
        #expect(parsed == text)
    }

    @Test("Surrogate pairs join; \\u escapes decode in either case of hex")
    func unicodeEscapes() {
        #expect(JSONString.unescapeStrictly(Array(#"\ud83d\uDE00 \u00e9\u00C9"#.utf8)) == "😀 éÉ")
        #expect(JSONString.unescape(Array(#"\ud83d\ude00"#.utf8)) == "😀")
    }

    @Test(
        "Strictly, anything that is not JSON string content is nil; leniently it still reads",
        arguments: [
            (#"\x"#, "x"), (#"\u12"#, "12"), (#"\uZZZZ"#, "ZZZZ"), (#"a\ud83d"#, "a"), (#"\ude00b"#, "b"),
            (#"\ud83dx"#, "x"), (#"\ud83d\n"#, "\n"), ("tab\there", "tab\there"), (#"end\"#, #"end\"#),
        ]
    )
    func invalid(literal: String, lenient: String) {
        #expect(JSONString.unescapeStrictly(Array(literal.utf8)) == nil)
        #expect(JSONString.unescape(Array(literal.utf8)) == lenient)
    }

    @Test("Invalid UTF-8 is nil strictly and U+FFFD leniently")
    func invalidUTF8() {
        #expect(JSONString.unescapeStrictly([0x61, 0xFF]) == nil)
        #expect(JSONString.unescape([0x61, 0xFF]) == "a\u{FFFD}")
        #expect(JSONString.unescape([0x5C, 0x6E, 0xFF]) == "\n\u{FFFD}")
    }
}
