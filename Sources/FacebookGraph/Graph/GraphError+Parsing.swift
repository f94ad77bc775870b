import Foundation

extension GraphError {
    /// The error a response reports, or nil when it is a success.
    ///
    /// Every shape of graph-wire-facts §A.0.4 is read: the Graph `error` object (with a code only in
    /// its message, `(#341) …`, when `code` is absent), the OAuth drafts' string `error` with
    /// `error_description`, legacy REST `error_code`/`error_msg`, the old OAuth endpoint's
    /// `error_type`/`error_message`, `debug_token`'s nested `data.error` (with `subcode`), a bare
    /// `false`, a success whose body says "Service Unavailable", and any non-2xx response without an
    /// error object (an HTML 5xx page, an empty body).
    ///
    /// - Parameters:
    ///   - status: The HTTP status.
    ///   - headers: The response's header fields (for `x-fb-trace-id` and the wait hints).
    ///   - body: The raw body.
    ///   - json: The body already parsed, when the caller has it (`nil` parses it here).
    package static func parse(
        status: Int,
        headers: HTTPHeaders = [:],
        body: Data,
        json: Any?? = nil
    ) -> GraphError? {
        // Most answers are a 2xx JSON object with no error key: say so from the bytes, without
        // parsing the body a second time (the caller decodes it anyway).
        if json == nil, (200..<300).contains(status), isPlainSuccessObject(body) { return nil }
        let object: Any? = json ?? (try? GraphJSON.parse(body))
        let fields = headers.fields.map { (name: $0.name, value: $0.value) }
        var error: GraphError?
        if let dictionary = object as? [String: Any] {
            error = fromDictionary(dictionary, status: status, body: body, headerFields: fields)
        } else if (200..<300).contains(status) {
            if let flag = object as? Bool, flag == false, isBareFalse(body) {
                error = GraphError(
                    shape: .falseBody,
                    message: "the server answered false",
                    httpStatus: status,
                    body: body,
                    headerFields: fields
                )
            } else if object == nil, let text = String(data: body.prefix(4096), encoding: .utf8),
                text.range(of: "Service Unavailable", options: .caseInsensitive) != nil
            {
                error = GraphError(
                    shape: .serviceUnavailable,
                    message: "the server answered \"Service Unavailable\"",
                    httpStatus: status,
                    body: body,
                    headerFields: fields
                )
            }
        }
        if error == nil, !(200..<300).contains(status) {
            error = GraphError(
                shape: .httpStatus,
                message: statusMessage(status: status, body: body),
                httpStatus: status,
                body: body,
                headerFields: fields
            )
        }
        guard var error else { return nil }
        // A server may echo the request in its texts ("… for /me?access_token=…"): the texts that end
        // up in logs and descriptions lose every secret value (the raw `body` stays as received).
        error.message = SecretPolicy.redactSecrets(in: error.message)
        error.userTitle = error.userTitle.map(SecretPolicy.redactSecrets(in:))
        error.userMessage = error.userMessage.map(SecretPolicy.redactSecrets(in:))
        if error.fbtraceID == nil { error.fbtraceID = headers["x-fb-trace-id"] }
        error.retryAfter = GraphUsage(headers: headers).retryAfter
        return error
    }

    private static func fromDictionary(
        _ dictionary: [String: Any],
        status: Int,
        body: Data,
        headerFields: [(name: String, value: String)]
    ) -> GraphError? {
        func make(_ shape: Shape, _ fields: [String: Any], code: Int?, subcode: Int?, type: String?, message: String)
            -> GraphError
        {
            var error = GraphError(
                shape: shape,
                code: code ?? codeInMessage(message),
                subcode: subcode,
                type: type,
                message: message,
                isTransient: fields["is_transient"] as? Bool,
                httpStatus: status,
                body: body,
                headerFields: headerFields
            )
            error.userTitle = fields["error_user_title"] as? String
            error.userMessage = fields["error_user_msg"] as? String
            error.fbtraceID = fields["fbtrace_id"] as? String
            return error
        }
        // An error object (`{"message", "type", "code", …}`): the Graph shape's, and debug_token's
        // inside `data`, which names the subcode `subcode` first (graph-wire-facts, error shape 5).
        func errorObject(_ shape: Shape, _ inner: [String: Any], subcodeKeys: (String, String)) -> GraphError {
            make(
                shape,
                inner,
                code: integer(inner["code"]),
                subcode: integer(inner[subcodeKeys.0] ?? inner[subcodeKeys.1]),
                type: inner["type"] as? String,
                message: inner["message"] as? String ?? ""
            )
        }
        if let inner = dictionary["error"] as? [String: Any] {
            return errorObject(.graph, inner, subcodeKeys: ("error_subcode", "subcode"))
        }
        if let value = dictionary["error"] {
            // Any other `error` value — the OAuth drafts' string (`invalid_request`), or something odd —
            // still says the call failed (the v2 SDK failed on any `error` key).
            let name = value as? String ?? (value is NSNull ? "" : "\(value)")
            let description = dictionary["error_description"] as? String
            return make(
                .oauthDraft,
                dictionary,
                code: integer(dictionary["error_code"] ?? dictionary["code"]),
                subcode: nil,
                type: name.isEmpty ? nil : name,
                message: description ?? (name.isEmpty ? "error" : name)
            )
        }
        if dictionary["error_code"] != nil || dictionary["error_msg"] != nil || dictionary["error_reason"] != nil {
            let message =
                (dictionary["error_msg"] ?? dictionary["error_description"] ?? dictionary["error_reason"]
                ?? dictionary["error_message"]) as? String ?? ""
            return make(
                .rest,
                dictionary,
                code: integer(dictionary["error_code"]),
                subcode: integer(dictionary["error_subcode"]),
                type: nil,
                message: message
            )
        }
        if let type = dictionary["error_type"] as? String {
            return make(
                .errorType,
                dictionary,
                code: integer(dictionary["code"]),
                subcode: nil,
                type: type,
                message: dictionary["error_message"] as? String ?? ""
            )
        }
        if let data = dictionary["data"] as? [String: Any], let inner = data["error"] as? [String: Any],
            data["is_valid"] as? Bool != true
        {
            return errorObject(.debugToken, inner, subcodeKeys: ("subcode", "error_subcode"))
        }
        return nil
    }

