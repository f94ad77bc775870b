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

    /// Failures injected by tests (`CurlEngine+FaultInjection.swift`); none in normal use.
    let faults = CurlMultiFaults()

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
    /// The engine thread's own bookkeeping, held through a pointer (as each transfer's
    /// `ResponseSink` is): only that thread touches it, and as class properties every access paid a
    /// dynamic exclusivity check (`swift_beginAccess`) that could never fail.
    private let state: UnsafeMutablePointer<EngineThreadState> = {
        let pointer = UnsafeMutablePointer<EngineThreadState>.allocate(capacity: 1)
        pointer.initialize(to: EngineThreadState())
        return pointer
    }()

    /// What the engine thread keeps between rounds.
    private struct EngineThreadState {
        /// Easy handles of ended transfers, for the next ones (256 at most).
        var idleHandles: [CurlEasyHandle] = []
        /// The transfers handed to libcurl.
        var running: [ObjectIdentifier: CurlTransfer] = [:]
        /// Transfers waiting for a slot under ``CurlEngine/maximumRunning``, oldest first from `waitingHead`.
        var waiting: [CurlTransfer] = []
        var waitingHead = 0
    }
    /// The CA bundles of configurations that trust an extra CA (`CurlCABundles.swift`).
    let caBundles = CurlCABundles()

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

    /// Frees the engine thread's state (the thread holds the engine until it has stopped).
    deinit {
        state.deinitialize(count: 1)
        state.deallocate()
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
    func wakeIfNeeded() {
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
            let performed = faults.next(.perform) ?? curl_multi_perform(multi, &stillRunning)
            if performed != CURLM_OK { failRunning(performed) }
            collectFinished()
            // Finished transfers freed slots: a waiting transfer starts in the next round.
            let slotsFreed =
                state.pointee.waitingHead < state.pointee.waiting.count
                && state.pointee.running.count < Self.maximumRunning
            // A completion may have queued more work (a benchmark loop, a redirect): take it now.
            let hasWork = slotsFreed || inbox.withLock { !$0.starts.isEmpty || !$0.cancels.isEmpty || $0.stopping }
            if hasWork { continue }
            let polled = faults.next(.poll) ?? curl_multi_poll(multi, nil, 0, 1000, &numberOfFDs)
            if polled != CURLM_OK {
                failRunning(polled)
                // A persistent poll failure must not spin a core: back off before the next round.
                Thread.sleep(forTimeInterval: 0.1)
            }
        }
    }

    /// The multi handle failed as a whole (`curl_multi_perform` or `curl_multi_poll` returned an
    /// error, such as out of memory): every running transfer ends with that error, so none waits
    /// for progress that will not come.
    private func failRunning(_ code: CURLMcode) {
        let text = String(cString: curl_multi_strerror(code))
        for transfer in Array(state.pointee.running.values) {
            if let easy = transfer.easy { curl_multi_remove_handle(multi, easy.raw) }
            let error = TransportError(.transferFailed, message: "libcurl: \(text)", url: transfer.request.url)
            finish(transfer, with: .failure(error))
        }
    }

    private func start(_ transfer: CurlTransfer) {
        guard transfer.phase == .queued else { return }
        guard state.pointee.running.count < Self.maximumRunning else {
            state.pointee.waiting.append(transfer)
            return
        }
        transfer.phase = .running
        let easy = state.pointee.idleHandles.popLast() ?? CurlEasyHandle()
        guard let easy else {
            transfer.complete(
                .failure(
                    TransportError(.engineUnavailable, message: "out of libcurl handles", url: transfer.request.url))
            )
            return
        }
        transfer.easy = easy
        state.pointee.running[ObjectIdentifier(transfer)] = transfer
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
        while state.pointee.waitingHead < state.pointee.waiting.count, state.pointee.running.count < Self.maximumRunning
        {
            let transfer = state.pointee.waiting[state.pointee.waitingHead]
            state.pointee.waitingHead += 1
            start(transfer)
        }
        if state.pointee.waitingHead == state.pointee.waiting.count {
            state.pointee.waiting.removeAll(keepingCapacity: state.pointee.waiting.count <= 1024)
            state.pointee.waitingHead = 0
        } else if state.pointee.waitingHead > 4096, state.pointee.waitingHead * 2 > state.pointee.waiting.count {
            state.pointee.waiting.removeFirst(state.pointee.waitingHead)
            state.pointee.waitingHead = 0
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
        state.pointee.running[ObjectIdentifier(transfer)] = nil
        if let easy = transfer.easy {
            // The handle still points at `transfer` (PRIVATE, WRITEDATA, HEADERDATA) and at its freed
            // lists; none of that is read until `configure` overwrites it for the next transfer.
            transfer.easy = nil
            if state.pointee.idleHandles.count < 256 { state.pointee.idleHandles.append(easy) }
        }
        transfer.complete(result)
    }

    private func stopOnEngineThread() {
        for transfer in state.pointee.waiting[state.pointee.waitingHead...] where transfer.phase == .queued {
            transfer.complete(
                .failure(TransportError(.cancelled, message: "the engine was shut down", url: transfer.request.url)))
        }
        state.pointee.waiting.removeAll()
        for transfer in Array(state.pointee.running.values) {
            if let easy = transfer.easy { curl_multi_remove_handle(multi, easy.raw) }
            let error = TransportError(.cancelled, message: "the engine was shut down", url: transfer.request.url)
            finish(transfer, with: .failure(error))
        }
        state.pointee.idleHandles.removeAll()
        caBundles.removeAll()
        inbox.withLock { $0.stopped = true }
        curl_multi_cleanup(multi)
        stoppedSignal.signal()
    }

}
