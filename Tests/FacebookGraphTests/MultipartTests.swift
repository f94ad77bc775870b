import Foundation
import Testing

import FacebookGraph

/// The one multipart builder (both styles) and the one parser.
@Suite("Multipart: the RFC 7578 and v2 styles, and the one parser")
struct MultipartTests {
    static let photo = Data([0x89, 0x50, 0x4E, 0x47, 0x00, 0xFF, 0x0D, 0x0A, 0x2D, 0x2D])

    @Test("The v2 style is exactly generatePostBody's bytes: strings, then files named by key, then the close")
    func legacyV2Bytes() {
        let form = MultipartForm.legacyV2(
            fields: [("access_token", "TOK"), ("message", "héllo\r\n\"world\"")],
            files: [("source", Self.photo)]
        )
        let boundary = "3i2ndDfv2rTHiSisAbouNdArYfORhtTPEefj3q2f"
        #expect(form.boundary == boundary)
        #expect(form.contentType == "multipart/form-data; boundary=\(boundary)")
        var expected = Data("--\(boundary)\r\n".utf8)
        expected.append(
            Data("Content-Disposition: form-data; name=\"access_token\"\r\n\r\nTOK\r\n--\(boundary)\r\n".utf8))
        expected.append(
            Data("Content-Disposition: form-data; name=\"message\"\r\n\r\nhéllo\r\n\"world\"\r\n--\(boundary)\r\n".utf8)
        )
        expected.append(
            Data("Content-Disposition: form-data; filename=\"source\"\r\nContent-Type: content/unknown\r\n\r\n".utf8))
        expected.append(Self.photo)
        expected.append(Data("\r\n--\(boundary)--\r\n".utf8))
        #expect(form.body == expected)
        #expect(MultipartForm.legacyV2(fields: [], files: []).body == Data("--\(boundary)--\r\n".utf8))
    }

    @Test("The RFC 7578 style names every part and escapes quotes and line breaks in names")
    func rfc7578Bytes() {
        let form = MultipartForm(
            parts: [
                .text(name: "a\"b", value: "v"),
                .file(name: "source", filename: "x\r\n.png", contentType: "image/png", data: Self.photo),
            ],
            boundary: "B"
        )
        var expected = Data("--B\r\nContent-Disposition: form-data; name=\"a%22b\"\r\n\r\nv\r\n".utf8)
        expected.append(
            Data("--B\r\nContent-Disposition: form-data; name=\"source\"; filename=\"x%0D%0A.png\"\r\n".utf8))
        expected.append(Data("Content-Type: image/png\r\n\r\n".utf8))
        expected.append(Self.photo)
        expected.append(Data("\r\n--B--\r\n".utf8))
        #expect(form.body == expected)
    }

    @Test("A backslash in an RFC 7578 name or file name is escaped and parses back (fuzz finding)")
    func backslashInNames() throws {
        // FuzzMultipart: `name="mes\"` read the backslash as escaping the closing quote, so the name
        // swallowed `"; filename=` and the file name was lost.
        let form = MultipartForm(
            parts: [
                .text(name: "access_token\\", value: "v"),
                .file(name: "mes\u{0}\\", filename: "C:\\x\\", contentType: "image/png", data: Self.photo),
            ],
            boundary: "B"
        )
        #expect(form.body.range(of: Data("name=\"access_token%5C\"".utf8)) != nil)
        let parsed = try MultipartBody(parsing: form.body, boundary: "B")
        #expect(parsed.parts.map(\.name) == ["access_token%5C", "mes\u{0}%5C"])
        #expect(parsed.parts.map(\.filename) == [nil, "C:%5Cx%5C"])
        #expect(parsed.parts.last?.body == Self.photo)
    }

    @Test("A line feed followed by a combining mark in a name is escaped, not written raw (fuzz finding)")
    func lineFeedBeforeCombiningMark() throws {
        // FuzzMultipart: "\n\u{611}" is one Character, which Character-wise replacing left as a raw LF.
        let form = MultipartForm(
            parts: [.file(name: "f", filename: "Csi\r\n\u{611}lo", contentType: "image/png", data: Self.photo)],
            boundary: "B")
        let part = try #require(try MultipartBody(parsing: form.body, boundary: "B").parts.first)
        #expect(part.filename == "Csi%0D%0A\u{611}lo")
        #expect(part.contentType == "image/png")
    }

