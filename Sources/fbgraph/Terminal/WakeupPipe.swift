import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A pipe that wakes the terminal picker's `poll(2)` from another thread or a signal: whoever
/// has news (a page arrived, the window was resized, SIGINT or SIGTERM came) writes one byte
/// naming it, and the loop reads the bytes back as ``Event``s.
///
/// Both ends are non-blocking: a flood of events can fill the pipe, and then the extra bytes are
/// dropped — the loop redraws from the current state, so one pending byte of a kind is enough.
final class WakeupPipe: Sendable {
    /// What woke the loop.
    enum Event: UInt8, Sendable {
        /// The picker's data or selection changed.
        case dataChanged = 0x64  // "d"
        /// SIGWINCH: the window's size changed.
        case resized = 0x77  // "w"
        /// SIGINT, SIGTERM or SIGHUP: stop now.
        case interrupted = 0x69  // "i"
    }

    /// The end the loop polls and reads.
    let readEnd: Int32
    private let writeEnd: Int32

    /// A new pipe.
    ///
    /// - Throws: ``CommandError/failure(_:)`` when the process is out of descriptors.
    init() throws(CommandError) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            throw .failure("cannot create a pipe: \(String(cString: strerror(errno)))")
        }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    /// Wakes the loop with `event` (callable from any thread).
    func post(_ event: Event) {
        var byte = event.rawValue
        _ = Glibc.write(writeEnd, &byte, 1)
    }

    /// The events written since the last call, each kind once, in the order first seen.
    func drain() -> [Event] {
        var events: [Event] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(readEnd, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            for byte in buffer.prefix(count) {
                if let event = Event(rawValue: byte), !events.contains(event) { events.append(event) }
            }
        }
        return events
    }
}
