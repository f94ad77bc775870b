// A dependency-free HTTP/1.1 server on loopback, for tests and benchmarks.
//
// ## Threads
//
// One thread accepts connections; each accepted connection gets a thread of its own that reads
// requests with blocking `recv(2)` (see `HTTPRequestParser.swift`), calls the handler on that
// thread, and writes the answer (`HTTPResponseWriter` in `HTTPServerResponse.swift`). Every piece of shared state (the
// counters, the set of open client sockets, the stop flag, the number of live threads) lives in
// one `ServerCore` guarded by one `MonotonicCondition`, which also wakes the interruptible waits of
// `.delayed`, `.chunked` delays and `.hang`.
//
// ## Limits
//
// Everything a client controls is bounded (`LoopbackHTTPServer.Limits`): a connection silent for
// the receive timeout (or not reading an answer for as long) is closed (`SO_RCVTIMEO`/`SO_SNDTIMEO`);
// a connection over the cap is accepted and closed at once; a body over the cap gets 413 before it
// is read; the head is capped by the parser (431). Threads are made with `pthread_create`, so a
// failure is seen: the accepted socket is closed instead of left unserved.
//
// ## Stopping
//
// `stop()` sets the stop flag under the lock, calls `shutdown(2)` on the listener and on every
// client socket still open (so blocked `accept`, `recv`, `send` and `poll` calls return), wakes every
// wait, then waits at most ``LoopbackHTTPServer/joinTimeout`` for the threads to finish. A socket is
// removed from the set under the lock before it is closed, so `stop()` never shuts down a reused
// descriptor. Threads hold the core, never the server object, so dropping the last reference to a
// ``LoopbackHTTPServer`` runs its `deinit`, which stops it.

import FacebookGraph
import Foundation
import Glibc

/// Why a ``LoopbackHTTPServer`` could not start.
package enum LoopbackHTTPServerError: Error, CustomStringConvertible {
    /// The host is not a loopback address (`127.0.0.0/8`, `::1` or `localhost`).
    case notLoopback(host: String)
    /// A system call failed with `errno`.
    case systemCall(String, errno: Int32)

    /// A readable account of the failure.
    package var description: String {
        switch self {
        case .notLoopback(let host): "\(host) is not a loopback address"
        case .systemCall(let call, let code): "\(call) failed: \(String(cString: strerror(code)))"
        }
    }
}

