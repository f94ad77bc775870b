import Foundation

/// One value of a document read by ``GraphJSONReader`` for ``GraphJSONDecoder``: 16 bytes, in
/// document order. An array is its node, then its elements; an object its node, then a name node
/// and a value (with its own nodes) per member.
struct GraphJSONNode {
    /// What the value is.
    enum Kind: UInt8 {
        case null, bool, number, asciiString, decodedString, array, object
    }

    /// What the value is.
    var kind: Kind
    /// `bool`: its value (1 or 0). `number`: ``integerFlag``, ``negativeFlag``.
    var flags: UInt8
    /// The byte offset where the value starts.
    var start: UInt32
    /// `asciiString`: its length (the bytes follow `start`). `decodedString`: its index in
    /// ``GraphJSONTape/strings``. `number`: the integer's magnitude when ``integerFlag`` is set,
    /// else the length of its text. `array`/`object`: the element or member count in the low
    /// 32 bits, the index of the node after the container's last one in the high 32.
    var payload: UInt64

    /// A number without fraction or exponent whose digits fit 64 bits (`payload` is its magnitude).
    static let integerFlag: UInt8 = 1
    /// A number with a leading `-`.
    static let negativeFlag: UInt8 = 2

    /// For a container: the index of the node after its last one.
    @inline(__always) var end: Int { Int(truncatingIfNeeded: payload >> 32) }
    /// For a container: how many elements or members.
    @inline(__always) var count: Int { Int(truncatingIfNeeded: payload & 0xFFFF_FFFF) }
}

/// A document read once into ``GraphJSONNode``s, with its own copy of the bytes (decoders and
/// containers may outlive the caller's `Data`). Strings without escapes stay bytes until asked for;
/// the others were decoded while reading.
final class GraphJSONTape {
    /// The document's bytes.
    let bytes: UnsafeMutableBufferPointer<UInt8>
    /// The values, in document order, then one `null` (``missing``: what a missing key's
    /// `superDecoder(forKey:)` decodes).
    let nodes: UnsafeMutableBufferPointer<GraphJSONNode>
    /// The strings with escapes or non-ASCII characters, decoded.
    let strings: [String]
    /// The decoder's `userInfo`.
    var userInfo: [CodingUserInfoKey: Any] = [:]
    /// The keyed containers handed out, to hand out again (closed when the decode returns).
    let keyedContainers = GraphJSONKeyedContainers()

    /// The index of the trailing `null` node.
    var missing: Int { nodes.count - 1 }

    /// The largest text a tape holds (its offsets are 32-bit).
    static let maximumBytes = Int(UInt32.max) - 1

    /// Reads `data`, at most ``maximumBytes`` long (see ``GraphJSON`` for the grammar and the limits).
    ///
    /// - Throws: ``GraphJSONError``.
    init(_ data: Data, maximumDepth: Int = GraphJSON.maximumDepth) throws(GraphJSONError) {
        precondition(data.count <= Self.maximumBytes, "GraphJSONTape holds at most 4 GiB")
        let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(data.count, 1))
        data.copyBytes(to: copy.baseAddress!, count: data.count)
        var reader = GraphJSONReader(
            bytes: UnsafeBufferPointer(rebasing: copy[0..<data.count]), maximumDepth: maximumDepth,
            builder: GraphJSONTapeBuilder(expectedBytes: data.count))
        do throws(GraphJSONError) {
            try reader.parseDocument()
        } catch {
            copy.deallocate()
            throw error
        }
        reader.builder.nodes.append(GraphJSONNode(kind: .null, flags: 0, start: UInt32(data.count), payload: 0))
        bytes = copy
        nodes = .allocate(capacity: reader.builder.nodes.count)
        _ = nodes.initialize(fromContentsOf: reader.builder.nodes)
        strings = reader.builder.strings
    }

    deinit {
        bytes.deallocate()
        nodes.deallocate()
    }

    /// The index of the value after the one at `node` (past a container's contents).
    @inline(__always)
    func next(_ node: Int) -> Int {
        let value = nodes[node]
        return value.kind.rawValue >= GraphJSONNode.Kind.array.rawValue ? value.end : node + 1
    }

    /// The string at `node`, which is `asciiString` or `decodedString`.
    @inline(__always)
    func text(_ node: GraphJSONNode) -> String {
        if node.kind == .decodedString { return strings[Int(node.payload)] }
        let start = Int(node.start) + 1
        return String(
            decoding: UnsafeBufferPointer(rebasing: bytes[start..<start + Int(node.payload)]), as: UTF8.self)
    }

    /// The value of the member called `name` in the object at `object` (the first one, when the name
    /// is repeated, as `JSONDecoder` does), or nil. `nameLengths` is the object's
    /// ``nameLengths(of:)``: an ASCII name of a length no member has is not looked for. `start`, a
    /// member's name node, is where an ASCII name's scan begins (then it goes round from the first
    /// member): only for an object whose names are all of different lengths, so none is repeated.
    ///
    /// Names are compared as `String`s compare (canonical equivalence), by bytes when `name` is ASCII.
    func member(named name: String, in object: Int, nameLengths: UInt64 = .max, from start: Int? = nil) -> Int? {
        let nodes = self.nodes
        let end = nodes[object].end
        var index = object + 1
        var utf8 = name
        let found = utf8.withUTF8 { key -> Int?? in
            var high: UInt8 = 0
            for byte in key { high |= byte }
            // nil: not decided here; .some(nil): no such member.
            guard high < 0x80 else { return nil }
            guard nameLengths & 1 << min(key.count, 63) != 0 else { return .some(nil) }
            let count = UInt64(key.count)
            let source = UnsafeRawPointer(bytes.baseAddress!) + 1
            var first = start ?? object + 1
            var limit = end
            index = first
            while true {
                if index >= limit {
                    // From `start` to the end, then from the first member to `start`.
                    guard first != object + 1 else { return .some(nil) }
                    index = object + 1
                    limit = first
                    first = object + 1
                    continue
                }
                let candidate = nodes[index]
                if candidate.payload == count, candidate.kind == .asciiString {
                    if count == 0 || memcmp(source + Int(candidate.start), key.baseAddress!, key.count) == 0 {
                        return index + 1
                    }
                } else if candidate.kind == .decodedString, strings[Int(candidate.payload)] == name {
                    return index + 1
                }
                index = next(index + 1)
            }
        }
        if let found { return found }
        index = object + 1
        // A name with non-ASCII characters: compare as Strings.
        while index < end {
            if text(nodes[index]) == name { return index + 1 }
            index = next(index + 1)
        }
        return nil
    }

    /// A bit per length of the object's member names, for ``member(named:in:nameLengths:from:)``:
    /// bit n when a name is n bytes of ASCII (bit 63: 63 or more), every bit when a name had escapes
    /// or other characters (those compare as `String`s); `distinct` when no two names have the same
    /// length (so none is repeated).
    func nameLengths(of object: Int) -> (lengths: UInt64, distinct: Bool) {
        let nodes = self.nodes
        let end = nodes[object].end
        var index = object + 1
        var lengths: UInt64 = 0
        var distinct = true
        while index < end {
            let name = nodes[index]
            guard name.kind == .asciiString else { return (.max, false) }
            let bit: UInt64 = 1 << min(name.payload, 63)
            if lengths & bit != 0 { distinct = false }
            lengths |= bit
            index = next(index + 1)
        }
        return (lengths, distinct)
    }

    /// The text of the number at `node`.
    func numberText(_ node: GraphJSONNode) -> String {
        let start = Int(node.start)
        var end = start
        if node.flags & GraphJSONNode.integerFlag == 0 {
            end = start + Int(node.payload)
        } else {
            while end < bytes.count {
                switch bytes[end] {
                case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"): end += 1
                default: return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
                }
            }
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }
}

