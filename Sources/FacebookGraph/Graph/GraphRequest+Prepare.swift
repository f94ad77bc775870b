import Foundation

extension GraphRequest {
    /// The one place a Graph request becomes bytes: the URL (base, version, path or REST method), the
    /// token, `appsecret_proof`, and the parameters in the query or the body.
    ///
    /// - Parameters:
    ///   - configuration: Base URLs, version, credentials and timeouts.
    ///   - now: The Unix time for a time-bound proof.
    ///   - options: Transfer options to use instead of the configuration's timeouts.
    /// - Throws: ``GraphError`` of category ``GraphErrorCategory/invalidRequest`` for a malformed
    ///   version or an attachment media type with a control character, or ``GraphErrorCategory/transport`` when the URL is invalid or a credential would
    ///   travel over plain http off the machine.
    package func prepare(
        configuration: GraphConfiguration,
        now: Int? = nil,
        options: TransferOptions? = nil
    ) throws(GraphError) -> PreparedRequest {
        // A media type is written into a part header as it is: a line break there would start a
        // header (or a part) of the caller's making.
        if let attachment = attachments.first(where: { !MultipartForm.isValidMediaType($0.contentType) }) {
            throw GraphError(
                shape: .httpStatus,
                message:
                    "invalid media type for attachment \"\(attachment.name)\": it holds a line break or another control character",
                httpStatus: nil,
                category: .invalidRequest
            )
        }
        var url: String
        var pairs = parameters
        switch endpoint {
        case .graph(let path):
            let version = try Self.checked(version: self.version ?? configuration.version)
            url = Self.join(base: Self.base(for: path, method: method, configuration), version: version, path: path)
        case .rest(let name):
            url = Self.join(base: configuration.restBaseURL, version: nil, path: "method/" + name)
        case .absolute(let absolute) where encoding == .legacyV2:
            // The v2 SDK sent its URL as the caller built it.
            url = absolute
        case .absolute(let absolute), .link(let absolute):
            var target = absolute
            if case .link(let link) = endpoint {
                target = try GraphLink.target(of: link, graphBaseURL: configuration.graphBaseURL)
            }
            // A link echoes the caller's credentials; the client applies its own (`SecretRole`).
            let (stripped, echoed) = SecretDefinition.roles.removingClientCredentials(from: target)
            url = stripped
            // Keep a token the URL carried only when the client has none to put in its place.
            if accessToken == nil, configuration.defaultToken == nil,
                let token = echoed.first(where: { SecretDefinition.roles[$0.name] == .accessToken })
            {
                pairs.append((name: "access_token", value: token.value))
            }
        }

        let carriesToken = addCredentials(to: &pairs, configuration: configuration, inherited: nil, now: now)
        do {
            return try encode(
                url: url, pairs: pairs, options: options ?? configuration.transferOptions, carriesToken: carriesToken)
        } catch {
            throw GraphError(transport: error)
        }
    }

    /// Adds the token and `appsecret_proof` to `pairs`: the request's token, else the
    /// configuration's — unless it is `inherited`, the token the enclosing batch request already
    /// carries — or the `access_token` the parameters already hold; with an app secret, the proof of
    /// the token sent (time-bound when the configuration says so). Returns true when `pairs` then
    /// hold an `access_token`: the request carries a credential, which the prepared request is told
    /// instead of finding it again by scanning the encoded parameters.
    @discardableResult
    private func addCredentials(
        to pairs: inout [(name: String, value: String)],
        configuration: GraphConfiguration,
        inherited: String?,
        now: Int?
    ) -> Bool {
        let token = accessToken ?? configuration.defaultToken
        // A linear look-up: a request has a handful of parameters, and a Set of their names cost
        // more than the whole scan.
        let sentToken: String?
        if let given = pairs.first(where: { $0.name == "access_token" }) {
            sentToken = given.value
        } else if let token, token != inherited {
            pairs.append((name: "access_token", value: token))
            sentToken = token
        } else {
            sentToken = nil
        }
        if usesAppSecretProof, let secret = configuration.appSecret, !secret.isEmpty, let sentToken,
            !pairs.contains(where: { $0.name == "appsecret_proof" })
        {
            let time = configuration.usesTimeBoundAppSecretProof ? (now ?? Int(Date().timeIntervalSince1970)) : nil
            let proof = AppSecretProof(token: sentToken, appSecret: secret, time: time)
            pairs += proof.parameters.map { (name: $0.0, value: $0.1) }
        }
        return sentToken != nil
    }