/// An HTTP/1.1 server bound to a loopback address, one thread per connection.
///
/// Thread-safe: every member may be called from any thread. Handlers run on the connection's thread.
package final class LoopbackHTTPServer: Sendable {
    /// Answers one request; called on the connection's own thread, so it may block.
    package typealias Handler = @Sendable (HTTPServerRequest) -> HTTPServerResponse

    /// The longest `stop()` waits for the server's threads to finish.
    package static let joinTimeout: Duration = .milliseconds(1500)

    /// The shared state the server's threads use.
    private let core: ServerCore
    /// The port the server listens on.
    package let port: Int
    /// `http://HOST:PORT`, without a trailing slash (an IPv6 host is bracketed).
    package let baseURL: String

    /// Binds `host` on `port` (0: the kernel picks one), listens, and starts accepting connections.
    ///
    /// - Parameters:
    ///   - host: A loopback address: `127.0.0.1` (or another `127.x.y.z`), `::1` or `localhost`.
    ///   - port: The port, or 0 for any free port.
    ///   - limits: Timeouts and caps (``Limits``).
    ///   - handler: Answers every request.
    /// - Throws: ``LoopbackHTTPServerError`` if the host is not loopback or a socket call fails.
    package init(
        host: String = "127.0.0.1",
        port: UInt16 = 0,
        limits: Limits = Limits(),
        handler: @escaping Handler
    ) throws {
        _ = Self.ignoreSIGPIPE
        let (listener, boundPort, urlHost) = try Self.listen(host: host, port: port)
        core = ServerCore(listenerFD: listener, limits: limits, handler: handler)
        self.port = boundPort
        baseURL = "http://\(urlHost):\(boundPort)"
        guard core.startAccepting() else {
            let code = errno
            core.stop()
            throw LoopbackHTTPServerError.systemCall("pthread_create", errno: code)
        }
    }

    /// Stops the server (see ``stop()``).
    deinit {
        core.stop()
    }

    /// The number of connections accepted since the server started.
    package var acceptedConnections: Int { core.withLock { $0.accepted } }
    /// The number of requests the handler has answered (counted before the answer is written).
    package var requestsServed: Int { core.withLock { $0.served } }
    /// The number of client connections currently open.
    package var openConnections: Int { core.withLock { $0.clientFDs.count } }

    /// Closes the listener and every connection, wakes every wait, and waits (at most
    /// ``joinTimeout``) for the server's threads. Idempotent; safe to call from any thread.
    ///
    /// - Returns: True when every server thread (but the caller's own, when a handler calls it) has
    ///   finished; false when the wait gave up at ``joinTimeout``.
    @discardableResult
    package func stop() -> Bool {
        core.stop()
    }

    /// Ignores `SIGPIPE` for the whole process, once (writes also use `MSG_NOSIGNAL`).
    private static let ignoreSIGPIPE: Void = {
        _ = signal(SIGPIPE, SIG_IGN)
    }()

    /// Creates a listening socket on a loopback `host`; returns it, its port and the URL host.
    private static func listen(host: String, port: UInt16) throws -> (Int32, Int, String) {
        let address = host == "localhost" ? "127.0.0.1" : host
        var ipv4 = in_addr()
        var ipv6 = in6_addr()
        let isIPv4 = inet_pton(AF_INET, address, &ipv4) == 1
        let isIPv6 = !isIPv4 && inet_pton(AF_INET6, address, &ipv6) == 1
        guard SecretDefinition.isLoopback(host: address), isIPv4 || isIPv6 else {
            throw LoopbackHTTPServerError.notLoopback(host: host)
        }
        let family = isIPv4 ? AF_INET : AF_INET6
        let fd = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw LoopbackHTTPServerError.systemCall("socket", errno: errno) }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var storage = sockaddr_storage()
        /// Copies `address` (a `sockaddr_in` or `sockaddr_in6`) into `storage`; returns its length.
        func store<Address>(_ address: Address) -> Int {
            withUnsafeBytes(of: address) { source in
                withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: source) }
            }
            return MemoryLayout<Address>.size
        }
        let length: Int
        if isIPv4 {
            var sin = sockaddr_in()
            sin.sin_family = sa_family_t(AF_INET)
            sin.sin_port = port.bigEndian
            sin.sin_addr = ipv4
            length = store(sin)
        } else {
            var sin6 = sockaddr_in6()
            sin6.sin6_family = sa_family_t(AF_INET6)
            sin6.sin6_port = port.bigEndian
            sin6.sin6_addr = ipv6
            length = store(sin6)
        }
        var boundLength = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let failedCall: String? = withUnsafeMutablePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                if bind(fd, address, socklen_t(length)) != 0 { return "bind" }
                if Glibc.listen(fd, SOMAXCONN) != 0 { return "listen" }
                if getsockname(fd, address, &boundLength) != 0 { return "getsockname" }
                return nil
            }
        }
        if let failedCall {
            let code = errno
            close(fd)
            throw LoopbackHTTPServerError.systemCall(failedCall, errno: code)
        }
        let networkPort = withUnsafeBytes(of: &storage) { raw in
            isIPv4 ? raw.load(as: sockaddr_in.self).sin_port : raw.load(as: sockaddr_in6.self).sin6_port
        }
        return (fd, Int(UInt16(bigEndian: networkPort)), isIPv4 ? address : "[\(address)]")
    }
}

/// The state shared by a server's threads, and the threads' work.
///
/// `@unchecked Sendable`: every mutable stored property is read and written only with `condition`
/// locked (through ``withLock(_:)`` or explicitly); `handler` and `listenerFD` are immutable.
private final class ServerCore: @unchecked Sendable {
    /// The mutable state, guarded by `condition`.
    struct State {
        /// Set once by `stop()`.
        var stopping = false
        /// Whether the accept thread has not closed the listener yet.
        var listenerOpen = true
        /// The client sockets not yet closed.
        var clientFDs: Set<Int32> = []
        /// The number of connections accepted.
        var accepted = 0
        /// The number of requests answered by the handler.
        var served = 0
        /// The number of server threads that have not finished.
        var liveThreads = 0
    }

