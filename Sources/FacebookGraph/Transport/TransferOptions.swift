import Foundation

/// Per-request transfer settings: timeouts, limits, TLS trust and protocol preferences.
///
/// The defaults follow the legacy SDK where it had one (a 180-second total timeout) and safe
/// practice elsewhere (verification always on, a 64 MiB response cap).
package struct TransferOptions: Sendable, Hashable {
    /// Which HTTP versions the engine may negotiate.
    package enum HTTPVersion: Sendable, Hashable {
        /// HTTP/2 over TLS when the server offers it through ALPN, HTTP/1.1 otherwise (and for `http`).
        case http2OverTLS
        /// HTTP/1.1 only.
        case http1_1
    }

    /// The most time a connection may take to be established, TLS included.
    package var connectTimeout: Duration = .seconds(30)
    /// The most time the whole transfer may take, redirects excluded (each hop has its own).
    package var totalTimeout: Duration = .seconds(180)
    /// The largest response body accepted, after decompression; a larger one fails with
    /// ``TransportError/Code/responseTooLarge``.
    package var maxResponseBytes: Int = 64 << 20
    /// A PEM file of extra certificate authorities trusted besides the system bundle (for tests
    /// against a server with a generated certificate). Verification of peer and host stays on.
    package var additionalCAFile: String?
    /// Follows `Location` redirects of 301, 302, 303, 307 and 308 responses when true.
    package var followRedirects: Bool = true
    /// The most redirects followed for one request.
    package var maxRedirects: Int = 10
    /// The HTTP versions allowed.
    package var httpVersion: HTTPVersion = .http2OverTLS
    /// Asks for and decodes compressed responses (every encoding libcurl was built with).
    package var acceptCompressedResponses: Bool = true
    /// Host-to-address pins in libcurl's `CURLOPT_RESOLVE` form (`host:port:address`), so a test can
    /// point a real-looking name at a loopback server. The secret policy still judges the URL's
    /// own host, not the address it resolves to.
    package var resolve: [String] = []

    /// The defaults.
    package init() {}

    var connectTimeoutMilliseconds: Int { Self.milliseconds(connectTimeout) }
    var totalTimeoutMilliseconds: Int { Self.milliseconds(totalTimeout) }

    private static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return max(1, Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000))
    }
}
