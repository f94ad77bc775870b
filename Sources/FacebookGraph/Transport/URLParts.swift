/// The one URL splitter: a URL's scheme, user info, host, port, path, query and fragment, read from
/// its bytes in one pass, each case decided once for every caller — the transport's checks
/// (``PreparedRequest``), the rule for following a response's link (``GraphLink``) and the contract
/// kit's request matching.
///
/// The split itself never fails: a relative reference (`/me`, `me/friends?limit=5`) has no scheme
/// and no authority, and anything odd is split where its delimiters are. ``origin()`` is the strict
/// reading of an absolute `http`/`https` URL, and says why a URL is not one.
///
/// | Case | Decision |
/// |---|---|
/// | scheme | `scheme://` starts an authority (`ALPHA *(ALPHA / DIGIT / "+" / "-" / ".")`); lower-cased; an origin needs `http` or `https` |
/// | host case | lower-cased (DNS names and IP literals compare without case) |
/// | trailing dot (`a.example.`) | kept: another name than `a.example` to TLS, cookies and the link rule |
/// | IPv6 literal | brackets kept (`[::1]`, as a `Host` header spells it), the port read after `]`; only hex digits, `:` and `.` inside; a missing `]` is refused by ``origin()`` |
/// | port | 1–5 decimal digits, 1…65535 (leading zeros allowed, `080` is 80); anything else, an empty port (`h:`) included, is refused by ``origin()``; absent: the scheme's default |
/// | user info (`user:pass@`) | split off at the authority's last `@` and never part of the host; ``hasUserInfo`` says it was there (the transport marks the request secret-bearing, the link rule refuses it, matching ignores it) |
/// | percent-encoding | nothing is decoded here: path and query are the bytes as written; a `%` in the host is refused by ``origin()`` (parsers disagree on decoding it: `URLComponents` reads `%31%32%37.0.0.1` as `127.0.0.1`) |
/// | host bytes | a registered name's RFC 3986 characters (letters, digits, `-._~!$&'()*+,;=`); a non-ASCII byte or anything else in the host is refused by ``origin()`` (IDNs are given in their `xn--` form) |
/// | backslash | in the authority, refused by ``origin()`` (`http://a\@b/`: WHATWG parsers read `\` as `/` and go to `a`, libcurl and `URLComponents` to `b`); in the path or query, sent as written (the link rule refuses it anywhere) |
/// | space, control character, DEL | anywhere in the URL: refused by ``origin()`` (libcurl refuses them too); other bytes of the path and query (non-ASCII, `[`, a malformed `%`) are sent as written |
/// | fragment | split off at the first `#` and never sent or matched |
package struct URLParts: Sendable {
    /// An origin: lower-cased scheme and host, and the port (the scheme's default when not given).
    package struct Origin: Hashable, Sendable {
        /// `http` or `https`.
        package var scheme: String
        /// The host, lower-cased, brackets of an IPv6 literal kept.
        package var host: String
        /// The port.
        package var port: Int

        /// `scheme://host`, with `:port` when it is not the scheme's default.
        package var text: String {
            let defaultPort = scheme == "https" ? 443 : 80
            return port == defaultPort ? "\(scheme)://\(host)" : "\(scheme)://\(host):\(port)"
        }
    }

    /// Why a URL is not an absolute `http` or `https` URL with a host: the words after "it", and the
    /// host as written when there is one.
    package struct Refusal: Error, Sendable {
        /// The reason, e.g. `its port is not a number from 1 to 65535`.
        package var reason: String
        /// The authority after any user info, as written, when the URL has one.
        package var host: String?
    }

    /// The URL as given.
    package let url: String
    /// The scheme, lower-cased; nil for a relative reference.
    package let scheme: String?
    /// The host, lower-cased, without user info or port, brackets and a trailing dot kept; "" when
    /// there is no authority.
    package let host: String
    /// True when the authority names user info (`user:password@`).
    package let hasUserInfo: Bool
    /// The explicit port when it is 1–5 digits from 1 to 65535; nil when absent or not valid.
    package let port: Int?

    private let authorityStart: String.Index?
    private let hostStart: String.Index
    private let authorityEnd: String.Index
    private let pathEnd: String.Index
    private let queryStart: String.Index?
    private let fragmentStart: String.Index
    private let problem: Refusal?

    /// Splits `url`.
    package init(_ url: String) {
        var url = url
        url.makeContiguousUTF8()
        self.url = url
        // Contiguous after makeContiguousUTF8, so the closure always runs.
        let offsets =
            url.utf8.withContiguousStorageIfAvailable(Offsets.init(bytes:))
            ?? Offsets(bytes: UnsafeBufferPointer(start: nil, count: 0))
        let view = url.utf8
        func index(_ offset: Int) -> String.Index { view.index(view.startIndex, offsetBy: offset) }
        scheme = offsets.schemeEnd.map { offsets.lowerCaseWebScheme ?? url[..<index($0)].lowercased() }
        authorityStart = offsets.schemeEnd.map { index($0 + 3) }
        let hostStart = index(offsets.hostStart)
        let authorityEnd = index(offsets.authorityEnd)
        self.hostStart = hostStart
        self.authorityEnd = authorityEnd
        pathEnd = index(offsets.pathEnd)
        queryStart = offsets.queryStart.map(index)
        fragmentStart = index(offsets.fragmentStart)
        host = offsets.host
        hasUserInfo = offsets.hasUserInfo
        port = offsets.port
        let written = offsets.schemeEnd == nil ? nil : String(url[hostStart..<authorityEnd])
        problem = offsets.problem.map { Refusal(reason: $0, host: written) }
    }

    /// `scheme://authority` as written; "" for a relative reference.
    package var prefix: Substring { url[..<authorityEnd] }

    /// The authority after any user info (`host:port`), as written.
    package var hostAndPort: Substring { url[hostStart..<authorityEnd] }

    /// The path and query as written, without the fragment (may be empty).
    package var pathAndQuery: Substring { url[authorityEnd..<fragmentStart] }

    /// The path as written (may be empty).
    package var path: [UInt8] { Array(url.utf8[authorityEnd..<pathEnd]) }

    /// The query as written (percent-encoded), after `?`; nil when there is no `?`.
    package var query: [UInt8]? { queryStart.map { Array(url.utf8[$0..<fragmentStart]) } }

    /// The origin of an absolute `http` or `https` URL with a valid host and port.
    ///
    /// - Throws: ``Refusal`` saying which decision of the table the URL breaks.
    package func origin() throws(Refusal) -> Origin {
        guard let scheme, authorityStart != nil else { throw Refusal(reason: "it is not an absolute URL") }
        guard scheme == "http" || scheme == "https" else {
            throw Refusal(reason: "its scheme is not http or https")
        }
        if let problem { throw problem }
        return Origin(scheme: scheme, host: host, port: port ?? (scheme == "https" ? 443 : 80))
    }
}
