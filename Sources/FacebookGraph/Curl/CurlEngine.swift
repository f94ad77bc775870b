import CCurl
import CFacebookCurlShim
import Foundation
import Synchronization

/// The libcurl engine: one multi handle driven by one dedicated thread.
///
/// Every transfer of the process (or of one engine instance) runs on that thread, so libcurl is
/// never touched concurrently and connections, TLS sessions and the DNS cache are shared by every
/// request: HTTP/1.1 connections are kept alive and reused, and HTTP/2 streams to one origin are
/// multiplexed over one connection (`CURLPIPE_MULTIPLEX` + `CURLOPT_PIPEWAIT`).
///
/// Other threads talk to the engine only through its inbox: ``execute(_:completion:)`` and
/// cancellation append to it under a lock and wake `curl_multi_poll` with `curl_multi_wakeup`
/// (skipped when the caller is the engine's own thread, e.g. a completion that starts the next
/// request, or when a wake-up is already pending). The caller's thread never blocks on I/O.
///
/// Completions run on the engine's thread; see ``HTTPTransport``.
package final class CurlEngine: HTTPTransport, @unchecked Sendable {
    /// The process-wide engine, started on first use and never stopped.
    package static let shared = CurlEngine(name: "FacebookSDKShim.curl")

    /// libcurl's version text, e.g. `libcurl/7.88.1 OpenSSL/3.0.19 zlib/1.2.13 nghttp2/1.52.0`.
    package static var libcurlVersion: String { CurlGlobal.versionText }

    /// How many idle connections the engine keeps open for reuse.
    static let connectionCacheSize = 256
    /// The most connections open at once, all hosts together (`CURLMOPT_MAX_TOTAL_CONNECTIONS`).
    /// More transfers than that wait inside libcurl for a connection to free up rather than each
    /// opening its own: 10,000 requests in flight to one HTTP/1.1 server use 256 sockets, not
    /// 10,000 (each with its buffers and, past the server's own limit, refused). Over HTTP/2 the
    /// streams to one origin share one connection anyway.
    static let maximumConnections = 256

    /// The most transfers handed to libcurl at once. More wait in the engine's own queue, holding
    /// no easy handle (libcurl's pending queue would hold one each: 10,000 in flight were 10,000
    /// handles); each starts when one ends, its total timeout still counted from `execute`.
    static let maximumRunning = maximumConnections

    /// Which call of the engine loop a test makes fail (``injectMultiFailures(_:count:)``).
    package enum MultiCall: Sendable {
        /// `curl_multi_perform`.
        case perform
        /// `curl_multi_poll`.
        case poll
    }

    /// A failure the loop reports instead of calling libcurl: which call, the code, how many more.
    private struct InjectedFailure {
        var call: MultiCall
        var code: CURLMcode
        var remaining: Int
    }

    /// Failures injected by tests; nil in normal use (one lock-free check per loop round).
    private let injected = LockedValue<InjectedFailure?>(nil)
    private let hasInjected = Atomic<Bool>(false)

    private struct Inbox {
        var starts: [CurlTransfer] = []
        var cancels: [CurlTransfer] = []
        var stopping = false
        var stopped = false
    }

    private let inbox = LockedValue(Inbox())
    /// True from a wake-up until the engine thread drains the inbox; saves redundant wake-ups.
    private let wakeupPending = Atomic<Bool>(false)
    /// The engine thread's `pthread_self()`, 0 until it runs.
    private let engineThreadID = Atomic<UInt>(0)
    private let stoppedSignal = DispatchSemaphore(value: 0)

    // Engine-thread state.
    private let multi: UnsafeMutableRawPointer?
    private var idleHandles: [CurlEasyHandle] = []
    private var running: [ObjectIdentifier: CurlTransfer] = [:]
    /// Transfers waiting for a slot under ``maximumRunning``, oldest first from `waitingHead`.
    private var waiting: [CurlTransfer] = []
    private var waitingHead = 0
    private var caBundles: [String: Result<String, TransportError>] = [:]
    /// The private directory the CA bundles are written to, made on first use.
    private var caDirectory: String?

    /// Starts an engine with its own multi handle and thread. Call ``shutdown()`` when done with
    /// it; the ``shared`` engine is never shut down.
    package init(name: String = "FacebookSDKShim.curl.engine") {
        if CurlGlobal.ensureInitialized(), let handle = curl_multi_init() {
            multi = handle
            _ = fbs_multi_setopt_long(handle, CURLMOPT_PIPELINING, fbs_pipe_multiplex())
            // libcurl's default idle-connection cache is 4× the handles *currently* added, so it
            // shrinks as a burst drains and closes connections a next burst would reuse.
            _ = fbs_multi_setopt_long(handle, CURLMOPT_MAXCONNECTS, Self.connectionCacheSize)
            _ = fbs_multi_setopt_long(handle, CURLMOPT_MAX_TOTAL_CONNECTIONS, Self.maximumConnections)
        } else {
            multi = nil
        }
        guard multi != nil else { return }
        let thread = Thread { [self] in self.run() }
        thread.name = name
        thread.stackSize = 1 << 20
        thread.start()
    }

    @discardableResult
    package func execute(
        _ request: PreparedRequest,
        completion: @escaping @Sendable (Result<RawResponse, TransportError>) -> Void
    ) -> TransferHandle {
        let transfer = CurlTransfer(request: request, engine: self, completion: completion)
        let accepted = inbox.withLock { inbox -> Bool in
            guard !inbox.stopping else { return false }
            inbox.starts.append(transfer)
            return true
        }
        guard accepted, multi != nil else {
            let reason = multi == nil ? "libcurl could not be initialised" : "the engine has been shut down"
            transfer.complete(.failure(TransportError(.engineUnavailable, message: reason, url: request.url)))
            return TransferHandle(nil)
        }
        wakeIfNeeded()
        return TransferHandle(transfer)
    }

    /// Asks the engine thread to cancel `transfer` (a no-op when it has completed, and once the
    /// engine is shutting down: shutdown cancels every transfer itself).
    func cancel(_ transfer: CurlTransfer) {
        let accepted = inbox.withLock { inbox -> Bool in
            guard !inbox.stopping else { return false }
            inbox.cancels.append(transfer)
            return true
        }
        if accepted { wakeIfNeeded() }
    }

    /// Cancels every transfer (each completes with `.cancelled`), stops the thread and frees the
    /// multi handle. Blocks until the thread has stopped; must not be called on the engine's thread.
    /// Later ``execute(_:completion:)`` calls fail with ``TransportError/Code/engineUnavailable``.
    package func shutdown() {
        guard multi != nil, self !== Self.shared else { return }
        let first = inbox.withLock { inbox -> Bool in
            defer { inbox.stopping = true }
            guard !inbox.stopping else { return false }
            // Under the lock: the engine thread sets `stopped` under it before `curl_multi_cleanup`.
            curl_multi_wakeup(multi)
            return true
        }
        guard first else { return }
        stoppedSignal.wait()
    }

    /// Wakes the engine thread's `curl_multi_poll`, unless it is the caller, a wake-up is already
    /// pending, or the multi handle is gone. The wake-up happens under the inbox lock and only while
    /// `stopped` is false, so it can never reach a multi handle `curl_multi_cleanup` freed (a
    /// `cancel()` after, or racing, a private engine's ``shutdown()``).
    private func wakeIfNeeded() {
        if engineThreadID.load(ordering: .acquiring) == UInt(pthread_self()) { return }
        if wakeupPending.exchange(true, ordering: .acquiringAndReleasing) { return }
        inbox.withLock { inbox in
            if !inbox.stopped { curl_multi_wakeup(multi) }
        }
    }

    // MARK: - The engine thread

    private func run() {
        engineThreadID.store(UInt(pthread_self()), ordering: .releasing)
        guard let multi else { return }
        var stillRunning: Int32 = 0
        var numberOfFDs: Int32 = 0
        while true {
            wakeupPending.store(false, ordering: .releasing)
            let (starts, cancels, stopping) = inbox.withLock { inbox in
                defer {
                    inbox.starts.removeAll(keepingCapacity: true)
                    inbox.cancels.removeAll(keepingCapacity: true)
                }
                return (inbox.starts, inbox.cancels, inbox.stopping)
            }
            for transfer in starts { start(transfer) }
            for transfer in cancels { cancelOnEngineThread(transfer) }
            startWaiting()
            if stopping {
                stopOnEngineThread()
                return
            }
            let performed = injectedFailure(.perform) ?? curl_multi_perform(multi, &stillRunning)
            if performed != CURLM_OK { failRunning(performed) }
            collectFinished()
            // Finished transfers freed slots: a waiting transfer starts in the next round.
            let slotsFreed = waitingHead < waiting.count && running.count < Self.maximumRunning
            // A completion may have queued more work (a benchmark loop, a redirect): take it now.
            let hasWork = slotsFreed || inbox.withLock { !$0.starts.isEmpty || !$0.cancels.isEmpty || $0.stopping }
            if hasWork { continue }
            let polled = injectedFailure(.poll) ?? curl_multi_poll(multi, nil, 0, 1000, &numberOfFDs)
            if polled != CURLM_OK {
                failRunning(polled)
                // A persistent poll failure must not spin a core: back off before the next round.
                Thread.sleep(forTimeInterval: 0.1)
            }
        }
    }

    /// Test seam: the next `count` calls of `call` in the engine loop return `CURLM_OUT_OF_MEMORY`
    /// instead of running, as a multi handle out of memory would. Every running transfer then fails
    /// with that error, and the engine carries on.
    package func injectMultiFailures(_ call: MultiCall, count: Int) {
        injected.withLock { $0 = InjectedFailure(call: call, code: CURLM_OUT_OF_MEMORY, remaining: count) }
        hasInjected.store(count > 0, ordering: .releasing)
        wakeIfNeeded()
    }

    /// How many injected failures have not happened yet.
    package var pendingInjectedFailures: Int { injected.withLock { $0?.remaining ?? 0 } }

    /// The injected result of `call`, if one is pending (engine thread).
    private func injectedFailure(_ call: MultiCall) -> CURLMcode? {
        guard hasInjected.load(ordering: .acquiring) else { return nil }
        return injected.withLock { pending -> CURLMcode? in
            guard var failure = pending, failure.call == call else { return nil }
            failure.remaining -= 1
            pending = failure.remaining > 0 ? failure : nil
            if pending == nil { hasInjected.store(false, ordering: .releasing) }
            return failure.code
        }
    }

    /// The multi handle failed as a whole (`curl_multi_perform` or `curl_multi_poll` returned an
    /// error, such as out of memory): every running transfer ends with that error, so none waits
    /// for progress that will not come.
    private func failRunning(_ code: CURLMcode) {
        let text = String(cString: curl_multi_strerror(code))
        for transfer in Array(running.values) {
            if let easy = transfer.easy { curl_multi_remove_handle(multi, easy.raw) }
            let error = TransportError(.transferFailed, message: "libcurl: \(text)", url: transfer.request.url)
            finish(transfer, with: .failure(error))
        }
    }

    private func start(_ transfer: CurlTransfer) {
        guard transfer.phase == .queued else { return }
        guard running.count < Self.maximumRunning else {
            waiting.append(transfer)
            return
        }
        transfer.phase = .running
        let easy = idleHandles.popLast() ?? CurlEasyHandle()
        guard let easy else {
            transfer.complete(
                .failure(
                    TransportError(.engineUnavailable, message: "out of libcurl handles", url: transfer.request.url))
            )
            return
        }
        transfer.easy = easy
        running[ObjectIdentifier(transfer)] = transfer
        if let error = configure(easy, for: transfer) {
            finish(transfer, with: .failure(error))
            return
        }
        let added = curl_multi_add_handle(multi, easy.raw)
        if added != CURLM_OK {
            let text = String(cString: curl_multi_strerror(added))
            finish(transfer, with: .failure(TransportError(.transferFailed, message: text, url: transfer.request.url)))
        }
    }

    /// Starts waiting transfers, oldest first, while slots are free (cancelled ones are skipped).
    private func startWaiting() {
        while waitingHead < waiting.count, running.count < Self.maximumRunning {
            let transfer = waiting[waitingHead]
            waitingHead += 1
            start(transfer)
        }
        if waitingHead == waiting.count {
            waiting.removeAll(keepingCapacity: waiting.count <= 1024)
            waitingHead = 0
        } else if waitingHead > 4096, waitingHead * 2 > waiting.count {
            waiting.removeFirst(waitingHead)
            waitingHead = 0
        }
    }

    private func cancelOnEngineThread(_ transfer: CurlTransfer) {
        if transfer.phase == .queued {
            // Waiting for a slot: it ends now; `startWaiting` skips it later.
            transfer.complete(
                .failure(TransportError(.cancelled, message: "the transfer was cancelled", url: transfer.request.url)))
            return
        }
        guard transfer.phase == .running, let easy = transfer.easy else { return }
        curl_multi_remove_handle(multi, easy.raw)
        let error = TransportError(.cancelled, message: "the transfer was cancelled", url: transfer.request.url)
        finish(transfer, with: .failure(error))
    }

    private func collectFinished() {
        var remaining: Int32 = 0
        while let message = curl_multi_info_read(multi, &remaining) {
            guard fbs_msg_is_done(message) != 0, let raw = fbs_msg_easy_handle(message) else { continue }
            let code = fbs_msg_result(message)
            var pointer: UnsafeMutableRawPointer?
            _ = fbs_easy_getinfo_ptr(raw, CURLINFO_PRIVATE, &pointer)
            curl_multi_remove_handle(multi, raw)
            guard let pointer else { continue }
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(pointer).takeUnretainedValue()
            transferDidEnd(transfer, code: code)
        }
    }

    /// A hop ended: follow a redirect, or deliver the response or the error.
    private func transferDidEnd(_ transfer: CurlTransfer, code: CURLcode) {
        guard let easy = transfer.easy else { return }
        guard code == CURLE_OK else {
            finish(transfer, with: .failure(CurlErrorMapping.error(for: code, transfer: transfer, easy: easy)))
            return
        }
        let status = easy.info(long: CURLINFO_RESPONSE_CODE)
        let options = transfer.request.options
        if options.followRedirects, [301, 302, 303, 307, 308].contains(status),
            let location = easy.info(string: CURLINFO_REDIRECT_URL)
        {
            guard transfer.redirectCount < options.maxRedirects else {
                let error = TransportError(
                    .tooManyRedirects,
                    message: "more than \(options.maxRedirects) redirects",
                    url: transfer.request.url
                )
                finish(transfer, with: .failure(error))
                return
            }
            do {
                transfer.request = try transfer.request.redirected(status: status, location: location)
            } catch {
                finish(transfer, with: .failure(error))
                return
            }
            transfer.redirectCount += 1
            transfer.resetResponse()
            if let error = configure(easy, for: transfer) {
                finish(transfer, with: .failure(error))
            } else if curl_multi_add_handle(multi, easy.raw) != CURLM_OK {
                finish(
                    transfer,
                    with: .failure(
                        TransportError(.transferFailed, message: "could not restart", url: transfer.request.url)))
            }
            return
        }
        finish(transfer, with: .success(makeResponse(transfer, easy: easy, status: status)))
    }

    private func makeResponse(_ transfer: CurlTransfer, easy: CurlEasyHandle, status: Int) -> RawResponse {
        var timings = TransferTimings()
        timings.nameLookup = .microseconds(easy.info(offset: CURLINFO_NAMELOOKUP_TIME_T))
        timings.connect = .microseconds(easy.info(offset: CURLINFO_CONNECT_TIME_T))
        timings.tlsHandshake = .microseconds(easy.info(offset: CURLINFO_APPCONNECT_TIME_T))
        timings.firstByte = .microseconds(easy.info(offset: CURLINFO_STARTTRANSFER_TIME_T))
        timings.total = .microseconds(easy.info(offset: CURLINFO_TOTAL_TIME_T))
        let version: String
        switch easy.info(long: CURLINFO_HTTP_VERSION) {
        case 1: version = "1.0"
        case 3: version = "2"
        case 30: version = "3"
        default: version = "1.1"
        }
        return RawResponse(
            status: status,
            headers: HTTPHeaders(parsing: transfer.responseHead),
            body: transfer.responseBody,
            effectiveURL: transfer.request.url,
            httpVersion: version,
            timings: timings,
            connection: ConnectionInfo(
                localPort: easy.info(long: CURLINFO_LOCAL_PORT),
                newConnections: easy.info(long: CURLINFO_NUM_CONNECTS)
            ),
            redirectCount: transfer.redirectCount
        )
    }

    /// Ends a transfer: returns its easy handle to the pool and calls the completion once.
    private func finish(_ transfer: CurlTransfer, with result: Result<RawResponse, TransportError>) {
        running[ObjectIdentifier(transfer)] = nil
        if let easy = transfer.easy {
            // The handle still points at `transfer` (PRIVATE, WRITEDATA, HEADERDATA) and at its freed
            // lists; none of that is read until `configure` overwrites it for the next transfer.
            transfer.easy = nil
            if idleHandles.count < 256 { idleHandles.append(easy) }
        }
        transfer.complete(result)
    }

    private func stopOnEngineThread() {
        for transfer in waiting[waitingHead...] where transfer.phase == .queued {
            transfer.complete(
                .failure(TransportError(.cancelled, message: "the engine was shut down", url: transfer.request.url)))
        }
        waiting.removeAll()
        for transfer in Array(running.values) {
            if let easy = transfer.easy { curl_multi_remove_handle(multi, easy.raw) }
            let error = TransportError(.cancelled, message: "the engine was shut down", url: transfer.request.url)
            finish(transfer, with: .failure(error))
        }
        idleHandles.removeAll()
        if let caDirectory { try? FileManager.default.removeItem(atPath: caDirectory) }
        inbox.withLock { $0.stopped = true }
        curl_multi_cleanup(multi)
        stoppedSignal.signal()
    }

    // MARK: - Configuration of one hop

    private func configure(_ easy: CurlEasyHandle, for transfer: CurlTransfer) -> TransportError? {
        let request = transfer.request
        let profile = CurlHandleProfile(request)
        if easy.profile != profile {
            easy.reset()
            if let error = configureProfile(easy, request: request, profile: profile) { return error }
            easy.profile = profile
        } else {
            easy.clearError()
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
        easy.set(CURLOPT_URL, request.url)
        easy.set(CURLOPT_PRIVATE, pointer: Unmanaged.passUnretained(transfer).toOpaque())
        easy.set(CURLOPT_WRITEDATA, pointer: transfer.sink)
        easy.set(CURLOPT_HEADERDATA, pointer: transfer.sink)
        if profile.hasPins {
            // CONNECT_TO, not RESOLVE: a RESOLVE pin enters the multi handle's shared DNS cache and
            // would send later requests for the name to the pinned address.
            for entry in request.options.connectToEntries {
                transfer.resolveList = curl_slist_append(transfer.resolveList, entry)
            }
            easy.set(CURLOPT_CONNECT_TO, list: transfer.resolveList)
        }
        if profile.hasBody, let body = request.body {
            easy.set(CURLOPT_POSTFIELDSIZE_LARGE, offset: Int64(body.count))
            // COPYPOSTFIELDS copies the bytes, so nothing of `body` must outlive this call.
            if body.isEmpty {
                easy.set(CURLOPT_COPYPOSTFIELDS, "")
            } else {
                body.withUnsafeBytes { bytes in _ = easy.set(CURLOPT_COPYPOSTFIELDS, pointer: bytes.baseAddress) }
            }
        }
        if profile.hasHeaderList {
            configureHeaders(easy, transfer: transfer)
        } else {
            easy.set(CURLOPT_HTTPHEADER, list: defaultHeaderList)
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
        if let caFile = options.additionalCAFile, request.scheme == "https" {
            switch caBundleFile(adding: caFile, url: request.url) {
            case .success(let bundle): easy.set(CURLOPT_CAINFO, bundle)
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

    /// This request's header list: its own fields, then the defaults it does not override.
    ///
    /// `User-Agent` and `Accept-Encoding` travel as list entries rather than through
    /// `CURLOPT_USERAGENT` / the encoding option's own header, which libcurl formats with `aprintf`
    /// on every transfer. Decoding still follows `CURLOPT_ACCEPT_ENCODING`.
    private func configureHeaders(_ easy: CurlEasyHandle, transfer: CurlTransfer) {
        let request = transfer.request
        let key = CurlEasyHandle.HeaderListKey(
            headers: request.headers, hasBody: request.body != nil,
            acceptsCompressed: request.options.acceptCompressedResponses)
        // The same fields as this handle's previous request (the legacy layer's User-Agent on every
        // request, a client's fixed headers): its list is still valid, so it is set again as it is.
        if easy.headerListKey != key {
            easy.replaceHeaderList(makeHeaderList(request), key: key)
        }
        easy.set(CURLOPT_HTTPHEADER, list: easy.headerList)
    }

    /// A new list of `request`'s own fields, then the defaults it does not override.
    private func makeHeaderList(_ request: PreparedRequest) -> UnsafeMutablePointer<curl_slist>? {
        var list: UnsafeMutablePointer<curl_slist>?
        var hasUserAgent = false
        var hasAcceptEncoding = false
        for field in request.headers {
            switch field.name.lowercased() {
            case "user-agent": hasUserAgent = true
            case "accept-encoding": hasAcceptEncoding = true
            default: break
            }
            // "Name;" sends an empty header, "Name:" would remove it (libcurl's convention).
            let line = field.value.isEmpty ? "\(field.name);" : "\(field.name): \(field.value)"
            list = curl_slist_append(list, line)
        }
        if request.body != nil {
            // No "Expect: 100-continue" round trip before bodies.
            list = curl_slist_append(list, "Expect:")
        }
        if !hasUserAgent { list = curl_slist_append(list, "User-Agent: \(CurlGlobal.defaultUserAgent)") }
        if !hasAcceptEncoding, request.options.acceptCompressedResponses {
            list = curl_slist_append(list, "Accept-Encoding: \(CurlGlobal.supportedEncodings)")
        }
        return list
    }

    /// The header list of requests that name no headers: built once, never changed, never freed.
    private let defaultHeaderList: UnsafeMutablePointer<curl_slist>? = {
        var list = curl_slist_append(nil, "User-Agent: \(CurlGlobal.defaultUserAgent)")
        list = curl_slist_append(list, "Accept-Encoding: \(CurlGlobal.supportedEncodings)")
        return list
    }()

    /// A file holding the system CA bundle plus `path`, written once per path into a private
    /// temporary directory. A file (not a blob) lets libcurl cache the parsed CA store across
    /// connections; a blob was copied into, and compared on, every transfer.
    private func caBundleFile(adding path: String, url: String) -> Result<String, TransportError> {
        if let cached = caBundles[path] { return cached }
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
                let file = URL(fileURLWithPath: directory).appendingPathComponent("bundle-\(caBundles.count).pem")
                try bundle.write(to: file, options: .atomic)
                result = .success(file.path)
            } catch {
                result = .failure(
                    TransportError(.tlsHandshakeFailed, message: "cannot write the CA bundle: \(error)", url: url))
            }
        } else {
            result = .failure(TransportError(.tlsHandshakeFailed, message: "cannot read CA file \(path)", url: url))
        }
        caBundles[path] = result
        return result
    }

    /// This engine's own directory for CA bundles: made by `mkdtemp` (a fresh random name, mode 0700),
    /// so no other local user can pre-create it or read or replace what is written there.
    private func privateDirectory() throws -> String {
        if let caDirectory { return caDirectory }
        var template = Array(
            FileManager.default.temporaryDirectory.appendingPathComponent("FacebookSDKShim-ca-XXXXXX").path.utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }
        guard let made else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: String(cString: strerror(errno))])
        }
        let path = String(cString: made)
        caDirectory = path
        return path
    }

    private static func systemCABundlePath() -> String? {
        let candidates = [
            "/etc/ssl/certs/ca-certificates.crt", "/etc/pki/tls/certs/ca-bundle.crt", "/etc/ssl/cert.pem",
        ]
        return candidates.first { FileManager.default.fileExists(atPath: $0) }
    }
}
