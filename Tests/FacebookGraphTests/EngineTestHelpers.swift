import FacebookGraph
import FacebookGraphTestSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Counts completions per transfer, so tests can prove "exactly once".
final class CompletionLog: Sendable {
    private let results = LockedValue<[Int: [Result<RawResponse, TransportError>]]>([:])

    func record(_ index: Int, _ result: Result<RawResponse, TransportError>) {
        results.withLock { $0[index, default: []].append(result) }
    }

    var snapshot: [Int: [Result<RawResponse, TransportError>]] {
        results.withLock { $0 }
    }

    var completedCount: Int {
        results.withLock { $0.values.reduce(0) { $0 + $1.count } }
    }
}

/// Options with short timeouts, so a broken test fails fast instead of hanging.
func testOptions(total: Double = 20, connect: Double = 5) -> TransferOptions {
    var options = TransferOptions()
    options.totalTimeout = .milliseconds(Int(total * 1000))
    options.connectTimeout = .milliseconds(Int(connect * 1000))
    return options
}

/// Parses a JSON object body.
func jsonObject(_ data: Data) -> [String: Any]? {
    (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
}
