import Foundation

/// The package's one JSON reader: RFC 8259 text to the Foundation values `JSONSerialization` gives
/// on Linux — `[String: Any]`, `[Any]`, `String`, `NSNumber` (an `Int64`, a `UInt64` or a `Double`
/// inside; `true`/`false` as `NSNumber(value: Bool)`, so `CFBoolean`), `NSDecimalNumber` for an
/// integer outside 64 bits or a number outside `Double`'s range, and `NSNull`.
///
/// It is strict where `JSONSerialization` is (every `y_` file of JSONTestSuite is accepted, every
/// `n_` file rejected), keeps 64-bit integers and unicode exact (escapes, surrogate pairs, raw UTF-8;
/// a lone surrogate or invalid UTF-8 is an error, never a replacement character), skips one leading
/// UTF-8 byte-order mark, allows any value at the top level (`fragmentsAllowed`), and stops at
/// ``maximumDepth`` nested arrays and objects with ``GraphJSONError/Reason/tooDeep``.
///
/// It reads bytes in one pass without an intermediate tree: about a quarter of `JSONSerialization`'s
/// instructions on Graph bodies (`fbbench parse`).
///
/// `@usableFromInline`, as the reader's types are: Swift 6.3 accepts `@inlinable` on a member of a
/// `package` type that is not `@usableFromInline` without a word, and then serializes no body for it,
/// so a builder in another module (the legacy layer's `MutableJSONBuilder`, the kit's canonical form)
/// got the unspecialized reader (`-Rpass-missed=sil-generic-specializer`: "definition is not
/// visible"; docs/PERFORMANCE.md).
@usableFromInline
package enum GraphJSON {
    /// The deepest nesting of arrays and objects accepted (`JSONSerialization`'s limit).
    @usableFromInline package static let maximumDepth = 512

    /// Parses `data` as one JSON value.
    ///
    /// - Throws: ``GraphJSONError`` naming the byte offset and what was wrong.
    package static func parse(_ data: Data, maximumDepth: Int = GraphJSON.maximumDepth) throws(GraphJSONError) -> Any {
        var builder = GraphJSONFoundationBuilder()
        return try read(data, maximumDepth: maximumDepth, builder: &builder)
    }

    /// Parses `text` as one JSON value.
    package static func parse(_ text: String, maximumDepth: Int = GraphJSON.maximumDepth) throws(GraphJSONError) -> Any
    {
        try parse(Data(text.utf8), maximumDepth: maximumDepth)
    }

    /// Reads `bytes` as one JSON value with this reader's checks (grammar, escapes, UTF-8, depth),
    /// handing each value to `builder`: how the rest of the package reads JSON into a form of its own
    /// (the contract-test kit's canonical form for matching bodies), so the package has one reader.
    ///
    /// - Throws: ``GraphJSONError`` naming the byte offset and what was wrong.
    @inlinable
    package static func read<Builder: GraphJSONBuilder>(
        _ bytes: [UInt8], maximumDepth: Int = GraphJSON.maximumDepth, builder: Builder
    ) throws(GraphJSONError) -> Builder.Value {
        var builder = builder
        return try bytes.withUnsafeBufferPointer { buffer in
            readDocument(buffer, maximumDepth: maximumDepth, builder: &builder)
        }.get()
    }

    /// Reads `data` as one JSON value like ``read(_:maximumDepth:builder:)``, handing each value to
    /// `builder` without copying the bytes, and leaves the builder as the reading left it (a builder
    /// may note what it saw, such as a number out of its range).
    ///
    /// - Throws: ``GraphJSONError`` naming the byte offset and what was wrong.
    @inlinable
    package static func read<Builder: GraphJSONBuilder>(
        _ data: Data, maximumDepth: Int = GraphJSON.maximumDepth, builder: inout Builder
    ) throws(GraphJSONError) -> Builder.Value {
        try data.withUnsafeBytes { raw in
            readDocument(raw.bindMemory(to: UInt8.self), maximumDepth: maximumDepth, builder: &builder)
        }.get()
    }

    /// Reads `bytes` as one JSON value, handing each value to `builder` and leaving the builder as the
    /// reading left it: the one place a reader runs, for ``parse(_:maximumDepth:)`` and both `read`
    /// overloads. The error comes back as a `Result`, because the buffer closures that call this
    /// rethrow an untyped error.
    @inlinable @inline(__always)
    static func readDocument<Builder: GraphJSONBuilder>(
        _ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int, builder: inout Builder
    ) -> Result<Builder.Value, GraphJSONError> {
        var reader = GraphJSONReader(bytes: bytes, maximumDepth: maximumDepth, builder: builder)
        defer { builder = reader.builder }
        do throws(GraphJSONError) {
            return .success(try reader.parseDocument())
        } catch {
            return .failure(error)
        }
    }
}

