import CFacebookCurlShim
import Foundation

/// Where libcurl finds the certificate authorities an https transfer trusts — written to no file.
///
/// Debian's libcurl has a default CA path (`/etc/ssl/certs`) besides its bundle, and libcurl 7.88
/// caches the parsed CA store of a multi handle only when there is no CA path and no
/// `CURLOPT_CAINFO_BLOB` (`Curl_ssl_setup_x509_store`). With a path, every new TLS connection read
/// and parsed the 214 KB bundle again: about 43 ms of CPU, paid by every POST over https (each gets a
/// connection of its own, "Sent at most once"). So:
///
/// - With no extra CA, transfers name the system bundle file and clear the CA path: libcurl parses
///   the bundle once per multi handle (and again after `CURLOPT_CA_CACHE_TIMEOUT`, 24 h), and a new
///   connection costs about 2 ms. The bundle is the same set of authorities as the hashed folder
///   (`update-ca-certificates` writes both); a certificate only dropped into the folder by hand is no
///   longer trusted. libcurl reads no `SSL_CERT_FILE` or `CURL_CA_BUNDLE` (Debian's is built without
///   OpenSSL's fallback), before or after this.
/// - With an extra CA (``TransferOptions/additionalCAFile``), the system bundle and that file are
///   combined once per file, in memory, into an anonymous in-memory file (`memfd_create`, named in
///   no file system and gone with the process or ``removeAll()``), which transfers name as
///   `/proc/self/fd/N` with the CA path cleared: the same cache applies. Where that is not possible
///   (no `/proc`), the combined bytes go to `CURLOPT_CAINFO_BLOB`, which is correct but re-parsed on
///   every new connection. Nothing is written to the temporary directory either way (it once held a
///   `FacebookSDKShim-ca-*` folder per process, never removed by the shared engine).
///
/// Engine thread only.
final class CurlCABundles {
    /// What an https transfer is told to trust.
    enum Trust {
        /// libcurl's own defaults (no system bundle found where Linux distributions keep it).
        case libcurlDefaults
        /// A bundle libcurl reads by path, with the CA path cleared.
        case file(String)
        /// The bytes of a bundle, for `CURLOPT_CAINFO_BLOB`; `clearsCAPath` when they hold the system bundle.
        case blob([UInt8], clearsCAPath: Bool)
    }

    /// The combined bundle of each extra CA file, made on first use.
    private var bundles: [String: Result<Trust, TransportError>] = [:]
    /// The in-memory files behind ``bundles``, closed by ``removeAll()``.
    private var descriptors: [Int32] = []
    /// The system bundle's path, looked up once.
    private lazy var systemBundlePath: String? = Self.systemBundlePath()

    deinit {
        removeAll()
    }

    /// What a transfer that trusts `extraCAFile` besides the system's (or nothing more, when nil) is told.
    func trust(adding extraCAFile: String?, url: String) -> Result<Trust, TransportError> {
        guard let extraCAFile else { return .success(systemBundlePath.map(Trust.file) ?? .libcurlDefaults) }
        if let made = bundles[extraCAFile] { return made }
        let made = combinedBundle(adding: extraCAFile, url: url)
        bundles[extraCAFile] = made
        return made
    }

    /// Closes the in-memory files (the engine's shutdown).
    func removeAll() {
        for descriptor in descriptors { close(descriptor) }
        descriptors = []
        bundles = [:]
    }

    private func combinedBundle(adding path: String, url: String) -> Result<Trust, TransportError> {
        guard let extra = FileManager.default.contents(atPath: path) else {
            return .failure(TransportError(.tlsHandshakeFailed, message: "cannot read CA file \(path)", url: url))
        }
        var bundle: [UInt8] = []
        let system = systemBundlePath.flatMap { FileManager.default.contents(atPath: $0) }
        if let system {
            bundle.append(contentsOf: system)
            bundle.append(UInt8(ascii: "\n"))
        }
        bundle.append(contentsOf: extra)
        guard system != nil else {
            // Only the extra CA: libcurl's CA path keeps adding what the system trusts.
            return .success(.blob(bundle, clearsCAPath: false))
        }
        if let file = inMemoryFile(holding: bundle) { return .success(.file(file)) }
        return .success(.blob(bundle, clearsCAPath: true))
    }

    /// `bytes` in an anonymous in-memory file, as a path this process can open; nil when it cannot
    /// be made or opened by path.
    private func inMemoryFile(holding bytes: [UInt8]) -> String? {
        let descriptor = fbs_memfd_create("FacebookSDKShim-ca")
        guard descriptor >= 0 else { return nil }
        var written = 0
        let complete = bytes.withUnsafeBytes { buffer -> Bool in
            while written < buffer.count {
                let count = write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                written += count
            }
            return true
        }
        let path = "/proc/self/fd/\(descriptor)"
        guard complete, access(path, R_OK) == 0 else {
            close(descriptor)
            return nil
        }
        descriptors.append(descriptor)
        return path
    }

    private static func systemBundlePath() -> String? {
        let candidates = [
            "/etc/ssl/certs/ca-certificates.crt", "/etc/pki/tls/certs/ca-bundle.crt", "/etc/ssl/cert.pem",
        ]
        return candidates.first { FileManager.default.fileExists(atPath: $0) }
    }
}
