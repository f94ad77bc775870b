import CCurl

/// The `curl_slist` header lists the engine hands libcurl (`CURLOPT_HTTPHEADER`): one shared list for
/// requests that name no headers, and a list per request that does, kept on its easy handle for the
/// next request with the same fields. Engine thread only.
enum CurlHeaderList {
    /// This request's header list: its own fields, then the defaults it does not override
    /// (`User-Agent`, `Accept-Encoding`, and no `Accept`).
    ///
    /// `User-Agent` and `Accept-Encoding` travel as list entries rather than through
    /// `CURLOPT_USERAGENT` / the encoding option's own header, which libcurl formats with `aprintf`
    /// on every transfer. Decoding still follows `CURLOPT_ACCEPT_ENCODING`.
    static func apply(to easy: CurlEasyHandle, for request: PreparedRequest) {
        let key = CurlEasyHandle.HeaderListKey(
            headers: request.headers, hasBody: request.body != nil,
            acceptsCompressed: request.options.acceptCompressedResponses)
        // The same fields as this handle's previous request (the legacy layer's User-Agent on every
        // request, a client's fixed headers): its list is still valid, so it is set again as it is.
        if easy.headerListKey != key {
            easy.replaceHeaderList(make(for: request), key: key)
        }
        easy.set(CURLOPT_HTTPHEADER, list: easy.headerList)
    }

    /// Removes libcurl's own `Accept: */*` (a field with nothing after the colon, libcurl's
    /// convention): a request without `Accept` accepts anything (RFC 9110), the Graph API does not
    /// read it, and it cost ~1.3k instructions a request. A caller's own `Accept` is sent instead.
    private static let noAccept = "Accept:"

    /// A new list of `request`'s own fields, then the defaults it does not override.
    private static func make(for request: PreparedRequest) -> UnsafeMutablePointer<curl_slist>? {
        var list: UnsafeMutablePointer<curl_slist>?
        var hasUserAgent = false
        var hasAcceptEncoding = false
        var hasAccept = false
        for field in request.headers {
            switch field.name.lowercased() {
            case "user-agent": hasUserAgent = true
            case "accept-encoding": hasAcceptEncoding = true
            case "accept": hasAccept = true
            default: break
            }
            // "Name;" sends an empty header, "Name:" would remove it (libcurl's convention).
            let line = field.value.isEmpty ? "\(field.name);" : "\(field.name): \(field.value)"
            list = curl_slist_append(list, line)
        }
        if request.body != nil {
            // No "Expect: 100-continue" round trip before bodies.
            list = curl_slist_append(list, "Expect:")
        }
        if !hasUserAgent { list = curl_slist_append(list, "User-Agent: \(CurlGlobal.defaultUserAgent)") }
        if !hasAcceptEncoding, request.options.acceptCompressedResponses {
            list = curl_slist_append(list, "Accept-Encoding: \(CurlGlobal.supportedEncodings)")
        }
        if !hasAccept { list = curl_slist_append(list, noAccept) }
        return list
    }

    /// The header list of requests that name no headers: built once per process, never changed, never freed.
    // Never written after it is built, so sharing the pointer between engines is safe.
    nonisolated(unsafe) static let defaults: UnsafeMutablePointer<curl_slist>? = {
        var list = curl_slist_append(nil, "User-Agent: \(CurlGlobal.defaultUserAgent)")
        list = curl_slist_append(list, "Accept-Encoding: \(CurlGlobal.supportedEncodings)")
        return curl_slist_append(list, noAccept)
    }()
}
