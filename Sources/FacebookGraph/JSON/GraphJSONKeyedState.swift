/// Where a ``GraphJSONKeyedContainer`` reads: its tape, its object, its coding path, and which
/// member-name lengths the object has, so that a look-up of a name no member is as long as ends
/// without a scan (a caller's model asks for every field it knows; a Graph object holds the few
/// that were asked for). A class, so that a box the standard library made for one object can be
/// pointed at the next (``GraphJSONKeyedContainers``).
final class GraphJSONKeyedState {
    let tape: GraphJSONTape
    private(set) var object: Int
    /// The container's coding path (nil at the top level).
    private(set) var path: GraphJSONCodingPath?
    /// ``GraphJSONTape/nameLengths(of:)`` of the object.
    private var nameLengths: UInt64
    /// Where the next look-up starts when no two names have the same length (else nil): the last
    /// member found, so that the key after it, as a model asks for its keys in the order an object
    /// often has them, is found at the second name compared, and the same key asked again (`contains`
    /// then `decode`, a `try?` then another type) at the first.
    private var cursor: Int?

    init(tape: GraphJSONTape, object: Int, path: GraphJSONCodingPath?) {
        self.tape = tape
        self.object = object
        self.path = path
        (nameLengths, cursor) = Self.lengths(tape, object)
    }

    /// Points the state at another object of the same tape.
    @inline(__always)
    func reset(object: Int, path: GraphJSONCodingPath?) {
        self.object = object
        self.path = path
        (nameLengths, cursor) = Self.lengths(tape, object)
    }

    @inline(__always)
    private static func lengths(_ tape: GraphJSONTape, _ object: Int) -> (UInt64, Int?) {
        let (lengths, distinct) = tape.nameLengths(of: object)
        return (lengths, distinct ? object + 1 : nil)
    }

    /// The value of the first member called `name`, or nil
    /// (``GraphJSONTape/member(named:in:nameLengths:from:)``).
    @inline(__always)
    func member(named name: String) -> Int? {
        guard let cursor else { return tape.member(named: name, in: object, nameLengths: nameLengths) }
        guard let value = tape.member(named: name, in: object, nameLengths: nameLengths, from: cursor) else {
            return nil
        }
        self.cursor = value - 1
        return value
    }
}

/// The keyed containers of one decode, kept so that one nothing else holds any more is handed out
/// again for the next object with the same `Key` type instead of a new one.
///
/// `KeyedDecodingContainer(_:)` allocates a box per container and, in code not specialized for the
/// caller's `Key` (ours, called through `Decoder`), looks up the generic metadata of the container,
/// its conformance and the box on every call: ~12 instructions a byte of the 5,000-friend page into
/// a caller's model, three containers a user. A kept box is used again only when this pool's
/// reference is the only one left (`isKnownUniquelyReferenced`), so a container a caller still
/// holds, or stored away, never changes under it; a recursive type's nested objects get boxes of
/// their own. This relies on `KeyedDecodingContainer` being its box and nothing else (the standard
/// library's layout since Swift 4), checked by size; with any other size nothing is kept.
final class GraphJSONKeyedContainers {
    /// A kept box, typed as a native class of ours only to ask whether it is uniquely referenced:
    /// `isKnownUniquelyReferenced` on an `AnyObject` answers false every time in the Swift 6
    /// language mode on Linux (Swift 6.3, checked on a two-line program), so the box's reference is
    /// read as this type, never instantiated, whose only use is counting (retain, release, the check
    /// read the object's header, whatever its class).
    private final class BoxReference {}

    /// At most this many boxes are kept (a document's models have a few key types).
    private static let capacity = 16
    /// The `Key` types of the kept boxes, then the boxes, then their states (the three apart, so
    /// that looking at a type or a box copies no reference).
    private var types: UnsafeMutablePointer<ObjectIdentifier>?
    private var boxes: UnsafeMutablePointer<BoxReference>?
    private var states: UnsafeMutablePointer<GraphJSONKeyedState>?
    private var count = 0
    private var isOpen = true

    /// A keyed container of the object at `object`.
    func container<Key: CodingKey>(
        _ type: Key.Type, tape: GraphJSONTape, object: Int, path: GraphJSONCodingPath?
    ) -> KeyedDecodingContainer<Key> {
        let identifier = ObjectIdentifier(Key.self)
        if let types, let boxes, let states {
            var index = 0
            while index < count {
                if types[index] == identifier, isKnownUniquelyReferenced(&boxes[index]) {
                    states[index].reset(object: object, path: path)
                    return UnsafeRawPointer(boxes + index).load(as: KeyedDecodingContainer<Key>.self)
                }
                index += 1
            }
        }
        let state = GraphJSONKeyedState(tape: tape, object: object, path: path)
        let container = KeyedDecodingContainer(GraphJSONKeyedContainer<Key>(state: state))
        if isOpen, count < Self.capacity,
            MemoryLayout<KeyedDecodingContainer<Key>>.size == MemoryLayout<AnyObject>.size
        {
            if types == nil {
                types = .allocate(capacity: Self.capacity)
                boxes = .allocate(capacity: Self.capacity)
                states = .allocate(capacity: Self.capacity)
            }
            (types! + count).initialize(to: identifier)
            (boxes! + count).initialize(to: withUnsafeBytes(of: container) { $0.load(as: BoxReference.self) })
            (states! + count).initialize(to: state)
            count += 1
        }
        return container
    }

    /// Lets every kept box go and keeps none from now on: called when the decode returns (a kept
    /// box holds the tape, which holds this pool). A decoder or container that outlives the decode
    /// still works; its containers are then made anew.
    func close() {
        isOpen = false
        guard let types, let boxes, let states else { return }
        boxes.deinitialize(count: count)
        states.deinitialize(count: count)
        types.deallocate()
        boxes.deallocate()
        states.deallocate()
        self.types = nil
        self.boxes = nil
        self.states = nil
        count = 0
    }

    deinit { close() }
}
