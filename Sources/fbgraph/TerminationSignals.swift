import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// SIGINT and SIGTERM, caught: their default action (ending the process at once) is replaced by a
/// dispatch source, so a server can stop cleanly and exit 0. Create it before anything announces
/// that the process is ready, so a signal sent right after the announcement is not lost.
final class TerminationSignals {
    private let received = DispatchSemaphore(value: 0)
    private var sources: [any DispatchSourceSignal] = []

    /// Starts catching SIGINT and SIGTERM.
    init() {
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [received] in received.signal() }
            source.resume()
            sources.append(source)
        }
    }

    /// Blocks until SIGINT or SIGTERM arrives.
    func wait() {
        received.wait()
    }

    deinit {
        sources.forEach { $0.cancel() }
    }
}
