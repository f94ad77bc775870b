/// The `Decoder` ``GraphJSONDecoder`` hands to `init(from:)`: one value of a ``GraphJSONTape``
/// and its coding path. It is its own single-value container, as `JSONDecoder`'s is.
struct GraphJSONValueDecoder: Decoder, SingleValueDecodingContainer {
    let tape: GraphJSONTape
    let node: Int
    let path: GraphJSONCodingPath?

    var codingPath: [any CodingKey] { GraphJSONCodingPath.keys(path) }
    var userInfo: [CodingUserInfoKey: Any] { tape.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        let value = tape.nodes[node]
        switch value.kind {
        case .object: return tape.keyedContainers.container(type, tape: tape, object: node, path: path)
        case .null:
            throw DecodingError.valueNotFound(
                [String: Any].self,
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "Cannot get keyed decoding container -- found null value instead"
                ))
        default: throw tape.typeMismatch([String: Any].self, value, path: path, key: GraphJSONNoKey())
        }
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let value = tape.nodes[node]
        switch value.kind {
        case .array: return GraphJSONUnkeyedContainer(tape: tape, array: node, path: path)
        case .null:
            throw DecodingError.valueNotFound(
                [Any].self,
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "Cannot get unkeyed decoding container -- found null value instead"))
        default: throw tape.typeMismatch([Any].self, value, path: path, key: GraphJSONNoKey())
        }
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    // MARK: SingleValueDecodingContainer

    private var noKey: GraphJSONNoKey { GraphJSONNoKey() }

    func decodeNil() -> Bool { tape.nodes[node].kind == .null }
    func decode(_ type: Bool.Type) throws -> Bool { try tape.bool(node, path: path, key: noKey) }
    func decode(_ type: String.Type) throws -> String { try tape.string(node, path: path, key: noKey) }
    func decode(_ type: Double.Type) throws -> Double { try tape.floatingPoint(type, node, path: path, key: noKey) }
    func decode(_ type: Float.Type) throws -> Float { try tape.floatingPoint(type, node, path: path, key: noKey) }
    func decode(_ type: Int.Type) throws -> Int { try tape.integer(type, node, path: path, key: noKey) }
    func decode(_ type: Int8.Type) throws -> Int8 { try tape.integer(type, node, path: path, key: noKey) }
    func decode(_ type: Int16.Type) throws -> Int16 { try tape.integer(type, node, path: path, key: noKey) }
    func decode(_ type: Int32.Type) throws -> Int32 { try tape.integer(type, node, path: path, key: noKey) }
    func decode(_ type: Int64.Type) throws -> Int64 { try tape.integer(type, node, path: path, key: noKey) }
    func decode(_ type: UInt.Type) throws -> UInt { try tape.integer(type, node, path: path, key: noKey) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try tape.integer(type, node, path: path, key: noKey) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try tape.integer(type, node, path: path, key: noKey) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try tape.integer(type, node, path: path, key: noKey) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try tape.integer(type, node, path: path, key: noKey) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try tape.decode(node, as: type, path: path, key: noKey) }
}
