import Testing

@testable import FacebookSDK

/// The v2 escaping of `serializeURL:params:httpMethod:` (legacy-sdk-facts §2.4).
@Suite("The v2 escaping table")
struct LegacyURLEncodingTests {
    @Test("Only A–Z a–z 0–9 - . _ ~ stay as they are: every other ASCII byte is %XX, upper-case hex")
    func everyASCIICharacter() {
        for byte in UInt8(0)...UInt8(127) {
            let text = String(decoding: [byte], as: UTF8.self)
            let escaped = LegacyURLEncoding.escape(text)
            let unreserved =
                (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x2E || byte == 0x5F || byte == 0x7E
            let expected = unreserved ? text : "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            #expect(escaped == expected, "byte \(byte)")
        }
    }

    @Test("The characters v2 added by hand are escaped", arguments: Array("!*'();:@&=+$,/?%#[]"))
    func addedCharacters(character: Character) {
        #expect(LegacyURLEncoding.escape(String(character)).hasPrefix("%"))
    }

    @Test("Non-ASCII text is escaped as its UTF-8 bytes")
    func unicode() {
        #expect(LegacyURLEncoding.escape("é") == "%C3%A9")
        #expect(LegacyURLEncoding.escape("’") == "%E2%80%99")
        #expect(LegacyURLEncoding.escape("😀 a+b") == "%F0%9F%98%80%20a%2Bb")
        #expect(LegacyURLEncoding.escape("") == "")
    }

    @Test("The v2 constants have their exact values")
    func constants() {
        #expect(facebookErrDomain == "facebookErrDomain")
        #expect(kFBGeneralErrorCode == 10000)
        #expect(kFBRESTAPIAccessTokenErrorCode == 190)
        let states: [Int] = [
            kFBRequestStateReady, kFBRequestStateLoading, kFBRequestStateComplete, kFBRequestStateError,
        ]
        #expect(states == Array(0...3))
        #expect(LegacyConstants.stringBoundary == "3i2ndDfv2rTHiSisAbouNdArYfORhtTPEefj3q2f")
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
