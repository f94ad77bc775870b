import FacebookGraphTestSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Reads a child process's pipe on a thread of its own with blocking `read(2)`, handing each chunk to
/// `onData`, until end of file — or, with `closesAfterFirstLine`, until a line has arrived, when it
/// closes the read end itself (what `head -1` does).
///
/// Not `FileHandle.readabilityHandler`: its dispatch read source, torn down while the pipe closes,
/// crashes libdispatch's event loop on Linux now and then (`_dispatch_event_loop_drain`; seen in this
/// suite, and swift-corelibs-foundation#5507). A plain thread owns the descriptor, so nothing else
/// watches it when it is closed.
final class PipeReader: Sendable {
    private let finished = DispatchSemaphore(value: 0)

    /// Starts reading `handle` (a pipe's read end; the reader closes it when done).
    init(_ handle: FileHandle, closesAfterFirstLine: Bool = false, onData: @escaping @Sendable (Data) -> Void) {
        let fd = dup(handle.fileDescriptor)
        try? handle.close()
        let finished = finished
        let thread = Thread {
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            var sawNewline = false
            while !(closesAfterFirstLine && sawNewline) {
                let count = read(fd, &buffer, buffer.count)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                let chunk = Data(buffer[0..<count])
                if chunk.contains(UInt8(ascii: "\n")) { sawNewline = true }
                onData(chunk)
            }
            close(fd)
            finished.signal()
        }
        thread.start()
    }

    /// Waits (at most `seconds`) until the reader has closed the pipe.
    @discardableResult
    func waitUntilClosed(seconds: Double = 10) -> Bool {
        finished.wait(scaledSeconds: seconds)
    }
}
