import Foundation
import Testing

import FacebookGraph

/// The one JSON string-literal escaping, both directions; strict reading is the one reader's
/// (`GraphJSON`), checked here against the same literals.
@Suite("JSONString: escaping, lenient unescaping; strict reading by GraphJSON")
struct JSONStringTests {
    /// The string literal's contents read strictly, by the package's one JSON reader; nil when they
    /// are not valid JSON string content.
    static func strictly(_ literal: [UInt8]) -> String? {
        (try? GraphJSON.read([UInt8(ascii: "\"")] + literal + [UInt8(ascii: "\"")], builder: StringOnly())) ?? nil
    }

    /// Keeps a top-level string.
    struct StringOnly: GraphJSONBuilder {
        func null(at offset: Int) -> String? { nil }
        func bool(_ value: Bool, at offset: Int) -> String? { nil }
        func number(_ number: GraphJSONNumberText, in bytes: UnsafeBufferPointer<UInt8>) -> String? { nil }
        func string(_ text: GraphJSONStringText, in bytes: UnsafeBufferPointer<UInt8>) -> String? {
            switch text {
            case .ascii(let range): String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
            case .decoded(let value, _): value
            }
        }
        func key(_ text: GraphJSONStringText, in bytes: UnsafeBufferPointer<UInt8>) -> String { "" }
        func beginArray(at offset: Int) {}
        func append(_ value: String?, to array: inout Void) {}
        func endArray(_ array: Void) -> String? { nil }
        func beginObject(at offset: Int) {}
        func add(_ key: String, _ value: String?, to object: inout Void) {}
        func endObject(_ object: Void) -> String? { nil }
    }
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
            #expect(Self.strictly(escaped) == text)
        }
        let quoted = Data(JSONString.quoted(text).utf8)
        let parsed = try JSONSerialization.jsonObject(with: quoted, options: [.fragmentsAllowed]) as? String
        #expect(parsed == text)
    }

    @Test("Surrogate pairs join; \\u escapes decode in either case of hex")
    func unicodeEscapes() {
        #expect(Self.strictly(Array(#"\ud83d\uDE00 \u00e9\u00C9"#.utf8)) == "😀 éÉ")
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
        #expect(Self.strictly(Array(literal.utf8)) == nil)
        #expect(JSONString.unescape(Array(literal.utf8)) == lenient)
    }

    @Test("Invalid UTF-8 is nil strictly and U+FFFD leniently")
    func invalidUTF8() {
        #expect(Self.strictly([0x61, 0xFF]) == nil)
        #expect(JSONString.unescape([0x61, 0xFF]) == "a\u{FFFD}")
        #expect(JSONString.unescape([0x5C, 0x6E, 0xFF]) == "\n\u{FFFD}")
    }
}
