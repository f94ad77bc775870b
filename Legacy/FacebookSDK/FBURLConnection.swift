import FacebookGraph

/// What ``FBRequest/connection`` holds while a request is in flight: the v2 property was an
/// `NSURLConnection`, and legacy code used it for one thing — `cancel()`.
public final class FBURLConnection: NSObject, @unchecked Sendable {
    private let lock = NSLock()
    private var handle: TransferHandle?
    private var cancelled = false
    private let onCancel: @Sendable () -> Void

    init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = onCancel
        super.init()
    }

    /// Stops the request. Nothing more is delivered to its delegate or callback; safe to call from
    /// any thread, any number of times.
    public func cancel() {
        lock.lock()
        let first = !cancelled
        cancelled = true
        let current = handle
        lock.unlock()
        guard first else { return }
        onCancel()
        current?.cancel()
    }

    /// True once ``cancel()`` has been called.
    var isCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return cancelled
    }

    func attach(_ handle: TransferHandle) {
        lock.lock()
        self.handle = handle
        let cancelNow = cancelled
        lock.unlock()
        if cancelNow { handle.cancel() }
    }
}
