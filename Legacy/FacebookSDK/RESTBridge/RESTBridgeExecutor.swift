import Dispatch

/// Where the bridge's tasks run: a private dispatch queue, not Swift's cooperative pool.
///
/// Legacy callers block threads freely (a semaphore waiting for a delegate callback, a synchronous
/// test, a server's worker): when they block every thread of the cooperative pool, a task there
/// would never run, and the REST call would hang. The bridge's work is short (building requests,
/// shaping JSON) and waits on the transport without a thread, so one serial queue carries it all.
final class RESTBridgeExecutor: TaskExecutor, @unchecked Sendable {
    /// The executor every bridged call prefers.
    static let shared = RESTBridgeExecutor()

    private let queue = DispatchQueue(label: "FacebookSDK.RESTBridge")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { [self] in job.runSynchronously(on: asUnownedTaskExecutor()) }
    }
}
