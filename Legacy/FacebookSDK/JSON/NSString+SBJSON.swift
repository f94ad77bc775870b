import Foundation

// json-framework's `NSString (NSString_SBJSON)` category (`JSON/JSON.h`), with the importer's
// spellings, and the same methods on `String`.

extension NSString {
    /// The array or dictionary the receiver holds, or nil (logged) (`JSONValue`).
    public func jsonValue() -> Any! {
        SBJSONCategories.value(of: self as String, allowScalar: false)
    }

    /// Any JSON value the receiver holds, scalars included, or nil (logged) (`JSONFragmentValue`).
    public func jsonFragmentValue() -> Any! {
        SBJSONCategories.value(of: self as String, allowScalar: true)
    }
}

extension String {
    /// The array or dictionary the string holds, or nil (logged) (`JSONValue`).
    public func jsonValue() -> Any! {
        SBJSONCategories.value(of: self, allowScalar: false)
    }

    /// Any JSON value the string holds, scalars included, or nil (logged) (`JSONFragmentValue`).
    public func jsonFragmentValue() -> Any! {
        SBJSONCategories.value(of: self, allowScalar: true)
    }
}
