import FacebookGraph
import Foundation

/// Replaces secrets in recorded exchanges with deterministic placeholders.
///
/// ## How an exchange is redacted
///
/// 1. **Learn.** The request is read first, in wire order: the URL's user info, query and fragment (and the
///    `queryString` list), the body (form pairs, multipart parts, JSON keys, and values nested in
///    them, such as the `relative_url`s of a `batch` parameter), then the headers (`Authorization`
///    credentials, cookie values). The response follows: `Set-Cookie`, `Location`, and the body's
///    JSON keys named like secrets (the `access_token` an OAuth endpoint returns) or form pairs
///    (`access_token=…&expires=…`). Each new value gets the next placeholder of its kind
///    (`<TOKEN-1>`, `<TOKEN-2>`, `<PROOF-1>`…); a value keeps the placeholder of its first sighting
///    however it shows up later, so `Authorization: Bearer X` becomes `Bearer <TOKEN-1>` when `X`
///    was first seen as an `access_token`.
/// 2. **Replace.** Every occurrence of every learned secret of four characters or more is replaced
///    wherever it appears as text — raw, percent-encoded (upper and lower hex, once or twice), form
///    encoded and JSON-escaped (`\/`, `\u0025`) — in the URL, the `queryString`, the headers, the
///    request body, the redirect URL and the response body. This catches the tokens the server
///    echoes in `paging.next` URLs, which leaked from koala's own cassettes. Shorter values are
///    replaced only where a rule names them (`code=1` stays `code=<CODE-1>` without turning every
///    `1` into a placeholder).
///
/// Token-shaped values (the core's `TokenShape`: `EAA…`, app tokens, 64-hex proofs…) are learned
/// wherever they appear, named or not, and a percent-encoded name (`access%5Ftoken=`) counts as the
/// parameter. Base64 bodies that are UTF-8 text are decoded, redacted and encoded again; other
/// bodies (a BOM, Latin-1, binary) are redacted byte for byte, every byte but the secrets kept, so a
/// body without secrets stays byte-identical. Multipart file parts are never touched; the non-file
/// parts of a multipart body are redacted in place, so a photo upload does not carry its
/// `access_token` part into the cassette. Placeholders are never learned or replaced, and a redaction repeats its passes until one changes
/// nothing, so redacting twice changes nothing.
///
/// One redactor serves one cassette session: at record time it redacts each entry; at replay time
/// the request overload of `redact(_:)` maps a live request's secrets to the same placeholders, so
/// matching works without the real values. It is thread-safe (one lock around every call).
public final class Redactor: @unchecked Sendable {
    /// Secrets shorter than this are replaced only where a rule names them.
    static let minimumFreeTextLength = 4

    /// Which parameters and headers are secret.
    /// The rules this redactor applies.
    public let rules: RedactionRules
    /// The core's one secret-span finder, for the rule parameter names.
    private let finder: SecretSpanFinder
    /// Exact values to replace wherever they appear, given at creation.
    private let knownSecrets: [String]
    /// Guards the mutable state below.
    private let lock = NSLock()
    /// The placeholder of every secret learned so far.
    private var placeholders: [String: String] = [:]
    /// The last number given out, per kind.
    private var counters: [RedactionRules.Kind: Int] = [:]
    /// The free-text replacement table; `nil` after a secret is learned, rebuilt on demand.
    private var cachedTable: ReplacementTable?

    /// A redactor applying `rules`, that also replaces each of `knownSecrets` (for example the app
    /// secret) wherever it appears as text; such a value is named `<SECRET-n>` unless a rule saw it
    /// first. Known secrets shorter than four characters are ignored.
    public init(rules: RedactionRules = .default, knownSecrets: [String] = []) {
        self.rules = rules
        finder = SecretSpanFinder(roles: SecretRoles(rules.parameters.mapValues(\.role)))
        var seen = Set<String>()
        self.knownSecrets = knownSecrets.filter {
            $0.count >= Self.minimumFreeTextLength && !SecretPlaceholder.isPlaceholder($0) && seen.insert($0).inserted
        }
    }

    /// Redacts a whole exchange: learns the secrets in the request first (query, form body,
    /// multipart parts, headers), then the new ones the response reveals (JSON keys named like
    /// secrets, form-encoded `access_token=…&expires=…` bodies, `Set-Cookie`), then replaces every
    /// occurrence of every learned secret — raw, percent-encoded and JSON-escaped — in the URL,
    /// `queryString`, headers, `postData` text and response content text.
    public func redact(_ entry: HAREntry) -> HAREntry {
        lock.withLock {
            Self.fixedPoint(entry) { current in
                learn(from: current.request)
                learn(from: current.response)
                var redacted = current
                redacted.request = rewrite(current.request)
                redacted.response = rewrite(current.response)
                return redacted
            }
        }
    }

