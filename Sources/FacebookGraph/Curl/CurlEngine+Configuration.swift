import CCurl
import CFacebookCurlShim
import Foundation

// The configuration of one hop of a transfer on an easy handle: which options a request's profile
// sets, and the values every request sets. Runs on the engine's thread only.
extension CurlEngine {
    /// Sets `easy` up for `transfer`'s current hop: the options of its profile when the handle was
    /// last used for another, then this request's own values. Returns the error that ends the
    /// transfer instead, if any.
    func configure(_ easy: CurlEasyHandle, for transfer: CurlTransfer) -> TransportError? {
        let request = transfer.request
        // Like requests (most of them) find their handle's profile and only set their own values.
        if easy.profile?.matches(request) == true {
            easy.clearError()
        } else {
            let profile = CurlHandleProfile(request)
            easy.reset()
            if let error = configureProfile(easy, request: request, profile: profile) { return error }
            easy.profile = profile
        }
        // The total timeout counts from `execute`: a wait for a slot and earlier redirect hops use
        // part of it, so each hop gets what is left.
        let total = request.options.totalTimeoutMilliseconds
        if total > 0 {
            let elapsed = Int((DispatchTime.now().uptimeNanoseconds &- transfer.acceptedAt) / 1_000_000)
            let remaining = total - elapsed
            guard remaining > 0 else {
                return TransportError(
                    .timedOut, message: "no connection slot within the \(total) ms timeout", url: request.url)
            }
            easy.set(CURLOPT_TIMEOUT_MS, remaining)
        } else {
            easy.set(CURLOPT_TIMEOUT_MS, 0)
        }
        // The values of this request: set on every transfer, whatever the profile.
        let originForm = CurlRequestTarget.isOriginForm(
            scheme: request.scheme, bypassesProxy: CurlHandleProfile.bypassesProxy(request))
        easy.setURL(request.url, originForm: originForm)
        easy.set(CURLOPT_PRIVATE, pointer: Unmanaged.passUnretained(transfer).toOpaque())
        easy.set(CURLOPT_WRITEDATA, pointer: transfer.sink)
        easy.set(CURLOPT_HEADERDATA, pointer: transfer.sink)
        if CurlHandleProfile.hasPins(request) {
            // CONNECT_TO, not RESOLVE: a RESOLVE pin enters the multi handle's shared DNS cache and
            // would send later requests for the name to the pinned address.
            for entry in request.options.connectToEntries {
                transfer.resolveList = curl_slist_append(transfer.resolveList, entry)
            }
            easy.set(CURLOPT_CONNECT_TO, list: transfer.resolveList)
        }
        if CurlHandleProfile.hasBody(request), let body = request.body {
            easy.set(CURLOPT_POSTFIELDSIZE_LARGE, offset: Int64(body.count))
            // COPYPOSTFIELDS copies the bytes, so nothing of `body` must outlive this call.
            if body.isEmpty {
                easy.set(CURLOPT_COPYPOSTFIELDS, "")
            } else {
                body.withUnsafeBytes { bytes in _ = easy.set(CURLOPT_COPYPOSTFIELDS, pointer: bytes.baseAddress) }
            }
        }
        if CurlHandleProfile.hasHeaderList(request) {
            CurlHeaderList.apply(to: easy, for: transfer.request)
        } else {
            easy.set(CURLOPT_HTTPHEADER, list: CurlHeaderList.defaults)
        }
        return nil
    }

    // MARK: Sent at most once
    //
    // libcurl sends a request again by itself when the connection it went out on had been reused and
    // died before a byte of the answer arrived: `Curl_retry_request` (lib/transfer.c, the same in
    // 7.88.1 and in curl's master of 2026: "Connection died, retrying a fresh connect") needs only
    // `conn->bits.reuse` and nothing received, and retries up to five times. The retry goes through the connect step again, which takes the
    // next idle connection to the host if there is one: with two idle keep-alive connections, a
    // server that reads a POST and closes without answering sees it three times, then the caller
    // gets one error. libcurl cannot tell a connection the server had closed before the request (no
    // harm in resending) from one the server closed after reading it (a duplicate post), and no
    // option turns the resend off. Apple's URL loading system resends only idempotent requests in
    // the same case (Technical Q&A QA1941), which is what v2 apps had.
    //
    // So a request that is not idempotent (`PreparedRequest.isIdempotent`: POST, PATCH, PUT and
    // DELETE unless the caller says otherwise) never rides a reused connection: `CURLOPT_FRESH_CONNECT`
    // opens one for it, on which `bits.reuse` is false and the resend condition cannot hold. Over
    // HTTP/1.1: over HTTP/2 another transfer could be multiplexed onto that new connection, which marks
    // it reused (`reuse_conn` in lib/url.c) while the request is still on it. The one resend libcurl
    // still makes on a new connection, for an HTTP/2 REFUSED_STREAM, is one the protocol guarantees
    // was never processed, and HTTP/1.1 has none. A connection that fails to open sends nothing. The
    // connection is closed after the request (`CURLOPT_FORBID_REUSE`): kept, each such request left
    // an idle HTTP/1.1 connection in the cache (200 POSTs, 200 connections to the host), which later
    // GETs took instead of the multiplexed HTTP/2 one.
    //
    // The cost is one connection set-up (TCP, and TLS for https) per such request; measured in
    // docs/ARCHITECTURE.md ("Sent at most once"). Rejected: `CURLOPT_PREREQFUNCTION` failing a second send — it
    // keeps reuse, but turns the race with a server closing an idle connection into an error for a
    // request the server never saw, and would also fail the safe REFUSED_STREAM resend.

