import FacebookGraph
import Foundation
import Testing

@testable import FacebookGraph

/// A ``GraphTask`` made before its call starts (`GraphClient.send`'s) keeps a cancel that comes
/// first and applies it to the first transfer it is given.
@Suite("GraphTask: a cancel before the call starts")
struct GraphTaskTests {
    /// A transfer that counts its cancels.
    final class Transfer: TransferCancelling {
        let cancels = LockedValue(0)
        func cancel() { cancels.withLock { $0 += 1 } }
        var count: Int { cancels.withLock { $0 } }
    }

    @Test("Cancelled before its completion is attached: the first transfer stored is cancelled at once")
    func cancelBeforeAttach() {
        let task = GraphTask()
        task.cancel()
        task.attach { _ in }
        let transfer = Transfer()
        task.store(TransferHandle(transfer))
        #expect(transfer.count == 1)
        #expect(!task.isFinished)
    }

    @Test("Not cancelled: the transfer stored runs until a later cancel")
    func cancelAfterStore() {
        let task = GraphTask()
        task.attach { _ in }
        let transfer = Transfer()
        task.store(TransferHandle(transfer))
        #expect(transfer.count == 0)
        task.cancel()
        #expect(transfer.count == 1)
    }

    @Test("Completes once, with the completion attached")
    func completesOnce() {
        let task = GraphTask()
        let outcomes = LockedValue(0)
        task.attach { _ in outcomes.withLock { $0 += 1 } }
        let error = GraphError(transport: TransportError(.cancelled, message: "x", url: ""))
        task.finish(.failure(error))
        task.finish(.failure(error))
        #expect(outcomes.withLock { $0 } == 1)
        #expect(task.isFinished)
    }
}
