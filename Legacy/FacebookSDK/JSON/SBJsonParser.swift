import Foundation

/// The parsing half of json-framework 2.x's facade (`@protocol SBJsonParser`, imported with a
/// `Protocol` suffix because a class has the same name).
public protocol SBJsonParserProtocol: AnyObject {
    /// The array or dictionary `repr` holds, or nil with the cause in `errorTrace`
    /// (`objectWithString:`).
    func object(with repr: String!) -> Any!
}

/// json-framework 2.x's strict JSON parser (`SBJsonParser`), on the package's one JSON parser
/// (`GraphJSON`, the one the modern core reads Graph bodies with).
///
/// Results are Foundation values: `NSMutableDictionary` / `NSMutableArray` at every level (castable
/// to `[String: Any]` / `[Any]`), `String`, `NSNumber` (booleans cast to `Bool`; json-framework gave
/// `NSDecimalNumber`, here 64-bit integers stay exact and `NSDecimalNumber` comes only beyond) and
/// `NSNull`. The rules json-framework adds to JSON's grammar are applied on top: an array or object
/// is required (``object(with:)``), nesting is bounded by ``SBJsonBase/maxDepth``, a trailing comma or
/// a leading byte-order mark is refused. Every failure returns nil and leaves one error in
/// ``SBJsonBase/errorTrace``, with json-framework's code (``EPARSE``, ``ETRAILCOMMA``…) and a
/// description that names the byte offset.
open class SBJsonParser: SBJsonBase, SBJsonParserProtocol {
    /// Creates a parser with ``SBJsonBase/maxDepth`` 512.
    public override init() {
        super.init()
    }

    /// The array or dictionary `repr` holds, or nil: invalid JSON, nesting deeper than
    /// ``SBJsonBase/maxDepth``, or a scalar (``EFRAGMENT``, "Valid fragment, but not JSON").
    @discardableResult
    open func object(with repr: String!) -> Any! {
        value(of: repr, allowScalar: false)
    }

    /// Any JSON value `repr` holds, scalars included, or nil (`fragmentWithString:`, kept by
    /// json-framework 2.2 for 2.1's callers).
    @discardableResult
    open func fragment(withString repr: Any!) -> Any! {
        value(of: repr, allowScalar: true)
    }

    /// The one parse: clears the trace, parses `input` (which must be a string) and records the
    /// cause of a failure.
    func value(of input: Any?, allowScalar: Bool) -> Any? {
        clearErrorTrace()
        guard let input else {
            addError(withCode: EINPUT, description: "Input was 'nil'")
            return nil
        }
        guard let text = input as? String else {
            addError(withCode: EINPUT, description: "Input was not a string but \(type(of: input))")
            return nil
        }
        switch JSONTextRules.parse(text, maxDepth: effectiveMaxDepth) {
        case .success(let value):
            guard allowScalar || JSONTextRules.isContainer(value) else {
                addError(withCode: EFRAGMENT, description: "Valid fragment, but not JSON")
                return nil
            }
            return value
        case .failure(let failure):
            addError(withCode: failure.code, description: failure.description)
            return nil
        }
    }
}
