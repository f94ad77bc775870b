import Foundation

/// Starts the test binary's child processes one at a time, so none inherits another's descriptors.
///
/// Every suite runs in one process, in parallel. `Process.run()` gives a child every descriptor the
/// parent opened after Foundation listed the ones to close, so a pipe or Foundation's exit-watching
/// socket made by one test while another starts a long-lived child (a tmux server, nginx) stays open
/// in that child: the first test then waits for an end of file, or an exit, that comes only when the
/// other's server stops — CI saw a run wait out a tmux session's `sleep 600`. Each spawn site makes its
/// pipes with ``pipe()``, opens its files through ``locked(_:)`` and starts with ``run(_:)``: no
/// descriptor is made while a child starts.
package enum ChildProcess {
    private static let lock = NSLock()

    /// Runs `body`, which makes descriptors a child will use, while no child starts.
    package static func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// A new pipe, made while no child starts.
    package static func pipe() -> Pipe { locked { Pipe() } }

    /// Starts `process` while no other child starts and no pipe is made.
    package static func run(_ process: Process) throws { try locked { try process.run() } }
}