    /// The marker a server thread stores in its thread dictionary, so `stop()` can skip waiting for
    /// the thread it is called on.
    private static let threadKey = "FacebookGraphReplay.LoopbackHTTPServer.core"

    /// Guards `state` and wakes the waits on it; its deadlines are monotonic, so a `.delayed` answer
    /// is not cut short (or stretched) by a step of the wall clock.
    let condition = MonotonicCondition()
    /// Guarded by `condition`.
    private var state = State()
    /// The listening socket (closed by the accept thread when it finishes).
    private let listenerFD: Int32
    /// Answers requests.
    private let handler: LoopbackHTTPServer.Handler

    /// What the server accepts.
    private let limits: LoopbackHTTPServer.Limits

    /// Creates the core of a server listening on `listenerFD`.
    init(listenerFD: Int32, limits: LoopbackHTTPServer.Limits, handler: @escaping LoopbackHTTPServer.Handler) {
        self.listenerFD = listenerFD
        self.limits = limits
        self.handler = handler
    }

    /// Runs `body` with the state locked.
    func withLock<T>(_ body: (inout State) -> T) -> T {
        condition.lock()
        defer { condition.unlock() }
        return body(&state)
    }

    /// Starts a detached server thread running `body`, counting it as live until it returns; false
    /// (and nothing counted) when the system cannot create a thread.
    ///
    /// `pthread_create` rather than `Thread`, whose `start()` cannot report that failure.
    private func spawn(stackSize: Int = 1 << 20, _ body: @escaping @Sendable () -> Void) -> Bool {
        withLock { $0.liveThreads += 1 }
        let key = Self.threadKey
        let identifier = UInt(bitPattern: ObjectIdentifier(self))
        let work = ThreadWork { [self] in
            Thread.current.threadDictionary[key] = identifier
            body()
            withLock { $0.liveThreads -= 1 }
            condition.broadcast()
        }
        let context = Unmanaged.passRetained(work).toOpaque()
        // Allocated, not `pthread_attr_t()`: pthread_attr_init is what initialises it.
        let attributes = UnsafeMutablePointer<pthread_attr_t>.allocate(capacity: 1)
        pthread_attr_init(attributes)
        defer {
            pthread_attr_destroy(attributes)
            attributes.deallocate()
        }
        pthread_attr_setdetachstate(attributes, Int32(PTHREAD_CREATE_DETACHED))
        pthread_attr_setstacksize(attributes, stackSize)
        var thread: pthread_t = 0
        let created = pthread_create(
            &thread, attributes,
            { context in
                guard let context else { return nil }
                let work = Unmanaged<ThreadWork>.fromOpaque(context).takeRetainedValue()
                work.body()
                return nil
            }, context)
        guard created == 0 else {
            Unmanaged<ThreadWork>.fromOpaque(context).release()
            withLock { $0.liveThreads -= 1 }
            condition.broadcast()
            return false
        }
        return true
    }

    /// Starts the accept thread; false when no thread could be created.
    func startAccepting() -> Bool {
        spawn { [self] in acceptLoop() }
    }

    /// See ``LoopbackHTTPServer/stop()``.
    @discardableResult
    func stop() -> Bool {
        let marker = Thread.current.threadDictionary[Self.threadKey] as? UInt
        let ownThread = marker == UInt(bitPattern: ObjectIdentifier(self))
        condition.lock()
        defer { condition.unlock() }
        if !state.stopping {
            state.stopping = true
            if state.listenerOpen { shutdown(listenerFD, Int32(SHUT_RDWR)) }
            for fd in state.clientFDs { shutdown(fd, Int32(SHUT_RDWR)) }
            condition.broadcast()
        }
        let deadline = MonotonicCondition.Deadline(after: LoopbackHTTPServer.joinTimeout)
        while state.liveThreads > (ownThread ? 1 : 0) {
            if !condition.wait(until: deadline) { break }
        }
        return state.liveThreads <= (ownThread ? 1 : 0)
    }

    /// Whether `stop()` has been called.
    var isStopping: Bool { withLock { $0.stopping } }

    /// Waits `duration` unless the server stops first; returns true if it stopped.
    func waitForStop(_ duration: Duration) -> Bool {
        let deadline = MonotonicCondition.Deadline(after: duration)
        condition.lock()
        defer { condition.unlock() }
        while !state.stopping {
            if !condition.wait(until: deadline) { break }
        }
        return state.stopping
    }

