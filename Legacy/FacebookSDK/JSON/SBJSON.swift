import Foundation

/// json-framework 2.x's facade (`SBJSON`), the class `FBConnect.h` brought in: legacy code wrote
/// dialog and REST parameters with it.
///
/// ```swift
/// let jsonWriter = SBJSON()
/// let actionLinksStr = jsonWriter.string(with: [["text": "Always Running", "href": "http://itsti.me/"]])
/// ```
///
/// Requests go to an ``SBJsonParser`` and an ``SBJsonWriter``; ``SBJsonBase/maxDepth`` is set on
/// both, ``humanReadable`` and ``sortKeys`` on the writer. ``SBJsonBase/errorTrace`` is the trace of
/// the last call that failed (a call that succeeds leaves it as it was).
///
/// Names are the importer's: `objectWithString:error:` and `stringWithObject:error:` keep an
/// ``NSErrorPointer`` (their throwing names would collide with ``object(with:)`` and
/// ``string(with:)``); the other `…error:` methods throw the trace's last error.
open class SBJSON: SBJsonBase, SBJsonParserProtocol, SBJsonWriterProtocol {
    private let jsonParser = SBJsonParser()
    private let jsonWriter = SBJsonWriter()

    /// Creates a facade with ``SBJsonBase/maxDepth`` 512, compact unsorted output.
    public override init() {
        super.init()
    }

    /// The depth limit of both the parser and the writer (default 512).
    open override var maxDepth: Int {
        get { jsonParser.maxDepth }
        set {
            jsonParser.maxDepth = newValue
            jsonWriter.maxDepth = newValue
        }
    }

    /// Multi-line output (see ``SBJsonWriter/humanReadable``).
    open var humanReadable: Bool {
        get { jsonWriter.humanReadable }
        set { jsonWriter.humanReadable = newValue }
    }

    /// Sorted object keys (see ``SBJsonWriter/sortKeys``).
    open var sortKeys: Bool {
        get { jsonWriter.sortKeys }
        set { jsonWriter.sortKeys = newValue }
    }

    // MARK: - Parsing

    /// The array or dictionary `repr` holds, or nil (`objectWithString:`).
    @discardableResult
    open func object(with repr: String!) -> Any! {
        try? parse(repr, allowScalar: false)
    }

    /// The array or dictionary `jsonrep` holds, or nil with the cause in `error`
    /// (`objectWithString:error:`).
    @discardableResult
    open func object(with jsonrep: String!, error: NSErrorPointer) -> Any! {
        storingFailure(in: error) { try parse(jsonrep, allowScalar: false) }
    }

    /// The value `value` holds: any JSON value when `x`, else an array or dictionary
    /// (`objectWithString:allowScalar:error:`).
    open func object(withString value: Any!, allowScalar x: Bool) throws -> Any {
        try parse(value, allowScalar: x)
    }

    /// Any JSON value `jsonrep` holds, scalars included (`fragmentWithString:error:`).
    open func fragment(with jsonrep: String!) throws -> Any {
        try parse(jsonrep, allowScalar: true)
    }

    // MARK: - Writing

    /// The JSON text of an array or dictionary, or nil (`stringWithObject:`).
    @discardableResult
    open func string(with value: Any!) -> String! {
        try? write(value, allowScalar: false)
    }

    /// The JSON text of an array or dictionary, or nil with the cause in `error`
    /// (`stringWithObject:error:`).
    @discardableResult
    open func string(with value: Any!, error: NSErrorPointer) -> String! {
        storingFailure(in: error) { try write(value, allowScalar: false) }
    }

    /// The JSON text of any JSON value (`stringWithFragment:error:`).
    open func string(withFragment value: Any!) throws -> String {
        try write(value, allowScalar: true)
    }

    /// The JSON text of `value`: any JSON value when `x`, else an array or dictionary
    /// (`stringWithObject:allowScalar:error:`).
    open func string(with value: Any!, allowScalar x: Bool) throws -> String {
        try write(value, allowScalar: x)
    }

    // MARK: - The one path each way

    private func parse(_ value: Any?, allowScalar: Bool) throws -> Any {
        if let parsed = jsonParser.value(of: value, allowScalar: allowScalar) { return parsed }
        adoptErrorTrace(of: jsonParser)
        throw lastError
    }

    /// The result of `body`, or nil with its error stored where `error` points (the importer's
    /// non-throwing `…error:` form).
    private func storingFailure<Result>(in error: NSErrorPointer, _ body: () throws -> Result) -> Result? {
        do {
            return try body()
        } catch let failure {
            error?.pointee = failure as NSError
            return nil
        }
    }

    private func write(_ value: Any?, allowScalar: Bool) throws -> String {
        let written: String? = allowScalar ? jsonWriter.string(withFragment: value) : jsonWriter.string(with: value)
        if let written { return written }
        adoptErrorTrace(of: jsonWriter)
        throw lastError
    }
}
