import Foundation

/// Prints JSON bodies pretty (or compact), keys sorted, and anything else as text.
enum JSONPrinter {
    /// `body` as pretty or one-line JSON; the body as text when it is not JSON.
    static func render(_ body: Data, compact: Bool) -> String {
        guard let object = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) else {
            return String(decoding: body, as: UTF8.self)
        }
        var options: JSONSerialization.WritingOptions = [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes]
        if !compact { options.insert(.prettyPrinted) }
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: options) else {
            return String(decoding: body, as: UTF8.self)
        }
        return String(decoding: data, as: UTF8.self)
    }
}
