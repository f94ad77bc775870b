/// ``GraphJSONDecoder``'s unkeyed container: an array of a ``GraphJSONTape``, read front to back.
struct GraphJSONUnkeyedContainer: UnkeyedDecodingContainer {
    let tape: GraphJSONTape
    let path: GraphJSONCodingPath?
    let elements: Int
    /// The node of the element at `currentIndex`.
    private var cursor: Int
    private(set) var currentIndex = 0

    init(tape: GraphJSONTape, array: Int, path: GraphJSONCodingPath?) {
        self.tape = tape
        self.path = path
        self.elements = tape.nodes[array].count
        self.cursor = array + 1
    }

    var codingPath: [any CodingKey] { GraphJSONCodingPath.keys(path) }
    var count: Int? { elements }
    var isAtEnd: Bool { currentIndex >= elements }

    private var key: GraphJSONIndexKey { GraphJSONIndexKey(index: currentIndex) }

    /// The current element's node, or `valueNotFound` at the end.
    @inline(__always)
    private func current(_ type: Any.Type, _ message: String = "Unkeyed container is at end.") throws -> Int {
        guard currentIndex < elements else {
            throw DecodingError.valueNotFound(
                type,
                DecodingError.Context(
                    codingPath: GraphJSONCodingPath.keys(path, appending: key), debugDescription: message))
        }
        return cursor
    }

    @inline(__always)
    private mutating func advance() {
        if currentIndex < elements { cursor = tape.next(cursor) }
        currentIndex += 1
    }

    /// Reads the current element with `read`, then moves on (not when `read` throws).
    @inline(__always)
    private mutating func next<T>(_ type: T.Type, _ read: (Int, GraphJSONIndexKey) throws -> T) throws -> T {
        let result = try read(try current(type), key)
        advance()
        return result
    }

    /// Reads the current element with `read` unless it is `null` or the array has ended, then moves on.
    @inline(__always)
    private mutating func nextIfPresent<T>(_ read: (Int, GraphJSONIndexKey) throws -> T) throws -> T? {
        var result: T?
        if currentIndex < elements, tape.nodes[cursor].kind != .null { result = try read(cursor, key) }
        advance()
        return result
    }

    mutating func decodeNil() throws -> Bool {
        guard tape.nodes[try current(Never.self)].kind == .null else { return false }
        advance()
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool {
        try next(type) { [tape, path] in try tape.bool($0, path: path, key: $1) }
    }
    mutating func decode(_ type: String.Type) throws -> String {
        try next(type) { [tape, path] in try tape.string($0, path: path, key: $1) }
    }
    mutating func decode(_ type: Double.Type) throws -> Double {
        try next(type) { [tape, path] in try tape.floatingPoint(type, $0, path: path, key: $1) }
    }
    mutating func decode(_ type: Float.Type) throws -> Float {
        try next(type) { [tape, path] in try tape.floatingPoint(type, $0, path: path, key: $1) }
    }
    mutating func decode(_ type: Int.Type) throws -> Int {
        try next(type) { [tape, path] in try tape.integer(type, $0, path: path, key: $1) }
    }
    mutating func decode(_ type: Int8.Type) throws -> Int8 {
        try next(type) { [tape, path] in try tape.integer(type, $0, path: path, key: $1) }
    }
    mutating func decode(_ type: Int16.Type) throws -> Int16 {
        try next(type) { [tape, path] in try tape.integer(type, $0, path: path, key: $1) }
    }
    mutating func decode(_ type: Int32.Type) throws -> Int32 {
        try next(type) { [tape, path] in try tape.integer(type, $0, path: path, key: $1) }
    }
    mutating func decode(_ type: Int64.Type) throws -> Int64 {
        try next(type) { [tape, path] in try tape.integer(type, $0, path: path, key: $1) }
    }
    mutating func decode(_ type: UInt.Type) throws -> UInt {
        try next(type) { [tape, path] in try tape.integer(type, $0, path: path, key: $1) }
    }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 {
        try next(type) { [tape, path] in try tape.integer(type, $0, path: path, key: $1) }
    }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 {
        try next(type) { [tape, path] in try tape.integer(type, $0, path: path, key: $1) }
    }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 {
        try next(type) { [tape, path] in try tape.integer(type, $0, path: path, key: $1) }
    }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 {
        try next(type) { [tape, path] in try tape.integer(type, $0, path: path, key: $1) }
    }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try next(type) { [tape, path] in try tape.decode($0, as: type, path: path, key: $1) }
    }

