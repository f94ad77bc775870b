/// Where a URL's query may travel in `CURLOPT_REQUEST_TARGET` instead of in the URL libcurl parses.
///
/// libcurl 7.88 spends 200 to 280 instructions a byte on a URL's query on every request: `Curl_http`
/// formats `path?query` with `aprintf` for its authentication step (digest needs the URI) whether or
/// not any authentication is set, and `Curl_http_target` appends `?query` to the request line with a
/// second formatted print, both byte by byte through `alloc_addbyter` (lib/http.c). A Graph request's
/// query holds the access token: 47,400 instructions for a query with a 200-character token (1,800 with
/// the split below), more than the rest of libcurl's request. Given the URL without its query and the
/// request target `path?query` already joined, libcurl copies the target into the request line with one
/// `Curl_dyn_add` and formats nothing (`STRING_TARGET` set makes `Curl_http_target` ignore the query; no
/// query in the URL skips the `aprintf`). The request on the wire is the same to the byte; libcurl's
/// effective URL, which the package never reads, no longer carries the query (and so no token).
///
/// The split is taken only when it cannot change what is sent:
/// - the request target is in origin form: the URL is `https` (through an HTTP proxy libcurl tunnels
///   it with CONNECT, `conn->bits.tunnel_proxy`, lib/url.c) or goes to no proxy at all (loopback, a
///   credential over plain `http`); a plain `http` request through a forward proxy needs the absolute
///   form, which libcurl builds from the URL, so there the query stays in the URL;
/// - the URL has no `#` (a fragment, which libcurl drops, could hold the `?`);
/// - every byte of the query is visible ASCII (`0x21`…`0x7E`): libcurl refuses a URL with a space or a
///   control byte, but sends a request target as it is given, so a CR or LF there would end the line.
///
/// The path that precedes the query is the one libcurl itself would send: read back from the parsed
/// URL with `CURLU_URLENCODE`, as `parseurlandfillconn` (lib/url.c) reads `state.up.path`.
enum CurlRequestTarget {
    /// The offset of the `?` that starts `url`'s query when the query may travel in the request
    /// target (see the type's rules, less the origin-form one, which the caller decides); nil when
    /// the URL has no query or the query must stay in the URL.
    static func queryStart(in url: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let question = ByteSearch.firstIndex(of: UInt8(ascii: "?"), in: url, from: 0, to: url.count),
            ByteSearch.firstIndex(of: UInt8(ascii: "#"), in: url, from: 0, to: url.count) == nil
        else { return nil }
        var index = question + 1
        while index < url.count {
            let byte = url[index]
            guard byte > 0x20, byte < 0x7F else { return nil }
            index += 1
        }
        return question
    }

    /// True when a request to `scheme` whose profile bypasses proxies or not sends an origin-form
    /// request target (`/path?query`), so that ``queryStart(in:)``'s split keeps the request the same.
    static func isOriginForm(scheme: String, bypassesProxy: Bool) -> Bool {
        bypassesProxy || scheme == "https"
    }
}
