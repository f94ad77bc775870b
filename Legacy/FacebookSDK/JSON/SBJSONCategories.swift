import Foundation

/// The categories' one implementation: a fresh writer or parser per call, as json-framework's, and
/// its last error logged on failure (never the text itself, which may hold a token).
enum SBJSONCategories {
    static func representation(of value: Any) -> String? {
        let writer = SBJsonWriter()
        return logged(writer.string(with: value), writer, "-JSONRepresentation")
    }

    static func fragment(of value: Any) -> String? {
        let writer = SBJsonWriter()
        return logged(writer.string(withFragment: value), writer, "-JSONFragment")
    }

    static func value(of text: String, allowScalar: Bool) -> Any? {
        let parser = SBJsonParser()
        return logged(
            parser.value(of: text, allowScalar: allowScalar), parser,
            allowScalar ? "-JSONFragmentValue" : "-JSONValue")
    }

    private static func logged<Result>(_ result: Result?, _ base: SBJsonBase, _ method: String) -> Result? {
        if result == nil {
            LegacyLog.log(
                "\(method) failed. Error: \(base.lastError.localizedDescription) (code \(base.lastError.code))")
        }
        return result
    }
}
