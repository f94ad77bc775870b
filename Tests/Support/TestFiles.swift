import FacebookGraphReplay
import Foundation

/// Scratch files for the tests: a fresh directory per test, and the small cassette the replay
/// tests share.
package enum TestFiles {
    /// A new empty directory under the system's temporary directory.
    package static func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("fbgraph-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Writes `text` to `name` in `directory`; returns the path.
    @discardableResult
    package static func write(_ text: String, to name: String, in directory: URL) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// The body of the recorded `me` answer.
    package static let recordedMe = #"{"id":"4","name":"Mark Recorded"}"#

    /// A cassette of two entries: `GET v19.0/me?fields=id,name` with `<TOKEN-1>` (repeatable), and
    /// `GET v19.0/4/picture` without a token (once), written to `me.har` in `directory`.
    package static func meCassette(in directory: URL) throws -> String {
        let me = HAREntry(
            startedDateTime: "2024-05-01T12:00:00.000Z",
            request: HARRequest(
                method: "GET",
                url: "https://graph.facebook.com/v19.0/me?fields=id%2Cname&access_token=%3CTOKEN-1%3E"
            ),
            response: HARResponse(
                status: 200,
                statusText: "OK",
                headers: [HARNameValue(name: "Content-Type", value: "application/json; charset=UTF-8")],
                content: HARContent(mimeType: "application/json; charset=UTF-8", body: Data(recordedMe.utf8))
            )
        )
        let picture = HAREntry(
            startedDateTime: "2024-05-01T12:00:01.000Z",
            request: HARRequest(method: "GET", url: "https://graph.facebook.com/v19.0/4/picture"),
            response: HARResponse(
                status: 200,
                headers: [HARNameValue(name: "Content-Type", value: "text/plain")],
                content: HARContent(mimeType: "text/plain", body: Data("a picture".utf8))
            ),
            playback: .once
        )
        let provenance = HARProvenance(
            recordedAt: "2024-05-01T12:00:00.000Z", redactionRules: ["parameter:access_token"])
        let url = directory.appendingPathComponent("me.har")
        try HARArchive(entries: [me, picture], provenance: provenance).write(to: url)
        return url.path
    }
}