    /// An integer given as a JSON number (integral) or a string of digits.
    package static func integer(_ value: Any?) -> Int? {
        switch value {
        case let number as NSNumber:
            let double = number.doubleValue
            guard double.isFinite, double.rounded() == double, abs(double) < 1e15 else { return nil }
            return Int(double)
        case let text as String:
            return Int(text.trimmingCharacters(in: .whitespaces))
        default:
            return nil
        }
    }

    /// The `N` of a message that starts `(#N)`.
    package static func codeInMessage(_ message: String) -> Int? {
        guard message.hasPrefix("(#"), let close = message.firstIndex(of: ")") else { return nil }
        return Int(message[message.index(message.startIndex, offsetBy: 2)..<close])
    }

    /// Whether a top-level member named `name` (its UTF-8) can make ``parse(status:headers:body:json:)``
    /// read a JSON object as an error: every error member's name holds `error` (`error`, `error_code`,
    /// `error_msg`, `error_reason`, `error_type`; ``isPlainSuccessObject(_:)`` relies on it too), and
    /// `data` can hold `debug_token`'s. A reader that sees every top-level name as it reads (the legacy
    /// layer's) and finds none of these knows the classifier's answer for the object without it: a
    /// success when the status is 2xx, the status's own error otherwise.
    package static func mayReportError(memberName name: UnsafeBufferPointer<UInt8>) -> Bool {
        // Every member name of every object reaches here: compared with memcmp, not element by element.
        let data: StaticString = "data"
        if name.count == data.utf8CodeUnitCount, let base = name.baseAddress,
            memcmp(base, data.utf8Start, name.count) == 0
        {
            return true
        }
        return ByteSearch.contains("error", in: name)
    }

    /// True when `body` starts as a JSON object (`{` after white space) and none of the error shapes
    /// can be in it: no `error` in its bytes (every error key holds it: `error`, `error_code`,
    /// `error_msg`, `error_reason`, `error_type`, `data.error`), no `\u` escape (which could spell
    /// one), and no "Service Unavailable" (the answer of a broken proxy, when it is not JSON after all).
    /// Such a body parses to a dictionary without an error, or to nothing with no error text: in
    /// both cases a 2xx is a success, as the full reading would find.
    static func isPlainSuccessObject(_ body: Data) -> Bool {
        body.withUnsafeBytes { raw -> Bool in
            let bytes = raw.bindMemory(to: UInt8.self)
            let count = bytes.count
            var index = 0
            while index < count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
            guard index < count, bytes[index] == UInt8(ascii: "{") else { return false }
            // Each stop found with memchr (vectorised) for a byte of it, not by a Swift loop over
            // every byte: the body of every 2xx answer is scanned. "service unavailable" is found by
            // the `v` of "service" (rare in JSON), in either case.
            if ByteSearch.contains("error", in: bytes) || ByteSearch.contains("\\u", in: bytes) { return false }
            return !containsServiceUnavailable(anchor: UInt8(ascii: "v"), in: bytes)
                && !containsServiceUnavailable(anchor: UInt8(ascii: "V"), in: bytes)
        }
    }

    /// True when "service unavailable", in any case, starts three bytes before an occurrence of
    /// `anchor` (`v` or `V`, the `v` of "service") in `bytes`.
    private static func containsServiceUnavailable(anchor: UInt8, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let word: StaticString = "service unavailable"
        let length = word.utf8CodeUnitCount
        let count = bytes.count
        var index = 3
        while index + length - 3 <= count {
            guard let found = ByteSearch.firstIndex(of: anchor, in: bytes, from: index, to: count) else { return false }
            let start = found - 3
            guard start + length <= count else { return false }
            var offset = 0
            while offset < length {
                let byte = bytes[start + offset]
                if (byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) != word.utf8Start[offset] { break }
                offset += 1
            }
            if offset == length { return true }
            index = start + 4
        }
        return false
    }

    /// True when `body` is the JSON literal `false`, alone (white space allowed).
    private static func isBareFalse(_ body: Data) -> Bool {
        String(data: body, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines) == "false"
    }

    /// A message for a failed status without an error object: the page's `<title>` or the start of
    /// its text.
    private static func statusMessage(status: Int, body: Data) -> String {
        let text = String(decoding: body.prefix(2048), as: UTF8.self)
        if let open = text.range(of: "<title>", options: .caseInsensitive),
            let close = text.range(of: "</title>", options: .caseInsensitive, range: open.upperBound..<text.endIndex)
        {
            let title = text[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
            if !title.isEmpty { return title }
        }
        let excerpt = text.split(whereSeparator: \.isWhitespace).joined(separator: " ").prefix(200)
        return excerpt.isEmpty ? "(empty body)" : String(excerpt)
    }
}
