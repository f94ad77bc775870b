import Foundation

/// Graph's batch references: an item that writes `{result=NAME:$.JSONPATH}` in its `relative_url` or
/// `body` depends on the item named `NAME` (as if it said `depends_on`) and gets the values that path
/// selects in that item's answer, joined with commas (`{result=friends:$.data.*.id}` →
/// `100001,100002`). The path is the subset Graph's documentation uses: `$`, `.key`, `.N` (an array
/// index) and `.*` (every element).
extension GraphStandIn {
    /// The names an item's references point at, in order of appearance.
    static func referencedNames(in item: [String: Any]) -> [String] {
        references(in: referenceText(of: item)).map(\.name)
    }

    /// `call` with each reference in its path and parameter values replaced by what it selects in
    /// `answers` (the parsed bodies of the named items so far); a reference to a name without an
    /// answer selects nothing.
    static func resolvingReferences(_ call: Call, answers: [String: Any]) -> Call {
        var resolved = call
        resolved.path = substitute(call.path, answers: answers)
        resolved.parameters = call.parameters.map { ($0.name, substitute($0.value, answers: answers)) }
        return resolved
    }

    /// The item's `relative_url` and `body`, percent-decoded, where its references are written.
    private static func referenceText(of item: [String: Any]) -> String {
        [item["relative_url"] as? String ?? "", item["body"] as? String ?? ""]
            .map { $0.removingPercentEncoding ?? $0 }
            .joined(separator: "\n")
    }

    private static let referencePattern = try! NSRegularExpression(pattern: #"\{result=([^:{}]+):(\$[^{}]*)\}"#)

    private static func references(in text: String) -> [(range: Range<String.Index>, name: String, path: String)] {
        let matches = referencePattern.matches(in: text, range: NSRange(text.startIndex..., in: text))
        return matches.compactMap { match in
            guard let whole = Range(match.range, in: text), let name = Range(match.range(at: 1), in: text),
                let path = Range(match.range(at: 2), in: text)
            else { return nil }
            return (whole, String(text[name]), String(text[path]))
        }
    }

    private static func substitute(_ text: String, answers: [String: Any]) -> String {
        var result = text
        for reference in references(in: text).reversed() {
            let values = answers[reference.name].map { select(reference.path, in: $0) } ?? []
            result.replaceSubrange(reference.range, with: values.joined(separator: ","))
        }
        return result
    }

    /// The scalars `path` (`$.data.*.id`) selects in `json`, written out.
    static func select(_ path: String, in json: Any) -> [String] {
        var current: [Any] = [json]
        for step in path.split(separator: ".").dropFirst() {
            current = current.flatMap { value -> [Any] in
                switch (value, step) {
                case (let array as [Any], "*"): return array
                case (let object as [String: Any], "*"): return Array(object.values)
                case (let array as [Any], _):
                    guard let index = Int(step), array.indices.contains(index) else { return [] }
                    return [array[index]]
                case (let object as [String: Any], _): return object[String(step)].map { [$0] } ?? []
                default: return []
                }
            }
        }
        return current.compactMap { value in
            switch value {
            case let string as String: return string
            case let number as NSNumber: return number.stringValue
            default: return nil
            }
        }
    }
}
