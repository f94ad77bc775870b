import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Why a request got no HTTP response: refused before sending, failed in transit, or cancelled.
///
/// A response with any HTTP status — 404 or 500 included — is not a transport error; it arrives
/// as a `RawResponse`. The error carries libcurl's own code and text where libcurl failed, and the
/// request's URL with every secret replaced by `<redacted>`, so it can be logged as it is.
public struct TransportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure. New kinds may be added; switch with a `default`.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Base: String, Sendable, Hashable {
            case invalidURL, insecureSecret, redirectRefused, cannotConnect, cannotFindHost, timedOut
            case tlsHandshakeFailed, certificateUntrusted, connectionLost, cancelled, responseTooLarge
            case tooManyRedirects, badContentEncoding, transferFailed, engineUnavailable, noRecordedResponse
        }

        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// The URL did not parse, has no host, or uses a scheme other than `http` and `https`.
        public static let invalidURL = Code(.invalidURL)
        /// A request that carries a secret would have gone over plain `http` to a host that is not
        /// loopback; it was refused before any connection was opened.
        public static let insecureSecret = Code(.insecureSecret)
        /// A redirect would have carried a request that holds a secret to another origin, or a link a
        /// response gave (`paging.next`, ``GraphRequest/init(url:method:)``) is not on the client's
        /// Graph origin; nothing was sent there.
        public static let redirectRefused = Code(.redirectRefused)
        /// The server refused the connection or could not be reached.
        public static let cannotConnect = Code(.cannotConnect)
        /// The host name (or proxy name) did not resolve.
        public static let cannotFindHost = Code(.cannotFindHost)
        /// The connect or total timeout passed.
        public static let timedOut = Code(.timedOut)
        /// The TLS handshake failed.
        public static let tlsHandshakeFailed = Code(.tlsHandshakeFailed)
        /// The server's certificate did not verify: unknown issuer, expired, or the wrong host.
        public static let certificateUntrusted = Code(.certificateUntrusted)
        /// The connection closed or reset before the whole response arrived.
        public static let connectionLost = Code(.connectionLost)
        /// The transfer was cancelled by its caller.
        public static let cancelled = Code(.cancelled)
        /// The response body was larger than `TransferOptions/maxResponseBytes`.
        public static let responseTooLarge = Code(.responseTooLarge)
        /// More redirects than `TransferOptions/maxRedirects`.
        public static let tooManyRedirects = Code(.tooManyRedirects)
        /// The body's `Content-Encoding` could not be decoded.
        public static let badContentEncoding = Code(.badContentEncoding)
        /// Any other libcurl failure; ``TransportError/curlCode`` says which.
        public static let transferFailed = Code(.transferFailed)
        /// The engine could not be set up (libcurl failed to initialise).
        public static let engineUnavailable = Code(.engineUnavailable)
        /// A replay of recorded responses has no entry for the request; the message shows the
        /// nearest entries and what differs.
        public static let noRecordedResponse = Code(.noRecordedResponse)

        /// A one-line account of the value, for logs and test failures.
        public var description: String { base.rawValue }
    }

    /// The kind of failure.
    public let code: Code
    /// libcurl's `CURLcode`, when libcurl reported the failure.
    public let curlCode: Int32?
    /// A human-readable explanation (libcurl's text and detail where it failed), free of secrets.
    public let message: String
    /// The request's URL with secrets replaced by `<redacted>`.
    public let redactedURL: String

    package init(_ code: Code, message: String, url: String, curlCode: Int32? = nil) {
        self.code = code
        self.curlCode = curlCode
        self.message = SecretPolicy.redactSecrets(in: message)
        self.redactedURL = SecretPolicy.redactedURL(url)
    }

    /// A one-line account of the value, for logs and test failures.
    public var description: String {
        let curl = curlCode.map { " (curl \($0))" } ?? ""
        return "\(code): \(message)\(curl) [\(redactedURL)]"
    }

    /// The `URLError` code a Foundation networking API would have reported for this failure (the
    /// legacy layer reports transport failures as `NSURLErrorDomain` errors with this code).
    public var urlErrorCode: URLError.Code {
        switch code {
        case .invalidURL: return .badURL
        case .insecureSecret: return .appTransportSecurityRequiresSecureConnection
        case .redirectRefused: return .redirectToNonExistentLocation
        case .cannotConnect: return .cannotConnectToHost
        case .cannotFindHost: return .cannotFindHost
        case .timedOut: return .timedOut
        case .tlsHandshakeFailed: return .secureConnectionFailed
        case .certificateUntrusted: return .serverCertificateUntrusted
        case .connectionLost: return .networkConnectionLost
        case .cancelled: return .cancelled
        case .responseTooLarge: return .dataLengthExceedsMaximum
        case .tooManyRedirects: return .httpTooManyRedirects
        case .badContentEncoding: return .cannotDecodeContentData
        case .noRecordedResponse: return .resourceUnavailable
        default: return .unknown
        }
    }
}