    /// The request as one item of a Graph batch (graph-wire-facts §A.0.2): `method`, and
    /// `relative_url` joined as a single request's path is (the same `#` escaping; the request's
    /// own version, if it names one), with the query for GET and DELETE or a form `body` for POST.
    /// A token other than the batch's (`batchToken`) travels in the item with its
    /// `appsecret_proof`, time-bound when the configuration says so.
    ///
    /// - Throws: ``GraphError`` of category ``GraphErrorCategory/invalidRequest`` for an absolute
    ///   URL or link, or a malformed version.
    package func batchItem(
        configuration: GraphConfiguration,
        batchToken: String?,
        now: Int? = nil
    ) throws(GraphError) -> [String: Any] {
        let path: String
        switch endpoint {
        case .graph(let graphPath):
            path = Self.relativePath(version: try Self.checked(version: version), path: graphPath)
        case .rest(let name):
            path = Self.relativePath(version: nil, path: "method/" + name)
        case .absolute, .link:
            throw GraphError(
                shape: .httpStatus,
                message: "a batch operation needs a Graph path, not an absolute URL",
                httpStatus: nil,
                category: .invalidRequest
            )
        }
        var pairs = parameters
        addCredentials(to: &pairs, configuration: configuration, inherited: batchToken, now: now)
        let plain = pairs.map { ($0.name, $0.value) }
        var item: [String: Any] = ["method": method.rawValue]
        if method == .post {
            item["relative_url"] = path
            if !plain.isEmpty { item["body"] = FormEncoding.encode(plain) }
        } else {
            item["relative_url"] = FormEncoding.appending(plain, to: path)
        }
        return item
    }

    /// The request with `pairs` encoded as `encoding` says; `carriesToken` marks it secret-bearing
    /// (`pairs` hold an `access_token`, which the credential scan would find in any encoding).
    private func encode(
        url: String,
        pairs: [(name: String, value: String)],
        options: TransferOptions,
        carriesToken: Bool
    ) throws(TransportError) -> PreparedRequest {
        let plain = pairs.map { ($0.name, $0.value) }
        var headers = headers
        switch encoding {
        case .legacyV2:
            guard method == .post else {
                let full = FormEncoding.appending(plain, to: url, escapingKeys: false, alwaysSeparator: true)
                return try PreparedRequest(
                    method: method.rawValue, url: full, headers: headers, options: options,
                    containsSecrets: carriesToken,
                    idempotent: isIdempotent)
            }
            let form = MultipartForm.legacyV2(
                fields: pairs,
                files: attachments.map { (name: $0.name, data: $0.data) }
            )
            headers.replaceOrAdd(name: "Content-Type", value: form.contentType)
            return try PreparedRequest(
                method: "POST", url: url, headers: headers, body: form.body, options: options,
                containsSecrets: carriesToken,
                idempotent: isIdempotent)
        case .standard:
            guard method == .post || !attachments.isEmpty else {
                let full = FormEncoding.appending(plain, to: url)
                return try PreparedRequest(
                    method: method.rawValue, url: full, headers: headers, options: options,
                    containsSecrets: carriesToken,
                    idempotent: isIdempotent)
            }
            if attachments.isEmpty {
                headers.replaceOrAdd(name: "Content-Type", value: "application/x-www-form-urlencoded")
                let body = Data(FormEncoding.encode(plain).utf8)
                return try PreparedRequest(
                    method: method.rawValue, url: url, headers: headers, body: body, options: options,
                    containsSecrets: carriesToken, idempotent: isIdempotent)
            }
            let parts =
                plain.map { MultipartForm.Part.text(name: $0.0, value: $0.1) }
                + attachments.map {
                    MultipartForm.Part.file(
                        name: $0.name, filename: $0.filename, contentType: $0.contentType, data: $0.data)
                }
            let form = MultipartForm(parts: parts)
            headers.replaceOrAdd(name: "Content-Type", value: form.contentType)
            return try PreparedRequest(
                method: method.rawValue, url: url, headers: headers, body: form.body, options: options,
                containsSecrets: carriesToken, idempotent: isIdempotent)
        }
    }

    /// The base URL of a Graph `path`: ``GraphConfiguration/videoBaseURL`` for a video upload (a POST
    /// to a path ending in `videos`) while the Graph base is the real API's, else the Graph base.
    static func base(for path: String, method: GraphHTTPMethod, _ configuration: GraphConfiguration) -> String {
        guard method == .post, let video = configuration.videoBaseURL,
            configuration.graphBaseURL == GraphConfiguration.defaultGraphBaseURL
        else { return configuration.graphBaseURL }
        let withoutQuery = path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let last = withoutQuery.split(separator: "/").last ?? ""
        return last == "videos" ? video : configuration.graphBaseURL
    }