    /// Redacts a request alone (used at replay time to map a live request's secrets to the same
    /// placeholders, so matching works without real values).
    public func redact(_ request: HARRequest) -> HARRequest {
        lock.withLock {
            Self.fixedPoint(request) { current in
                learn(from: current)
                return rewrite(current)
            }
        }
    }

    /// Most passes a redaction makes; each pass that changes something replaces at least one secret
    /// with a placeholder, so real exchanges settle in one or two.
    static let maximumPasses = 8

    /// `pass` applied until it changes nothing (at most ``maximumPasses`` times). One pass is not
    /// always enough: replacing a secret can leave a token shape standing alone that its neighbour
    /// hid (`<app secret>` followed by 64 hex digits is a 96-digit run, no proof; once the secret is
    /// `<SECRET-1>`, the 64 digits are one), and redacting twice must change nothing.
    private static func fixedPoint<Value: Equatable>(_ value: Value, _ pass: (Value) -> Value) -> Value {
        var current = value
        for _ in 0..<maximumPasses {
            let next = pass(current)
            if next == current { return current }
            current = next
        }
        return current
    }

    /// The placeholder for a secret value (assigning the next one of `kind` if new). A placeholder
    /// passed in is returned unchanged.
    public func placeholder(for secret: String, kind: RedactionRules.Kind) -> String {
        lock.withLock { assign(secret, kind: kind) }
    }

    /// Names of the rules applied, for the cassette's provenance: `parameter:<name>` and
    /// `header:<name>`, plus `known-secrets` when exact values were given.
    package var ruleNames: [String] {
        rules.names + (knownSecrets.isEmpty ? [] : ["known-secrets"])
    }

    // MARK: Placeholders (lock held)

    /// The placeholder of `secret`, assigning the next one of `kind` on first sight.
    private func assign(_ secret: String, kind: RedactionRules.Kind) -> String {
        if SecretPlaceholder.isPlaceholder(secret) { return secret }
        if let existing = placeholders[secret] { return existing }
        let number = (counters[kind] ?? 0) + 1
        counters[kind] = number
        let placeholder = SecretPlaceholder.placeholder(kind: kind.rawValue, number: number)
        placeholders[secret] = placeholder
        cachedTable = nil
        return placeholder
    }

    /// Records `value` as a secret of `kind` unless it is empty or already a placeholder.
    private func learn(_ value: String, kind: RedactionRules.Kind) {
        guard !value.allSatisfy(\.isWhitespace), !SecretPlaceholder.isPlaceholder(value) else { return }
        _ = assign(value, kind: kind)
    }

    /// The free-text table for every learned and known secret.
    private var table: ReplacementTable {
        if let cachedTable { return cachedTable }
        let learned = placeholders.keys.filter { $0.count >= Self.minimumFreeTextLength }
        // Learned secrets in placeholder order, then the known ones: a stable order for ties.
        let ordered = learned.sorted { placeholders[$0]! < placeholders[$1]! } + knownSecrets
        let built = ReplacementTable(secrets: ordered)
        cachedTable = built
        return built
    }

    // MARK: Learning (lock held)

    /// Learns the request's secrets in wire order: URL, query list, body, headers.
    private func learn(from request: HARRequest) {
        // User info (`user:password@`) is a credential, the user name included (tokens travel there).
        if let components = URLComponents(string: request.url) {
            for part in [components.user, components.password].compactMap({ $0 }) { learn(part, kind: .secret) }
        }
        learnText(request.url, plusIsSpace: false, depth: 0)
        for item in request.queryString {
            // A name is text too: a piece without `=` up to its first `=` can end in a token shape
            // that the URL hid behind the `=` (FuzzRedactor).
            learnText(item.name, plusIsSpace: false, depth: 1)
            if let kind = rules.parameters[item.name] {
                learn(item.value, kind: kind)
            } else {
                learnText(item.value, plusIsSpace: false, depth: 1)
            }
        }
        if let postData = request.postData { learn(from: postData) }
        for header in request.headers { learnHeaderField(header) }
    }

