import FacebookGraph
import Foundation

/// The writing half of json-framework 2.x's facade (`@protocol SBJsonWriter`, imported with a
/// `Protocol` suffix because a class has the same name).
public protocol SBJsonWriterProtocol: AnyObject {
    /// Whether output is multi-line: a line break before each array value and object member,
    /// indented two spaces per level, `" : "` between key and value (default false: no whitespace).
    var humanReadable: Bool { get set }
    /// Whether object keys are written in sorted order (default false).
    var sortKeys: Bool { get set }
    /// The JSON text of an array or dictionary, or nil with the cause in `errorTrace`
    /// (`stringWithObject:`).
    func string(with value: Any!) -> String!
}

/// json-framework 2.x's JSON writer (`SBJsonWriter`).
///
/// Maps `NSDictionary` / `[String: Any]` to objects, `NSArray` / `[Any]` to arrays, strings,
/// `NSNumber` and Swift numbers (booleans as `true` / `false`), and `NSNull` to `null`; a value
/// that conforms to ``SBProxyForJson`` is written as its ``SBProxyForJson/proxyForJson()``.
///
/// Output is what legacy code sent to the server: compact unless ``humanReadable``, `/` not
/// escaped, non-ASCII characters as they are; `"`, `\` and control characters escaped (`\n`, `\t`,
/// `\u001f`…). Strings are escaped by the package's one JSON string escaper; a number's text is
/// Foundation's `JSONSerialization`'s (the package has no JSON writer of its own); the layout,
/// key order, depth limit and errors are json-framework's. A failure returns nil and leaves the
/// errors in ``SBJsonBase/errorTrace``: ``EUNSUPPORTED`` for an unsupported value, a non-string key,
/// NaN or infinity; ``EDEPTH`` past ``SBJsonBase/maxDepth``; ``EFRAGMENT`` for a scalar given to
/// ``string(with:)``.
open class SBJsonWriter: SBJsonBase, SBJsonWriterProtocol {
    /// Multi-line output, indented two spaces per level (default false).
    open var humanReadable: Bool = false
    /// Object keys in the order of `NSString.compare(_:)` (default false: the dictionary's order).
    open var sortKeys: Bool = false

    /// Creates a compact writer with ``SBJsonBase/maxDepth`` 512.
    public override init() {
        super.init()
    }

    /// The JSON text of an array or dictionary (or of what a ``SBProxyForJson`` stands for), or nil;
    /// a scalar fails with ``EFRAGMENT`` ("Not valid type for JSON").
    @discardableResult
    open func string(with value: Any!) -> String! {
        var candidate: Any? = value
        var hops = 0
        while let current = candidate, !JSONTextRules.isContainer(current), let proxy = current as? SBProxyForJson,
            hops < SBJsonBase.depthCeiling
        {
            candidate = proxy.proxyForJson()
            hops += 1
        }
        if let container = candidate, JSONTextRules.isContainer(container) {
            return string(withFragment: container)
        }
        clearErrorTrace()
        addError(withCode: EFRAGMENT, description: "Not valid type for JSON")
        return nil
    }

    /// The JSON text of any JSON value, scalars included, or nil (`stringWithFragment:`, kept by
    /// json-framework 2.2 for 2.1's callers).
    @discardableResult
    open func string(withFragment value: Any!) -> String! {
        clearErrorTrace()
        var json = ""
        return append(value, to: &json, depth: 0, proxyHops: 0) ? json : nil
    }

    // MARK: - Writing

    private func append(_ value: Any?, to json: inout String, depth: Int, proxyHops: Int) -> Bool {
        guard let value else {
            addError(withCode: EUNSUPPORTED, description: "JSON serialisation not supported for nil")
            return false
        }
        switch value {
        case is NSNull:
            json += "null"
        case let string as String:
            return append(string, to: &json)
        case let dictionary as [AnyHashable: Any]:
            return append(dictionary, to: &json, depth: depth + 1)
        case let array as [Any]:
            return append(array, to: &json, depth: depth + 1)
        case let number as NSNumber:
            return append(number, to: &json)
        case let proxy as SBProxyForJson:
            guard proxyHops < SBJsonBase.depthCeiling else {
                addError(withCode: EDEPTH, description: "Nested too deep")
                return false
            }
            return append(proxy.proxyForJson(), to: &json, depth: depth, proxyHops: proxyHops + 1)
        default:
            addError(withCode: EUNSUPPORTED, description: "JSON serialisation not supported for \(type(of: value))")
            return false
        }
        return true
    }

    private func append(_ array: [Any], to json: inout String, depth: Int) -> Bool {
        guard depth <= effectiveMaxDepth else {
            addError(withCode: EDEPTH, description: "Nested too deep")
            return false
        }
        json += "["
        for (index, element) in array.enumerated() {
            if index > 0 { json += "," }
            if humanReadable { json += Self.indent(depth) }
            guard append(element, to: &json, depth: depth, proxyHops: 0) else { return false }
        }
        if humanReadable, !array.isEmpty { json += Self.indent(depth - 1) }
        json += "]"
        return true
    }

    private func append(_ dictionary: [AnyHashable: Any], to json: inout String, depth: Int) -> Bool {
        guard depth <= effectiveMaxDepth else {
            addError(withCode: EDEPTH, description: "Nested too deep")
            return false
        }
        var members: [(key: String, value: Any)] = []
        members.reserveCapacity(dictionary.count)
        for (key, value) in dictionary {
            guard let key = key.base as? String else {
                addError(withCode: EUNSUPPORTED, description: "JSON object key must be string")
                return false
            }
            members.append((key, value))
        }
        if sortKeys {
            members.sort { ($0.key as NSString).compare($1.key) == .orderedAscending }
        }
        json += "{"
        for (index, member) in members.enumerated() {
            if index > 0 { json += "," }
            if humanReadable { json += Self.indent(depth) }
            guard append(member.key, to: &json) else { return false }
            json += humanReadable ? " : " : ":"
            guard append(member.value, to: &json, depth: depth, proxyHops: 0) else {
                addError(withCode: EUNSUPPORTED, description: "Unsupported value for key \(member.key) in object")
                return false
            }
        }
        if humanReadable, !members.isEmpty { json += Self.indent(depth - 1) }
        json += "}"
        return true
    }

    /// Appends `string` as a JSON string literal, escaped as json-framework did (`\n`, `\t`,
    /// `\u001f`…), `/` left alone.
    private func append(_ string: String, to json: inout String) -> Bool {
        // The package's one JSON string escaper; its output matches json-framework's byte for byte
        // (`/` left alone).
        json += JSONString.quoted(string)
        return true
    }

    private func append(_ number: NSNumber, to json: inout String) -> Bool {
        let double = number.doubleValue
        if double.isNaN || double.isInfinite {
            let name = double.isNaN ? "NaN" : "Infinity"
            addError(withCode: EUNSUPPORTED, description: "\(name) is not a valid number in JSON")
            return false
        }
        guard let data = try? JSONSerialization.data(withJSONObject: number, options: .fragmentsAllowed) else {
            addError(withCode: EUNSUPPORTED, description: "JSON serialisation not supported for \(number)")
            return false
        }
        json += String(decoding: data, as: UTF8.self)
        return true
    }

    /// A newline and two spaces per level.
    private static func indent(_ depth: Int) -> String {
        "\n" + String(repeating: " ", count: 2 * depth)
    }
}
