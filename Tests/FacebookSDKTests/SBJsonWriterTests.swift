import Foundation
import Testing

@testable import FacebookSDK

/// json-framework 2.x's writer rules (`SBJsonWriter.h`): layout, key order, escaping, fragments,
/// depth and errors.
@Suite("SBJsonWriter: json-framework's output and errors")
struct SBJsonWriterTests {
    /// A writer with these options.
    private func writer(humanReadable: Bool = false, sortKeys: Bool = true, maxDepth: Int = 512) -> SBJsonWriter {
        let writer = SBJsonWriter()
        writer.humanReadable = humanReadable
        writer.sortKeys = sortKeys
        writer.maxDepth = maxDepth
        return writer
    }

    /// The last error of a writer whose call failed.
    private func lastError(_ writer: SBJsonWriter) -> NSError? {
        writer.errorTrace?.last as? NSError
    }

    @Test("Compact output: no whitespace, `/` not escaped, non-ASCII as is, json-framework's escapes")
    func compactBytes() {
        let value: [String: Any] = [
            "url": "http://m.facebook.com/apps/hackbookios/",
            "text": "Grüße, 東京 😀 \u{2028}\u{7F}",
            "escapes": "\"\\\u{08}\u{0C}\n\r\t\u{01}\u{1F}",
            "numbers": [0, -1, 1.5, 0.1, 9_007_199_254_740_993, 1e300] as [Any],
            "flags": [true, false, NSNull()] as [Any],
        ]
        let expected =
            #"{"escapes":"\"\\\b\f\n\r\t\u0001\u001f","flags":[true,false,null],"#
            + #""numbers":[0,-1,1.5,0.1,9007199254740993,1e+300],"#
            + "\"text\":\"Grüße, 東京 😀 \u{2028}\u{7F}\",\"url\":\"http://m.facebook.com/apps/hackbookios/\"}"
        #expect(writer().string(with: value) == expected)
    }

    @Test("humanReadable: a line break and two spaces per level before each value, ` : `, empty containers closed")
    func humanReadable() {
        let value: [String: Any] = ["a": [1, [] as [Any], [:] as [String: Any]] as [Any], "b": ["c": "d"]]
        let expected = """
            {
              "a" : [
                1,
                [],
                {}
              ],
              "b" : {
                "c" : "d"
              }
            }
            """
        #expect(writer(humanReadable: true).string(with: value) == expected)
        #expect(writer(humanReadable: true).string(with: [] as [Any]) == "[]")
    }

    @Test("sortKeys orders keys as NSString.compare(_:) does: uppercase first, digit by digit")
    func sortKeys() {
        let keys = ["b", "B", "a10", "a9", "é", "e", "Z"]
        let value = Dictionary(uniqueKeysWithValues: keys.map { ($0, 0) })
        #expect(writer().string(with: value) == #"{"B":0,"Z":0,"a10":0,"a9":0,"b":0,"e":0,"é":0}"#)
    }

    @Test("stringWithObject: refuses a scalar (EFRAGMENT); stringWithFragment: writes it")
    func fragments() throws {
        for scalar in ["s", 1, 2.5, true, NSNull()] as [Any] {
            let writer = writer()
            #expect(writer.string(with: scalar) == nil)
            let error = try #require(lastError(writer))
            #expect(error.domain == SBJSONErrorDomain)
            #expect(error.code == EFRAGMENT)
            #expect(error.localizedDescription == "Not valid type for JSON")
        }
        #expect(writer().string(with: nil) == nil)
        #expect(writer().string(withFragment: "s/é") == #""s/é""#)
        #expect(writer().string(withFragment: 2.5) == "2.5")
        #expect(writer().string(withFragment: false) == "false")
        #expect(writer().string(withFragment: NSNull()) == "null")
    }