    /// Learns what a response reveals: cookies, redirect targets, secret-named body values.
    private func learn(from response: HARResponse) {
        for header in response.headers { learnHeaderField(header) }
        learnText(response.redirectURL, plusIsSpace: false, depth: 0)
        if let text = Text.utf8Text(of: response.content) {
            learnText(text, plusIsSpace: true, depth: 0)
        } else if response.content.text != nil {
            // Not UTF-8 (a BOM, a Latin-1 byte, binary): secrets are ASCII, so a lossy reading finds them.
            learnText(String(decoding: response.content.body, as: UTF8.self), plusIsSpace: true, depth: 0)
        }
    }

    /// Learns the secrets of a request body: multipart parts by name, any other text as a whole.
    private func learn(from postData: HARPostData) {
        let bytes = Array(postData.body)
        if let parts = Self.multipartTextParts(of: bytes, mediaType: postData.mimeType) {
            for part in parts {
                guard let content = Text.utf8Text(of: bytes[part.contentRange]) else { continue }
                if let name = part.name, let kind = rules.parameters[name] {
                    learn(content, kind: kind)
                } else {
                    learnText(content, plusIsSpace: false, depth: 1)
                }
            }
        } else {
            learnText(
                Text.utf8Text(of: bytes[...]) ?? String(decoding: bytes, as: UTF8.self), plusIsSpace: true, depth: 0)
        }
    }

    /// Learns a header: the credential or cookie values of a rule header, else `name=value` pairs.
    private func learnHeaderField(_ header: HARNameValue) {
        learnText(header.name, plusIsSpace: false, depth: 1)
        if let kind = rules.headers[header.name.lowercased()] {
            learnHeader(named: header.name, value: header.value, kind: kind)
        } else {
            learnText(header.value, plusIsSpace: false, depth: 1)
        }
    }

    /// Learns the secrets of a rule header's value.
    private func learnHeader(named name: String, value: String, kind: RedactionRules.Kind) {
        _ = Credentials.map(headerNamed: name, value: value, kind: kind) { secret in
            learn(secret, kind: kind)
            return secret
        }
    }

    /// Learns the secrets in free text: JSON keys named like secrets (and `{"name", "value"}`
    /// pairs), `name=value` pairs of rule parameters, and — to `depth` 4 — the same inside values
    /// that are themselves JSON, URLs or form bodies once decoded.
    private func learnText(_ text: String, plusIsSpace: Bool, depth: Int) {
        guard depth <= 4, !text.isEmpty else { return }
        if depth <= 1 { learnTokenShapes(in: text) }
        let bytes = Array(text.utf8)
        if Text.looksLikeJSON(bytes) {
            JSONStrings.scan(bytes) { key, value, _ in
                if let key, let kind = rules.parameters[key] {
                    learn(value, kind: kind)
                } else if let key, let kind = rules.headers[key.lowercased()] {
                    learnHeader(named: key, value: value, kind: kind)
                }
                if value.contains("=") || Text.looksLikeJSON(Array(value.utf8)) {
                    learnText(value, plusIsSpace: false, depth: depth + 1)
                }
            } object: { members in
                guard let name = members["name"]?.value, let value = members["value"]?.value else { return }
                if let kind = rules.parameters[name] {
                    learn(value, kind: kind)
                } else if let kind = rules.headers[name.lowercased()] {
                    learnHeader(named: name, value: value, kind: kind)
                }
            }
            // And `name=value` in the raw text, as the rewrite replaces it and the scanner reads it:
            // text that only looks like JSON can hold one outside any string (FuzzRedactor: a header
            // value `{"…":[1,…access_token====+…` whose value went unlearned yet was flagged).
            for site in parameterSites(in: bytes) where !site.span.value.isEmpty {
                learn(site.span.decodedValue(in: bytes, plusIsSpace: plusIsSpace), kind: site.kind)
            }
            return
        }
        for site in parameterSites(in: bytes) {
            learn(site.span.decodedValue(in: bytes, plusIsSpace: plusIsSpace), kind: site.kind)
        }
        // Values that are themselves encoded JSON or URLs: a `batch` parameter, a `next` URL.
        for pair in text.split(whereSeparator: { $0 == "&" || $0 == "?" || $0 == "#" }) {
            guard let equals = pair.firstIndex(of: "=") else { continue }
            let raw = pair[pair.index(after: equals)...]
            let value = Text.decoded(Array(raw.utf8)[...], plusIsSpace: plusIsSpace)
            // A percent-encoded name (`access%5Ftoken=`) is still the parameter.
            let rawName = pair[..<equals]
            if rawName.contains("%"),
                let kind = rules.parameters[Text.decoded(Array(rawName.utf8)[...], plusIsSpace: false)]
            {
                learn(value, kind: kind)
            }
            guard value != raw else { continue }
            if value.contains("=") || Text.looksLikeJSON(Array(value.utf8)) {
                learnText(value, plusIsSpace: false, depth: depth + 1)
            }
        }
    }

