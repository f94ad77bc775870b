/// An ordered list of HTTP header fields with case-insensitive lookup.
///
/// Order and repeated names are kept exactly as sent or received. Headers received by the engine
/// are kept as the raw block libcurl delivered and parsed only when read: most responses are
/// decoded without looking at more than one or two headers, and building a `String` for every
/// name and value of every response was the largest cost the engine added to libcurl's own.
package struct HTTPHeaders: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    /// One header field.
    package struct Field: Sendable, Hashable {
        /// The name as written on the wire.
        package var name: String
        /// The value, without surrounding white space.
        package var value: String

        package init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    private enum Storage: Sendable {
        case fields([Field])
        /// `Name: value\r\n` lines as received (a status line and blank lines are skipped).
        case raw([UInt8])
    }

    private var storage: Storage

    package init(_ fields: [Field] = []) {
        storage = .fields(fields)
    }

    package init(dictionaryLiteral elements: (String, String)...) {
        storage = .fields(elements.map { Field(name: $0.0, value: $0.1) })
    }

    /// Keeps a block of header lines as libcurl delivers them (`Name: value\r\n`…); they are
    /// parsed when read. The status line and any line without a colon are skipped.
    package init(parsing block: [UInt8]) {
        storage = .raw(block)
    }

    /// The fields, in order.
    package var fields: [Field] {
        switch storage {
        case .fields(let fields):
            return fields
        case .raw(let block):
            var fields: [Field] = []
            Self.forEachLine(in: block) { name, value in
                fields.append(
                    Field(name: String(decoding: name, as: UTF8.self), value: String(decoding: value, as: UTF8.self)))
                return true
            }
            return fields
        }
    }

    /// The number of fields.
    package var count: Int { fields.count }

    // MARK: What may be written on the wire

    /// True when `name` can be written as a field name: one or more RFC 9110 token characters
    /// (letters, digits and ``!#$%&'*+-.^_`|~``), nothing else — no colon, space, control or non-ASCII byte.
    package static func isValidName(_ name: String) -> Bool {
        !name.utf8.isEmpty && name.utf8.allSatisfy(isTokenByte)
    }

    /// True when `value` can be written as a field value: no control character (CR, LF, NUL, DEL,
    /// C1 controls…) but the tab. Checked by scalar: a line feed followed by a combining mark is one
    /// Character that is not "\n", and a raw line break in a value would start another header.
    package static func isValidValue(_ value: String) -> Bool {
        !value.unicodeScalars.contains(where: isForbiddenInValue)
    }

    /// True for a scalar a field value must not hold: a control character other than the tab.
    package static func isForbiddenInValue(_ scalar: Unicode.Scalar) -> Bool {
        scalar != "\t" && scalar.properties.generalCategory == .control
    }

    /// The position and the problem of the first field that cannot be written (``isValidName(_:)``,
    /// ``isValidValue(_:)``), or nil when every field can: what would otherwise split a head in two.
    package var firstInvalidField: (index: Int, problem: String)? {
        for (index, field) in fields.enumerated() {
            if let problem = Self.problem(name: field.name, value: field.value) { return (index, problem) }
        }
        return nil
    }

    /// Why a field called `name` with `value` cannot be written, or nil when it can.
    package static func problem(name: String, value: String) -> String? {
        if !isValidName(name) {
            return "the name is not an HTTP token (a line break, colon, space or control character in it, or empty)"
        }
        if !isValidValue(value) {
            return "the value holds a line break (CR or LF), a NUL or another control character"
        }
        return nil
    }

    /// True for an RFC 9110 `tchar`.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }

    /// Appends a field, keeping any earlier field of the same name. Amortised O(1): the array is
    /// taken out of the storage first, so appending does not copy it (a head of n fields is not n²).
    package mutating func add(name: String, value: String) {
        var current = fields
        storage = .fields([])
        current.append(Field(name: name, value: value))
        storage = .fields(current)
    }

    /// Removes every field called `name` (any case).
    package mutating func remove(name: String) {
        let lowered = name.lowercased()
        storage = .fields(fields.filter { $0.name.lowercased() != lowered })
    }

    /// Replaces every field called `name` with one field.
    package mutating func replaceOrAdd(name: String, value: String) {
        remove(name: name)
        add(name: name, value: value)
    }

    /// The first value of the field called `name` (any case), or nil.
    package subscript(name: String) -> String? {
        switch storage {
        case .fields(let fields):
            let lowered = name.lowercased()
            return fields.first { $0.name.lowercased() == lowered }?.value
        case .raw(let block):
            var found: String?
            Array(name.utf8).withUnsafeBufferPointer { wanted in
                Self.forEachLine(in: block) { lineName, value in
                    guard Self.equalIgnoringASCIICase(lineName, wanted) else { return true }
                    found = String(decoding: value, as: UTF8.self)
                    return false
                }
            }
            return found
        }
    }

    /// The first value of each of `names` (any case), in the order of `names`, or nil when none of
    /// them was sent: one pass over the fields for all of them, where a subscript per name is a pass
    /// each. A received block is read as bytes (the one line reader, `forEachLine`; a name compared
    /// only when its length matches) and a `String` is made only for a value found: most responses
    /// carry none of the rarely sent fields asked for (the usage headers), and every response is read.
    package func firstValues(for names: [StaticString]) -> [String?]? {
        var found: [String?]?
        switch storage {
        case .fields(let fields):
            let lowered = names.map { $0.description.lowercased() }
            for field in fields {
                guard let slot = lowered.firstIndex(of: field.name.lowercased()) else { continue }
                if found == nil { found = [String?](repeating: nil, count: names.count) }
                if found?[slot] == nil { found?[slot] = field.value }
            }
        case .raw(let block):
            Self.forEachLine(in: block) { lineName, value in
                for (slot, name) in names.enumerated() {
                    let wanted = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
                    guard Self.equalIgnoringASCIICase(lineName, wanted) else { continue }
                    if found == nil { found = [String?](repeating: nil, count: names.count) }
                    if found?[slot] == nil { found?[slot] = String(decoding: value, as: UTF8.self) }
                    break
                }
                return true
            }
        }
        return found
    }

    /// Every value of the fields called `name` (any case), in order.
    package func values(for name: String) -> [String] {
        let lowered = name.lowercased()
        return fields.filter { $0.name.lowercased() == lowered }.map(\.value)
    }

    package func makeIterator() -> IndexingIterator<[Field]> {
        fields.makeIterator()
    }

    package static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        // Two identical received blocks are equal without building their fields.
        if case .raw(let left) = lhs.storage, case .raw(let right) = rhs.storage, left == right { return true }
        return lhs.fields == rhs.fields
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(fields)
    }

    /// Calls `body` with the name and trimmed value of each `Name: value` line until it returns false.
    /// The line ends and colons are found with `memchr`: every response's block is read this way (its
    /// usage headers on every response), and most lines are never compared byte by byte.
    private static func forEachLine(
        in block: [UInt8], _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Bool
    ) {
        block.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            func offset(of byte: UInt8, from start: Int, before end: Int) -> Int? {
                ByteSearch.firstIndex(of: byte, in: buffer, from: start, to: end)
            }
            let count = buffer.count
            var lineStart = 0
            while lineStart < count {
                let lineEnd = offset(of: UInt8(ascii: "\n"), from: lineStart, before: count) ?? count
                var end = lineEnd
                if end > lineStart, base[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                if let colon = offset(of: UInt8(ascii: ":"), from: lineStart, before: end), colon > lineStart {
                    var valueStart = colon + 1
                    while valueStart < end,
                        base[valueStart] == UInt8(ascii: " ") || base[valueStart] == UInt8(ascii: "\t")
                    {
                        valueStart += 1
                    }
                    var valueEnd = end
                    while valueEnd > valueStart,
                        base[valueEnd - 1] == UInt8(ascii: " ") || base[valueEnd - 1] == UInt8(ascii: "\t")
                    {
                        valueEnd -= 1
                    }
                    let name = UnsafeBufferPointer(start: base + lineStart, count: colon - lineStart)
                    let value = UnsafeBufferPointer(start: base + valueStart, count: valueEnd - valueStart)
                    if !body(name, value) { return }
                }
                lineStart = lineEnd + 1
            }
        }
    }

    private static func equalIgnoringASCIICase(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>)
        -> Bool
    {
        guard lhs.count == rhs.count else { return false }
        for index in 0..<rhs.count {
            let left = lhs[index]
            let right = rhs[index]
            let lowerLeft = left >= 65 && left <= 90 ? left + 32 : left
            let lowerRight = right >= 65 && right <= 90 ? right + 32 : right
            if lowerLeft != lowerRight { return false }
        }
        return true
    }
}
