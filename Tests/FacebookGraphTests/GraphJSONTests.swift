import FacebookGraphCorpusSupport
import FacebookGraphTestSupport
import Foundation
import Testing

@testable import FacebookGraph

/// The package's one JSON reader: JSONTestSuite's verdicts, the values `JSONSerialization` gives,
/// exact 64-bit integers and unicode, and the depth bound.
@Suite("GraphJSON: strict RFC 8259, JSONSerialization's value types, bounded depth")
struct GraphJSONTests {
    @Test(
        "Every y_ file of JSONTestSuite is accepted and every n_ file rejected",
        SharedCorpus.needed(SharedCorpus.jsonTestSuite)
    )
    func jsonTestSuiteCorpus() throws {
        let suite = try SharedCorpus.jsonTestSuiteCases()
        for (name, data) in suite.accept {
            #expect(throws: Never.self, "\(name)") { _ = try GraphJSON.parse(data) }
        }
        for (name, data) in suite.reject {
            #expect(throws: GraphJSONError.self, "\(name)") { _ = try GraphJSON.parse(data) }
        }
    }

    @Test(
        "Values have JSONSerialization's types: NSNumber for numbers and booleans, NSNull, String, [String: Any], [Any]"
    )
    func types() throws {
        let text = #"{"i":42,"neg":-7,"d":1.5,"t":true,"f":false,"n":null,"s":"x","a":[1,"y"],"o":{}}"#
        let ours = try #require(try GraphJSON.parse(text) as? [String: Any])
        let theirs = try #require(
            try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]) as? [String: Any])
        #expect(Set(ours.keys) == Set(theirs.keys))
        for key in ours.keys {
            let mine = try #require(ours[key])
            let foundation = try #require(theirs[key])
            #expect(String(describing: type(of: mine)) == String(describing: type(of: foundation)), "\(key)")
        }
        let written = { (value: Any) in try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]) }
        #expect(try written(ours) == written(theirs))
        #expect((ours["t"] as? Bool) == true)
        #expect((ours["i"] as? Int) == 42)
        #expect((ours["d"] as? Double) == 1.5)
        #expect(ours["n"] is NSNull)
        #expect((try GraphJSON.parse("true") as? NSNumber) == NSNumber(value: true))
        #expect((try GraphJSON.parse(#""bare""#) as? String) == "bare")
    }

    @Test("64-bit integers are exact, larger ones are decimal numbers")
    func integers() throws {
        #expect((try GraphJSON.parse("9223372036854775807") as? NSNumber)?.int64Value == Int64.max)
        #expect((try GraphJSON.parse("-9223372036854775808") as? NSNumber)?.int64Value == Int64.min)
        #expect((try GraphJSON.parse("18446744073709551615") as? NSNumber)?.uint64Value == UInt64.max)
        #expect((try GraphJSON.parse("100004567891234567") as? NSNumber)?.int64Value == 100_004_567_891_234_567)
        let big = try #require(try GraphJSON.parse("123456789012345678901234567890") as? NSDecimalNumber)
        #expect(big.stringValue == "123456789012345678901234567890")
    }

    @Test("Unicode is exact: escapes, surrogate pairs, raw UTF-8; a lone surrogate is an error")
    func unicode() throws {
        #expect((try GraphJSON.parse(#""Chlo\u00e9 \ud83d\ude00 Søren \/ \n""#) as? String) == "Chloé 😀 Søren / \n")
        #expect((try GraphJSON.parse("\"e\u{301}\"") as? String)?.unicodeScalars.count == 2)
        #expect(throws: GraphJSONError.self) { try GraphJSON.parse(#""\ud800""#) }
        #expect(throws: GraphJSONError.self) { try GraphJSON.parse(Data([0x22, 0xFF, 0x22])) }
    }

    @Test("Nesting is bounded with a clear error, not a crash")
    func depth() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let error = try #require(throws: GraphJSONError.self) { try GraphJSON.parse(deep) }
        #expect(error.reason == .tooDeep(limit: GraphJSON.maximumDepth))
        #expect(error.description.contains("nested deeper than 512"))
        let fine = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(throws: Never.self) { try GraphJSON.parse(fine) }
    }

    @Test("A caller's lower depth bound is kept: the top container is depth 1")
    func callerDepth() throws {
        #expect(throws: Never.self) { try GraphJSON.parse("[[]]", maximumDepth: 2) }
        let error = try #require(throws: GraphJSONError.self) { try GraphJSON.parse(#"{"a":[[]]}"#, maximumDepth: 2) }
        #expect(error.reason == .tooDeep(limit: 2))
        #expect(error.offset == 6)
        #expect(error.description == "not JSON: arrays and objects nested deeper than 2 at byte 6")
        #expect(throws: GraphJSONError.self) { try GraphJSON.parse("[]", maximumDepth: 0) }
        #expect(throws: Never.self) { try GraphJSON.parse("1", maximumDepth: 0) }
    }

    @Test("Errors name the byte offset and what was wrong")
    func errors() throws {
        let comma = try #require(throws: GraphJSONError.self) { try GraphJSON.parse("[1,]") }
        #expect(comma.offset == 3)
        #expect(comma.description == "not JSON: unexpected character ']' at byte 3")
        let end = try #require(throws: GraphJSONError.self) { try GraphJSON.parse(#"{"a":"#) }
        #expect(end.reason == .unexpectedEnd)
        let trailing = try #require(throws: GraphJSONError.self) { try GraphJSON.parse("1 2") }
        #expect(trailing.reason == .trailingText)
    }

    @Test("The 5,000-friend body parses to the same value as JSONSerialization's")
    func friends() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("graphjson-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try NginxFixtureData.write(into: directory.path)
        let body = try Data(contentsOf: directory.appendingPathComponent("friends"))
        let ours = try #require(try GraphJSON.parse(body) as? NSDictionary)
        let theirs = try #require(try JSONSerialization.jsonObject(with: body) as? NSDictionary)
        #expect(ours.isEqual(to: theirs as! [AnyHashable: Any]))
        #expect(((ours["data"] as? [Any])?.count) == 5000)
    }
}