    /// `duration` as a `timeval` for `SO_RCVTIMEO`/`SO_SNDTIMEO` (at least 1 ms: zero would mean never).
    static func timeval(_ duration: Duration) -> Glibc.timeval {
        let (seconds, attoseconds) = duration.components
        let clamped = max(0, min(seconds, Int64(Int32.max)))
        var value = Glibc.timeval(tv_sec: Int(clamped), tv_usec: Int(attoseconds / 1_000_000_000_000))
        if seconds < 0 || (value.tv_sec == 0 && value.tv_usec < 1000) {
            value = Glibc.timeval(tv_sec: 0, tv_usec: 1000)
        }
        return value
    }

    // MARK: Accepting

    /// Accepts connections until the server stops, then closes the listener.
    private func acceptLoop() {
        acceptLoop: while !isStopping {
            var ready = pollfd(fd: listenerFD, events: Int16(POLLIN), revents: 0)
            let polled = poll(&ready, 1, 250)
            if polled == 0 || (polled < 0 && errno == EINTR) { continue }
            let fd = accept(listenerFD, nil, nil)
            if fd < 0 {
                let code = errno
                if code == EINTR || code == ECONNABORTED || code == EAGAIN { continue }
                if waitForStop(.milliseconds(50)) { break }  // EMFILE and the like: back off
                continue
            }
            enum Admission { case serve(Int), overCap, stopping }
            let admission: Admission = withLock { state in
                if state.stopping { return .stopping }
                guard state.clientFDs.count < limits.maxConnections else { return .overCap }
                state.accepted += 1
                state.clientFDs.insert(fd)
                return .serve(state.accepted)
            }
            let id: Int
            switch admission {
            case .stopping:
                close(fd)
                break acceptLoop
            case .overCap:
                // Over the cap: closed at once rather than queued, so a flood cannot pin threads.
                close(fd)
                continue
            case .serve(let number):
                id = number
            }
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            var one: Int32 = 1
            setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            // A silent client, or one that stops reading, cannot hold its thread for ever.
            var timeout = Self.timeval(limits.receiveTimeout)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            if !spawn(stackSize: limits.connectionThreadStackSize, { [self] in serve(fd: fd, connectionID: id) }) {
                // No thread for it (the process is out of threads): close it rather than leave it
                // accepted and unserved.
                withLock { _ = $0.clientFDs.remove(fd) }
                close(fd)
            }
        }
        withLock { $0.listenerOpen = false }
        close(listenerFD)
    }

    // MARK: Serving a connection

    /// Serves requests on `fd` until either side closes it, then closes it.
    private func serve(fd: Int32, connectionID: Int) {
        let parser = HTTPRequestParser(maxBodyBytes: limits.maxBodyBytes) { buffer in
            while true {
                let count = recv(fd, buffer.baseAddress, buffer.count, 0)
                if count < 0, errno == EINTR { continue }
                return count
            }
        }
        let writer = HTTPResponseWriter(
            fd: fd,
            isStopping: { [self] in isStopping },
            waitForStop: { [self] duration in waitForStop(duration) }
        )
        var disposition = HTTPResponseWriter.Disposition.keepOpen
        var index = 0
        while disposition == .keepOpen, !isStopping {
            index += 1
            let outcome = parser.readRequest(connectionID: connectionID, index: index) {
                writer.sendAll(Data("HTTP/1.1 100 Continue\r\n\r\n".utf8))
            }
            switch outcome {
            case .closed:
                disposition = .abort
            case .rejected(let status, let reason):
                disposition = writer.reject(status: status, reason: reason)
            case .request(let request):
                let response = handler(request)
                withLock { $0.served += 1 }
                disposition = writer.write(response, for: request)
            }
        }
        if disposition == .close, !isStopping { writer.endAndDrain() }
        withLock { _ = $0.clientFDs.remove(fd) }
        close(fd)
    }
}

/// The body a server thread runs, boxed so it can travel through `pthread_create`'s context pointer.
private final class ThreadWork: Sendable {
    /// What the thread runs.
    let body: @Sendable () -> Void

    /// A box for `body`.
    init(_ body: @escaping @Sendable () -> Void) {
        self.body = body
    }
}
