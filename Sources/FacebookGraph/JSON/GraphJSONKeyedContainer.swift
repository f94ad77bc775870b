/// ``GraphJSONDecoder``'s keyed container: an object of a ``GraphJSONTape``, its members found by
/// name where they are (see ``GraphJSONTape/member(named:in:)``). Its one field is a reference to
/// its state, so the standard library's box (which `KeyedDecodingContainer` allocates, and copies the
/// container for every call) costs one retain a call, and a box nothing else holds any more is handed
/// out again for the next object (``GraphJSONKeyedContainers``).
struct GraphJSONKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let state: GraphJSONKeyedState

    var tape: GraphJSONTape { state.tape }
    var object: Int { state.object }

    /// The container's coding path (nil at the top level).
    var path: GraphJSONCodingPath? { state.path }

    var codingPath: [any CodingKey] { GraphJSONCodingPath.keys(path) }

    /// The members' names that make a `Key`, each once (the first of repeated names), in document order.
    var allKeys: [Key] {
        var seen = Set<String>()
        var keys: [Key] = []
        var index = object + 1
        let end = tape.nodes[object].end
        while index < end {
            let name = tape.text(tape.nodes[index])
            if seen.insert(name).inserted, let key = Key(stringValue: name) { keys.append(key) }
            index = tape.next(index + 1)
        }
        return keys
    }

    func contains(_ key: Key) -> Bool { state.member(named: key.stringValue) != nil }

    /// The value's node, or `keyNotFound`.
    @inline(__always)
    private func value(_ key: Key) throws -> Int {
        guard let node = state.member(named: key.stringValue) else {
            throw DecodingError.keyNotFound(
                key,
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."
                ))
        }
        return node
    }

    /// The value's node when the key is present and not `null`.
    @inline(__always)
    private func presentValue(_ key: Key) -> Int? {
        guard let node = state.member(named: key.stringValue), tape.nodes[node].kind != .null else {
            return nil
        }
        return node
    }

    func decodeNil(forKey key: Key) throws -> Bool { tape.nodes[try value(key)].kind == .null }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try tape.bool(try value(key), path: path, key: key)
    }
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try tape.string(try value(key), path: path, key: key)
    }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try tape.floatingPoint(type, try value(key), path: path, key: key)
    }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        try tape.floatingPoint(type, try value(key), path: path, key: key)
    }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        try tape.integer(type, try value(key), path: path, key: key)
    }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
        try tape.integer(type, try value(key), path: path, key: key)
    }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
        try tape.integer(type, try value(key), path: path, key: key)
    }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
        try tape.integer(type, try value(key), path: path, key: key)
    }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
        try tape.integer(type, try value(key), path: path, key: key)
    }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
        try tape.integer(type, try value(key), path: path, key: key)
    }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
        try tape.integer(type, try value(key), path: path, key: key)
    }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
        try tape.integer(type, try value(key), path: path, key: key)
    }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
        try tape.integer(type, try value(key), path: path, key: key)
    }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
        try tape.integer(type, try value(key), path: path, key: key)
    }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try tape.decode(try value(key), as: type, path: path, key: key)
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        guard let node = presentValue(key) else { return nil }
        return try tape.bool(node, path: path, key: key)
    }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        guard let node = presentValue(key) else { return nil }
        return try tape.string(node, path: path, key: key)
    }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        guard let node = presentValue(key) else { return nil }
        return try tape.floatingPoint(type, node, path: path, key: key)
    }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
        guard let node = presentValue(key) else { return nil }
        return try tape.floatingPoint(type, node, path: path, key: key)
    }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        guard let node = presentValue(key) else { return nil }
        return try tape.integer(type, node, path: path, key: key)
    }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? {
        guard let node = presentValue(key) else { return nil }
        return try tape.integer(type, node, path: path, key: key)
    }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
        guard let node = presentValue(key) else { return nil }
        return try tape.integer(type, node, path: path, key: key)
    }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
        guard let node = presentValue(key) else { return nil }
        return try tape.integer(type, node, path: path, key: key)
    }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
        guard let node = presentValue(key) else { return nil }
        return try tape.integer(type, node, path: path, key: key)
    }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? {
        guard let node = presentValue(key) else { return nil }
        return try tape.integer(type, node, path: path, key: key)
    }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
        guard let node = presentValue(key) else { return nil }
        return try tape.integer(type, node, path: path, key: key)
    }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
        guard let node = presentValue(key) else { return nil }
        return try tape.integer(type, node, path: path, key: key)
    }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
        guard let node = presentValue(key) else { return nil }
        return try tape.integer(type, node, path: path, key: key)
    }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
        guard let node = presentValue(key) else { return nil }
        return try tape.integer(type, node, path: path, key: key)
    }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let node = presentValue(key) else { return nil }
        return try tape.decode(node, as: type, path: path, key: key)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try decoder(at: try value(key), key: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder(at: try value(key), key: key).unkeyedContainer()
    }

    /// The decoder of the member `super` (`null` when there is none), as `JSONDecoder` gives.
    func superDecoder() throws -> any Decoder {
        decoder(at: state.member(named: "super") ?? tape.missing, key: GraphJSONNamedKey.superKey)
    }

    /// The decoder of the member `key` (`null` when there is none), as `JSONDecoder` gives.
    func superDecoder(forKey key: Key) throws -> any Decoder {
        decoder(at: state.member(named: key.stringValue) ?? tape.missing, key: key)
    }

    private func decoder(at node: Int, key: some CodingKey) -> GraphJSONValueDecoder {
        GraphJSONValueDecoder(tape: tape, node: node, path: GraphJSONCodingPath(parent: path, key: key))
    }
}
