import Foundation

/// The rate-limit headers of a Graph response, parsed (graph-wire-facts §A.0.5).
///
/// Facebook sends them only once usage is non-trivial, so each is optional. Percentages are of the
/// rolling window; ``retryAfter`` gathers every hint the server gave about when to try again.
public struct GraphUsage: Sendable, Hashable {
    /// `X-App-Usage` and `X-Page-Usage`: `{"call_count", "total_cputime", "total_time"}` in percent.
    public struct Usage: Sendable, Hashable {
        /// Calls made, in percent of the allowance.
        public var callCount: Double?
        /// CPU time used, in percent.
        public var totalCPUTime: Double?
        /// Total time used, in percent.
        public var totalTime: Double?
        /// `estimated_time_to_regain_access`, in minutes (Page usage only).
        public var estimatedTimeToRegainAccess: Double?
    }

    /// `X-Ad-Account-Usage`.
    public struct AdAccountUsage: Sendable, Hashable {
        /// `acc_id_util_pct`.
        public var accountUtilization: Double?
        /// `reset_time_duration`, in seconds.
        public var resetTimeDuration: Double?
        /// `ads_api_access_tier`.
        public var accessTier: String?
    }

    /// One entry of `X-Business-Use-Case-Usage`.
    public struct BusinessUseCase: Sendable, Hashable {
        /// The business object the entry is about.
        public var objectID: String
        /// `type` (`ads_insights`, `pages`…).
        public var type: String?
        /// `call_count`, in percent.
        public var callCount: Double?
        /// `total_cputime`, in percent.
        public var totalCPUTime: Double?
        /// `total_time`, in percent.
        public var totalTime: Double?
        /// `estimated_time_to_regain_access`, in **minutes**.
        public var estimatedTimeToRegainAccess: Double?
    }

    /// `X-App-Usage`.
    public var app: Usage?
    /// `X-Page-Usage`.
    public var page: Usage?
    /// `X-Ad-Account-Usage`.
    public var adAccount: AdAccountUsage?
    /// `X-Business-Use-Case-Usage`, one entry per object and type.
    public var businessUseCases: [BusinessUseCase] = []
    /// `Retry-After`, in seconds, when sent.
    public var retryAfterHeader: Duration?

    /// The usage the header fields report (empty when none is sent; malformed values are ignored).
    /// Read on every response: when none of the fields is there, that is all it costs.
    package init(headers: HTTPHeaders) {
        guard let values = headers.firstValues(for: Self.headerNames) else { return }
        app = values[0].flatMap(Self.object).map(Self.usage)
        page = values[1].flatMap(Self.object).map(Self.usage)
        adAccount = values[2].flatMap(Self.object).map {
            AdAccountUsage(
                accountUtilization: Self.number($0["acc_id_util_pct"]),
                resetTimeDuration: Self.number($0["reset_time_duration"]),
                accessTier: $0["ads_api_access_tier"] as? String
            )
        }
        if let business = values[3].flatMap(Self.object) {
            for objectID in business.keys.sorted() {
                for entry in business[objectID] as? [[String: Any]] ?? [] {
                    businessUseCases.append(
                        BusinessUseCase(
                            objectID: objectID,
                            type: entry["type"] as? String,
                            callCount: Self.number(entry["call_count"]),
                            totalCPUTime: Self.number(entry["total_cputime"]),
                            totalTime: Self.number(entry["total_time"]),
                            estimatedTimeToRegainAccess: Self.number(entry["estimated_time_to_regain_access"])
                        )
                    )
                }
            }
        }
        if let text = values[4]?.trimmingCharacters(in: .whitespaces), let seconds = Double(text),
            seconds.isFinite, seconds >= 0
        {
            retryAfterHeader = .milliseconds(Int64(min(seconds, 86_400) * 1000))
        }
    }

    /// The headers read, in the order `init(headers:)` reads their values.
    private static let headerNames: [StaticString] = [
        "x-app-usage", "x-page-usage", "x-ad-account-usage", "x-business-use-case-usage", "retry-after",
    ]

    /// True when no usage header was sent.
    public var isEmpty: Bool {
        app == nil && page == nil && adAccount == nil && businessUseCases.isEmpty && retryAfterHeader == nil
    }

    /// The longest wait the server asked for: `Retry-After`, or the largest
    /// `estimated_time_to_regain_access` (minutes) of the Page and business-use-case usage.
    public var retryAfter: Duration? {
        let minutes = ([page?.estimatedTimeToRegainAccess] + businessUseCases.map(\.estimatedTimeToRegainAccess))
            .compactMap { $0 }.filter { $0 > 0 }.max()
        let regain = minutes.map { Duration.milliseconds(Int64(min($0, 1440) * 60_000)) }
        switch (retryAfterHeader, regain) {
        case (let header?, let regain?): return max(header, regain)
        case (let header?, nil): return header
        case (nil, let regain?): return regain
        case (nil, nil): return nil
        }
    }

    private static func object(_ text: String) -> [String: Any]? {
        (try? GraphJSON.parse(text)) as? [String: Any]
    }

    private static func usage(_ object: [String: Any]) -> Usage {
        Usage(
            callCount: number(object["call_count"]),
            totalCPUTime: number(object["total_cputime"]),
            totalTime: number(object["total_time"]),
            estimatedTimeToRegainAccess: number(object["estimated_time_to_regain_access"])
        )
    }

    private static func number(_ value: Any?) -> Double? {
        switch value {
        case let number as NSNumber: return number.doubleValue.isFinite ? number.doubleValue : nil
        case let text as String: return Double(text)
        default: return nil
        }
    }
}