/// Builds the nodes of a ``GraphJSONTape``.
struct GraphJSONTapeBuilder: GraphJSONBuilder {
    var nodes: [GraphJSONNode] = []
    var strings: [String] = []

    /// A container being read: its node and how many values it has so far.
    struct Container {
        var node: Int
        var count: UInt64
    }

    init(expectedBytes: Int) {
        nodes.reserveCapacity(expectedBytes / 12 + 4)
    }

    @inline(__always)
    private mutating func add(_ kind: GraphJSONNode.Kind, _ flags: UInt8, _ start: Int, _ payload: UInt64) {
        nodes.append(
            GraphJSONNode(kind: kind, flags: flags, start: UInt32(truncatingIfNeeded: start), payload: payload))
    }

    mutating func null(at offset: Int) { add(.null, 0, offset, 0) }

    mutating func bool(_ value: Bool, at offset: Int) { add(.bool, value ? 1 : 0, offset, 0) }

    mutating func number(_ number: GraphJSONNumberText, in bytes: UnsafeBufferPointer<UInt8>) {
        let negative = number.negative ? GraphJSONNode.negativeFlag : 0
        if number.isInteger, !number.overflow {
            add(.number, GraphJSONNode.integerFlag | negative, number.range.lowerBound, number.magnitude)
        } else {
            add(.number, negative, number.range.lowerBound, UInt64(number.range.count))
        }
    }

    @inline(__always)
    mutating func string(_ text: GraphJSONStringText, in bytes: UnsafeBufferPointer<UInt8>) {
        switch text {
        case .ascii(let range):
            // `start` is the opening quote, as for decoded strings.
            add(.asciiString, 0, range.lowerBound - 1, UInt64(range.count))
        case .decoded(let string, let offset):
            strings.append(string)
            add(.decodedString, 0, offset - 1, UInt64(strings.count - 1))
        }
    }

    @inline(__always)
    mutating func key(_ text: GraphJSONStringText, in bytes: UnsafeBufferPointer<UInt8>) {
        string(text, in: bytes)
    }

    mutating func beginArray(at offset: Int) -> Container {
        add(.array, 0, offset, 0)
        return Container(node: nodes.count - 1, count: 0)
    }

    mutating func append(_ value: Void, to array: inout Container) { array.count += 1 }

    mutating func endArray(_ array: Container) {
        nodes[array.node].payload = array.count | UInt64(nodes.count) << 32
    }

    mutating func beginObject(at offset: Int) -> Container {
        add(.object, 0, offset, 0)
        return Container(node: nodes.count - 1, count: 0)
    }

    mutating func add(_ key: Void, _ value: Void, to object: inout Container) { object.count += 1 }

    mutating func endObject(_ object: Container) {
        nodes[object.node].payload = object.count | UInt64(nodes.count) << 32
    }
}
