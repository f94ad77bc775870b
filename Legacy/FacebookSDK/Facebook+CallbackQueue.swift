import FacebookGraph

/// Where legacy callbacks run when nothing else is said: the process-wide default.
///
/// v2 delivered every delegate method and block on the main queue, and so does this package by
/// default: an app with a main run loop (or code that moved from one) keeps its threading unchanged.
/// A server, a command-line tool or a test has no main run loop: nothing runs the main queue, so a
/// callback sent there never arrives. Such a program sets one queue, once, at startup:
///
/// ```swift
/// Facebook.defaultCallbackQueue = DispatchQueue(label: "facebook-callbacks")
/// ```
///
/// Every `Facebook` object and `FBRequest` created afterwards delivers there. ``Facebook/callbackQueue``
/// (per object) and ``FBRequest/callbackQueue`` (per request) still override it.
///
/// When callbacks wait on a main queue that nothing runs for a few seconds, the package says so once
/// on standard error, with this fix (`MainQueueWatchdog`).
extension Facebook {
    private static let defaultQueue = LockedValue(DispatchQueue.main)

    /// The queue new `Facebook` objects and `FBRequest`s deliver their callbacks on: the main queue
    /// unless changed, as in v2.
    ///
    /// Set it once, at startup, before creating `Facebook` objects: a server or test has no main run
    /// loop, and callbacks sent to an unserviced main queue never arrive. Objects that already exist
    /// keep the queue they were created with.
    ///
    /// - Note: Setting it is thread-safe. Calling a `Facebook` object from its callback queue, as v2
    ///   required of the main thread, stays the rule: use a serial queue.
    public static var defaultCallbackQueue: DispatchQueue {
        get { defaultQueue.withLock { $0 } }
        set { defaultQueue.withLock { $0 = newValue } }
    }
}