    /// Learns every token-shaped value in `text` (the core's `TokenShape`, the scanner's shapes), decoded
    /// when it is written percent-encoded or JSON-escaped, so what the scanner would flag gets a
    /// placeholder instead of making `record` refuse the entry.
    private func learnTokenShapes(in text: String) {
        for (value, shape) in TokenShape.matches(in: text) {
            var secret = value.replacingOccurrences(of: "\\u0025", with: "%")
                .replacingOccurrences(of: "\\u007C", with: "|").replacingOccurrences(of: "\\u007c", with: "|")
            while secret.contains("%"), let decoded = secret.removingPercentEncoding, decoded != secret {
                secret = decoded
            }
            learn(secret, kind: RedactionRules.Kind(rawValue: shape.placeholderKind) ?? .token)
        }
    }

    /// Every value of a rule parameter in `bytes` (`name=value`, a JSON member, escaped or not): its
    /// span, as the core's one finder (`SecretSpanFinder`) reads it for the scanner too, and its kind.
    private func parameterSites(in bytes: [UInt8]) -> [(span: SecretSpan, kind: RedactionRules.Kind)] {
        finder.spans(in: bytes).compactMap { span in rules.parameters[span.name].map { (span, $0) } }
    }

    // MARK: Rewriting (lock held)

    /// The request with every learned secret replaced.
    private func rewrite(_ request: HARRequest) -> HARRequest {
        var result = request
        result.url = rewriteText(request.url, plusIsSpace: false)
        // Names are text too: a secret can stand where a name is (`?SECRET&…`, found by FuzzRedactor).
        result.queryString = request.queryString.map { item in
            if rules.parameters[item.name] != nil, let placeholder = placeholders[item.value] {
                return HARNameValue(name: item.name, value: placeholder)
            }
            return HARNameValue(
                name: rewriteText(item.name, plusIsSpace: false), value: rewriteText(item.value, plusIsSpace: false))
        }
        result.headers = request.headers.map(rewriteHeaderField)
        if let postData = request.postData {
            let redacted = rewrite(postData)
            if redacted != postData {
                result.postData = redacted
                result.bodySize = redacted.body.count
            }
        }
        return result
    }

    /// The response with every learned secret replaced; binary bodies are left alone.
    private func rewrite(_ response: HARResponse) -> HARResponse {
        var result = response
        result.headers = response.headers.map(rewriteHeaderField)
        result.redirectURL = rewriteText(response.redirectURL, plusIsSpace: false)
        guard let text = Text.utf8Text(of: response.content) else {
            // Not UTF-8: redacted byte for byte, kept as base64; a body without secrets is untouched.
            guard response.content.text != nil,
                let redacted = rewriteBytes(Array(response.content.body), plusIsSpace: true)
            else { return result }
            result.content.text = Data(redacted).base64EncodedString()
            result.content.encoding = "base64"
            result.content.size = redacted.count
            return result
        }
        let redacted = rewriteText(text, plusIsSpace: true)
        guard redacted != text else { return result }
        let bytes = Data(redacted.utf8)
        result.content.text = Text.isBase64(response.content.encoding) ? bytes.base64EncodedString() : redacted
        result.content.size = bytes.count
        return result
    }

    /// The body with its multipart parts and its text redacted, in its original encoding.
    private func rewrite(_ postData: HARPostData) -> HARPostData {
        let original = Array(postData.body)
        var bytes = original
        let parts = Self.multipartTextParts(of: bytes, mediaType: postData.mimeType)
        if let parts {
            bytes = rewriteMultipart(bytes, textParts: parts)
        }
        if let text = Text.utf8Text(of: bytes[...]) {
            bytes = Array(rewriteText(text, plusIsSpace: true).utf8)
        } else if parts == nil {
            // Not UTF-8: redacted byte for byte; every other byte is kept.
            bytes = rewriteBytes(bytes, plusIsSpace: true) ?? bytes
        }
        guard bytes != original else { return postData }
        var result = postData
        result.text =
            Text.isBase64(postData.encoding)
            ? Data(bytes).base64EncodedString() : String(decoding: bytes, as: UTF8.self)
        return result
    }