    @Test(
        "An attachment media type with a line break is refused by prepare, and never written raw",
        arguments: ["image/png\r\nX-Injected: 1", "image/png\n\u{301}", "image/png\u{0}", "image/png\u{85}"]
    )
    func mediaTypeWithControls(mediaType: String) throws {
        let photo = GraphAttachment(name: "source", filename: "p.png", contentType: mediaType, data: Self.photo)
        let request = GraphRequest(path: "me/photos", method: .post, attachments: [photo])
        #expect {
            _ = try request.prepare(configuration: GraphConfiguration(accessToken: "TOKEN"))
        } throws: { error in
            let error = error as? GraphError
            return error?.category == .invalidRequest && error?.message.contains("source") == true
        }
        let form = MultipartForm(
            parts: [.file(name: "source", filename: "p.png", contentType: mediaType, data: Self.photo)], boundary: "B")
        let part = try #require(try MultipartBody(parsing: form.body, boundary: "B").parts.first)
        #expect(part.contentType?.unicodeScalars.starts(with: "image/png".unicodeScalars) == true)
        let headerEnd = try #require(form.body.range(of: Data("\r\n\r\n".utf8)))
        let lines = String(decoding: form.body[..<headerEnd.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        #expect(lines.count == 3, "the boundary, the disposition and one Content-Type line: \(lines)")
        #expect(!lines.joined().unicodeScalars.contains { $0.properties.generalCategory == .control })
        #expect(MultipartForm.isValidMediaType("image/png; charset=\"x\"\t"))
        // A media type of controls alone reads back empty (FuzzMultipart, input 35545950…: "\u{7}").
        let bell = MultipartForm(
            parts: [.file(name: "source", filename: "a.jpg", contentType: "\u{7}", data: Self.photo)], boundary: "B")
        #expect(try MultipartBody(parsing: bell.body, boundary: "B").parts.first?.contentType == "")
    }

    @Test("Spaces inside a quoted name or file name are kept (fuzz finding)", arguments: [false, true])
    func quotedSpacesKept(legacy: Bool) throws {
        // FuzzMultipart: a v2 file part named "eg\u{3}\u{0}l " came back without its last space.
        let form = MultipartForm(
            parts: [.file(name: " f ", filename: "eg\u{3}\u{0}l ", contentType: "image/png", data: Self.photo)],
            boundary: "B", style: legacy ? .legacyV2 : .rfc7578)
        let part = try #require(try MultipartBody(parsing: form.body, boundary: "B").parts.first)
        #expect(part.filename == "eg\u{3}\u{0}l ")
        #expect(part.name == (legacy ? nil : " f "))
        #expect(
            try MultipartBody(
                parsing: Data("--B\r\nContent-Disposition: form-data; name= a \r\n\r\nv\r\n--B--".utf8), boundary: "B"
            ).parts.first?.name == "a")
    }

    @Test("Both styles parse back to their parts, file bytes intact", arguments: [false, true])
    func roundTrip(legacy: Bool) throws {
        let form =
            legacy
            ? MultipartForm.legacyV2(
                fields: [("message", "hi\r\n--there"), ("empty", "")], files: [("pic", Self.photo)])
            : MultipartForm(
                parts: [
                    .text(name: "message", value: "hi\r\n--there"), .text(name: "empty", value: ""),
                    .file(name: "pic", filename: "pic", contentType: "content/unknown", data: Self.photo),
                ]
            )
        for tolerance in [MultipartBody.Tolerance.strict, .lenient] {
            let parsed = try MultipartBody(parsing: form.body, boundary: form.boundary, tolerance: tolerance)
            #expect(parsed.parts.map(\.name) == ["message", "empty", legacy ? nil : "pic"])
            #expect(parsed.parts.map(\.filename) == [nil, nil, "pic"])
            #expect(parsed.parts.map(\.body) == [Data("hi\r\n--there".utf8), Data(), Self.photo])
            #expect(parsed.parts[2].contentType == "content/unknown" && parsed.parts[2].isFile)
            let body = [UInt8](form.body)
            for part in parsed.parts { #expect(Data(body[part.contentRange]) == part.body) }
        }
        // The boundary is also found on the body's first line.
        #expect(try MultipartBody(parsing: form.body, boundary: nil).parts.count == 3)
    }

    @Test(
        "Malformed bodies fail strictly with the reason, never crash",
        arguments: [
            ("", MultipartBody.ParseError.Reason.noBoundary),
            ("no delimiter here", .noOpeningDelimiter),
            ("--B", .noClosingDelimiter),
            ("--B\r\n", .noClosingDelimiter),
            ("--B\r\nContent-Disposition: form-data; name=a\r\n\r\nvalue", .noClosingDelimiter),
            ("--Bjunk\r\n\r\nv\r\n--B--", .malformedDelimiterLine),
            ("--B\r\nContent-Disposition: form-data; name=a\r\nvalue\r\n--B--", .unterminatedHeaders),
            ("--B\nContent-Disposition: form-data; name=a\n\nv\n--B--\n", .malformedDelimiterLine),
        ]
    )
    func malformed(text: String, reason: MultipartBody.ParseError.Reason) {
        let boundary: String? = text.isEmpty ? nil : "B"
        #expect {
            try MultipartBody(parsing: Data(text.utf8), boundary: boundary)
        } throws: { error in
            (error as? MultipartBody.ParseError)?.reason == reason
        }
    }

