import FacebookGraph
import Foundation
import FoundationNetworking
import Testing

@testable import FacebookSDK

/// The delegate's `HTTPURLResponse`: one object is reused for a response with the same URL, status,
/// version and fields, and every other response gets its own, with its own values.
@Suite("Legacy HTTPURLResponse: reused only for an identical response")
struct LegacyHTTPResponseTests {
    private func raw(_ block: String, status: Int = 200, url: String = "http://127.0.0.1:1/me") -> RawResponse {
        RawResponse(
            status: status, headers: HTTPHeaders(parsing: Array(block.utf8)), body: Data("{}".utf8), effectiveURL: url)
    }

    @Test("Identical responses share the object; a changed field, status or URL gets a new one")
    func reuse() throws {
        let cache = LegacyHTTPResponseCache()
        let block = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nDate: Tue, 01 Dec 2026 10:00:00 GMT\r\n\r\n"
        let first = try #require(cache.make(raw(block)) as? HTTPURLResponse)
        #expect(cache.make(raw(block)) === first)
        #expect(first.value(forHTTPHeaderField: "Date") == "Tue, 01 Dec 2026 10:00:00 GMT")
        #expect(first.mimeType == "application/json" && first.statusCode == 200)

        let nextSecond = block.replacingOccurrences(of: "10:00:00", with: "10:00:01")
        let later = try #require(cache.make(raw(nextSecond)) as? HTTPURLResponse)
        #expect(later !== first)
        #expect(later.value(forHTTPHeaderField: "Date") == "Tue, 01 Dec 2026 10:00:01 GMT")

        let created = try #require(cache.make(raw(block, status: 201)) as? HTTPURLResponse)
        #expect(created.statusCode == 201)
        let elsewhere = try #require(
            cache.make(raw(block, status: 201, url: "http://127.0.0.1:1/other")) as? HTTPURLResponse)
        #expect(elsewhere.url?.path == "/other")
    }
}
