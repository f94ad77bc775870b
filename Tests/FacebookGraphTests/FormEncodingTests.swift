import Testing

import FacebookGraph

/// The v2 escaping of `serializeURL:params:httpMethod:` (legacy-sdk-facts §2.4).
@Suite("FormEncoding: the v2 escaping table is the core's escaping")
struct FormEncodingTests {
    @Test("Only A–Z a–z 0–9 - . _ ~ stay as they are: every other ASCII byte is %XX, upper-case hex")
    func everyASCIICharacter() {
        for byte in UInt8(0)...UInt8(127) {
            let text = String(decoding: [byte], as: UTF8.self)
            let escaped = FormEncoding.escape(text)
            let unreserved =
                (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x2E || byte == 0x5F || byte == 0x7E
            let expected = unreserved ? text : "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            #expect(escaped == expected, "byte \(byte)")
        }
    }

    @Test("The characters v2 added by hand are escaped", arguments: Array("!*'();:@&=+$,/?%#[]"))
    func addedCharacters(character: Character) {
        #expect(FormEncoding.escape(String(character)).hasPrefix("%"))
    }

    @Test("Non-ASCII text is escaped as its UTF-8 bytes")
    func unicode() {
        #expect(FormEncoding.escape("é") == "%C3%A9")
        #expect(FormEncoding.escape("’") == "%E2%80%99")
        #expect(FormEncoding.escape("😀 a+b") == "%F0%9F%98%80%20a%2Bb")
        #expect(FormEncoding.escape("") == "")
    }

    @Test("Encoding escapes keys unless told not to, and appends with ? or &")
    func encodeAndAppend() {
        #expect(FormEncoding.encode([("a b", "c&d"), ("e", "")]) == "a%20b=c%26d&e=")
        #expect(FormEncoding.encode([("a b", "c")], escapingKeys: false) == "a b=c")
        #expect(FormEncoding.appending([("x", "1")], to: "https://h/p") == "https://h/p?x=1")
        #expect(FormEncoding.appending([("x", "1")], to: "https://h/p?y=2") == "https://h/p?y=2&x=1")
        #expect(FormEncoding.appending([], to: "https://h/p") == "https://h/p")
        #expect(FormEncoding.appending([], to: "https://h/p", alwaysSeparator: true) == "https://h/p?")
    }

    @Test("Decoding reads pairs in order, + as a space, and keeps malformed escapes as written")
    func decode() {
        let pairs = FormEncoding.decode("a=1&b=x+y&c=%E2%80%99&flag&d=%ZZ&&e=%2")
        #expect(pairs.map(\.name) == ["a", "b", "c", "flag", "d", "e"])
        #expect(pairs.map(\.value) == ["1", "x y", "’", "", "%ZZ", "%2"])
        #expect(FormEncoding.decode("b=x+y", plusAsSpace: false).first?.value == "x+y")
        #expect(FormEncoding.queryPairs(of: "https://h/p?q=%20#frag").map(\.value) == [" "])
        #expect(FormEncoding.queryPairs(of: "https://h/p").isEmpty)
    }

    @Test("Decoding inverts encoding for any text", arguments: ["", "plain", "a+b=c&d", "é ’ 😀", "%%%", "\u{0}x"])
    func roundTrip(text: String) {
        let pairs = FormEncoding.decode(FormEncoding.encode([(text, text)]))
        #expect(pairs.count == (text.isEmpty ? 1 : 1))
        #expect(pairs.first?.name == text)
        #expect(pairs.first?.value == text)
    }

    @Test("Decoded bytes that are not UTF-8: kept as written, replaced, or spelled %XX, as asked")
    func invalidUTF8() {
        #expect(FormEncoding.unescape("a%20%FF") == "a%20%FF")
        #expect(FormEncoding.unescape("a%20%FF", invalidUTF8: .replace) == "a \u{FFFD}")
        #expect(FormEncoding.unescape("a%20%FF", invalidUTF8: .escapeBytes) == "a %FF")
        #expect(FormEncoding.unescape(bytes: [0x61, 0xC3], invalidUTF8: .escapeBytes) == "a%C3")
        #expect(FormEncoding.unescape(bytes: [0x61, 0xC3], invalidUTF8: .replace) == "a\u{FFFD}")
        let pairs = FormEncoding.decode(bytes: Array("k%FE=v%C3%A9&x".utf8), invalidUTF8: .escapeBytes)
        #expect(pairs.map(\.name) == ["k%FE", "x"])
        #expect(pairs.map(\.value) == ["vé", ""])
    }

    @Test("The readable form escapes only % & = and stays unambiguous")
    func readable() {
        #expect(FormEncoding.encodeReadably([("a b", "x=1&y=%"), ("é", "")]) == "a b=x%3D1%26y%3D%25&é=")
        let decoded = FormEncoding.decode(FormEncoding.encodeReadably([("k&=", "v%&=")]), plusAsSpace: false)
        #expect(decoded.map(\.name) == ["k&="] && decoded.map(\.value) == ["v%&="])
    }

    @Test("A ? after a prepended mark still starts the query (fuzz finding)")
    func questionMarkAfterPrependedMark() {
        // FuzzFormEncoding: U+06DD joins the "?" after it into one Character that is not "?".
        let url = "http://127.0.0.1:9/v19.0/b\u{6DD}?a=1&b=2"
        #expect(FormEncoding.queryPairs(of: url).map(\.name) == ["a", "b"])
        #expect(FormEncoding.appending([("c", "3")], to: url) == url + "&c=3")
    }

    @Test("The readable form escapes a delimiter followed by a combining mark (fuzz finding)")
    func readableCombiningMark() {
        // FuzzFormEncoding: "=" then U+05C2 is one Character that is not "=", and was left unescaped.
        let pairs = [("\u{FFFD}I=\u{5C2}\u{FFFD}", ""), ("&\u{301}", "%\u{301}=\u{301}")]
        let decoded = FormEncoding.decode(FormEncoding.encodeReadably(pairs), plusAsSpace: false)
        #expect(decoded.map(\.name) == pairs.map(\.0))
        #expect(decoded.map(\.value) == pairs.map(\.1))
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
