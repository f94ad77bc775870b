import FacebookGraph
import Foundation

/// The error domain of every error json-framework reports (`SBJSONErrorDomain`,
/// `"org.brautaset.JSON.ErrorDomain"`).
public var SBJSONErrorDomain: String! { "org.brautaset.JSON.ErrorDomain" }

/// An object of an unsupported type, or a dictionary key that is not a string (`EUNSUPPORTED`).
public var EUNSUPPORTED: Int { 1 }
/// A malformed number: a leading `+` or `0`, no digits after `-`, `.` or the exponent (`EPARSENUM`).
public var EPARSENUM: Int { 2 }
/// Text that is not JSON (`EPARSE`).
public var EPARSE: Int { 3 }
/// A scalar where an array or object was required (`EFRAGMENT`).
public var EFRAGMENT: Int { 4 }
/// An unescaped control character in a string (`ECTRL`).
public var ECTRL: Int { 5 }
/// A broken `\u` escape or surrogate pair (`EUNICODE`).
public var EUNICODE: Int { 6 }
/// Nesting deeper than ``SBJsonBase/maxDepth`` (`EDEPTH`).
public var EDEPTH: Int { 7 }
/// An escape that JSON does not have (`EESCAPE`).
public var EESCAPE: Int { 8 }
/// A comma before `]` or `}` (`ETRAILCOMMA`).
public var ETRAILCOMMA: Int { 9 }
/// Text after the JSON value (`ETRAILGARBAGE`).
public var ETRAILGARBAGE: Int { 10 }
/// The text ended inside a value (`EEOF`).
public var EEOF: Int { 11 }
/// No text to parse (`EINPUT`).
public var EINPUT: Int { 12 }

/// json-framework 2.x's common base of the parser and the writer (`SBJsonBase`): the depth limit
/// and the error trace.
///
/// The error codes are the header's anonymous enum, imported as `Int` constants (``EPARSE`` …), and
/// every error is in ``SBJSONErrorDomain``.
open class SBJsonBase: NSObject {
    /// The depth the package's one JSON parser (`GraphJSON`) reads at most; a ``maxDepth`` of 0
    /// (json-framework's "no limit") or above it means this.
    static let depthCeiling = GraphJSON.maximumDepth

    private var trace: [NSError]?

    /// The deepest nesting of arrays and objects allowed, both ways (default 512). Deeper input is
    /// refused with ``EDEPTH`` ("Nested too deep"). 0 turned the check off in json-framework; here
    /// nesting never exceeds 512, the depth the package's JSON parser stops at.
    open var maxDepth: Int = 512

    /// The errors of the last call that failed, the cause first, or nil when there were none; each
    /// is an `NSError` in ``SBJSONErrorDomain`` whose `NSUnderlyingErrorKey` is the entry before it.
    open var errorTrace: [Any]! { trace }

    /// Creates an object with ``maxDepth`` 512 and no errors.
    public override init() {
        super.init()
    }

    /// Appends an error with this code and description to ``errorTrace`` (`addErrorWithCode:description:`).
    open func addError(withCode code: Int, description str: String!) {
        var userInfo: [String: Any] = [NSLocalizedDescriptionKey: str ?? ""]
        if let previous = trace?.last {
            userInfo[NSUnderlyingErrorKey] = previous
        }
        trace = (trace ?? []) + [NSError(domain: SBJSONErrorDomain, code: code, userInfo: userInfo)]
    }

    /// Empties ``errorTrace`` before a new attempt (`clearErrorTrace`).
    open func clearErrorTrace() {
        trace = nil
    }

    /// The last error of the trace, the one a `…error:` method reports.
    var lastError: NSError {
        trace?.last ?? NSError(domain: SBJSONErrorDomain, code: EUNSUPPORTED, userInfo: nil)
    }

    /// Takes `other`'s trace as this object's own (the facade reporting its parser's or writer's).
    func adoptErrorTrace(of other: SBJsonBase) {
        trace = other.trace
    }

    /// The depth nesting may reach: ``maxDepth``, or ``depthCeiling`` when that is 0 or above it.
    var effectiveMaxDepth: Int {
        maxDepth <= 0 || maxDepth > Self.depthCeiling ? Self.depthCeiling : maxDepth
    }
}
