// A private nginx for tests and benchmarks, on random loopback ports.
//
// ## Life of a fixture
//
// 1. **Prepare.** `init` makes a fresh run directory under the temporary directory and writes the
//    static files into `www/` (`/me`, `/small`, `/friends`, the same bytes the benchmark anchors
//    use), then generates a certificate authority for this run and two leaf certificates signed by
//    it with the `openssl` command: one for `IP:127.0.0.1, DNS:localhost`, one for
//    `DNS:wrong.invalid` only, one for `IP:127.0.0.1` that expired before it was valid (`-days -1`);
//    and a self-signed leaf for `IP:127.0.0.1` that no CA vouches for.
// 2. **Start.** It picks six free loopback ports, writes `nginx.conf` and runs
//    `nginx -p DIR -e DIR/logs/error.log -c DIR/nginx.conf`. A port taken between the pick and
//    nginx's `bind` makes nginx exit; the fixture then retries with new ports (5 tries).
// 3. **Ready.** It waits (bounded, 5 s) for the master's pid file, which nginx writes only after
//    binding every port, and for a TCP connect to each port to succeed.
// 4. **Stop.** ``NginxFixture/stop()`` sends `QUIT` (graceful), then `TERM` and finally `KILL` to
//    the process group after bounded waits, and removes the run directory. `deinit` calls it.
//
// The configuration says `daemon off;`, so the nginx master stays this process's child. A
// daemonizing nginx cannot be started with Foundation's `Process` on Linux: `Process` learns of
// an exit from EOF on a socket the child inherits, which the daemon keeps open, so
// `waitUntilExit()` would hang for as long as nginx runs. A daemon would also be re-parented to
// PID 1, which in a container often reaps nothing, leaving a zombie per fixture.

import Foundation
import Glibc
import FacebookGraph

/// A private nginx started by a test: HTTP/1.1 cleartext, HTTPS + HTTP/2, and HTTPS with a
/// certificate for the wrong host, each on its own random loopback port, with a certificate
/// authority generated for this run.
///
/// Every request under `/logged/` is written to an access log that ``connectionsLogged()`` returns,
/// so a test can see which protocol each request used and how many requests shared a connection.
package final class NginxFixture: Sendable {
    /// True when an `nginx` binary (on `PATH` or at `/usr/sbin/nginx`) and `openssl` exist.
    package static var isAvailable: Bool {
        nginxPath != nil && opensslPath != nil
    }

    /// The HTTP/1.1 cleartext port.
    package let httpPort: Int
    /// The HTTPS port, offering HTTP/2 and HTTP/1.1 through ALPN; its certificate names
    /// `IP:127.0.0.1` and `DNS:localhost` and is signed by ``caFile``.
    package let httpsPort: Int
    /// An HTTPS port whose certificate names only `DNS:wrong.invalid` (signed by the same CA), so
    /// host verification of `127.0.0.1` fails there.
    package let wrongHostPort: Int
    /// An HTTPS port whose certificate (for `IP:127.0.0.1`, signed by ``caFile``) has expired.
    package let expiredPort: Int
    /// An HTTPS port whose certificate (for `IP:127.0.0.1`) is self-signed: no CA vouches for it.
    package let selfSignedPort: Int
    /// An HTTPS + HTTP/2 port that ends every connection after two requests (`keepalive_requests 2`:
    /// a `GOAWAY` while further streams are open on it).
    package let goawayPort: Int
    /// The PEM file of this run's certificate authority.
    package let caFile: String
    /// The run directory: configuration, certificates, `www/`, logs. Removed by ``stop()``.
    package let directory: String

    /// The nginx master, this process's child (`daemon off;`).
    private let master: Process
    /// True once ``stop()`` has run.
    private let stopped = LockedValue(false)

    /// Generates this run's certificates, writes the configuration and the static files into a
    /// fresh temporary directory, starts nginx and waits until every port accepts connections.
    ///
    /// - Throws: ``NginxFixtureError`` when nginx or openssl is missing, a command fails, or nginx
    ///   does not come up in time; the message includes the tail of nginx's `error.log`.
    package init() throws {
        guard let nginx = Self.nginxPath, let openssl = Self.opensslPath else {
            throw NginxFixtureError("nginx or openssl not found (looked on PATH and in /usr/sbin)")
        }
        let directory = try Self.makeRunDirectory()
        do {
            try NginxFixtureData.write(into: directory + "/www")
            try Self.makeCertificates(openssl: openssl, in: directory + "/certs", log: directory + "/commands.log")
            let (ports, master) = try Self.startNginx(nginx, in: directory)
            httpPort = ports[0]
            httpsPort = ports[1]
            wrongHostPort = ports[2]
            expiredPort = ports[3]
            selfSignedPort = ports[4]
            goawayPort = ports[5]
            self.master = master
        } catch {
            try? FileManager.default.removeItem(atPath: directory)
            throw error
        }
        caFile = directory + "/certs/ca.pem"
        self.directory = directory
    }

    /// Stops nginx and removes the run directory, unless ``stop()`` already did.
    deinit {
        stop()
    }

    /// `http://127.0.0.1:<httpPort><path>`.
    package func httpURL(_ path: String) -> String {
        "http://127.0.0.1:\(httpPort)\(path)"
    }

    /// `https://127.0.0.1:<httpsPort><path>`.
    package func httpsURL(_ path: String) -> String {
        "https://127.0.0.1:\(httpsPort)\(path)"
    }

    /// `https://127.0.0.1:<wrongHostPort><path>`: a server whose certificate does not name the host.
    package func wrongHostURL(_ path: String) -> String {
        "https://127.0.0.1:\(wrongHostPort)\(path)"
    }

    /// `https://127.0.0.1:<port><path>` for one of the fixture's HTTPS ports.
    package func httpsURL(port: Int, _ path: String) -> String {
        "https://127.0.0.1:\(port)\(path)"
    }

    /// The access-log lines of the `/logged/*` requests so far, oldest first, each
    /// `$server_protocol conn=$connection reqs=$connection_requests $status`
    /// (for example `HTTP/2.0 conn=3 reqs=17 200`).
    package func connectionsLogged() -> [String] {
        guard let text = try? String(contentsOfFile: directory + "/logs/logged.log", encoding: .utf8) else {
            return []
        }
        return text.split(separator: "\n").map(String.init)
    }

    /// Stops nginx (`QUIT`, then `TERM` after a bounded wait, then `KILL`) and removes the run
    /// directory. Safe to call any number of times, from any thread.
    package func stop() {
        let first = stopped.withLock { wasStopped in
            defer { wasStopped = true }
            return !wasStopped
        }
        guard first else { return }
        Self.terminate(master)
        try? FileManager.default.removeItem(atPath: directory)
    }
}

