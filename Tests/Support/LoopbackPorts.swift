import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Loopback ports for tests: one nothing listens on, and a check that something does.
package enum LoopbackPorts {
    /// A 127.0.0.1 port that was free a moment ago (bound, read, closed): nothing listens on it.
    package static func free() throws -> Int {
        let (fd, port) = try bound()
        close(fd)
        return port
    }

    /// A socket bound to a free 127.0.0.1 port, not listening, and that port.
    fileprivate static func bound() throws -> (fd: Int32, port: Int) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let result = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer -> Int32 in
                guard bind(fd, pointer, length) == 0 else { return -1 }
                return getsockname(fd, pointer, &length)
            }
        }
        guard fd >= 0, result == 0 else {
            if fd >= 0 { close(fd) }
            throw LoopbackPortError.noFreePort
        }
        return (fd, Int(UInt16(bigEndian: address.sin_port)))
    }

    /// True when something accepts TCP connections on 127.0.0.1:`port`.
    package static func accepts(port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }
}

/// A 127.0.0.1 port held bound but not listening for as long as this object lives: a connection to
/// it is refused, and no other socket (another suite's server in the same run) can take it, as one
/// could take a port from ``LoopbackPorts/free()`` the moment it was closed.
package final class RefusingLoopbackPort: @unchecked Sendable {
    /// The port; connections to it are refused.
    package let port: Int
    private let fd: Int32

    /// Binds a free port and keeps it.
    package init() throws {
        (fd, port) = try LoopbackPorts.bound()
    }

    deinit { close(fd) }
}

/// Why no loopback port could be had.
package enum LoopbackPortError: Error {
    /// The kernel gave no free port.
    case noFreePort
}
