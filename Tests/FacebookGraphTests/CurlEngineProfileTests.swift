import FacebookGraphTestSupport
import Foundation
import Testing

@testable import FacebookGraph

/// A pooled handle's option profile, compared in place with the next request
/// (`CurlHandleProfile.matches`): the same answer as building that request's profile and comparing.
@Suite("The engine's handle profiles")
struct CurlEngineProfileTests {
    /// Requests that differ in each thing a profile holds, and some that differ only in values.
    static func requests() throws -> [PreparedRequest] {
        var http11 = TransferOptions()
        http11.httpVersion = .http1_1
        var uncompressed = TransferOptions()
        uncompressed.acceptCompressedResponses = false
        var pinned = TransferOptions()
        pinned.resolve = ["graph.example:443:127.0.0.1"]
        var shortTimeout = TransferOptions()
        shortTimeout.totalTimeout = .seconds(5)
        return [
            try PreparedRequest(url: "https://graph.example/me"),
            try PreparedRequest(url: "https://graph.example/other?a=1"),
            try PreparedRequest(url: "http://127.0.0.1:8080/me"),
            try PreparedRequest(url: "http://graph.example/me"),
            try PreparedRequest(method: "HEAD", url: "https://graph.example/me"),
            try PreparedRequest(method: "POST", url: "https://graph.example/me", body: Data("a=1".utf8)),
            try PreparedRequest(
                method: "POST", url: "https://graph.example/me", body: Data("a=1".utf8), idempotent: true),
            try PreparedRequest(method: "GET", url: "https://graph.example/me", body: Data()),
            try PreparedRequest(url: "https://graph.example/me", headers: ["X-Trace": "1"]),
            try PreparedRequest(url: "https://graph.example/me", options: http11),
            try PreparedRequest(url: "https://graph.example/me", options: uncompressed),
            try PreparedRequest(url: "https://graph.example/me", options: pinned),
            try PreparedRequest(url: "https://graph.example/me", options: shortTimeout),
            try PreparedRequest(url: "http://127.0.0.1:8080/me?access_token=EAAB1", containsSecrets: true),
        ]
    }

    @Test("matches(_:) agrees with building the request's profile and comparing, for every pair")
    func matchesAgreesWithEquality() throws {
        let requests = try Self.requests()
        var differing = 0
        for first in requests {
            let profile = CurlHandleProfile(first)
            #expect(profile.matches(first))
            for second in requests {
                let equal = profile == CurlHandleProfile(second)
                #expect(
                    profile.matches(second) == equal, "\(first.method) \(first.url) / \(second.method) \(second.url)")
                if !equal { differing += 1 }
            }
        }
        // The list holds more than one profile: the comparison is exercised both ways.
        #expect(differing > requests.count)
    }
}
