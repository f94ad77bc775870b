import FacebookGraph
import Foundation
import Testing

@testable import FacebookGraphReplay

/// Reading HAR files other tools wrote: lenient where real files are wrong, and refused with one
/// readable line (entry, field, line and column) where they cannot be used.
@Suite("HAR files from other tools")
struct HARReadingTests {
    /// A one-entry file whose request and response members are the given JSON texts.
    static func file(request: String = #""method":"GET","url":"http://x/""#, response: String) -> Data {
        Data(#"{"log":{"entries":[{"request":{\#(request)},"response":{\#(response)}}]}}"#.utf8)
    }

    /// The error `data` is refused with.
    static func refusal(_ data: Data) throws -> HARReadError {
        do {
            _ = try HARArchive(data: data)
        } catch {
            return error
        }
        Issue.record("the file was read")
        throw HARReadError(problem: "read")
    }

    @Test("A field of the wrong type names the entry, the field, what was expected and what was found")
    func typeMismatch() throws {
        let second = #"{"request":{"method":"GET","url":5},"response":{"status":200}}"#
        let data = Data(
            #"{"log":{"entries":[{"request":{"method":"GET","url":"http://x/"},"response":{"status":200}},\#(second)]}}"#
                .utf8)
        let error = try Self.refusal(data)
        #expect(error.description == "entry 1, request.url: expected a string, found the number 5")
        let status = try Self.refusal(Self.file(response: #""status":"200""#))
        #expect(status.description == "entry 0, response.status: expected a whole number, found a string")
        let missing = try Self.refusal(Data(#"{"log":{"entries":[{"request":{"method":"GET"}}]}}"#.utf8))
        #expect(missing.description == "entry 0, request.url: a required field is missing")
        let fraction = try Self.refusal(Self.file(response: #""status":200.5"#))
        #expect(fraction.description == "entry 0, response.status: expected a whole number, found 200.5")
        let whole = try HARArchive(data: Self.file(response: #""status":200.0,"content":{"size":3.0,"text":"abc"}"#))
        #expect(whole.log.entries[0].response.status == 200 && whole.log.entries[0].response.content.size == 3)
        let notHAR = try Self.refusal(Data(#"{"creator":{}}"#.utf8))
        #expect(notHAR.description == "log: a required field is missing")
        let array = try Self.refusal(Data("[1,2]".utf8))
        #expect(array.description == "expected an object, found an array")
        for text in [error, status, missing, notHAR, array].map(\.description) {
            #expect(!text.contains("DecodingError") && !text.contains("Swift") && !text.contains("CodingKeys"))
        }
    }

    @Test("A JSON syntax error gives its line and column, counted in characters")
    func syntaxPosition() throws {
        let broken = try Self.refusal(Data("{\"log\":\n[\n    2,1,3\n]\n\"request:\"}".utf8))
        #expect(broken.description == #"line 5, column 1: not valid JSON (found '"')"#)
        let truncated = try Self.refusal(Data("{\"log\":{\"entries\":[\n {\"é\":".utf8))
        #expect(truncated.description == "line 2, column 7: not valid JSON (the file ends early)")
        let bom = try Self.refusal(Data([0xEF, 0xBB, 0xBF] + Array("{\"log\" 1}".utf8)))
        #expect(bom.description == "line 1, column 8: not valid JSON (found '1')")
        #expect(try Self.refusal(Data()).description == "empty file, not a HAR file")
        let control = try Self.refusal(Data("{\"log\":\n {\"entries\" \u{1}}}".utf8))
        #expect(control.description == "line 2, column 13: not valid JSON (found the byte 0x1)")
        let lineBreak = try Self.refusal(Data("{\"log\": {\"entries\":[]}\n".utf8 + [0x0A, 0x00]))
        #expect(lineBreak.description == "line 3, column 1: not valid JSON (found a NUL byte)")
    }

    @Test("A file that cannot be opened is named, with why, in one line")
    func unreadableFile() throws {
        let directory = try CassetteTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = directory.appendingPathComponent("none.har")
        #expect(throws: HARReadError(file: missing.path, problem: "no such file")) {
            try HARArchive(contentsOf: missing)
        }
        #expect(throws: HARReadError(file: directory.path, problem: "is a directory, not a HAR file")) {
            try HARArchive(contentsOf: directory)
        }
        let broken = directory.appendingPathComponent("broken.har")
        try Data("{".utf8).write(to: broken)
        let error = try #require(throws: CassetteError.self) { try Cassette(contentsOf: broken) }
        #expect(error.description == "\(broken.path): line 1, column 2: not valid JSON (the file ends early)")
    }

    @Test("Base64 that is not base64 is refused with the entry and field; wrapped or unpadded base64 reads")
    func invalidBase64() throws {
        let response = try Self.refusal(
            Self.file(response: #""status":200,"content":{"text":"not base64!","encoding":"base64"}"#))
        #expect(
            response.description
                == "entry 0, response.content.text: expected base64 (the encoding says base64), found text that is not base64"
        )
        let request = try Self.refusal(
            Self.file(
                request: #""method":"POST","url":"http://x/","postData":{"text":"%%%","_encoding":"base64"}"#,
                response: #""status":200"#))
        #expect(request.description.hasPrefix("entry 0, request.postData.text: expected base64"))
        let wrapped = try HARArchive(
            data: Self.file(response: #""status":200,"content":{"text":"aGVs\r\nbG8h\nYQ","encoding":"base64"}"#))
        #expect(wrapped.log.entries[0].response.content.body == Data("hello!a".utf8))
    }

    @Test("A params value written as an object (chrome-har) reads as its JSON text; the file loads")
    func objectParameterValue() throws {
        let postData =
            #""postData":{"mimeType":"application/x-www-form-urlencoded","params":[{"name":"a","value":{"b":[1,true,null]}},{"name":"n","value":2.5}]}"#
        let archive = try HARArchive(
            data: Self.file(request: #""method":"POST","url":"http://x/",\#(postData)"#, response: #""status":200"#))
        let text = try #require(archive.log.entries[0].request.postData?.text)
        #expect(FormEncoding.decode(text).map(\.value) == [#"{"b":[1,true,null]}"#, "2.5"])
        #expect(FormEncoding.decode(text).map(\.name) == ["a", "n"])
        let null = try HARArchive(
            data: Self.file(
                request: #""method":"POST","url":"http://x/","postData":{"params":[{"name":"a","value":null}]}"#,
                response: #""status":200"#))
        #expect(null.log.entries[0].request.postData?.text == "a=")
    }

    @Test("Params as written in the body they came from (percent-encoded) match the live body")
    func percentEncodedParams() throws {
        let postData =
            #""postData":{"mimeType":"application/x-www-form-urlencoded","params":[{"name":"field%5B1%5D","value":"a%20b%2Bc"}]}"#
        let archive = try HARArchive(
            data: Self.file(
                request: #""method":"POST","url":"https://graph.facebook.com/me/feed",\#(postData)"#,
                response: #""status":200,"content":{"text":"ok"}"#))
        let transport = CassetteTransport(cassette: Cassette(archive: archive), live: RefusingTransport())
        let live = try PreparedRequest(
            method: "POST", url: "https://graph.facebook.com/me/feed",
            headers: ["Content-Type": "application/x-www-form-urlencoded"],
            body: Data("field%5B1%5D=a%20b%2Bc".utf8))
        let response = try CassetteTests.send(transport, live).get()
        #expect(response.body == Data("ok".utf8))
    }
}
