import FacebookGraph
import Foundation
import Testing

@testable import FacebookGraph

/// `GraphUsage(headers:)` reads the rate-limit headers of every response: from a received block
/// (as libcurl delivers it) and from built fields, the same answer.
@Suite("GraphUsage: the usage headers, absent, malformed and present")
struct GraphUsageTests {
    /// A received header block: the status line, then `lines`, each ended by CRLF, then a blank line.
    static func received(_ lines: [String]) -> HTTPHeaders {
        HTTPHeaders(parsing: Array(("HTTP/1.1 200 OK\r\n" + lines.map { $0 + "\r\n" }.joined() + "\r\n").utf8))
    }

    /// The same fields built, not received.
    static func built(_ lines: [String]) -> HTTPHeaders {
        HTTPHeaders(
            lines.map { line in
                let colon = line.firstIndex(of: ":")!
                return HTTPHeaders.Field(
                    name: String(line[..<colon]),
                    value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
            })
    }

    static func both(_ lines: [String]) -> [GraphUsage] {
        [GraphUsage(headers: received(lines)), GraphUsage(headers: built(lines))]
    }

    @Test("No usage header: empty, also among other fields and names that only start like one")
    func absent() {
        #expect(GraphUsage(headers: HTTPHeaders()).isEmpty)
        #expect(GraphUsage(headers: HTTPHeaders(parsing: [])).isEmpty)
        for usage in Self.both([
            "Content-Type: application/json", "X-App-Usage-Extra: {\"call_count\":5}", "X-App: 1",
            "Retry-After-Ms: 20", "x-fb-trace-id: Abc",
        ]) {
            #expect(usage.isEmpty)
            #expect(usage.retryAfter == nil)
        }
    }

    @Test("Present: every header's values, in any case, with spaces around the value")
    func present() {
        let lines = [
            "Content-Type: application/json",
            "X-APP-USAGE:   {\"call_count\":28,\"total_cputime\":\"25\",\"total_time\":25.5}\t",
            "x-page-usage: {\"call_count\":1,\"estimated_time_to_regain_access\":3}",
            "X-Ad-Account-Usage: {\"acc_id_util_pct\":9.67,\"reset_time_duration\":0,\"ads_api_access_tier\":\"standard_access\"}",
            "X-Business-Use-Case-Usage: {\"2\":[{\"type\":\"pages\",\"call_count\":7,\"estimated_time_to_regain_access\":5}],"
                + "\"1\":[{\"type\":\"ads_insights\",\"total_time\":4}]}",
            "Retry-After: 120",
        ]
        for usage in Self.both(lines) {
            #expect(usage.app == GraphUsage.Usage(callCount: 28, totalCPUTime: 25, totalTime: 25.5))
            #expect(usage.page == GraphUsage.Usage(callCount: 1, estimatedTimeToRegainAccess: 3))
            #expect(
                usage.adAccount
                    == GraphUsage.AdAccountUsage(
                        accountUtilization: 9.67, resetTimeDuration: 0, accessTier: "standard_access"))
            #expect(usage.businessUseCases.map(\.objectID) == ["1", "2"])
            #expect(usage.businessUseCases.map(\.type) == ["ads_insights", "pages"])
            #expect(usage.businessUseCases.last?.callCount == 7)
            #expect(usage.businessUseCases.first?.totalTime == 4)
            #expect(usage.retryAfterHeader == .seconds(120))
            // The largest hint: five minutes of business use case over 120 seconds.
            #expect(usage.retryAfter == .seconds(300))
        }
    }

    @Test("A header sent twice: its first value counts")
    func repeated() {
        for usage in Self.both(["X-App-Usage: {\"call_count\":1}", "X-App-Usage: {\"call_count\":2}"]) {
            #expect(usage.app?.callCount == 1)
        }
    }

    @Test("Malformed values are ignored, the others still read")
    func malformed() {
        let lines = [
            "X-App-Usage: {\"call_count\":", "X-Page-Usage: [1,2]", "X-Ad-Account-Usage: not json",
            "X-Business-Use-Case-Usage: {\"1\":{\"type\":\"pages\"}}", "Retry-After: soon",
        ]
        for usage in Self.both(lines) {
            #expect(usage.isEmpty)
        }
        for usage in Self.both(["X-App-Usage: {]", "Retry-After: -3", "X-Page-Usage: {\"call_count\":\"many\"}"]) {
            #expect(usage.app == nil)
            #expect(usage.retryAfterHeader == nil)
            #expect(usage.page == GraphUsage.Usage())
        }
    }

    @Test("A header with an empty value, or at the block's end without a line break")
    func edges() {
        #expect(GraphUsage(headers: HTTPHeaders(parsing: Array("Retry-After:\r\n".utf8))).isEmpty)
        let unterminated = HTTPHeaders(parsing: Array("HTTP/1.1 429 Too Many\r\nretry-after: 7".utf8))
        #expect(GraphUsage(headers: unterminated).retryAfterHeader == .seconds(7))
    }
}
