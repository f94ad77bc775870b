import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Signals, caught: their default action (ending the process at once) is replaced by a dispatch
/// source, so a server can stop cleanly and exit 0, and the terminal picker can restore the
/// terminal first. Create it before anything announces that the process is ready, so a signal sent
/// right after the announcement is not lost.
final class TerminationSignals {
    private let received = DispatchSemaphore(value: 0)
    private var sources: [any DispatchSourceSignal] = []

    /// Starts catching SIGINT and SIGTERM; ``wait()`` returns when one arrives.
    convenience init() {
        self.init(catching: [SIGINT, SIGTERM], onSignal: nil)
    }

    /// Starts catching `numbers`, calling `onSignal` (on a global queue) with each signal that
    /// arrives; without a handler, ``wait()`` returns when one arrives.
    init(catching numbers: [Int32], onSignal: (@Sendable (Int32) -> Void)?) {
        for number in numbers {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [received] in
                if let onSignal { onSignal(number) } else { received.signal() }
            }
            source.resume()
            sources.append(source)
        }
    }

    /// Blocks until a caught signal arrives.
    func wait() {
        received.wait()
    }

    deinit {
        sources.forEach { $0.cancel() }
    }
}
