import FacebookGraph
import Foundation
import Testing

@testable import FacebookGraphReplay

/// Writing HAR: the fields HAR 1.2 requires are in every written file, also those the kit does not
/// model (`cookies`, `headersSize`, `cache`), and a written file reads back as what was written.
@Suite("HAR files this package writes")
struct HARWritingTests {
    /// One entry with a binary request body and a text response.
    static let archive = HARArchive(entries: [
        HAREntry(
            startedDateTime: "2026-01-01T00:00:00.000Z",
            request: HARRequest(
                method: "POST",
                url: "https://graph.facebook.com/me/photos",
                headers: [HARNameValue(name: "Content-Type", value: "application/octet-stream")],
                postData: HARPostData(mimeType: "application/octet-stream", body: Data([0xFF, 0x00, 0x80]))
            ),
            response: HARResponse(
                status: 200,
                statusText: "OK",
                content: HARContent(mimeType: "application/json", body: Data(#"{"id":"1"}"#.utf8))
            ),
            graphAPIVersion: "v19.0"
        )
    ])

    /// The written entry as JSON objects.
    static func writtenEntry() throws -> [String: Any] {
        let json = try JSONSerialization.jsonObject(with: try archive.encoded()) as? [String: Any]
        let log = try #require(json?["log"] as? [String: Any])
        let entries = try #require(log["entries"] as? [[String: Any]])
        return try #require(entries.first)
    }

    @Test("An entry, its request and its response carry every field HAR 1.2 requires")
    func requiredFields() throws {
        let entry = try Self.writtenEntry()
        #expect(
            Set(entry.keys) == [
                "startedDateTime", "time", "request", "response", "timings", "cache", "_playback", "_graphAPIVersion",
            ])
        #expect((entry["cache"] as? [String: Any])?.isEmpty == true)
        let messages: [(member: String, fields: Set<String>, bodySize: Int)] = [
            ("request", ["method", "url", "httpVersion", "headers", "queryString", "postData"], 3),
            ("response", ["status", "statusText", "httpVersion", "headers", "content", "redirectURL"], 10),
        ]
        for (member, fields, bodySize) in messages {
            let message = try #require(entry[member] as? [String: Any])
            #expect(Set(message.keys) == fields.union(["bodySize", "cookies", "headersSize"]), "\(member)")
            #expect((message["cookies"] as? [Any])?.isEmpty == true, "\(member)")
            #expect(message["headersSize"] as? Int == -1, "\(member)")
            #expect(message["bodySize"] as? Int == bodySize, "\(member)")
        }
    }

    @Test("A binary request body is written as base64 text with _encoding, and no params")
    func binaryBody() throws {
        let request = try #require(try Self.writtenEntry()["request"] as? [String: Any])
        let postData = try #require(request["postData"] as? [String: Any])
        #expect(Set(postData.keys) == ["mimeType", "text", "_encoding"])
        #expect(postData["text"] as? String == "/wCA")
        #expect(postData["_encoding"] as? String == "base64")
    }

    @Test("A written file reads back as the archive that was written, to the byte when written again")
    func roundTrip() throws {
        let data = try Self.archive.encoded()
        let read = try HARArchive(data: data)
        #expect(read == Self.archive)
        #expect(try read.encoded() == data)
        #expect(read.log.entries.first?.request.header("content-type") == "application/octet-stream")
    }
}
