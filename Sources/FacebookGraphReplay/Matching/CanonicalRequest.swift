// The canonical form of a recorded or live request: what replay matching compares.
//
// Two requests match when their canonical forms are equal. The form keeps what the Graph API
// reads and drops what it does not:
//
// - the method, upper-cased;
// - the percent-decoded path, without scheme, host, port or a leading version prefix (`/v19.0`),
//   so a replay server on loopback matches a recording of graph.facebook.com (the host is kept
//   beside the form, outside equality: the cassette prefers entries of the request's host);
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

    /// The URL's host as `URLParts` reads it (lower-cased, without user info or port, an IPv6
    /// literal's brackets and a trailing dot kept), "" for a relative URL. Not part of ``==``:
    /// the cassette prefers entries of the request's host (see ``Cassette``), and a diff shows it.
    package let host: String
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
        let url = URLParts(request.url)
        host = url.host
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
