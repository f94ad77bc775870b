import CCurl

/// Turns a failed transfer's `CURLcode` into a ``TransportError``, in one place.
enum CurlErrorMapping {
    static func error(for code: CURLcode, transfer: CurlTransfer, easy: CurlEasyHandle) -> TransportError {
        let url = transfer.request.url
        let text = String(cString: curl_easy_strerror(code))
        let detail = easy.errorDetail
        let curlCode = Int32(bitPattern: code.rawValue)
        if transfer.bodyLimitExceeded || code == CURLE_FILESIZE_EXCEEDED {
            let limit = transfer.request.options.maxResponseBytes
            return TransportError(
                .responseTooLarge,
                message: "the response is larger than the limit of \(limit) bytes",
                url: url,
                curlCode: curlCode
            )
        }
        let message = detail.isEmpty || detail == text ? text : "\(text): \(detail)"
        return TransportError(kind(of: code), message: message, url: url, curlCode: curlCode)
    }

    static func kind(of code: CURLcode) -> TransportError.Code {
        switch code {
        case CURLE_URL_MALFORMAT:
            return .invalidURL
        // `PreparedRequest` admits only http and https URLs and the engine follows redirects itself,
        // so libcurl reports an unsupported protocol only when the server's reply is not HTTP
        // ("Unsupported HTTP/1 subversion in response"): the connection is useless, not the URL.
        case CURLE_UNSUPPORTED_PROTOCOL:
            return .connectionLost
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            return .cannotFindHost
        case CURLE_COULDNT_CONNECT:
            return .cannotConnect
        case CURLE_OPERATION_TIMEDOUT:
            return .timedOut
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
            CURLE_SSL_ISSUER_ERROR:
            return .certificateUntrusted
        case CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER, CURLE_SSL_ENGINE_NOTFOUND,
            CURLE_SSL_SHUTDOWN_FAILED, CURLE_SSL_CRL_BADFILE, CURLE_USE_SSL_FAILED:
            return .tlsHandshakeFailed
        case CURLE_PARTIAL_FILE, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_GOT_NOTHING, CURLE_HTTP2,
            CURLE_HTTP2_STREAM, CURLE_WEIRD_SERVER_REPLY:
            return .connectionLost
        case CURLE_TOO_MANY_REDIRECTS:
            return .tooManyRedirects
        case CURLE_BAD_CONTENT_ENCODING:
            return .badContentEncoding
        case CURLE_ABORTED_BY_CALLBACK:
            return .cancelled
        default:
            return .transferFailed
        }
    }
}
