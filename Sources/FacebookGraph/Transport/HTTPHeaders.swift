/// An ordered list of HTTP header fields with case-insensitive lookup.
///
/// Order and repeated names are kept exactly as sent or received.
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

    package private(set) var fields: [Field]

    package init(_ fields: [Field] = []) {
        self.fields = fields
    }

    package init(dictionaryLiteral elements: (String, String)...) {
        self.fields = elements.map { Field(name: $0.0, value: $0.1) }
    }

    /// Parses a block of header lines as libcurl delivers them (`Name: value\r\n`…), skipping the
    /// status line and any line without a colon.
    package init(parsing block: [UInt8]) {
        var fields: [Field] = []
        var lineStart = 0
        let colon = UInt8(ascii: ":")
        while lineStart < block.count {
            var lineEnd = lineStart
            while lineEnd < block.count, block[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            var end = lineEnd
            if end > lineStart, block[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            if let colonIndex = block[lineStart..<end].firstIndex(of: colon) {
                let name = String(decoding: block[lineStart..<colonIndex], as: UTF8.self)
                let value = String(decoding: block[(colonIndex + 1)..<end], as: UTF8.self)
                fields.append(Field(name: name, value: Self.trimmed(value)))
            }
            lineStart = lineEnd + 1
        }
        self.fields = fields
    }

    /// The number of fields.
    package var count: Int { fields.count }

    /// Appends a field, keeping any earlier field of the same name.
    package mutating func add(name: String, value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Removes every field called `name` (any case).
    package mutating func remove(name: String) {
        fields.removeAll { $0.name.lowercased() == name.lowercased() }
    }

    /// Replaces every field called `name` with one field.
    package mutating func replaceOrAdd(name: String, value: String) {
        remove(name: name)
        add(name: name, value: value)
    }

    /// The first value of the field called `name` (any case), or nil.
    package subscript(name: String) -> String? {
        let lowered = name.lowercased()
        return fields.first { $0.name.lowercased() == lowered }?.value
    }

    /// Every value of the fields called `name` (any case), in order.
    package func values(for name: String) -> [String] {
        let lowered = name.lowercased()
        return fields.filter { $0.name.lowercased() == lowered }.map(\.value)
    }

    package func makeIterator() -> IndexingIterator<[Field]> {
        fields.makeIterator()
    }

    private static func trimmed(_ value: String) -> String {
        var scalars = Substring(value)
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}
