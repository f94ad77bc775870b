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

/// Transfer options for the engine tests. The total deadline defaults to 300 s, past anything a loaded
/// run can take between a request and the test's next step (CI's TSan run once took more than 20 s
/// to resume a task before its cancel): a transfer that must not time out never does, and every wait
/// is bounded by the test itself (``eventually(seconds:_:)``, ``AsyncEvent``). A test about a timeout
/// passes its own short `total`.
func testOptions(total: Double = 300, connect: Double = 5) -> TransferOptions {
    var options = TransferOptions()
    options.totalTimeout = .milliseconds(Int(total * 1000))
    options.connectTimeout = .milliseconds(Int(connect * 1000))
    return options
}

/// Parses a JSON object body.
func jsonObject(_ data: Data) -> [String: Any]? {
    (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
}
