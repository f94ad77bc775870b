/// A weak reference to a controller, carried to its callback queue.
///
/// The picker classes are open and not `Sendable`: a subclass (seed 001's search-bar picker) is
/// written as on iOS, with no `@unchecked Sendable` to restate, and the compiler checks every use
/// of a controller outside its queue. The one crossing the legacy threading rule allows — work
/// hopping to the queue the controller is confined to (v3.1's main thread) — goes through this box,
/// so each place that relies on the rule is marked here rather than the whole class exempted.
struct QueueConfined<Object: AnyObject>: @unchecked Sendable {
    /// The controller, or nil once it is gone (work for a released controller is dropped).
    private(set) weak var object: Object?

    /// Boxes `object`; read ``object`` only on the queue it is confined to.
    init(_ object: Object) {
        self.object = object
    }
}