/// Why an ``NginxFixture`` could not start, with the tail of nginx's `error.log` when there is one.
package struct NginxFixtureError: Error, CustomStringConvertible {
    /// What failed.
    package let message: String
    /// The last lines of nginx's `error.log` (or of the command output), possibly empty.
    package let logTail: String

    /// An error with a message and an optional log tail.
    package init(_ message: String, logTail: String = "") {
        self.message = message
        self.logTail = logTail
    }

    /// The message, then the log tail when there is one.
    package var description: String {
        logTail.isEmpty ? "NginxFixture: \(message)" : "NginxFixture: \(message)\n--- log tail ---\n\(logTail)"
    }
}

// MARK: - Setup steps

extension NginxFixture {
    /// The nginx binary: the first `nginx` on `PATH`, else `/usr/sbin/nginx`.
    fileprivate static var nginxPath: String? {
        executable(named: "nginx", fallbacks: ["/usr/sbin/nginx", "/usr/local/sbin/nginx"])
    }

    /// The openssl binary.
    fileprivate static var opensslPath: String? {
        executable(named: "openssl", fallbacks: ["/usr/bin/openssl"])
    }

    /// The first executable called `name` on `PATH`, else the first existing fallback.
    private static func executable(named name: String, fallbacks: [String]) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let candidates = path.split(separator: ":").map { "\($0)/\(name)" } + fallbacks
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// A fresh private directory with the layout the configuration expects.
    fileprivate static func makeRunDirectory() throws -> String {
        var template = Array((NSTemporaryDirectory() + "/nginx-fixture-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw NginxFixtureError("mkdtemp failed: \(String(cString: strerror(errno)))")
        }
        let directory = URL(fileURLWithPath: String(cString: made)).standardizedFileURL.path
        for sub in ["www", "certs", "logs", "temp"] {
            try FileManager.default.createDirectory(atPath: "\(directory)/\(sub)", withIntermediateDirectories: true)
        }
        return directory
    }

    /// Generates `ca.pem`, `server.pem`/`server.key` and `wrong.pem`/`wrong.key` in `certs`.
    fileprivate static func makeCertificates(openssl: String, in certs: String, log: String) throws {
        let ecKey = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        try check(
            openssl,
            ["req", "-x509"] + ecKey + [
                "-days", "7", "-subj", "/CN=NginxFixture test CA", "-keyout", "\(certs)/ca.key",
                "-out", "\(certs)/ca.pem", "-addext", "basicConstraints=critical,CA:TRUE",
                "-addext", "keyUsage=critical,keyCertSign,cRLSign",
            ],
            log: log
        )
        let leaves = [
            ("server", "127.0.0.1", "IP:127.0.0.1,DNS:localhost", "7"),
            ("wrong", "wrong.invalid", "DNS:wrong.invalid", "7"),
            // Not after one day before its start: expired from the moment it is made.
            ("expired", "127.0.0.1", "IP:127.0.0.1", "-1"),
        ]
        for (name, commonName, subjectAltName, days) in leaves {
            let extensions =
                "subjectAltName=\(subjectAltName)\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n"
            try extensions.write(toFile: "\(certs)/\(name).ext", atomically: true, encoding: .utf8)
            try check(
                openssl,
                ["req"] + ecKey + [
                    "-subj", "/CN=\(commonName)", "-keyout", "\(certs)/\(name).key", "-out", "\(certs)/\(name).csr",
                ],
                log: log
            )
            try check(
                openssl,
                [
                    "x509", "-req", "-in", "\(certs)/\(name).csr", "-CA", "\(certs)/ca.pem", "-CAkey",
                    "\(certs)/ca.key", "-CAcreateserial", "-days", days, "-extfile", "\(certs)/\(name).ext",
                    "-out", "\(certs)/\(name).pem",
                ],
                log: log
            )
        }
        try check(
            openssl,
            ["req", "-x509"] + ecKey + [
                "-days", "7", "-subj", "/CN=127.0.0.1", "-keyout", "\(certs)/selfsigned.key",
                "-out", "\(certs)/selfsigned.pem", "-addext", "subjectAltName=IP:127.0.0.1",
            ],
            log: log
        )
    }

    /// Starts nginx on six fresh ports, retrying with new ports when a bind fails; returns the
    /// ports (HTTP, HTTPS, wrong host, expired, self-signed, GOAWAY) and the master once it has bound them all and each accepts
    /// connections.
    fileprivate static func startNginx(_ nginx: String, in directory: String) throws -> ([Int], Process) {
        let errorLog = directory + "/logs/error.log"
        let pidFile = directory + "/logs/nginx.pid"
        let attempts = 5
        for attempt in 1...attempts {
            let ports = try freePorts(count: 6)
            try configuration(directory: directory, ports: ports)
                .write(toFile: directory + "/nginx.conf", atomically: true, encoding: .utf8)
            try? FileManager.default.removeItem(atPath: errorLog)
            let master = try launch(
                nginx, ["-p", directory, "-e", errorLog, "-c", directory + "/nginx.conf"],
                log: directory + "/commands.log")
            let deadline = ContinuousClock.now + .seconds(5).scaledForTests
            while true {
                guard master.isRunning else {
                    let tail = logTail(errorLog)
                    if tail.contains("Address already in use"), attempt < attempts { break }
                    throw NginxFixtureError("nginx exited at start", logTail: tail)
                }
                // nginx writes its pid file after binding every listening socket.
                if FileManager.default.fileExists(atPath: pidFile), ports.allSatisfy(canConnect(port:)) {
                    return (ports, master)
                }
                guard ContinuousClock.now < deadline else {
                    terminate(master)
                    throw NginxFixtureError("nginx not answering on \(ports) within 5 s", logTail: logTail(errorLog))
                }
                usleep(10_000)
            }
        }
        throw NginxFixtureError("no free ports after \(attempts) attempts", logTail: logTail(errorLog))
    }

    /// The nginx configuration for a run directory and its three ports.
    private static func configuration(directory dir: String, ports: [Int]) -> String {
        let tls = """
                ssl_certificate_key \(dir)/certs/@.key;
                ssl_certificate \(dir)/certs/@.pem;
                ssl_protocols TLSv1.2 TLSv1.3;
                ssl_session_cache shared:SSL:10m;
                http2_max_concurrent_streams 256;
            """
        let content = """
                root \(dir)/www;
                location / { }
                location /logged/ { alias \(dir)/www/; access_log \(dir)/logs/logged.log logged; }
                location = /to-http { return 302 http://127.0.0.1:\(ports[0])/me; }
            """
        return """
            daemon off;
            user root;
            worker_processes 1;
            pid \(dir)/logs/nginx.pid;
            error_log \(dir)/logs/error.log warn;
            worker_rlimit_nofile 16384;
            events { worker_connections 4096; use epoll; multi_accept on; }
            http {
                access_log off;
                client_body_temp_path \(dir)/temp/client_body;
                proxy_temp_path \(dir)/temp/proxy;
                fastcgi_temp_path \(dir)/temp/fastcgi;
                uwsgi_temp_path \(dir)/temp/uwsgi;
                scgi_temp_path \(dir)/temp/scgi;
                types { }
                default_type application/json;
                charset_types application/json;
                sendfile on; tcp_nopush on; tcp_nodelay on;
                keepalive_timeout 300s;
                keepalive_requests 1000000;
                open_file_cache max=64 inactive=600s;
                open_file_cache_valid 600s;
                etag off;
                server_tokens off;
                log_format logged '$server_protocol conn=$connection reqs=$connection_requests $status';
                server {
                    listen 127.0.0.1:\(ports[0]) backlog=4096;
            \(content)
                }
                server {
                    listen 127.0.0.1:\(ports[1]) ssl http2 backlog=4096;
            \(tls.replacingOccurrences(of: "@", with: "server"))
            \(content)
                }
                server {
                    listen 127.0.0.1:\(ports[2]) ssl http2 backlog=4096;
            \(tls.replacingOccurrences(of: "@", with: "wrong"))
            \(content)
                }
                server {
                    listen 127.0.0.1:\(ports[3]) ssl http2;
            \(tls.replacingOccurrences(of: "@", with: "expired"))
            \(content)
                }
                server {
                    listen 127.0.0.1:\(ports[4]) ssl http2;
            \(tls.replacingOccurrences(of: "@", with: "selfsigned"))
            \(content)
                }
                server {
                    listen 127.0.0.1:\(ports[5]) ssl http2;
                    keepalive_requests 2;
            \(tls.replacingOccurrences(of: "@", with: "server"))
            \(content)
                }
            }

            """
    }
}

// MARK: - Processes and sockets

extension NginxFixture {
    /// Starts a command with its output appended to `log`, in its own process group.
    fileprivate static func launch(_ executable: String, _ arguments: [String], log: String) throws -> Process {
        if !FileManager.default.fileExists(atPath: log) {
            _ = FileManager.default.createFile(atPath: log, contents: nil)
        }
        guard let output = ChildProcess.locked({ FileHandle(forWritingAtPath: log) }) else {
            throw NginxFixtureError("cannot open \(log)")
        }
        defer { try? output.close() }
        output.seekToEndOfFile()
        output.write(Data("$ \(executable) \(arguments.joined(separator: " "))\n".utf8))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = output
        try ChildProcess.run(process)
        return process
    }

