import CCurl
import CFacebookCurlShim

/// Process-wide libcurl state: `curl_global_init` exactly once, before the first handle exists.
enum CurlGlobal {
    /// The result of the one `curl_global_init` call (`CURLE_OK` when libcurl is usable).
    static let initResult: CURLcode = curl_global_init(fbs_global_default())

    /// libcurl's version text, e.g. `libcurl/7.88.1 OpenSSL/3.0.19 zlib/1.2.13 nghttp2/1.52.0`.
    static let versionText: String = String(cString: curl_version())

    /// The `User-Agent` sent when a request names none: the package and its version only. The
    /// libcurl version is not the server's business (it would be fingerprinting data), and libcurl
    /// prints header lines into the request at ~85 instructions a byte.
    static let defaultUserAgent: String = "FacebookSDKShim/\(PackageVersion.current)"

    /// Every content encoding this libcurl decodes, as an `Accept-Encoding` value.
    static let supportedEncodings: String = String(cString: fbs_supported_encodings())

    /// Makes sure libcurl is initialised; returns false when it could not be.
    static func ensureInitialized() -> Bool {
        initResult == CURLE_OK
    }
}
