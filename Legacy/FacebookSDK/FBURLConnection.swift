import FacebookGraph

/// What ``FBRequest/connection`` holds while a request is in flight: the v2 property was an
/// `NSURLConnection`, and legacy code used it for one thing — `cancel()`.
public final class FBURLConnection: NSObject, @unchecked Sendable {
    private let box = PendingCancel<TransferHandle>()
    private let onCancel: @Sendable () -> Void

    init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = onCancel
        super.init()
    }

    /// Stops the request. Nothing more is delivered to its delegate or callback; safe to call from
    /// any thread, any number of times.
    public func cancel() {
        if box.cancel() { onCancel() }
    }

    /// True once ``cancel()`` has been called.
    var isCancelled: Bool { box.isCancelled }

    /// The HTTP response the client reported for this connection's request, from its
    /// `rawResponse` hook until its completion takes it; both run on the transport's thread, one
    /// after the other.
    var lastResponse: RawResponse?

    func attach(_ handle: TransferHandle) {
        box.store(handle)
    }
}