/// Why a text is not JSON, and where.
@usableFromInline
package struct GraphJSONError: Error, CustomStringConvertible, Equatable {
    /// What was wrong.
    @usableFromInline
    package enum Reason: Equatable, Sendable {
        /// The text ends inside a value (or is empty).
        case unexpectedEnd
        /// A byte that cannot start or continue a value here.
        case unexpectedByte(UInt8)
        /// A malformed number.
        case invalidNumber
        /// A bad escape sequence in a string (unknown letter, bad hex, lone surrogate).
        case invalidEscape
        /// An unescaped control character (U+0000–U+001F) in a string.
        case controlCharacterInString
        /// Bytes in a string that are not UTF-8.
        case invalidUTF8
        /// More than the maximum depth of nested arrays and objects.
        case tooDeep(limit: Int)
        /// Text after the value.
        case trailingText
    }

    /// What was wrong.
    @usableFromInline package let reason: Reason
    /// The byte offset where it was found.
    @usableFromInline package let offset: Int

    @inlinable
    package init(reason: Reason, offset: Int) {
        self.reason = reason
        self.offset = offset
    }

    @usableFromInline package var description: String {
        let what: String
        switch reason {
        case .unexpectedEnd: what = "unexpected end of text"
        case .unexpectedByte(let byte):
            what =
                byte >= 0x20 && byte < 0x7F
                ? "unexpected character '\(Character(Unicode.Scalar(byte)))'"
                : "unexpected byte 0x\(String(byte, radix: 16))"
        case .invalidNumber: what = "malformed number"
        case .invalidEscape: what = "invalid escape sequence"
        case .controlCharacterInString: what = "unescaped control character in a string"
        case .invalidUTF8: what = "invalid UTF-8 in a string"
        case .tooDeep(let limit): what = "arrays and objects nested deeper than \(limit)"
        case .trailingText: what = "text after the JSON value"
        }
        return "not JSON: \(what) at byte \(offset)"
    }
}

/// Builds `JSONSerialization`'s values for ``GraphJSON/parse(_:maximumDepth:)`` (a repeated name:
/// the last value wins, as there). `package` so that a builder of other containers (the legacy
/// layer's mutable ones) makes its scalars here.
package struct GraphJSONFoundationBuilder: GraphJSONBuilder {
    static let trueNumber = NSNumber(value: true)
    static let falseNumber = NSNumber(value: false)

    package init() {}

    package func null(at offset: Int) -> Any { NSNull() }

    package func bool(_ value: Bool, at offset: Int) -> Any { boolObject(value) }

    /// `true` or `false` as the object itself: a builder of Foundation containers stores it without
    /// bridging an `Any` back to an object (`_bridgeAnythingToObjectiveC`: ~5.4k instructions for a
    /// number on the legacy `/me` parse, callgrind).
    package func boolObject(_ value: Bool) -> NSNumber { value ? Self.trueNumber : Self.falseNumber }

    package func number(_ number: GraphJSONNumberText, in bytes: UnsafeBufferPointer<UInt8>) -> Any {
        numberObject(number, in: bytes)
    }

    /// A number as the object itself (an `NSDecimalNumber` beyond `Int64`/`UInt64`/`Double`), for the
    /// same reason as ``boolObject(_:)``.
    package func numberObject(_ number: GraphJSONNumberText, in bytes: UnsafeBufferPointer<UInt8>) -> NSNumber {
        let magnitude = number.magnitude
        if number.isInteger, !number.overflow {
            if number.negative {
                if magnitude <= UInt64(Int64.max) { return NSNumber(value: -Int64(magnitude)) }
                if magnitude == UInt64(Int64.max) + 1 { return NSNumber(value: Int64.min) }
            } else {
                if magnitude <= UInt64(Int64.max) { return NSNumber(value: Int64(magnitude)) }
                return NSNumber(value: magnitude)
            }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[number.range]), as: UTF8.self)
        if !number.isInteger, let double = Double(text), double.isFinite { return NSNumber(value: double) }
        return NSDecimalNumber(string: text, locale: Locale(identifier: "en_US_POSIX"))
    }

    @inline(__always)
    package func string(_ text: GraphJSONStringText, in bytes: UnsafeBufferPointer<UInt8>) -> Any {
        key(text, in: bytes)
    }

    @inline(__always)
    package func key(_ text: GraphJSONStringText, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        switch text {
        case .ascii(let range): String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        case .decoded(let string, _): string
        }
    }

    package func beginArray(at offset: Int) -> [Any] { [] }

    package func append(_ value: Any, to array: inout [Any]) { array.append(value) }

    package func endArray(_ array: [Any]) -> Any { array }

    /// Room for six members from the start: a Graph object of that size (a user in a list, a page)
    /// is built without rehashing, a larger one rehashes once or twice instead of four times.
    /// (`fbbench parse`: 72 → 61 instructions per byte on the 5,000-friend body, for ~1 MB more at
    /// peak; the legacy `/me` parse ~6k fewer.)
    package func beginObject(at offset: Int) -> [String: Any] { [String: Any](minimumCapacity: 6) }

    package func add(_ key: String, _ value: Any, to object: inout [String: Any]) { object[key] = value }

    package func endObject(_ object: [String: Any]) -> Any { object }
}
