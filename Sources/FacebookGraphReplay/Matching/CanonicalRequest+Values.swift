import FacebookGraph
import Foundation

// The canonical value of each part of a request: the path, parameter values, batch items (see
// the overview in `CanonicalRequest.swift`).

extension CanonicalRequest {
    /// `path` with a leading Graph version prefix (`/v19.0/`, `v2/`) replaced by `/` — koala's
    /// `^/?(v\d+(?:\.\d+)?)/` — and a leading `/` ensured.
    package static func canonicalPath(_ path: String) -> String {
        var rest = Substring(path)
        if rest.hasPrefix("/") { rest = rest.dropFirst() }
        if let afterVersion = versionPrefixEnd(rest) { rest = rest[afterVersion...] }
        return "/" + rest
    }

    /// The index just past `vN/` or `vN.N/` at the start of `text`, or `nil`.
    private static func versionPrefixEnd(_ text: Substring) -> Substring.Index? {
        let utf8 = text.utf8
        var index = utf8.startIndex
        func digits() -> Bool {
            let start = index
            while index < utf8.endIndex, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(utf8[index]) {
                index = utf8.index(after: index)
            }
            return index != start
        }
        guard index < utf8.endIndex, utf8[index] == UInt8(ascii: "v") else { return nil }
        index = utf8.index(after: index)
        guard digits() else { return nil }
        if index < utf8.endIndex, utf8[index] == UInt8(ascii: ".") {
            index = utf8.index(after: index)
            guard digits() else { return nil }
        }
        guard index < utf8.endIndex, utf8[index] == UInt8(ascii: "/") else { return nil }
        return utf8.index(after: index)
    }

    /// The canonical text of the parameter `name`'s decoded `value` (see the file overview).
    package static func canonicalValue(
        name: String,
        value: String,
        ignoring ignored: Set<String> = CanonicalRequest.ignoredParameters
    ) -> String {
        if name == "batch", case .array(let items)? = CanonicalJSON(parameterValue: value) {
            return CanonicalJSON.array(items.map { canonicalBatchItem($0, ignoring: ignored) }).text
        }
        if name.lowercased().hasSuffix("fields") { return FieldsExpression.canonicalize(value) }
        if let json = CanonicalJSON(parameterValue: value) { return json.text }
        return value
    }

    /// Decoded pairs as sorted canonical parameters, `ignored` names dropped.
    static func canonicalParameters(
        _ pairs: [(name: String, value: String)],
        ignoring ignored: Set<String>
    ) -> [Parameter] {
        pairs.filter { !ignored.contains($0.name) }
            .map { Parameter(name: $0.name, value: canonicalValue(name: $0.name, value: $0.value, ignoring: ignored)) }
            .sorted()
    }

    /// One batch item with `method` upper-cased and `relative_url` and `body` canonical.
    private static func canonicalBatchItem(_ item: CanonicalJSON, ignoring ignored: Set<String>) -> CanonicalJSON {
        guard case .object(var members) = item else { return item }
        if case .string(let method)? = members["method"] {
            members["method"] = .string(method.uppercased())
        }
        if case .string(let relativeURL)? = members["relative_url"] {
            let url = URLParts(relativeURL)
            let path = canonicalPath(
                FormEncoding.unescape(bytes: url.path, plusAsSpace: false, invalidUTF8: .escapeBytes))
            let query = canonicalParameters(
                FormEncoding.decode(bytes: url.query ?? [], invalidUTF8: .escapeBytes), ignoring: ignored)
            members["relative_url"] = .string(
                query.isEmpty ? path : path + "?" + FormEncoding.encodeReadably(query.map { ($0.name, $0.value) }))
        }
        if case .string(let body)? = members["body"] {
            let parameters = canonicalParameters(
                FormEncoding.decode(bytes: Array(body.utf8), invalidUTF8: .escapeBytes), ignoring: ignored)
            members["body"] = .string(FormEncoding.encodeReadably(parameters.map { ($0.name, $0.value) }))
        }
        return .object(members)
    }

    /// `text` in double quotes, with `"`, `\` and control characters escaped, for messages.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                result += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