    @Test("Swift and Foundation collections alike: NSDictionary, NSArray, nested Swift values, NSNumber")
    func foundationAndSwiftValues() {
        let nested = NSMutableDictionary(dictionary: ["list": NSArray(array: [NSNumber(value: 1), "x"])])
        #expect(writer().string(with: nested) == #"{"list":[1,"x"]}"#)
        #expect(writer().string(with: [["k": [1, 2]]]) == #"[{"k":[1,2]}]"#)
        #expect(writer().string(with: [NSNumber(value: true), NSNumber(value: 3)]) == "[true,3]")
    }

    @Test("An unsupported value, a non-string key, NaN and infinity fail with EUNSUPPORTED")
    func unsupported() throws {
        let dateWriter = writer()
        #expect(dateWriter.string(with: ["when": Date()]) == nil)
        let trace = try #require(dateWriter.errorTrace as? [NSError])
        #expect(trace.map(\.code) == [EUNSUPPORTED, EUNSUPPORTED])
        #expect(trace[0].localizedDescription.hasPrefix("JSON serialisation not supported for"))
        #expect(trace[1].localizedDescription == "Unsupported value for key when in object")
        #expect(trace[1].userInfo[NSUnderlyingErrorKey] as? NSError == trace[0])

        let keyWriter = writer()
        #expect(keyWriter.string(with: [1: "one"]) == nil)
        #expect(lastError(keyWriter)?.localizedDescription == "JSON object key must be string")
        #expect(keyWriter.string(with: NSDictionary(dictionary: [NSNumber(value: 1): "one"])) == nil)
        #expect(lastError(keyWriter)?.code == EUNSUPPORTED)

        for number in [Double.nan, .infinity, -.infinity] {
            let numberWriter = writer()
            #expect(numberWriter.string(with: [number]) == nil)
            #expect(lastError(numberWriter)?.code == EUNSUPPORTED)
        }
        let optionalWriter = writer()
        let missing: String? = nil
        #expect(optionalWriter.string(with: [missing as Any]) == nil)
        #expect(lastError(optionalWriter)?.code == EUNSUPPORTED)
    }

    @Test("maxDepth bounds nesting, 512 at most even when 0 says no limit")
    func depth() throws {
        #expect(writer(maxDepth: 2).string(with: [[1]]) == "[[1]]")
        let shallow = writer(maxDepth: 2)
        #expect(shallow.string(with: [["a": [1]]]) == nil)
        #expect(lastError(shallow)?.code == EUNSUPPORTED, "the object adds its key's error after EDEPTH")
        #expect((shallow.errorTrace.first as? NSError)?.code == EDEPTH)

        var deep: Any = [1]
        for _ in 1..<512 { deep = [deep] }
        #expect(writer().string(with: deep) != nil, "512 levels: the default limit")
        let tooDeep = writer(maxDepth: 0)
        #expect(tooDeep.string(with: [deep]) == nil, "0 still stops at 512")
        #expect(lastError(tooDeep)?.code == EDEPTH)

    }

    @Test("A value that conforms to SBProxyForJson is written as its proxy; a proxy of itself fails")
    func proxies() throws {
        final class Person: SBProxyForJson {
            func proxyForJson() -> Any! { ["name": "Ann"] }
        }
        final class Loop: SBProxyForJson {
            func proxyForJson() -> Any! { self }
        }
        #expect(writer().string(with: Person()) == #"{"name":"Ann"}"#)
        #expect(writer().string(with: ["who": Person()]) == #"{"who":{"name":"Ann"}}"#)
        let loop = writer()
        #expect(loop.string(with: [Loop()]) == nil)
        #expect(lastError(loop)?.code == EDEPTH)
        #expect(loop.string(with: Loop()) == nil)
        #expect(lastError(loop)?.code == EFRAGMENT)
    }

    @Test("What the writer writes, the parser reads back equal")
    func roundTrip() throws {
        let value: [String: Any] = ["a": [1, "two", ["three": 3.5]] as [Any], "b": NSNull(), "c": "é\n/\""]
        let text = try #require(writer().string(with: value))
        let parsed = try #require(SBJsonParser().object(with: text) as? NSDictionary)
        #expect(parsed == value as NSDictionary)
    }
}