    mutating func decodeIfPresent(_ type: Bool.Type) throws -> Bool? {
        try nextIfPresent { [tape, path] in try tape.bool($0, path: path, key: $1) }
    }
    mutating func decodeIfPresent(_ type: String.Type) throws -> String? {
        try nextIfPresent { [tape, path] in try tape.string($0, path: path, key: $1) }
    }
    mutating func decodeIfPresent(_ type: Double.Type) throws -> Double? {
        try nextIfPresent { [tape, path] in try tape.floatingPoint(type, $0, path: path, key: $1) }
    }
    mutating func decodeIfPresent(_ type: Float.Type) throws -> Float? {
        try nextIfPresent { [tape, path] in try tape.floatingPoint(type, $0, path: path, key: $1) }
    }
    mutating func decodeIfPresent(_ type: Int.Type) throws -> Int? {
        try nextIfPresent { [tape, path] in try tape.integer(type, $0, path: path, key: $1) }
    }
    mutating func decodeIfPresent(_ type: Int8.Type) throws -> Int8? {
        try nextIfPresent { [tape, path] in try tape.integer(type, $0, path: path, key: $1) }
    }
    mutating func decodeIfPresent(_ type: Int16.Type) throws -> Int16? {
        try nextIfPresent { [tape, path] in try tape.integer(type, $0, path: path, key: $1) }
    }
    mutating func decodeIfPresent(_ type: Int32.Type) throws -> Int32? {
        try nextIfPresent { [tape, path] in try tape.integer(type, $0, path: path, key: $1) }
    }
    mutating func decodeIfPresent(_ type: Int64.Type) throws -> Int64? {
        try nextIfPresent { [tape, path] in try tape.integer(type, $0, path: path, key: $1) }
    }
    mutating func decodeIfPresent(_ type: UInt.Type) throws -> UInt? {
        try nextIfPresent { [tape, path] in try tape.integer(type, $0, path: path, key: $1) }
    }
    mutating func decodeIfPresent(_ type: UInt8.Type) throws -> UInt8? {
        try nextIfPresent { [tape, path] in try tape.integer(type, $0, path: path, key: $1) }
    }
    mutating func decodeIfPresent(_ type: UInt16.Type) throws -> UInt16? {
        try nextIfPresent { [tape, path] in try tape.integer(type, $0, path: path, key: $1) }
    }
    mutating func decodeIfPresent(_ type: UInt32.Type) throws -> UInt32? {
        try nextIfPresent { [tape, path] in try tape.integer(type, $0, path: path, key: $1) }
    }
    mutating func decodeIfPresent(_ type: UInt64.Type) throws -> UInt64? {
        try nextIfPresent { [tape, path] in try tape.integer(type, $0, path: path, key: $1) }
    }
    mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
        try nextIfPresent { [tape, path] in try tape.decode($0, as: type, path: path, key: $1) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        let node = try current(KeyedDecodingContainer<NestedKey>.self)
        let container = try decoder(at: node).container(keyedBy: type)
        advance()
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let node = try current(
            (any UnkeyedDecodingContainer).self, "Cannot get nested unkeyed container -- unkeyed container is at end.")
        let container = try decoder(at: node).unkeyedContainer()
        advance()
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let node = try current((any Decoder).self, "Cannot get superDecoder() -- unkeyed container is at end.")
        let decoder = decoder(at: node)
        advance()
        return decoder
    }

    private func decoder(at node: Int) -> GraphJSONValueDecoder {
        GraphJSONValueDecoder(tape: tape, node: node, path: GraphJSONCodingPath(parent: path, key: key))
    }
}
