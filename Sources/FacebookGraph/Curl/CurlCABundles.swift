import Foundation

/// The CA bundles of the configurations that trust an extra CA (``TransferOptions/additionalCAFile``):
/// the system bundle plus that file, made once per file. Engine thread only.
final class CurlCABundles {
    private var bundles: [String: Result<String, TransportError>] = [:]
    /// The private directory the CA bundles are written to, made on first use.
    private var directory: String?

    /// Removes what was written (the engine's shutdown).
    func removeAll() {
        if let directory { try? FileManager.default.removeItem(atPath: directory) }
        directory = nil
        bundles = [:]
    }

    /// A file holding the system CA bundle plus `path`, written once per path into a private
    /// temporary directory. A file (not a blob) lets libcurl cache the parsed CA store across
    /// connections; a blob was copied into, and compared on, every transfer.
    func bundleFile(adding path: String, url: String) -> Result<String, TransportError> {
        if let cached = bundles[path] { return cached }
        let result: Result<String, TransportError>
        if let extra = FileManager.default.contents(atPath: path) {
            var bundle = Data()
            if let system = Self.systemCABundlePath().flatMap({ FileManager.default.contents(atPath: $0) }) {
                bundle.append(system)
                bundle.append(UInt8(ascii: "\n"))
            }
            bundle.append(extra)
            do {
                let directory = try privateDirectory()
                let file = URL(fileURLWithPath: directory).appendingPathComponent("bundle-\(bundles.count).pem")
                try bundle.write(to: file, options: .atomic)
                result = .success(file.path)
            } catch {
                result = .failure(
                    TransportError(.tlsHandshakeFailed, message: "cannot write the CA bundle: \(error)", url: url))
            }
        } else {
            result = .failure(TransportError(.tlsHandshakeFailed, message: "cannot read CA file \(path)", url: url))
        }
        bundles[path] = result
        return result
    }

    /// This engine's own directory for CA bundles: made by `mkdtemp` (a fresh random name, mode 0700),
    /// so no other local user can pre-create it or read or replace what is written there.
    private func privateDirectory() throws -> String {
        if let directory { return directory }
        var template = Array(
            FileManager.default.temporaryDirectory.appendingPathComponent("FacebookSDKShim-ca-XXXXXX").path.utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }
        guard let made else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: String(cString: strerror(errno))])
        }
        let path = String(cString: made)
        directory = path
        return path
    }

    private static func systemCABundlePath() -> String? {
        let candidates = [
            "/etc/ssl/certs/ca-certificates.crt", "/etc/pki/tls/certs/ca-bundle.crt", "/etc/ssl/cert.pem",
        ]
        return candidates.first { FileManager.default.fileExists(atPath: $0) }
    }
}