    @Test("Lenient parsing takes LF line ends and salvages the closed parts of an unclosed body")
    func lenient() throws {
        let lf = "--B\nContent-Disposition: form-data; name=a\n\nv\n--B\nContent-Disposition: form-data; name=b\n\nw"
        let parsed = try MultipartBody(parsing: Data(lf.utf8), boundary: "B", tolerance: .lenient)
        #expect(parsed.parts.map(\.name) == ["a"])
        #expect(parsed.parts.map(\.body) == [Data("v".utf8)])
        let headless = "--B\r\nno blank line\r\n--B\r\nContent-Disposition: form-data; name=c\r\n\r\nx\r\n--B--\r\n"
        let salvaged = try MultipartBody(parsing: Data(headless.utf8), boundary: "B", tolerance: .lenient)
        #expect(salvaged.parts.map(\.name) == ["c"])
        #expect(throws: MultipartBody.ParseError.self) {
            try MultipartBody(parsing: Data("nothing".utf8), boundary: "B", tolerance: .lenient)
        }
    }

    @Test("Every truncation of a valid body parses or fails cleanly")
    func truncations() {
        let body = MultipartForm.legacyV2(fields: [("a", "1")], files: [("f", Self.photo)]).body
        // Up to the closing `--boundary--`; the CRLF after it is optional.
        for length in 0..<(body.count - 2) {
            let prefix = body.prefix(length)
            #expect(throws: MultipartBody.ParseError.self) {
                try MultipartBody(parsing: prefix, boundary: MultipartForm.legacyV2Boundary)
            }
            _ = try? MultipartBody(parsing: prefix, boundary: MultipartForm.legacyV2Boundary, tolerance: .lenient)
        }
    }

    @Test("Parsing other clients' bodies: preamble, padding, escaped names, filename*, epilogue, no parts")
    func otherClients() throws {
        let text =
            "preamble\r\n--xyz  \r\nContent-Disposition: form-data; name=\"a\\\"q\"\r\n\r\n\r\n"
            + "--xyz\r\ncontent-disposition: form-data; name=f; filename*=UTF-8''na%C3%AFve.txt\r\n\r\n"
            + "x\r\n--xyz--epilogue"
        let parsed = try MultipartBody(parsing: Data(text.utf8), boundary: "xyz")
        #expect(parsed.parts.count == 2)
        #expect(parsed.parts[0].name == "a\"q" && parsed.parts[0].body.isEmpty)
        #expect(
            parsed.parts[1].name == "f" && parsed.parts[1].filename == "naïve.txt"
                && parsed.parts[1].body == Data("x".utf8))
        let empty = try MultipartBody(parsing: Data("--xyz--\r\n".utf8), boundary: "xyz")
        #expect(empty.parts.isEmpty)
    }

    @Test("The boundary comes only from a multipart media type, quoted or not, in any case")
    func boundaryFromContentType() {
        #expect(MultipartBody.boundary(fromContentType: #"multipart/form-data; boundary="a b;c""#) == "a b;c")
        #expect(MultipartBody.boundary(fromContentType: "Multipart/Form-Data; charset=utf-8; BOUNDARY=xyz") == "xyz")
        #expect(MultipartBody.boundary(fromContentType: "multipart/form-data") == nil)
        #expect(MultipartBody.boundary(fromContentType: "multipart/form-data; boundary=") == nil)
        #expect(MultipartBody.boundary(fromContentType: "text/plain; boundary=xyz") == nil)
    }
}
