import Foundation

// json-framework's `NSObject (NSObject_SBJSON)` category (`JSON/JSON.h`), with the importer's
// spellings, and the same methods on the Swift collections legacy code builds parameters from.

extension NSObject {
    /// The receiver as a JSON array or object, or nil (logged) when it is neither or cannot be
    /// written (`JSONRepresentation`).
    public func jsonRepresentation() -> String! {
        SBJSONCategories.representation(of: self)
    }

    /// The receiver as any JSON value, scalars included, or nil (logged) (`JSONFragment`).
    public func jsonFragment() -> String! {
        SBJSONCategories.fragment(of: self)
    }
}

extension Array {
    /// The array as JSON, or nil (logged) when an element cannot be written (`JSONRepresentation`).
    public func jsonRepresentation() -> String! {
        SBJSONCategories.representation(of: self)
    }

    /// The array as JSON, or nil (logged) (`JSONFragment`).
    public func jsonFragment() -> String! {
        SBJSONCategories.fragment(of: self)
    }
}

extension Dictionary {
    /// The dictionary as a JSON object, or nil (logged) when a key is not a string or a value cannot
    /// be written (`JSONRepresentation`).
    public func jsonRepresentation() -> String! {
        SBJSONCategories.representation(of: self)
    }

    /// The dictionary as a JSON object, or nil (logged) (`JSONFragment`).
    public func jsonFragment() -> String! {
        SBJSONCategories.fragment(of: self)
    }
}