    /// Runs a command to completion with its output appended to `log`; returns its exit status.
    private static func run(_ executable: String, _ arguments: [String], log: String) throws -> Int32 {
        let process = try launch(executable, arguments, log: log)
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Runs a command and throws, with its output, when it fails.
    private static func check(_ executable: String, _ arguments: [String], log: String) throws {
        let status = try run(executable, arguments, log: log)
        guard status == 0 else {
            let name = URL(fileURLWithPath: executable).lastPathComponent
            throw NginxFixtureError(
                "\(name) \(arguments.first ?? "") exited with status \(status)", logTail: logTail(log))
        }
    }

    /// The last lines of a log file, or an empty string.
    private static func logTail(_ path: String, lines: Int = 20) -> String {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return "" }
        return text.split(separator: "\n").suffix(lines).joined(separator: "\n")
    }

    /// `count` distinct ports that were free a moment ago (bound to port 0 at once, then closed).
    private static func freePorts(count: Int) throws -> [Int] {
        var sockets: [Int32] = []
        defer {
            for fd in sockets { close(fd) }
        }
        var ports: [Int] = []
        for _ in 0..<count {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard fd >= 0 else { throw NginxFixtureError("socket failed: \(String(cString: strerror(errno)))") }
            sockets.append(fd)
            var address = loopbackAddress(port: 0)
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                    bind(fd, socketAddress, length) == 0 && getsockname(fd, socketAddress, &length) == 0
                }
            }
            guard bound else { throw NginxFixtureError("bind failed: \(String(cString: strerror(errno)))") }
            ports.append(Int(UInt16(bigEndian: address.sin_port)))
        }
        return ports
    }

    /// True when a TCP connection to `127.0.0.1:port` succeeds (it is closed at once).
    private static func canConnect(port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = loopbackAddress(port: port)
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    /// `127.0.0.1:port` as a `sockaddr_in`.
    private static func loopbackAddress(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(UInt32(0x7F00_0001).bigEndian)
        return address
    }

    /// Stops nginx: `QUIT` (finish requests, then exit), `TERM` after 1 s, and `KILL` to the whole
    /// process group (the master and its workers; `Process` gives the child a group of its own)
    /// after 2 more seconds. The grace for `QUIT` is short because nginx 1.22 keeps waiting on an
    /// idle HTTP/2 connection a client (such as a shared engine) still holds open.
    fileprivate static func terminate(_ master: Process) {
        let pid = master.processIdentifier
        guard pid > 0 else { return }
        for (signal, milliseconds) in [(SIGQUIT, 1000), (SIGTERM, 2000), (SIGKILL, 1000)] {
            guard master.isRunning else { return }
            kill(signal == SIGKILL ? -pid : pid, signal)
            let deadline = ContinuousClock.now + .milliseconds(milliseconds)
            while master.isRunning, ContinuousClock.now < deadline { usleep(10_000) }
        }
    }
}
