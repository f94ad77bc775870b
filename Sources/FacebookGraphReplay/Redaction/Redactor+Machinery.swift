import FacebookGraph
import Foundation

/// The redactor's private machinery: free-text replacement, header credentials, multipart parts,
/// the string literals of JSON text and text encodings.
extension Redactor {
    /// Free-text replacement of secrets in all their encodings, in one pass over the bytes.
    struct ReplacementTable {
        /// Candidate forms by their first byte, longest first.
        private var candidates: [[(form: [UInt8], secret: String)]] = Array(repeating: [], count: 256)

        /// A table for `secrets`; on equal forms the earlier secret wins.
        init(secrets: [String]) {
            var seen = Set<[UInt8]>()
            for secret in secrets {
                for form in SecretSpanFinder.encodedForms(of: secret) {
                    let bytes = Array(form.utf8)
                    guard let first = bytes.first, seen.insert(bytes).inserted else { continue }
                    candidates[Int(first)].append((form: bytes, secret: secret))
                }
            }
            for index in candidates.indices {
                candidates[index].sort { $0.form.count > $1.form.count }
            }
        }

        /// `bytes` with every form replaced by `resolve(secret)`, skipping existing placeholders;
        /// `nil` when nothing matched.
        func rewrite(_ bytes: [UInt8], resolve: (String) -> String) -> [UInt8]? {
            var output: [UInt8] = []
            var copiedUpTo = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "<"), let length = SecretPlaceholder.placeholderLength(in: bytes, at: index) {
                    index += length
                    continue
                }
                let match = candidates[Int(byte)].first { candidate in
                    index + candidate.form.count <= bytes.count
                        && bytes[index..<(index + candidate.form.count)].elementsEqual(candidate.form)
                }
                guard let match else {
                    index += 1
                    continue
                }
                if output.isEmpty { output.reserveCapacity(bytes.count) }
                output.append(contentsOf: bytes[copiedUpTo..<index])
                output.append(contentsOf: Array(resolve(match.secret).utf8))
                index += match.form.count
                copiedUpTo = index
            }
            guard copiedUpTo > 0 else { return nil }
            output.append(contentsOf: bytes[copiedUpTo...])
            return output
        }
    }

    /// The credential of an `Authorization` header and the values of a cookie header.
    enum Credentials {
        /// `value` with each secret in it passed through `transform`: for a cookie kind every cookie
        /// value (only the first pair of a `Set-Cookie`), otherwise the credential after the scheme
        /// (`Bearer X` → `Bearer transform(X)`), or the whole value when there is no scheme.
        static func map(
            headerNamed name: String,
            value: String,
            kind: RedactionRules.Kind,
            _ transform: (String) -> String
        ) -> String {
            if kind == .cookie {
                let onlyFirst = name.lowercased() == "set-cookie"
                var segments = value.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
                for index in segments.indices where !onlyFirst || index == 0 {
                    segments[index] = mapCookiePair(segments[index], transform)
                }
                return segments.joined(separator: ";")
            }
            let trimmed = value.trimmingCharacters(in: .whitespaces)
            guard let space = trimmed.firstIndex(of: " ") else { return trimmed.isEmpty ? value : transform(trimmed) }
            let scheme = trimmed[..<space]
            let credential = trimmed[space...].trimmingCharacters(in: .whitespaces)
            return credential.isEmpty ? value : "\(scheme) \(transform(credential))"
        }

        /// One `name=value` cookie pair with its value (quotes kept) passed through `transform`.
        private static func mapCookiePair(_ pair: String, _ transform: (String) -> String) -> String {
            guard let equals = pair.firstIndex(of: "=") else { return pair }
            let rawValue = pair[pair.index(after: equals)...]
            var cookie = rawValue.trimmingCharacters(in: .whitespaces)
            var quote = ""
            if cookie.count >= 2, cookie.hasPrefix("\""), cookie.hasSuffix("\"") {
                cookie = String(cookie.dropFirst().dropLast())
                quote = "\""
            }
            guard !cookie.isEmpty else { return pair }
            let trailing = rawValue.hasSuffix(" ") ? " " : ""
            return "\(pair[...equals])\(quote)\(transform(cookie))\(quote)\(trailing)"
        }
    }

    /// The text (non-file) parts of a `multipart/…` body, parsed leniently by the core's one parser
    /// (redaction salvages every part it can); `nil` when `mediaType` is not multipart or names no
    /// boundary, or when the body holds no part (then it is redacted as text).
    static func multipartTextParts(of bytes: [UInt8], mediaType: String) -> [MultipartBody.Part]? {
        guard let boundary = MultipartBody.boundary(fromContentType: mediaType) else { return nil }
        // A body that does not parse as multipart, or holds no part at all, is text under a
        // multipart label: it is learned from and redacted as text, not skipped (FuzzRedactor: a
        // token shape in such a body stayed in the cassette).
        guard let body = try? MultipartBody(parsing: Data(bytes), boundary: boundary, tolerance: .lenient),
            !body.parts.isEmpty
        else { return nil }
        return body.parts.filter { !$0.isFile }
    }

    /// A minimal, lenient scanner of the string literals of JSON text, in textual order.
    enum JSONStrings {
        /// One string member of an object: its decoded value and the byte range inside its quotes.
        typealias Member = (value: String, range: Range<Int>)

        /// Calls `value` for every string value (with its key when it is an object member's value, and
        /// the range of its text inside the quotes), and `object` when an object closes, with its string
        /// members by key.
        static func scan(
            _ bytes: [UInt8],
            value: (_ key: String?, _ value: String, _ range: Range<Int>) -> Void,
            object: ([String: Member]) -> Void
        ) {
            var frames: [[String: Member]?] = []
            var pendingKey: String?
            var index = 0
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    let start = index + 1
                    var end = start
                    while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
                        end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
                    }
                    end = min(end, bytes.count)
                    let text = JSONString.unescape(bytes[start..<end])
                    index = end + 1
                    var after = index
                    while after < bytes.count, JSONString.isWhitespace(bytes[after]) { after += 1 }
                    if after < bytes.count, bytes[after] == UInt8(ascii: ":") {
                        pendingKey = text
                        index = after + 1
                        continue
                    }
                    value(pendingKey, text, start..<end)
                    if let key = pendingKey, let last = frames.indices.last, frames[last] != nil {
                        frames[last]?[key] = (value: text, range: start..<end)
                    }
                    pendingKey = nil
                    continue
                case UInt8(ascii: "{"):
                    frames.append([:])
                case UInt8(ascii: "["):
                    frames.append(nil)
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if let frame = frames.popLast(), let members = frame { object(members) }
                case let byte where !JSONString.isWhitespace(byte) && byte != UInt8(ascii: ","):
                    break
                default:
                    index += 1
                    continue
                }
                pendingKey = nil
                index += 1
            }
        }
    }

    /// Small text helpers shared by the redactor's passes.
    enum Text {
        /// True when the first non-blank byte opens a JSON object or array.
        static func looksLikeJSON(_ bytes: [UInt8]) -> Bool {
            guard let first = bytes.first(where: { !JSONString.isWhitespace($0) }) else { return false }
            return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
        }

        /// True when a HAR `encoding` field says base64.
        static func isBase64(_ encoding: String?) -> Bool { encoding?.lowercased() == "base64" }

        /// The bytes as text when they are UTF-8 that round-trips exactly.
        static func utf8Text(of bytes: ArraySlice<UInt8>) -> String? {
            guard let text = String(bytes: bytes, encoding: .utf8), text.utf8.elementsEqual(bytes) else { return nil }
            return text
        }

        /// A response body as text: its `text`, or its base64 bytes when they are UTF-8.
        static func utf8Text(of content: HARContent) -> String? {
            guard let text = content.text else { return nil }
            guard isBase64(content.encoding) else { return text }
            guard let data = Data(base64Encoded: text) else { return nil }
            return utf8Text(of: Array(data)[...])
        }

        /// A `name=value` value decoded: `+` as space when asked, then percent escapes.
        static func decoded(_ bytes: ArraySlice<UInt8>, plusIsSpace: Bool) -> String {
            FormEncoding.unescape(bytes: bytes, plusAsSpace: plusIsSpace)
        }
    }
}
