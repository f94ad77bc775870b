import FacebookGraphCorpusSupport
import FacebookGraphTestSupport
import Foundation
import Testing

@testable import FacebookGraph

/// Any JSON value, read through a `Decoder`'s containers the way a caller's types read them: the
/// differential tests decode every corpus file into it with both decoders.
indirect enum JSONValue: Decodable, Equatable {
    case null
    case bool(Bool)
    case int(Int64)
    case uint(UInt64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Tries the kinds in the order of how often a Graph body holds them (strings, objects, arrays,
    /// then the rest), so a string costs no thrown error: Swift Testing captures a backtrace for each
    /// error thrown in a test, and probing containers first threw six per string (the 5,000-friend
    /// test spent 10 CPU-seconds so). A string never decodes as a container or a number in either
    /// decoder, so the value read is the same in any order.
    init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer()
        if value.decodeNil() {
            self = .null
        } else if let text = try? value.decode(String.self) {
            self = .string(text)
        } else if let members = try? decoder.container(keyedBy: Key.self) {
            var object: [String: JSONValue] = [:]
            for key in members.allKeys { object[key.stringValue] = try members.decode(JSONValue.self, forKey: key) }
            self = .object(object)
        } else if var elements = try? decoder.unkeyedContainer() {
            var array: [JSONValue] = []
            while !elements.isAtEnd { array.append(try elements.decode(JSONValue.self)) }
            self = .array(array)
        } else {
            if let flag = try? value.decode(Bool.self) {
                self = .bool(flag)
            } else if let whole = try? value.decode(Int64.self) {
                self = .int(whole)
            } else if let whole = try? value.decode(UInt64.self) {
                self = .uint(whole)
            } else {
                self = .double(try value.decode(Double.self))
            }
        }
    }
}

/// What a decode gave: the value, or the error's kind and coding path.
enum DecodeOutcome<T: Equatable>: Equatable, CustomStringConvertible {
    case value(T)
    case failure(kind: String, path: String)

    init(_ body: () throws -> T) {
        do {
            self = .value(try body())
        } catch let error as DecodingError {
            let (kind, context): (String, DecodingError.Context?) =
                switch error {
                case .typeMismatch(_, let context): ("typeMismatch", context)
                case .valueNotFound(_, let context): ("valueNotFound", context)
                case .keyNotFound(let key, let context): ("keyNotFound(\(key.stringValue))", context)
                case .dataCorrupted(let context): ("dataCorrupted", context)
                @unknown default: ("unknown", nil)
                }
            self = .failure(kind: kind, path: context.map { Self.path($0.codingPath) } ?? "")
        } catch {
            self = .failure(kind: "not a DecodingError: \(error)", path: "")
        }
    }

    static func path(_ keys: [any CodingKey]) -> String {
        keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }

    var kind: String? {
        if case .failure(let kind, _) = self { return kind }
        return nil
    }

    var description: String {
        switch self {
        case .value(let value): "value \(value)"
        case .failure(let kind, let path): "\(kind) at '\(path)'"
        }
    }
}

@Suite("GraphJSONDecoder: JSONDecoder's results and errors on GraphJSON's parser")
struct GraphJSONDecoderTests {
    static func ours<T: Decodable & Equatable>(_ type: T.Type, _ json: String) -> DecodeOutcome<T> {
        DecodeOutcome { try GraphJSONDecoder().decode(type, from: Data(json.utf8)) }
    }

    static func theirs<T: Decodable & Equatable>(_ type: T.Type, _ json: String) -> DecodeOutcome<T> {
        DecodeOutcome { try JSONDecoder().decode(type, from: Data(json.utf8)) }
    }

    /// Both decoders give the same value, or errors of the same kind at the same coding path.
    static func expectSame<T: Decodable & Equatable>(
        _ type: T.Type, _ json: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let mine = ours(type, json)
        let foundation = theirs(type, json)
        #expect(mine == foundation, "\(T.self) from \(json)", sourceLocation: sourceLocation)
    }

    @Test(
        "Every y_ file of JSONTestSuite decodes to the value JSONDecoder gives; every n_ file is rejected",
        SharedCorpus.needed(SharedCorpus.jsonTestSuite)
    )
    func jsonTestSuiteCorpus() throws {
        let suite = try SharedCorpus.jsonTestSuiteCases()
        for (name, data) in suite.accept {
            let mine = DecodeOutcome { try GraphJSONDecoder().decode(JSONValue.self, from: data) }
            let foundation = DecodeOutcome { try JSONDecoder().decode(JSONValue.self, from: data) }
            #expect(mine == foundation, "\(name)")
            if case .failure = mine { Issue.record("\(name): \(mine)") }
        }
        for (name, data) in suite.reject {
            let mine = DecodeOutcome { try GraphJSONDecoder().decode(JSONValue.self, from: data) }
            #expect(mine.kind == "dataCorrupted", "\(name): \(mine)")
        }
    }

    // MARK: Model shapes

    struct Flat: Codable, Equatable {
        var i: Int
        var s: String
        var d: Double
        var b: Bool
        var o: String?
        var f: Float?
        var u8: UInt8?
        var i16: Int16?
        var u32: UInt32?
        var i64: Int64?
        var u64: UInt64?
        var u: UInt?
        var i8: Int8?
        var u16: UInt16?
        var i32: Int32?
    }

    struct Nested: Codable, Equatable {
        struct Inner: Codable, Equatable {
            var name: String
            var tags: [String]?
        }
        var inner: Inner
        var list: [Inner]
        var optionals: [Int?]
        var matrix: [[Double]]
        var map: [String: Int]
        var numbered: [Int: String]?
    }

    enum Color: String, Codable, Equatable { case red, green }
    enum Level: Int, Codable, Equatable { case low = 1, high = 2 }

    struct Foundations: Codable, Equatable {
        var data: Data?
        var url: URL?
        var date: Date?
        var decimal: Decimal?
        var color: Color?
        var level: Level?
    }

    struct SnakeCase: Codable, Equatable {
        var firstName: String
    }

    @Test("Flat and nested models, optionals, dictionaries, enums: the same values and errors as JSONDecoder")
    func modelShapes() {
        let flat =
            #"{"i":1,"s":"x","d":2.5,"b":true,"o":null,"f":0.1,"u8":255,"i16":-32768,"u32":4294967295,"#
            + #""i64":-9223372036854775808,"u64":18446744073709551615,"u":0,"i8":127,"u16":65535,"i32":2147483647}"#
        Self.expectSame(Flat.self, flat)
        Self.expectSame(Flat.self, #"{"i":1,"s":"x","d":2,"b":false}"#)
        Self.expectSame(Flat.self, #"{"i":1.0,"s":"x","d":-0,"b":false,"i64":1e2,"u8":2.50e1}"#)
        Self.expectSame(Flat.self, #"{"i":"1","s":"x","d":2,"b":false}"#)
        Self.expectSame(Flat.self, #"{"i":1,"s":1,"d":2,"b":false}"#)
        Self.expectSame(Flat.self, #"{"i":1,"s":"x","d":"2","b":false}"#)
        Self.expectSame(Flat.self, #"{"i":1,"s":"x","d":2,"b":1}"#)
        Self.expectSame(Flat.self, #"{"i":1,"s":"x","d":2,"b":null}"#)
        Self.expectSame(Flat.self, #"{"i":null,"s":"x","d":2,"b":true}"#)
        Self.expectSame(Flat.self, #"{"s":"x","d":2,"b":true}"#)
        Self.expectSame(Flat.self, #"{"i":1,"s":"x","d":2,"b":true,"o":[]}"#)
        Self.expectSame(Flat.self, #"{"i":1,"s":"x","d":2,"b":true,"o":{}}"#)
        Self.expectSame(Flat.self, #"[1]"#)
        Self.expectSame(Flat.self, #"null"#)
        Self.expectSame(Flat.self, #"{"i":1,"i":2,"s":"first","s":"second","d":2,"b":true}"#)

        let nested = #"""
            {"inner":{"name":"a","tags":["x","y"]},"list":[{"name":"b"},{"name":"c","tags":null}],
             "optionals":[1,null,3],"matrix":[[1,2.5],[],[-1e3]],"map":{"a":1,"b":2},"numbered":{"1":"one","22":"x"}}
            """#
        Self.expectSame(Nested.self, nested)
        Self.expectSame(
            Nested.self,
            #"{"inner":{"name":"a"},"list":[{"name":"b"},{"tags":[]}],"optionals":[],"matrix":[],"map":{}}"#)
        Self.expectSame(Nested.self, #"{"inner":{"name":"a"},"list":[],"optionals":[],"matrix":[[1,"x"]],"map":{}}"#)
        Self.expectSame(Nested.self, #"{"inner":{"name":"a"},"list":[],"optionals":[],"matrix":[],"map":{"a":"1"}}"#)
        Self.expectSame(Nested.self, #"{"inner":null,"list":[],"optionals":[],"matrix":[],"map":{}}"#)
        Self.expectSame(Nested.self, #"{"inner":[],"list":[],"optionals":[],"matrix":[],"map":{}}"#)
        Self.expectSame(Nested.self, #"{"inner":{"name":"a"},"list":{},"optionals":[],"matrix":[],"map":{}}"#)
        Self.expectSame(Nested.self, #"{"inner":{"name":"a"},"list":null,"optionals":[],"matrix":[],"map":{}}"#)

        Self.expectSame(
            Foundations.self,
            #"{"data":"aGVsbG8=","url":"https://example.com/a?b=1","date":12.5,"decimal":12.25,"color":"red","level":2}"#
        )
        Self.expectSame(Foundations.self, #"{"data":"a"}"#)
        Self.expectSame(Foundations.self, #"{"data":12}"#)
        Self.expectSame(Foundations.self, #"{"url":""}"#)
        Self.expectSame(Foundations.self, #"{"url":3}"#)
        Self.expectSame(Foundations.self, #"{"date":"2020"}"#)
        Self.expectSame(Foundations.self, #"{"decimal":"1"}"#)
        Self.expectSame(Foundations.self, #"{"color":"blue"}"#)
        Self.expectSame(Foundations.self, #"{"level":3}"#)
        Self.expectSame([Foundations].self, #"[{"date":null,"data":null,"url":null,"decimal":null}]"#)
        Self.expectSame([Date].self, #"[null]"#)
        Self.expectSame([Data].self, #"[null]"#)
        Self.expectSame([URL].self, #"[null]"#)
        Self.expectSame([Decimal].self, #"[null]"#)
    }

    @Test("Graph models decode as with JSONDecoder: ids as strings or numbers, both picture shapes, pages, places")
    func graphModels() throws {
        let users = [
            #"{"id":"4","name":"Mark","first_name":"Mark","picture":{"data":{"url":"https:\/\/p\/4.jpg"}}}"#,
            #"{"id":4,"picture":"https://old/4.jpg","location":{"id":108,"name":"Palo Alto"}}"#,
            #"{"id":100004567891234567,"location":{"id":"108","location":{"latitude":37.44,"longitude":-122}}}"#,
            #"{"id":"x","picture":null,"location":null}"#,
            #"{"id":"x","picture":{"data":null}}"#,
            #"{"id":"x","picture":5}"#,
            #"{"id":"x","picture":{"data":5}}"#,
            #"{"id":1.5}"#,
            #"{"id":true}"#,
            #"{"name":"no id"}"#,
            #"{"id":"x","location":{"id":[]}}"#,
            #"{"id":"x","name":5}"#,
        ]
        for json in users { Self.expectSame(GraphUser.self, json) }
        let page = #"""
            {"data":[{"id":"1","name":"A"},{"id":2,"picture":{"data":{"url":"u"}}}],
             "paging":{"cursors":{"before":"b","after":"a"},
                       "next":"https://graph.facebook.com/v2.0/me/friends?access_token=SECRET&limit=2&after=a"},
             "summary":{"total_count":2}}
            """#
        Self.expectSame(Page<GraphUser>.self, page)
        let decoded = try GraphJSONDecoder().decode(GraphPage<GraphUser>.self, from: Data(page.utf8))
        #expect(decoded.paging?.next?.contains("SECRET") == false)
        #expect(decoded.totalCount == 2)
        Self.expectSame(Page<GraphUser>.self, #"{}"#)
        Self.expectSame(Page<GraphUser>.self, #"{"data":[{"id":"1"},{"name":"x"}]}"#)
        Self.expectSame(Page<GraphPlace>.self, #"{"data":[{"id":1,"category":"City"},{}]}"#)
    }

    @Test("The 5,000-friend body decodes to the same [GraphUser] as with JSONDecoder")
    func friends() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("graphjsondecoder-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try NginxFixtureData.write(into: directory.path)
        for name in ["friends", "friends_plain", "me"] {
            let body = try Data(contentsOf: directory.appendingPathComponent(name))
            let mine = try GraphJSONDecoder().decode(JSONValue.self, from: body)
            #expect(mine == (try JSONDecoder().decode(JSONValue.self, from: body)), "\(name)")
        }
        let body = try Data(contentsOf: directory.appendingPathComponent("friends"))
        let mine = try GraphJSONDecoder().decode(GraphPage<GraphUser>.self, from: body)
        let theirs = try JSONDecoder().decode(GraphPage<GraphUser>.self, from: body)
        #expect(mine.data.count == 5000)
        #expect(mine.data == theirs.data)
        #expect(mine.paging == theirs.paging)
        #expect(mine.totalCount == 5000)
        #expect(mine.data.contains { $0.name?.contains("é") == true })
    }

    // MARK: Numbers, strings, depth

    @Test("Integers are exact to 64 bits; a number outside the type asked for is dataCorrupted at its path")
    func integers() throws {
        func decode<T: Decodable>(_ type: T.Type, _ number: String) throws -> T {
            try GraphJSONDecoder().decode([T].self, from: Data("[\(number)]".utf8))[0]
        }
        #expect(try decode(Int64.self, "9223372036854775807") == Int64.max)
        #expect(try decode(Int64.self, "-9223372036854775808") == Int64.min)
        #expect(try decode(UInt64.self, "18446744073709551615") == UInt64.max)
        #expect(try decode(Int64.self, "100004567891234567") == 100_004_567_891_234_567)
        #expect(try decode(Int.self, "9007199254740993") == 9_007_199_254_740_993)
        #expect(try decode(Int.self, "9007199254740993.0") == 9_007_199_254_740_993)
        #expect(try decode(Int.self, "1.0") == 1)
        #expect(try decode(Int.self, "1e2") == 100)
        #expect(try decode(Int.self, "12.50e1") == 125)
        #expect(try decode(Int.self, "-0") == 0)
        #expect(try decode(UInt.self, "-0.0") == 0)
        #expect(try decode(Int.self, "0e999999999999") == 0)
        #expect(try decode(String.self, #""9223372036854775808""#) == "9223372036854775808")
        func rejected<T: Decodable>(_ type: T.Type, _ number: String) throws {
            let json = Data(#"{"v":\#(number)}"#.utf8)
            let error = try #require(throws: DecodingError.self, "\(type) from \(number)") {
                try GraphJSONDecoder().decode(Wrapper<T>.self, from: json)
            }
            guard case .dataCorrupted(let context) = error else {
                Issue.record("\(type) from \(number): \(error)")
                return
            }
            #expect(DecodeOutcome<Int>.path(context.codingPath) == "v")
            #expect(context.debugDescription == "Parsed JSON number <\(number)> does not fit in \(type).")
            // JSONDecoder rejects them too (as invalid JSON, without a path), but for one it rounds
            // first: 123.456e-789 is the Double 0, so the Int 0.
            if number != "123.456e-789" {
                #expect(throws: DecodingError.self) { try JSONDecoder().decode(Wrapper<T>.self, from: json) }
            } else {
                #expect((try? JSONDecoder().decode(Wrapper<Int>.self, from: json))?.v == 0)
            }
        }
        for (type, number): (any Decodable.Type, String) in [
            (Int64.self, "9223372036854775808"), (Int64.self, "-9223372036854775809"),
            (UInt64.self, "18446744073709551616"), (UInt64.self, "-1"), (Int8.self, "300"), (UInt8.self, "256"),
            (Int.self, "1.5"), (Int.self, "1e-2"), (Int.self, "1e20"), (Int32.self, "4294967296.0"),
            (Int.self, "123.456e-789"), (Double.self, "1e400"), (Double.self, "-1e400"), (Double.self, "1e-400"),
            (Float.self, "1e39"), (Float.self, "1e-50"),
        ] {
            try rejected(type, number)
        }
        #expect(try decode(Double.self, "0.1") == 0.1)
        #expect(try decode(Double.self, "-0").sign == .minus)
        #expect(try decode(Double.self, "1.7976931348623157e308") == .greatestFiniteMagnitude)
        #expect(try decode(Double.self, "123456789012345678901234567890") == 1.2345678901234568e29)
        #expect(try decode(Float.self, "0.1") == Float(0.1))
        #expect(try decode(Double.self, "0e-400") == 0)
        #expect(try decode(Decimal.self, "12.25") == Decimal(string: "12.25"))
    }

    @Test("Strings: every escape, surrogate pairs, raw UTF-8; keys with escapes match; bad strings are rejected")
    func strings() throws {
        let text =
            #"["Chlo\u00e9 \ud83d\ude00 S\u00F8ren \/ \"q\" \\ \b\f\n\r\t \u0000", "raw Søren 😀", "", "e\u0301"]"#
        let decoded = try GraphJSONDecoder().decode([String].self, from: Data(text.utf8))
        #expect(decoded == ["Chloé 😀 Søren / \"q\" \\ \u{8}\u{c}\n\r\t \u{0}", "raw Søren 😀", "", "e\u{301}"])
        #expect(decoded == (try JSONDecoder().decode([String].self, from: Data(text.utf8))))
        #expect(decoded[3].unicodeScalars.count == 2)
        Self.expectSame(GraphUser.self, #"{"\u0069d":"1","na\u006de":"escaped key"}"#)
        // Keys compare as Strings do (canonical equivalence), as with JSONDecoder's dictionary.
        Self.expectSame([String: Int].self, #"{"caf\u00e9":1,"cafe\u0301":2}"#)
        Self.expectSame(Accented.self, #"{"cafe\u0301":1}"#)
        Self.expectSame(Accented.self, #"{"café":2}"#)
        for bad in [#"["\ud800"]"#, #"["\udc00x"]"#, #"["\u12"]"#, #"["\x"]"#, "[\"a\u{1}\"]"] {
            let outcome = Self.ours([String].self, bad)
            #expect(outcome.kind == "dataCorrupted", "\(bad): \(outcome)")
        }
        for bytes: [UInt8] in [[0x5B, 0x22, 0xFF, 0x22, 0x5D], [0x5B, 0x22, 0x5C, 0x6E, 0xC3, 0x22, 0x5D]] {
            #expect(throws: DecodingError.self) { try GraphJSONDecoder().decode([String].self, from: Data(bytes)) }
        }
    }

    /// Decodes nothing from any value.
    struct Ignored: Decodable {
        init(from decoder: any Decoder) throws {}
    }

    struct Accented: Codable, Equatable {
        var café: Int
    }

    @Test("Nesting deeper than 512 is dataCorrupted naming the limit, never a crash; 512 decodes")
    func depth() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let error = try #require(throws: DecodingError.self) {
            try GraphJSONDecoder().decode(JSONValue.self, from: Data(deep.utf8))
        }
        guard case .dataCorrupted(let context) = error else {
            Issue.record("\(error)")
            return
        }
        #expect(context.codingPath.isEmpty)
        #expect(context.debugDescription.contains("nested deeper than 512"))
        #expect((context.underlyingError as? GraphJSONError)?.reason == .tooDeep(limit: 512))
        // 512 deep is read (the tape is built iteratively); `Ignored` does not recurse, so the test
        // does not depend on the thread's stack.
        let fine = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(throws: Never.self) { try GraphJSONDecoder().decode(Ignored.self, from: Data(fine.utf8)) }
        let tooDeep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        #expect(throws: DecodingError.self) { try GraphJSONDecoder().decode(Ignored.self, from: Data(tooDeep.utf8)) }
    }

    @Test("Not JSON is dataCorrupted with the byte and the reason")
    func notJSON() throws {
        for text in ["", "[1,]", #"{"a":1"#, "1 2", "tru", "[01]", "\u{FEFF}{}x"] {
            let error = try #require(throws: DecodingError.self, "\(text)") {
                try GraphJSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
            }
            guard case .dataCorrupted(let context) = error else {
                Issue.record("\(text): \(error)")
                continue
            }
            #expect(context.debugDescription.hasPrefix("The given data was not valid JSON (not JSON: "))
            #expect(context.underlyingError is GraphJSONError)
        }
        #expect(try GraphJSONDecoder().decode(JSONValue.self, from: Data("\u{FEFF} {} ".utf8)) == .object([:]))
        #expect(try GraphJSONDecoder().decode(Int.self, from: Data(" 5 ".utf8)) == 5)
    }

    // MARK: Containers and paths

    /// Reads everything through the containers' less common calls and records the coding paths.
    struct Probe: Decodable, Equatable {
        var paths: [String] = []
        var values: [String] = []

        enum Keys: String, CodingKey { case a, list, nested, missing, none, `super` }

        init(from decoder: any Decoder) throws {
            paths.append(DecodeOutcome<Int>.path(decoder.codingPath))
            let container = try decoder.container(keyedBy: Keys.self)
            paths.append(DecodeOutcome<Int>.path(container.codingPath))
            values.append("keys \(container.allKeys.map(\.stringValue).sorted())")
            values.append("contains a \(container.contains(.a)) missing \(container.contains(.missing))")
            values.append("nil none \(try container.decodeNil(forKey: .none)) a \(try container.decodeNil(forKey: .a))")
            values.append(
                "ifPresent missing \(String(describing: try container.decodeIfPresent(Int.self, forKey: .missing)))")
            var list = try container.nestedUnkeyedContainer(forKey: .list)
            paths.append(DecodeOutcome<Int>.path(list.codingPath))
            values.append("count \(String(describing: list.count)) at \(list.currentIndex)")
            values.append("nil first \(try list.decodeNil()) at \(list.currentIndex)")
            values.append("nil second \(try list.decodeNil()) at \(list.currentIndex)")
            values.append("second \(try list.decode(Int.self)) at \(list.currentIndex)")
            let inner = try list.nestedContainer(keyedBy: Keys.self)
            paths.append(DecodeOutcome<Int>.path(inner.codingPath))
            values.append("inner a \(try inner.decode(String.self, forKey: .a))")
            var deeper = try list.nestedUnkeyedContainer()
            paths.append(DecodeOutcome<Int>.path(deeper.codingPath))
            values.append("deeper \(try deeper.decode(Bool.self))")
            let elementDecoder = try list.superDecoder()
            paths.append(DecodeOutcome<Int>.path(elementDecoder.codingPath))
            values.append("element \(try elementDecoder.singleValueContainer().decode(String.self))")
            values.append("end \(list.isAtEnd) ifPresent \(String(describing: try list.decodeIfPresent(Int.self)))")
            values.append("after end at \(list.currentIndex)")
            do {
                _ = try list.decode(Int.self)
            } catch {
                values.append("past end \(DecodeOutcome<Int> { throw error })")
            }
            let nested = try container.nestedContainer(keyedBy: Keys.self, forKey: .nested)
            paths.append(DecodeOutcome<Int>.path(nested.codingPath))
            values.append("nested a \(try nested.decode(Double.self, forKey: .a))")
            let superDecoder = try container.superDecoder()
            paths.append(DecodeOutcome<Int>.path(superDecoder.codingPath))
            values.append("super \(try superDecoder.singleValueContainer().decode(Int.self))")
            let missing = try container.superDecoder(forKey: .missing)
            paths.append(DecodeOutcome<Int>.path(missing.codingPath))
            values.append("missing is nil \(try missing.singleValueContainer().decodeNil())")
            do {
                _ = try nested.decode(Int.self, forKey: .missing)
            } catch {
                values.append("\(DecodeOutcome<Int> { throw error })")
            }
        }
    }

    @Test("Containers: allKeys, contains, decodeNil, nested and super decoders, the end of an array, coding paths")
    func containers() {
        let json = #"""
            {"a":"x","none":null,"super":7,
             "list":[null,5,{"a":"in"},[true],"element"],
             "nested":{"a":1.5}}
            """#
        Self.expectSame(Probe.self, json)
        guard case .value(let probe) = Self.ours(Probe.self, json) else {
            Issue.record("\(Self.ours(Probe.self, json))")
            return
        }
        #expect(probe.paths == ["", "", "list", "list.[2]", "list.[3]", "list.[4]", "nested", "super", "missing"])
        #expect(probe.values.contains("past end valueNotFound at 'list.[6]'"))
        #expect(probe.values.contains("keyNotFound(missing) at 'nested'"))
    }

    @Test("Errors name the coding path through arrays and nested objects")
    func errorPaths() {
        let page = #"{"data":[{"id":"1"},{"id":"2","location":{"location":{"latitude":"north"}}}]}"#
        let outcome = Self.ours(Page<GraphUser>.self, page)
        #expect(outcome == .failure(kind: "typeMismatch", path: "data.[1].location.location.latitude"))
        #expect(outcome == Self.theirs(Page<GraphUser>.self, page))
        let missing = #"{"data":[{"id":"1"},{"name":"x"}]}"#
        #expect(Self.ours(Page<GraphUser>.self, missing) == .failure(kind: "typeMismatch", path: "data.[1].id"))
        #expect(Self.ours(Page<GraphUser>.self, missing) == Self.theirs(Page<GraphUser>.self, missing))
    }

    @Test("A decoder that outlives the decode call still reads its value (the tape owns a copy of the bytes)")
    func escapingDecoder() throws {
        var data = Data(#"{"a":"kept"}"#.utf8)
        let kept = try GraphJSONDecoder().decode(Escaper.self, from: data)
        data.resetBytes(in: 0..<data.count)
        let container = try kept.decoder.container(keyedBy: Probe.Keys.self)
        #expect(try container.decode(String.self, forKey: .a) == "kept")
    }

    struct Escaper: Decodable {
        let decoder: any Decoder
        init(from decoder: any Decoder) throws { self.decoder = decoder }
    }

    // MARK: GraphResponse

    @Test("GraphResponse.decode reads with GraphJSONDecoder by default and a caller's JSONDecoder when given one")
    func response() throws {
        let body = Data(#"{"id":"4","first_name":"Mark","picture":{"data":{"url":"https:\/\/p\/4.jpg"}}}"#.utf8)
        let response = GraphResponse(status: 200, headers: [:], body: body)
        let user = try response.decode(GraphUser.self)
        #expect(user.firstName == "Mark")
        #expect(user.pictureURL == "https://p/4.jpg")
        let snake = JSONDecoder()
        snake.keyDecodingStrategy = .convertFromSnakeCase
        #expect(try response.decode(SnakeCase.self, decoder: snake).firstName == "Mark")
        #expect(throws: GraphError.self) { try response.decode(SnakeCase.self) }
        let bad = GraphResponse(status: 200, headers: [:], body: Data(#"{"data":[{"id":[]}]}"#.utf8))
        let error = try #require(throws: GraphError.self) { try bad.decode(GraphPage<GraphUser>.self) }
        #expect(error.category == .decoding)
        #expect(error.message.contains("data.[0].id"), "\(error.message)")
        let broken = GraphResponse(status: 200, headers: [:], body: Data("{".utf8))
        let notJSON = try #require(throws: GraphError.self) { try broken.decode(GraphUser.self) }
        #expect(notJSON.message.contains("not valid JSON"), "\(notJSON.message)")
    }
}

/// `{"v": …}`.
struct Wrapper<T: Decodable>: Decodable {
    let v: T
}

/// A Graph page with `Equatable`, for comparing outcomes.
struct Page<Item: Decodable & Sendable & Equatable>: Decodable, Equatable {
    var data: [Item]
    var paging: GraphPaging?
    var totalCount: Int?

    init(from decoder: any Decoder) throws {
        let page = try GraphPage<Item>(from: decoder)
        (data, paging, totalCount) = (page.data, page.paging, page.totalCount)
    }
}
