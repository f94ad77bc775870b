// The canonical form of a recorded or live request: what replay matching compares.
//
// Two requests match when their canonical forms are equal. The form keeps what the Graph API
// reads and drops what it does not:
//
// - the method, upper-cased;
// - the percent-decoded path, without scheme, host, port or a leading version prefix (`/v19.0`),
//   so a replay server on loopback matches a recording of graph.facebook.com;
// - the parameters — query, form body and multipart text parts together, as Graph merges them —
//   decoded and sorted, each value in canonical form (below);
// - multipart file parts, compared part by part, the boundary ignored;
// - any other body, compared as JSON when both sides parse as JSON, else byte for byte.
//
// Parameter values in canonical form:
//
// - `batch`: a JSON array compared item by item in order. In each item `method` is upper-cased,
//   `relative_url` becomes its canonical path plus sorted canonical query, `body` its sorted
//   canonical form parameters, and every other key compares as JSON.
// - `fields` and any name ending in `fields`: ``FieldsExpression``'s canonical text.
// - a value that parses as a JSON object or array: canonical JSON (keys sorted, numbers in one
//   decimal spelling, array order kept).
// - anything else: the decoded text.
//
// Secrets are replaced by placeholders (`<TOKEN-1>`) on both sides before this runs, so auth
// parameters compare by placeholder with plain equality. Malformed input (bad escapes, invalid
// JSON or UTF-8, unbalanced field lists, broken multipart) never fails: it falls back to a
// deterministic literal form.

import FacebookGraph
import Foundation