    /// `version` when it is nil or `v<digits>.<digits>`.
    ///
    /// - Throws: ``GraphError`` of category ``GraphErrorCategory/invalidRequest`` naming it otherwise.
    static func checked(version: String?) throws(GraphError) -> String? {
        guard let version, !isValidVersion(version) else { return version }
        throw GraphError(
            shape: .httpStatus,
            message: "invalid API version \"\(version)\": expected v<major>.<minor>, such as v19.0",
            httpStatus: nil,
            category: .invalidRequest
        )
    }

    /// True for `v<digits>.<digits>`.
    static func isValidVersion(_ version: String) -> Bool {
        let parts = version.dropFirst().split(separator: ".", omittingEmptySubsequences: false)
        return version.first == "v" && parts.count == 2
            && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }
    }

    /// `base` + `version/` + `path`, without doubled slashes; a path that already starts with a
    /// version (`/v2.0/me`, koala's `^/?v\d+(\.\d+)?/`) keeps its own. A `#` in the path is sent as
    /// `%23`: as a fragment it would have cut off the query — parameters and token — that follows
    /// (found by FuzzFormEncoding). A space or a control character (U+0000–U+0020, U+007F), which no
    /// URL may hold (`URLParts` refuses it), is percent-encoded too, so any path prepares.
    package static func join(base: String, version: String?, path: String) -> String {
        relativePath(version: version, path: path, after: base.utf8.last == UInt8(ascii: "/") ? base : base + "/")
    }

    /// `prefix` + `version/` + `path` without leading slashes, `#`, spaces and control characters
    /// percent-encoded: what ``join(base:version:path:)`` appends to the base, and a batch item's
    /// `relative_url`.
    static func relativePath(version: String?, path: String, after prefix: String = "") -> String {
        var trimmed = Substring(path)
        while trimmed.first == "/" { trimmed = trimmed.dropFirst() }
        var url = prefix
        if let version, !startsWithVersion(trimmed) { url += version + "/" }
        // Only when there is such a byte: without one the replacement changes nothing, and it is the
        // costliest step of the join.
        guard trimmed.utf8.contains(where: needsEscapeInPath) else { return url + trimmed }
        // By byte (the one percent-encoder): Foundation's `replacingOccurrences` compares characters,
        // and a `#` followed by a combining mark (`#\u{356}`) is another character, so it stayed a
        // fragment (FuzzFormEncoding).
        return url + FormEncoding.escape(String(trimmed), keeping: { !needsEscapeInPath($0) }, lowercaseHex: false)
    }

    /// `#`, a space, a C0 control or DEL: the bytes a caller's path may hold that no URL may carry
    /// as they are (FuzzFormEncoding found a NUL in a path failing the prepare step once `URLParts`
    /// refused control characters).
    private static func needsEscapeInPath(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "#") || byte <= 0x20 || byte == 0x7F
    }

    private static func startsWithVersion(_ path: Substring) -> Bool {
        guard path.first == "v", let slash = path.firstIndex(of: "/") else { return false }
        let parts = path[path.index(after: path.startIndex)..<slash].split(
            separator: ".", omittingEmptySubsequences: false)
        return (1...2).contains(parts.count) && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }
    }

    /// `url` without the query items named in `names`, and the items removed.
    static func removingQueryItems(_ names: Set<String>, from url: String) -> (
        url: String, removed: [(name: String, value: String)]
    ) {
        // By byte, not Character: a `?`, `#`, `&` or `=` followed by a combining mark (or after a
        // prepended one, U+06DD) forms one grapheme that is not the delimiter, and an echoed token
        // behind it was kept.
        let bytes = Array(url.utf8)
        guard let question = bytes.firstIndex(of: UInt8(ascii: "?")) else { return (url, []) }
        let queryEnd = bytes[(question + 1)...].firstIndex(of: UInt8(ascii: "#")) ?? bytes.endIndex
        var kept: [ArraySlice<UInt8>] = []
        var removed: [(name: String, value: String)] = []
        for piece in bytes[(question + 1)..<queryEnd].split(separator: UInt8(ascii: "&")) {
            let rawName = piece.prefix { $0 != UInt8(ascii: "=") }
            if names.contains(FormEncoding.unescape(bytes: rawName)) {
                removed += FormEncoding.decode(bytes: piece)
            } else {
                kept.append(piece)
            }
        }
        var result = Array(bytes[..<question])
        if !kept.isEmpty {
            result.append(UInt8(ascii: "?"))
            result += Array(kept.joined(separator: [UInt8(ascii: "&")]))
        }
        result += bytes[queryEnd...]
        return (String(decoding: result, as: UTF8.self), removed)
    }
}
