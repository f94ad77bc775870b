import Foundation
import Testing

@testable import FacebookGraph

/// The secret finder's HAR name/value pairs and `Authorization` forms (byte patterns since issue 25)
/// find exactly what the scanner's retired regular expressions found: each pattern against its
/// expression, on hand-picked texts and on many generated from the fragments where ICU's reading is
/// subtle (`\s`, `\b` after marks and non-ASCII letters, escapes before line terminators, case).
@Suite("Secret text patterns read as the retired regular expressions did")
struct SecretTextPatternTests {
    /// The retired expressions' JSON string.
    static let jsonString = #""((?:[^"\\]|\\.)*)""#
    /// The retired expressions' header names.
    static let authorizationName = #""(?:proxy-)?authorization""#

    /// Each `Authorization` form's retired expression; the capture is group 1.
    static let authorizationExpressions: [(SecretSpanFinder.AuthorizationForm, String)] = [
        (.headerLine, #"(?i)\b(?:proxy-)?authorization\s*:\s*(?:bearer|oauth)\s+([^\s"'\\,;]+)"#),
        (.jsonMember, "(?i)" + authorizationName + #"\s*:\s*"# + jsonString),
        (.harNameFirst, #"(?i)"name"\s*:\s*"# + authorizationName + #"\s*,\s*"value"\s*:\s*"# + jsonString),
        (.harValueFirst, #"(?i)"value"\s*:\s*"# + jsonString + #"\s*,\s*"name"\s*:\s*"# + authorizationName),
    ]

    /// Each pair order's retired expression, with the capture groups of the value and the name.
    static func pairExpression(_ order: SecretSpanFinder.PairOrder) -> (String, value: Int, name: Int) {
        let names = SecretDefinition.roles.scannedNames.map(NSRegularExpression.escapedPattern(for:))
            .joined(separator: "|")
        switch order {
        case .nameFirst:
            return (#""name"\s*:\s*"("# + names + #")"\s*,\s*"value"\s*:\s*"# + jsonString, 2, 1)
        case .valueFirst:
            return (#""value"\s*:\s*"# + jsonString + #"\s*,\s*"name"\s*:\s*"("# + names + #")""#, 1, 2)
        }
    }

    /// The UTF-8 range of `range` in `text`.
    static func byteRange(_ range: NSRange, in text: String) -> Range<Int>? {
        guard let range = Range(range, in: text) else { return nil }
        let utf8 = text.utf8
        return utf8.distance(
            from: utf8.startIndex, to: range.lowerBound)..<utf8.distance(from: utf8.startIndex, to: range.upperBound)
    }

    /// The expression's matches in `text`: the value's UTF-8 range and the name, if captured.
    static func expected(_ pattern: String, in text: String, value: Int, name: Int?) -> [String] {
        let expression = try! NSRegularExpression(pattern: pattern)  // swift-format-ignore: NeverUseForceTry
        return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            let range = byteRange(match.range(at: value), in: text).map { "\($0)" } ?? "?"
            let captured = name.flatMap { Range(match.range(at: $0), in: text) }.map { String(text[$0]) }
            return range + " " + (captured ?? "-")
        }
    }

    /// The finder's findings in `text`, in the form of ``expected(_:in:value:name:)``.
    static func found(_ form: SecretSpanFinder.AuthorizationForm, in text: String) -> [String] {
        SecretSpanFinder.authorizationSpans(in: Array(text.utf8), form: form).map { "\($0) -" }
    }

    static func found(_ order: SecretSpanFinder.PairOrder, in text: String) -> [String] {
        SecretSpanFinder.standard.nameValuePairSpans(in: Array(text.utf8), order: order)
            .filter(\.role.isScanned).map { "\($0.value) \($0.name)" }
    }

    /// Texts that name each shape, and the subtle spots of ICU's reading.
    static let examples = [
        "Authorization: Bearer opaque-Value_123", "proxy-authorization: OAuth xyzzy42",
        "xproxy-Authorization: bearer t", "x_authorization: bearer t", "éauthorization: bearer t",
        "-\u{301}authorization: bearer t", "AUTHORIZATION\u{A0}:\u{3000}Bearer\u{2028}tok;x",
        "Authorization: Bearer -authorization: bearer y", "Authorization:Bearer\u{B}x", "Authorization: Bearer\u{85}x",
        #"{"Authorization": "Basic dXNlcjpwYXNzd29yZA=="}"#, #"{"proxy-AUTHORIZATION" : "a\"b\\c"}"#,
        #"{"name" : "Authorization", "value" : "Bearer abc.def.123"}"#,
        #"{"value": "OAuth x", "NAME": "authorization"}"#, "{\"authorization\": \"a\\\nb\"}",
        "{\"authorization\": \"a\\\u{2028}b\"}", "{\"authorization\": \"a\nb\"}",
        #"{"name": "access_token", "value": "EAAB1234567890abcdef"}"#,
        #"{"value": "x\"y", "name": "client_secret"}, {"name":"password","value":"p"}"#,
        #"{"name": "access_token_hint", "value": "x"} {"name": "Access_token", "value": "y"}"#,
        #""name" : "input_token" ,"value":"" "#,
    ]

    @Test("Hand-picked texts: every form finds what its expression found", arguments: examples)
    func examplesAgree(_ text: String) {
        for (form, pattern) in Self.authorizationExpressions {
            #expect(Self.found(form, in: text) == Self.expected(pattern, in: text, value: 1, name: nil), "\(form)")
        }
        for order in SecretSpanFinder.PairOrder.allCases {
            let (pattern, value, name) = Self.pairExpression(order)
            #expect(
                Self.found(order, in: text) == Self.expected(pattern, in: text, value: value, name: name), "\(order)")
        }
    }

    @Test("Generated texts: every form finds what its expression found")
    func generatedAgree() {
        let fragments = [
            #""name""#, #""NAME""#, #""value""#, #""Value""#, #""authorization""#, #""Proxy-Authorization""#,
            "authorization", "AUTHORIZATION", "proxy-", "x", "é", "\u{301}", "_", "1", ":", " ", "\t", "\u{B}",
            "\u{85}", "\u{A0}", "\u{2028}", "\u{3000}", "\n", ",", "\"", "\\", "\\\"", "Bearer ", "oauth", "tok3n",
            ";", "'", #""access_token""#, #""password""#, "access_token", "\u{1F600}",
        ]
        // A fixed seed: the same texts every run, so a disagreement reproduces.
        var seed: UInt64 = 25
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(seed >> 33) % bound
        }
        var disagreements: [String] = []
        for _ in 0..<4_000 {
            let text = (0...next(14)).map { _ in fragments[next(fragments.count)] }.joined()
            for (form, pattern) in Self.authorizationExpressions
            where Self.found(form, in: text) != Self.expected(pattern, in: text, value: 1, name: nil) {
                disagreements.append("\(form): \(text.debugDescription)")
            }
            for order in SecretSpanFinder.PairOrder.allCases {
                let (pattern, value, name) = Self.pairExpression(order)
                if Self.found(order, in: text) != Self.expected(pattern, in: text, value: value, name: name) {
                    disagreements.append("\(order): \(text.debugDescription)")
                }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(10))")
    }
}