/// A request reduced to what replay matching compares; equality is the match.
package struct CanonicalRequest: Sendable, Hashable, CustomStringConvertible {
    /// One decoded parameter with its value in canonical form.
    package struct Parameter: Sendable, Hashable, Comparable, CustomStringConvertible {
        /// The decoded name.
        package let name: String
        /// The canonical value (see the file overview).
        package let value: String

        /// A parameter; `value` must already be canonical.
        package init(name: String, value: String) {
            self.name = name
            self.value = value
        }

        /// Orders by name, then value.
        package static func < (lhs: Parameter, rhs: Parameter) -> Bool {
            lhs.name != rhs.name ? lhs.name < rhs.name : lhs.value < rhs.value
        }

        /// `name: "value"`.
        package var description: String { "\(name): \(CanonicalRequest.quoted(value))" }
    }

    /// One multipart file part.
    package struct FilePart: Sendable, Hashable, Comparable, CustomStringConvertible {
        /// The `name` of the part's `Content-Disposition`, or "" when it has none (the v2 SDK sent
        /// file parts with only a `filename`).
        package let name: String
        /// The `filename` of the part's `Content-Disposition`.
        package let filename: String?
        /// The part's `Content-Type`, trimmed and lower-cased.
        package let contentType: String?
        /// The part's content.
        package let body: Data

        /// A file part.
        package init(name: String, filename: String?, contentType: String?, body: Data) {
            self.name = name
            self.filename = filename
            self.contentType = contentType
            self.body = body
        }

        /// A total order: name, filename, content type (absent first), then the bytes.
        package static func < (lhs: FilePart, rhs: FilePart) -> Bool {
            if lhs.name != rhs.name { return lhs.name < rhs.name }
            if lhs.filename != rhs.filename { return precedes(lhs.filename, rhs.filename) }
            if lhs.contentType != rhs.contentType { return precedes(lhs.contentType, rhs.contentType) }
            return lhs.body.lexicographicallyPrecedes(rhs.body)
        }

        /// Orders optional strings: absent first.
        private static func precedes(_ lhs: String?, _ rhs: String?) -> Bool {
            switch (lhs, rhs) {
            case (nil, nil): false
            case (nil, _): true
            case (_, nil): false
            case (let left?, let right?): left < right
            }
        }

        /// A label for messages: the name, or the filename when the part has no name.
        package var label: String {
            name.isEmpty ? "(unnamed, filename \(CanonicalRequest.quoted(filename ?? "")))" : name
        }

        /// `label: "filename", type, N bytes`.
        package var description: String {
            var pieces: [String] = []
            if let filename { pieces.append(CanonicalRequest.quoted(filename)) }
            if let contentType { pieces.append(contentType) }
            pieces.append("\(body.count) bytes")
            return "\(label): " + pieces.joined(separator: ", ")
        }
    }

    /// Parameter names dropped before comparison by default: the SDKs' bookkeeping, which says
    /// which client sent a request, not what it asks for. The legacy layer adds `format=json`,
    /// `sdk=ios` and `sdk_version=2` to every call (v3.1 added `migration_bundle`), so a recording
    /// made by legacy code answers the same call from modern code, and the other way round. Pass
    /// another set to ``init(_:ignoring:)`` to compare them too.
    package static let ignoredParameters: Set<String> = ["format", "sdk", "sdk_version", "migration_bundle"]

    /// The method, upper-cased.
    package let method: String
    /// The percent-decoded path without a leading Graph version prefix; always starts with `/`.
    package let path: String
    /// Query, form-body and multipart text parameters, decoded, values canonical, sorted by name
    /// then value. The query is read from the URL; the HAR `queryString` only when the URL has no `?`.
    package let parameters: [Parameter]
    /// Multipart file parts, sorted.
    package let files: [FilePart]
    /// Any other non-empty body (JSON, octet-stream, a multipart body that does not parse…).
    package let rawBody: Data?
    /// ``rawBody`` as canonical JSON, when it parses as JSON.
    let rawBodyJSON: String?

    /// The canonical form of `request`.
    ///
    /// - Parameters:
    ///   - request: A recorded or live request, secrets already replaced by placeholders.
    ///   - ignored: Parameter names to drop (top level and inside batch items).
    package init(_ request: HARRequest, ignoring ignored: Set<String> = CanonicalRequest.ignoredParameters) {
        method = request.method.uppercased()
        let url = URLParts(Array(request.url.utf8))
        path = Self.canonicalPath(FormEncoding.unescape(bytes: url.path, plusAsSpace: false, invalidUTF8: .escapeBytes))

        var pairs: [(name: String, value: String)]
        if let query = url.query {
            pairs = FormEncoding.decode(bytes: query, invalidUTF8: .escapeBytes)
        } else {
            pairs = request.queryString.map { ($0.name, $0.value) }
        }

        var files: [FilePart] = []
        var rawBody: Data?
        let body = request.postData?.body ?? Data()
        if !body.isEmpty {
            let contentType =
                request.postData.flatMap { $0.mimeType.isEmpty ? nil : $0.mimeType }
                ?? request.header("Content-Type") ?? ""
            let mediaType =
                contentType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
                .first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
            if mediaType == "application/x-www-form-urlencoded" {
                pairs += FormEncoding.decode(bytes: Array(body), invalidUTF8: .escapeBytes)
            } else if mediaType == "multipart/form-data",
                let multipart = try? MultipartBody(
                    parsing: body, boundary: MultipartBody.boundary(fromContentType: contentType))
            {
                for part in multipart.parts {
                    if part.filename == nil {
                        pairs.append(
                            (part.name ?? "", FormEncoding.text(of: Array(part.body), invalidUTF8: .escapeBytes)))
                    } else {
                        files.append(
                            FilePart(
                                name: part.name ?? "",
                                filename: part.filename,
                                contentType: part.contentType?.trimmingCharacters(in: .whitespaces).lowercased(),
                                body: part.body
                            )
                        )
                    }
                }
            } else {
                rawBody = body
            }
        }

        parameters = Self.canonicalParameters(pairs, ignoring: ignored)
        self.files = files.sorted()
        self.rawBody = rawBody
        rawBodyJSON = rawBody.flatMap { CanonicalJSON(parsing: Array($0)) }?.text
    }

    /// One line per component: `method: GET`, `path: /me`, `parameter fields: "id,name"`,
    /// `file source: "photo.jpg", image/jpeg, 120 bytes`, `body: 45 bytes, JSON {…}`.
    package var description: String {
        var lines = ["method: \(method)", "path: \(path)"]
        lines += parameters.map { "parameter \($0)" }
        lines += files.map { "file \($0)" }
        if let rawBody {
            if let rawBodyJSON {
                lines.append("body: \(rawBody.count) bytes, JSON \(rawBodyJSON)")
            } else {
                lines.append("body: \(rawBody.count) bytes")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The match: equal method, path, parameters and files, and equal bodies (as JSON when both
    /// parse as JSON, else as bytes).
    package static func == (lhs: CanonicalRequest, rhs: CanonicalRequest) -> Bool {
        lhs.method == rhs.method && lhs.path == rhs.path && lhs.parameters == rhs.parameters
            && lhs.files == rhs.files && bodiesMatch(lhs, rhs)
    }

    /// Hashes what ``==`` compares.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(method)
        hasher.combine(path)
        hasher.combine(parameters)
        hasher.combine(files)
        // Equal bodies are either both JSON with equal canonical text, or equal bytes (which then
        // parse, or fail to parse, alike).
        if let rawBodyJSON {
            hasher.combine(1)
            hasher.combine(rawBodyJSON)
        } else if let rawBody {
            hasher.combine(2)
            hasher.combine(rawBody)
        } else {
            hasher.combine(0)
        }
    }

    /// True when the raw bodies match: both absent, both JSON with equal canonical text, or equal
    /// bytes.
    static func bodiesMatch(_ lhs: CanonicalRequest, _ rhs: CanonicalRequest) -> Bool {
        if let left = lhs.rawBodyJSON, let right = rhs.rawBodyJSON { return left == right }
        return lhs.rawBody == rhs.rawBody
    }
}

// MARK: - Canonical values

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
            let url = URLParts(Array(relativeURL.utf8))
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

// MARK: - URLs and form encoding

/// The path and query bytes of an absolute URL (`https://host:port/path?query#fragment`) or of a
/// relative one (`/path?query`, `me/friends?limit=5`), split without validation.
struct URLParts {
    /// The raw path (may be empty).
    let path: [UInt8]
    /// The raw query after `?`; `nil` when there is no `?`.
    let query: [UInt8]?

    /// Splits `url`: drops `#fragment`, then `scheme://authority` when present.
    init(_ url: [UInt8]) {
        var rest = url[...]
        if let hash = rest.firstIndex(of: UInt8(ascii: "#")) { rest = rest[..<hash] }
        if let authorityStart = Self.authorityStart(rest) {
            rest = rest[authorityStart...]
            let end = rest.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") } ?? rest.endIndex
            rest = rest[end...]
        }
        if let question = rest.firstIndex(of: UInt8(ascii: "?")) {
            path = Array(rest[..<question])
            query = Array(rest[rest.index(after: question)...])
        } else {
            path = Array(rest)
            query = nil
        }
    }

    /// The index after `scheme://` when `url` starts with one (`scheme` = ALPHA *(ALPHA / DIGIT /
    /// "+" / "-" / ".")).
    private static func authorityStart(_ url: ArraySlice<UInt8>) -> Int? {
        var index = url.startIndex
        guard index < url.endIndex, isLetter(url[index]) else { return nil }
        while index < url.endIndex, isLetter(url[index]) || isDigit(url[index]) || "+-.".utf8.contains(url[index]) {
            index += 1
        }
        guard url[index...].starts(with: "://".utf8) else { return nil }
        return index + 3
    }

    /// ASCII letter.
    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    /// ASCII digit.
    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}

// MARK: - Canonical JSON

/// A JSON value (RFC 8259, strict) reduced for comparison: object members unordered (the last of
/// duplicate keys wins), numbers as one canonical decimal spelling (`1`, `1.0` and `10e-1` are all
/// `1`), array order kept. Its ``text`` is the canonical serialisation.
indirect enum CanonicalJSON: Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, as canonical text (see ``CanonicalJSON/canonicalNumber(negative:digits:exponent:)``).
    case number(String)
    /// A string.
    case string(String)
    /// An array.
    case array([CanonicalJSON])
    /// An object.
    case object([String: CanonicalJSON])

    /// The deepest nesting accepted; deeper input does not parse.
    static let maximumDepth = 200

    /// Parses a whole document (any value, surrounding white space allowed); `nil` when it is not
    /// valid JSON (including invalid UTF-8, lone surrogate escapes, nesting beyond ``maximumDepth``).
    init?(parsing bytes: [UInt8]) {
        var parser = JSONParser(bytes: bytes)
        guard let value = parser.parseDocument() else { return nil }
        self = value
    }

    /// Parses a parameter value that is a JSON object or array; `nil` for anything else.
    init?(parameterValue: String) {
        guard let first = parameterValue.utf8.first(where: { !JSONParser.isWhitespace($0) }),
            first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
        else { return nil }
        self.init(parsing: Array(parameterValue.utf8))
    }

    /// Canonical serialisation: no insignificant white space, object keys sorted, strings escaping
    /// only `"`, `\` and control characters.
    var text: String {
        switch self {
        case .null: "null"
        case .bool(let value): value ? "true" : "false"
        case .number(let text): text
        case .string(let value): JSONString.quoted(value)
        case .array(let items): "[" + items.map(\.text).joined(separator: ",") + "]"
        case .object(let members):
            "{"
                + members.sorted { $0.key < $1.key }.map { JSONString.quoted($0.key) + ":" + $0.value.text }
                .joined(separator: ",") + "}"
        }
    }

    /// The canonical spelling of the number `±digits × 10^exponent`: leading and trailing zeros
    /// removed, zero unsigned, plain decimal notation for moderate magnitudes and `d.ddde±N`
    /// otherwise.
    static func canonicalNumber(negative: Bool, digits: [UInt8], exponent: Int) -> String {
        var significant = digits.drop { $0 == UInt8(ascii: "0") }
        guard !significant.isEmpty else { return "0" }
        var exponent = exponent
        while significant.last == UInt8(ascii: "0") {
            significant.removeLast()
            exponent += 1
        }
        let text = String(decoding: significant, as: UTF8.self)
        let count = text.count
        let pointPosition = count + exponent
        let body: String
        if exponent >= 0, pointPosition <= 21 {
            body = text + String(repeating: "0", count: exponent)
        } else if exponent < 0, pointPosition > 0 {
            body = String(text.prefix(pointPosition)) + "." + String(text.dropFirst(pointPosition))
        } else if exponent < 0, pointPosition > -6 {
            body = "0." + String(repeating: "0", count: -pointPosition) + text
        } else {
            let mantissa = count > 1 ? String(text.prefix(1)) + "." + String(text.dropFirst()) : text
            body = mantissa + "e" + String(pointPosition - 1)
        }
        return negative ? "-" + body : body
    }
}

/// A strict recursive-descent JSON parser over bytes, producing ``CanonicalJSON``.
private struct JSONParser {
    /// The input.
    let bytes: [UInt8]
    /// The next byte to read.
    var index = 0

    /// JSON white space: space, tab, line feed, carriage return.
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// One value surrounded by optional white space, and nothing else.
    mutating func parseDocument() -> CanonicalJSON? {
        skipWhitespace()
        guard let value = parseValue(depth: 0) else { return nil }
        skipWhitespace()
        return index == bytes.count ? value : nil
    }

    /// Skips white space.
    private mutating func skipWhitespace() {
        while index < bytes.count, Self.isWhitespace(bytes[index]) { index += 1 }
    }

    /// True, consuming `byte`, when it is next.
    private mutating func consume(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// True, consuming it, when `literal` is next.
    private mutating func consume(literal: String) -> Bool {
        let literalBytes = Array(literal.utf8)
        guard bytes[index...].starts(with: literalBytes) else { return false }
        index += literalBytes.count
        return true
    }

    /// A value at `depth` (white space already skipped).
    private mutating func parseValue(depth: Int) -> CanonicalJSON? {
        guard depth <= CanonicalJSON.maximumDepth, index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "{"): return parseObject(depth: depth)
        case UInt8(ascii: "["): return parseArray(depth: depth)
        case UInt8(ascii: "\""): return parseString().map { .string($0) }
        case UInt8(ascii: "t"): return consume(literal: "true") ? .bool(true) : nil
        case UInt8(ascii: "f"): return consume(literal: "false") ? .bool(false) : nil
        case UInt8(ascii: "n"): return consume(literal: "null") ? .null : nil
        default: return parseNumber()
        }
    }

    /// `{ "key": value, … }`.
    private mutating func parseObject(depth: Int) -> CanonicalJSON? {
        index += 1
        var members: [String: CanonicalJSON] = [:]
        skipWhitespace()
        if consume(UInt8(ascii: "}")) { return .object(members) }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = parseString() else { return nil }
            skipWhitespace()
            guard consume(UInt8(ascii: ":")) else { return nil }
            skipWhitespace()
            guard let value = parseValue(depth: depth + 1) else { return nil }
            members[key] = value
            skipWhitespace()
            if consume(UInt8(ascii: "}")) { return .object(members) }
            guard consume(UInt8(ascii: ",")) else { return nil }
        }
    }

    /// `[ value, … ]`.
    private mutating func parseArray(depth: Int) -> CanonicalJSON? {
        index += 1
        var items: [CanonicalJSON] = []
        skipWhitespace()
        if consume(UInt8(ascii: "]")) { return .array(items) }
        while true {
            skipWhitespace()
            guard let value = parseValue(depth: depth + 1) else { return nil }
            items.append(value)
            skipWhitespace()
            if consume(UInt8(ascii: "]")) { return .array(items) }
            guard consume(UInt8(ascii: ",")) else { return nil }
        }
    }

    /// A string literal (at its opening quote); `nil` on a raw control character, a bad escape, a
    /// lone surrogate or invalid UTF-8 (``JSONString/unescapeStrictly(_:)``).
    private mutating func parseString() -> String? {
        index += 1
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
            index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        guard index < bytes.count else { return nil }
        index += 1
        return JSONString.unescapeStrictly(bytes[start..<(index - 1)])
    }

    /// `-? int frac? exp?` per RFC 8259, as canonical text.
    private mutating func parseNumber() -> CanonicalJSON? {
        let negative = consume(UInt8(ascii: "-"))
        var digits: [UInt8] = []
        guard index < bytes.count, isDigit(bytes[index]) else { return nil }
        if bytes[index] == UInt8(ascii: "0") {
            digits.append(bytes[index])
            index += 1
        } else {
            digits += readDigits()
        }
        var exponent = 0
        if consume(UInt8(ascii: ".")) {
            let fraction = readDigits()
            guard !fraction.isEmpty else { return nil }
            digits += fraction
            exponent -= fraction.count
        }
        if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
            var exponentNegative = false
            if consume(UInt8(ascii: "-")) {
                exponentNegative = true
            } else {
                _ = consume(UInt8(ascii: "+"))
            }
            let rawExponent = readDigits()
            let exponentDigits = rawExponent.drop { $0 == UInt8(ascii: "0") }
            // Beyond nine digits the magnitude is absurd; treat it as unparsable rather than round.
            guard !rawExponent.isEmpty, exponentDigits.count <= 9 else { return nil }
            let written = exponentDigits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
            exponent += exponentNegative ? -written : written
        }
        return .number(CanonicalJSON.canonicalNumber(negative: negative, digits: digits, exponent: exponent))
    }

    /// Consecutive ASCII digits.
    private mutating func readDigits() -> [UInt8] {
        let start = index
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        return Array(bytes[start..<index])
    }

    /// ASCII digit.
    private func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