    /// A multipart body with each non-file part redacted: a rule-named part's whole content
    /// becomes its placeholder, any other text part is redacted as text; file parts are untouched.
    private func rewriteMultipart(_ bytes: [UInt8], textParts: [MultipartBody.Part]) -> [UInt8] {
        var result = bytes
        for part in textParts.reversed() {
            guard let content = Text.utf8Text(of: bytes[part.contentRange]) else { continue }
            let redacted: String
            if let name = part.name, rules.parameters[name] != nil, let placeholder = placeholders[content] {
                redacted = placeholder
            } else {
                redacted = rewriteText(content, plusIsSpace: false)
            }
            if redacted != content { result.replaceSubrange(part.contentRange, with: Array(redacted.utf8)) }
        }
        return result
    }

    /// A header with its credential or cookie values replaced, or its text redacted.
    private func rewriteHeaderField(_ header: HARNameValue) -> HARNameValue {
        guard let kind = rules.headers[header.name.lowercased()] else {
            return HARNameValue(
                name: rewriteText(header.name, plusIsSpace: false), value: rewriteText(header.value, plusIsSpace: false)
            )
        }
        let value = Credentials.map(headerNamed: header.name, value: header.value, kind: kind) { secret in
            placeholders[secret] ?? rewriteText(secret, plusIsSpace: false)
        }
        return HARNameValue(name: header.name, value: value)
    }

    /// `text` with every learned secret replaced: first as free text (four characters or more, in
    /// all its encodings), then at the rule sites (`name=value`, JSON `"name": "value"`), which
    /// also catches short values.
    private func rewriteText(_ text: String, plusIsSpace: Bool) -> String {
        guard !text.isEmpty, let bytes = rewriteBytes(Array(text.utf8), plusIsSpace: plusIsSpace) else { return text }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `bytes` with every learned secret replaced (see ``rewriteText(_:plusIsSpace:)``), or nil when
    /// nothing changed. Works on any bytes, UTF-8 or not.
    private func rewriteBytes(_ original: [UInt8], plusIsSpace: Bool) -> [UInt8]? {
        var bytes = original
        var changed = false
        if let replaced = table.rewrite(bytes, resolve: { assign($0, kind: .secret) }) {
            bytes = replaced
            changed = true
        }
        // From the last value back, skipping one that holds a value already replaced.
        var lastStart = Int.max
        let sites = parameterSites(in: bytes).sorted { $0.span.value.lowerBound > $1.span.value.lowerBound }
        for site in sites where !site.span.value.isEmpty && site.span.value.upperBound <= lastStart {
            let value = site.span.decodedValue(in: bytes, plusIsSpace: plusIsSpace)
            guard let placeholder = placeholders[value] else { continue }
            bytes.replaceSubrange(site.span.value, with: Array(placeholder.utf8))
            lastStart = site.span.value.lowerBound
            changed = true
        }
        if Text.looksLikeJSON(bytes), let replaced = rewriteJSONSites(bytes) {
            bytes = replaced
            changed = true
        }
        return changed ? bytes : nil
    }

    /// JSON text with the string values of rule keys (and of `{"name", "value"}` pairs naming a
    /// rule) replaced by their placeholders; `nil` when nothing changed.
    private func rewriteJSONSites(_ bytes: [UInt8]) -> [UInt8]? {
        var edits: [Range<Int>: String] = [:]
        /// Records the edit for a string `value` at `range` that belongs to `name`, if it is a secret.
        func consider(name: String, value: String, range: Range<Int>) {
            if rules.parameters[name] != nil, let placeholder = placeholders[value] {
                edits[range] = placeholder
            } else if let kind = rules.headers[name.lowercased()] {
                let mapped = Credentials.map(headerNamed: name, value: value, kind: kind) {
                    placeholders[$0] ?? $0
                }
                if mapped != value { edits[range] = JSONString.escape(mapped) }
            }
        }
        JSONStrings.scan(bytes) { key, value, range in
            if let key { consider(name: key, value: value, range: range) }
        } object: { members in
            guard let name = members["name"]?.value, let value = members["value"] else { return }
            consider(name: name, value: value.value, range: value.range)
        }
        guard !edits.isEmpty else { return nil }
        var result = bytes
        for (range, replacement) in edits.sorted(by: { $0.key.lowerBound > $1.key.lowerBound }) {
            result.replaceSubrange(range, with: Array(replacement.utf8))
        }
        return result
    }
}
