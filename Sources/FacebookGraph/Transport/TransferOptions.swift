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
    /// Host-to-address pins in libcurl's `CURLOPT_RESOLVE` form (`host:port:address`, several
    /// addresses separated by commas; a leading `+` is ignored), so a test can point a real-looking
    /// name at a loopback server. A pin applies to its own request only: the engine hands it to
    /// libcurl as `CURLOPT_CONNECT_TO`, which neither enters the shared DNS cache nor lets another
    /// request reuse the pinned connection. The secret policy judges the pinned addresses as well as the
    /// name: a credential over plain http needs both to be loopback (see ``pinnedAddresses(host:port:)``).
    package var resolve: [String] = []
    /// A plain-http proxy for this request (`http://127.0.0.1:PORT`), used instead of any the
    /// environment names: libcurl then sends an `http` URL in absolute form (`GET http://host/path`),
    /// as to `fbgraph replay serve` in its proxy mode. A request that must not go through a proxy (a
    /// loopback target, a credential over plain http) still goes direct.
    package var proxy: String?

    /// The defaults.
    package init() {}

    /// The addresses `host:port` is pinned to by ``resolve`` (brackets removed), or nil when it is
    /// not pinned. The first entry naming the host and port wins, as in libcurl.
    package func pinnedAddresses(host: String, port: Int) -> [String]? {
        for entry in resolve {
            guard let pin = Self.pin(entry), pin.host == host.lowercased(), pin.port == port else { continue }
            return pin.addresses
        }
        return nil
    }

    /// The ``resolve`` pins as `CURLOPT_CONNECT_TO` entries (`host:port:address:port`, the first
    /// address of each); entries that are not pins (a `-host:port` removal, a malformed one) are left out.
    var connectToEntries: [String] {
        resolve.compactMap { entry in
            guard let pin = Self.pin(entry), let address = pin.addresses.first else { return nil }
            let written = address.contains(":") ? "[\(address)]" : address
            return "\(pin.host):\(pin.port):\(written):\(pin.port)"
        }
    }

    /// One `[+]host:port:address[,address…]` entry, split; nil when it is not one.
    private static func pin(_ entry: String) -> (host: String, port: Int, addresses: [String])? {
        let text = entry.hasPrefix("+") ? entry.dropFirst() : Substring(entry)
        guard let firstColon = text.firstIndex(of: ":"),
            let secondColon = text[text.index(after: firstColon)...].firstIndex(of: ":"),
            let port = Int(text[text.index(after: firstColon)..<secondColon]), (1...65535).contains(port)
        else { return nil }
        let host = text[..<firstColon].lowercased()
        let addresses = text[text.index(after: secondColon)...].split(separator: ",").map {
            $0.trimmingCharacters(in: CharacterSet(charactersIn: "[] "))
        }.filter { !$0.isEmpty }
        guard !host.isEmpty, !addresses.isEmpty else { return nil }
        return (host, port, addresses)
    }

    var connectTimeoutMilliseconds: Int { Self.milliseconds(connectTimeout) }
    var totalTimeoutMilliseconds: Int { Self.milliseconds(totalTimeout) }

    /// The longest timeout handed to libcurl: about 24.8 days, the most a 32-bit `long` of
    /// milliseconds holds. A longer `Duration` (`.seconds(Int64.max)`) means "no practical limit",
    /// not an overflow trap.
    static let maximumTimeoutMilliseconds = Int(Int32.max)

    private static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0 else { return 1 }
        guard seconds < Int64(maximumTimeoutMilliseconds / 1000) else { return maximumTimeoutMilliseconds }
        return max(1, Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000))
    }
}
