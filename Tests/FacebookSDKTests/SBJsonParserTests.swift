import Foundation
import Testing

@testable import FacebookSDK

/// json-framework 2.x's parser rules (`SBJsonParser.h`, `SBJsonBase.h`) over the package's one
/// JSON parser (`GraphJSON`).
@Suite("SBJsonParser: json-framework's rules")
struct SBJsonParserTests {
    /// The one error a failed parse leaves in the trace.
    private func failure(_ text: String?, allowScalar: Bool = true, maxDepth: Int = 512) -> NSError? {
        let parser = SBJsonParser()
        parser.maxDepth = maxDepth
        let value: Any? = allowScalar ? parser.fragment(withString: text) : parser.object(with: text)
        guard value == nil else { return nil }
        return parser.errorTrace?.last as? NSError
    }

    @Test(
        "Each kind of bad text fails with json-framework's code",
        arguments: [
            ("", EEOF), ("   ", EEOF), ("[1", EEOF), (#"{"a""#, EEOF), (#""abc"#, EEOF),
            ("[1,]", ETRAILCOMMA), (#"{"a":1,}"#, ETRAILCOMMA), ("[[1,\n ]]", ETRAILCOMMA),
            ("[01]", EPARSENUM), ("+1", EPARSENUM), ("[+1]", EPARSENUM), ("[-]", EPARSENUM), ("[1.]", EPARSENUM),
            ("[1e]", EPARSENUM), ("[1e+]", EPARSENUM), ("[1e400]", EPARSENUM),
            ("-", EPARSENUM), ("[-", EPARSENUM), ("t", EPARSE), ("[1] x", ETRAILGARBAGE), (#"{"a":1}}"#, ETRAILGARBAGE),
            ("1 2", ETRAILGARBAGE),
            ("[\"a\u{01}\"]", ECTRL), ("[\"a\nb\"]", ECTRL),
            (#"["\x"]"#, EESCAPE), (#"["\'"]"#, EESCAPE),
            (#"["\ud800"]"#, EUNICODE), (#"["\ud800\u0041"]"#, EUNICODE), (#"["\uZZZZ"]"#, EUNICODE),
            (#"["\udc00"]"#, EUNICODE), (#"["\u12"]"#, EUNICODE),
            ("{1:2}", EPARSE), ("[NaN]", EPARSE), ("[Infinity]", EPARSE), ("['a']", EPARSE), ("/* c */[1]", EPARSE),
            ("[1 2]", EPARSE), ("[tru]", EPARSE), ("\u{FEFF}[1]", EPARSE), ("[nul]", EPARSE),
        ] as [(String, Int)]
    )
    func badText(text: String, code: Int) throws {
        let error = try #require(failure(text), "\(text.debugDescription) parsed")
        #expect(error.domain == "org.brautaset.JSON.ErrorDomain")
        #expect(error.code == code, "\(text.debugDescription): \(error.localizedDescription)")
        #expect(!error.localizedDescription.isEmpty)
    }

    @Test("An error's description is GraphJSON's, naming the byte offset, after json-framework's words")
    func errorWording() throws {
        let space = try #require(failure("[1 2]"))
        #expect(space.code == EPARSE)
        #expect(space.localizedDescription == "not JSON: unexpected character '2' at byte 3")
        let comma = try #require(failure(#"{"a":1,}"#))
        #expect(
            comma.localizedDescription
                == "Trailing comma disallowed in object: not JSON: unexpected character '}' at byte 7")
        let arrayComma = try #require(failure("[1,]"))
        #expect(arrayComma.localizedDescription.hasPrefix("Trailing comma disallowed in array: "))
        #expect(try #require(failure("[1] x")).localizedDescription.hasSuffix("at byte 4"))
        #expect(try #require(failure("[01]")).localizedDescription.hasPrefix("Leading 0 disallowed in number: "))
        #expect(try #require(failure("[1,}")).code == EPARSE, "a } in an array is no trailing comma")
        #expect(try #require(failure("{\"a\":[1,}")).code == EPARSE)
    }

    @Test("A comma or bracket inside a string is not a trailing comma, and escapes parse")
    func commasInStrings() throws {
        let parser = SBJsonParser()
        let value = try #require(parser.object(with: #"["a,]", "b\",}", {"k,": ",}"}, "\\", "\/\u00e9\ud83d\ude00"]"#))
        let array = try #require(value as? [Any])
        #expect(array[0] as? String == "a,]")
        #expect(array[1] as? String == "b\",}")
        #expect((array[2] as? [String: Any])?["k,"] as? String == ",}")
        #expect(array[3] as? String == "\\")
        #expect(array[4] as? String == "/é😀")
        #expect(parser.errorTrace == nil)
    }

    @Test("objectWithString: wants an array or object; fragmentWithString: takes any value")
    func fragments() throws {
        for scalar in ["\"s\"", "1", "-2.5", "true", "false", "null"] {
            let error = try #require(failure(scalar, allowScalar: false))
            #expect(error.code == EFRAGMENT)
            #expect(error.localizedDescription == "Valid fragment, but not JSON")
            #expect(SBJsonParser().fragment(withString: scalar) != nil, "\(scalar)")
        }
        #expect(SBJsonParser().fragment(withString: "true") as? Bool == true)
        #expect(SBJsonParser().fragment(withString: "null") is NSNull)
        #expect(SBJsonParser().object(with: " [ ] ") != nil)
        #expect(SBJsonParser().object(with: "{}") != nil)
    }

    @Test("No text or a value that is not text fails with EINPUT")
    func input() throws {
        #expect(try #require(failure(nil)).code == EINPUT)
        #expect(try #require(failure(nil)).localizedDescription == "Input was 'nil'")
        let parser = SBJsonParser()
        #expect(parser.fragment(withString: 42) == nil)
        #expect((parser.errorTrace.last as? NSError)?.code == EINPUT)
        #expect(parser.fragment(withString: NSString(string: "[1]")) != nil, "an NSString is text")
    }

    @Test("maxDepth bounds nesting: the top container is depth 1, 512 by default, never deeper than 512")
    func depth() throws {
        func nested(_ depth: Int) -> String {
            String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        }
        #expect(failure(nested(2), maxDepth: 2) == nil)
        #expect(try #require(failure(nested(3), maxDepth: 2)).code == EDEPTH)
        #expect(try #require(failure(#"{"a":{"b":[]}}"#, maxDepth: 2)).code == EDEPTH)
        #expect(failure(nested(512)) == nil)
        let tooDeep = try #require(failure(nested(513)))
        #expect(tooDeep.code == EDEPTH)
        #expect(tooDeep.localizedDescription == "Nested too deep")
        #expect(try #require(failure(nested(513), maxDepth: 0)).code == EDEPTH, "0 still stops at 512")
        #expect(try #require(failure(nested(513), maxDepth: 10_000)).code == EDEPTH)
        #expect(try #require(failure(String(repeating: "[", count: 200_000))).code == EDEPTH, "no stack overflow")
        #expect(try #require(failure(String(repeating: #"{"a":"#, count: 100_000))).code == EDEPTH)
    }

    @Test("Results are Foundation values: containers cast to Swift and Foundation types, numbers stay exact")
    func resultTypes() throws {
        let parser = SBJsonParser()
        let text = #"{"s":"x","i":9007199254740993,"d":0.5,"t":true,"f":false,"n":null,"a":[1,"2"],"o":{}}"#
        let value = try #require(parser.object(with: text))
        #expect(value is NSMutableDictionary)
        let object = try #require(value as? [String: Any])
        #expect(object["s"] as? String == "x")
        #expect(object["i"] as? Int == 9_007_199_254_740_993)
        #expect(object["d"] as? Double == 0.5)
        #expect(object["t"] as? Bool == true)
        #expect(object["f"] as? Bool == false)
        #expect(object["n"] is NSNull)
        #expect((object["a"] as? [Any])?.count == 2)
        #expect((object["o"] as? [String: Any])?.isEmpty == true)
        #expect((value as? NSDictionary)?["s"] as? String == "x")
        let dictionary = try #require(value as? NSMutableDictionary)
        dictionary["added"] = "y"
        #expect(dictionary["added"] as? String == "y", "json-framework's containers are mutable")
        #expect(dictionary.count == 9)
        let array = try #require(SBJsonParser().object(with: "[[1]]") as? NSMutableArray)
        array.add("x")
        #expect(array.count == 2)
        #expect(SBJsonParser().fragment(withString: "1e400") == nil, "beyond NSDecimalNumber's range")
        let big = try #require(parser.object(with: "[123456789012345678901234567890]") as? [Any])
        #expect((big[0] as? NSDecimalNumber)?.stringValue == "123456789012345678901234567890")
    }

    @Test("The trace: nil after a success, one error in the domain after a failure; the facade keeps the last failure")
    func errorTrace() throws {
        let parser = SBJsonParser()
        #expect(parser.object(with: "[") == nil)
        let trace = try #require(parser.errorTrace as? [NSError])
        #expect(trace.count == 1)
        #expect(trace[0].domain == SBJSONErrorDomain)
        #expect(trace[0].userInfo[NSUnderlyingErrorKey] == nil)
        #expect(parser.object(with: "[]") != nil)
        #expect(parser.errorTrace == nil)

        let json = SBJSON()
        #expect(json.object(with: "[1,]") == nil)
        #expect(json.object(with: "[1]") != nil)
        #expect((json.errorTrace?.last as? NSError)?.code == ETRAILCOMMA, "the trace of the last call that failed")
    }
}
