import CCrypto
import Foundation

/// `appsecret_proof`: the lowercase hex HMAC-SHA256 of the access token, keyed by the app secret
/// (graph-wire-facts §A.0.6), computed by OpenSSL's libcrypto.
///
/// With ``init(token:appSecret:time:)`` and a time, the restfb/Workplace variant: the message is
/// `token|time` and `appsecret_time` is sent beside the proof.
package struct AppSecretProof: Sendable, Hashable {
    /// The proof, 64 lowercase hex digits.
    package let proof: String
    /// The Unix time the proof is bound to (`appsecret_time`), or nil for the plain proof.
    package let time: Int?

    /// The proof of `token` under `appSecret`, optionally bound to `time` (Unix seconds).
    package init(token: String, appSecret: String, time: Int? = nil) {
        let message = time.map { "\(token)|\($0)" } ?? token
        self.proof = Self.hmacSHA256Hex(key: Array(appSecret.utf8), message: Array(message.utf8))
        self.time = time
    }

    /// The parameters to send: `appsecret_proof`, and `appsecret_time` for the time-bound variant.
    package var parameters: [(String, String)] {
        var result = [("appsecret_proof", proof)]
        if let time { result.append(("appsecret_time", String(time))) }
        return result
    }

    /// HMAC-SHA256 of `message` under `key`, as lowercase hex.
    static func hmacSHA256Hex(key: [UInt8], message: [UInt8]) -> String {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let keyLength = Int32(clamping: key.count)
        let done = key.withUnsafeBytes { keyBytes in
            message.withUnsafeBufferPointer { messageBytes in
                digest.withUnsafeMutableBufferPointer { out in
                    HMAC(
                        EVP_sha256(), keyBytes.baseAddress, keyLength, messageBytes.baseAddress, messageBytes.count,
                        out.baseAddress, &length)
                }
            }
        }
        // HMAC fails only when libcrypto cannot allocate; an empty proof is then refused by the server
        // with a clear error (code 100) rather than crashing the caller.
        guard done != nil else { return "" }
        let hex: [UInt8] = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(Int(length) * 2)
        for byte in digest.prefix(Int(length)) {
            text.append(hex[Int(byte >> 4)])
            text.append(hex[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