    /// The options a profile decides, set once per handle and profile.
    private func configureProfile(
        _ easy: CurlEasyHandle,
        request: PreparedRequest,
        profile: CurlHandleProfile
    ) -> TransportError? {
        let options = request.options
        easy.set(CURLOPT_WRITEFUNCTION, callback: CurlTransfer.writeBody)
        easy.set(CURLOPT_HEADERFUNCTION, callback: CurlTransfer.writeHeader)
        // libcurl's default read callback is fread(stdin): the engine never uploads from a stream.
        easy.set(CURLOPT_READFUNCTION, callback: CurlTransfer.readNothing)
        easy.set(CURLOPT_NOSIGNAL, true)
        easy.set(CURLOPT_TCP_NODELAY, true)
        easy.set(CURLOPT_PROTOCOLS_STR, "http,https")
        easy.set(CURLOPT_SSL_VERIFYPEER, true)
        easy.set(CURLOPT_SSL_VERIFYHOST, 2)
        easy.set(CURLOPT_CONNECTTIMEOUT_MS, options.connectTimeoutMilliseconds)
        easy.set(CURLOPT_MAXFILESIZE_LARGE, offset: Int64(options.maxResponseBytes))
        easy.set(CURLOPT_SUPPRESS_CONNECT_HEADERS, true)
        if profile.bypassesProxy {
            // "" disables every proxy, the environment's included: loopback traffic and a credential
            // over plain http must not leave the machine through one.
            easy.set(CURLOPT_PROXY, "")
        } else if let proxy = options.proxy {
            easy.set(CURLOPT_PROXY, proxy)
        }
        if profile.sentAtMostOnce {
            // See "Sent at most once" above.
            easy.set(CURLOPT_FRESH_CONNECT, true)
            easy.set(CURLOPT_FORBID_REUSE, true)
            easy.set(CURLOPT_HTTP_VERSION, fbs_http_version_1_1())
        } else {
            switch options.httpVersion {
            case .http2OverTLS:
                easy.set(CURLOPT_HTTP_VERSION, fbs_http_version_2tls())
                if request.scheme == "https" { easy.set(CURLOPT_PIPEWAIT, true) }
            case .http1_1:
                easy.set(CURLOPT_HTTP_VERSION, fbs_http_version_1_1())
            }
        }
        if options.acceptCompressedResponses { easy.set(CURLOPT_ACCEPT_ENCODING, "") }
        if request.scheme == "https" {
            // The CA path cleared lets libcurl parse the bundle once, not on every new connection
            // (`CurlCABundles`).
            switch caBundles.trust(adding: options.additionalCAFile, url: request.url) {
            case .success(.libcurlDefaults): break
            case .success(.file(let path)):
                easy.set(CURLOPT_CAINFO, path)
                easy.set(CURLOPT_CAPATH, pointer: nil)
            case .success(.blob(let bytes, let clearsCAPath)):
                easy.set(CURLOPT_CAINFO_BLOB, blob: bytes)
                if clearsCAPath { easy.set(CURLOPT_CAPATH, pointer: nil) }
            case .failure(let error): return error
            }
        }
        switch request.method {
        case "GET": easy.set(CURLOPT_HTTPGET, true)
        case "HEAD": easy.set(CURLOPT_NOBODY, true)
        case "POST": easy.set(CURLOPT_POST, true)
        default: easy.set(CURLOPT_CUSTOMREQUEST, request.method)
        }
        return nil
    }
}
