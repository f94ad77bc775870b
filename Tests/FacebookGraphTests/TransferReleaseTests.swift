import FacebookGraph
import FacebookGraphTestSupport
import FacebookGraphTestTraits
import Foundation
import Testing

/// A completed transfer lets go of its completion: callers keep the transfer's handle in objects
/// the completion captures (`FBURLConnection`, `GraphTask`), and a completion kept after the call
/// would close that cycle and leak every request.
@Suite("Transfers release their completion once called", .onOwnThread)
struct TransferReleaseTests {
    final class Witness: Sendable {}

    @Test("What a completion captures is freed after it ran, while the caller still holds the handle")
    func completionReleased() throws {
        let bin = try HTTPBin()
        defer { bin.stop() }
        weak var weakWitness: Witness?
        let completed = DispatchSemaphore(value: 0)
        let handle: TransferHandle = try {
            let witness = Witness()
            weakWitness = witness
            return CurlEngine.shared.execute(try PreparedRequest(url: bin.url("/get"), options: testOptions())) {
                result in
                withExtendedLifetime(witness) { _ = result }
                completed.signal()
            }
        }()
        #expect(completed.wait(scaledSeconds: 20))
        // The engine drops its own references on its thread right after the call; the handle stays.
        #expect(eventually { weakWitness == nil }, "the completion (and what it captured) is still alive")
        withExtendedLifetime(handle) {}
    }
}
