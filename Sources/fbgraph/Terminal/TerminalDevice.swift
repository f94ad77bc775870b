import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The controlling terminal (`/dev/tty`), opened for the full-screen picker: raw mode through
/// termios, the alternate screen, reads that wait with `poll(2)`, and the window size.
///
/// It draws on the terminal, not on standard output (as fzf does), so `fbgraph friends >
/// selection.json` shows the picker and writes only the selection to the file.
///
/// Lifecycle: ``open()`` → ``enterRawMode()`` → reads and writes → ``restore()``. ``restore()``
/// puts back the settings it found, leaves the alternate screen and shows the cursor; it is
/// idempotent and runs from `deinit` too, so every way out — Enter, Esc, Ctrl-C, a signal, an
/// error — leaves the terminal as it was.
final class TerminalDevice {
    /// The terminal's file descriptor.
    let descriptor: Int32
    /// The settings found when raw mode began; nil outside raw mode.
    private var saved: termios?

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        restore()
        close(descriptor)
    }

    /// Opens the controlling terminal.
    ///
    /// - Throws: ``CommandError/usage(_:)`` when the process has none (cron, CI, `setsid`): the
    ///   picker needs a person at a terminal.
    static func open() throws(CommandError) -> TerminalDevice {
        let descriptor = Glibc.open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0, isatty(descriptor) == 1 else {
            if descriptor >= 0 { close(descriptor) }
            throw .usage(
                "fbgraph friends needs a terminal: it draws on /dev/tty, and this process has none "
                    + "(standard output may be redirected; the terminal may not)")
        }
        return TerminalDevice(descriptor: descriptor)
    }

    /// Turns off echo, line buffering, signals from keys (Ctrl-C arrives as a byte), flow control
    /// and CR translation; reads return each byte as it comes. Switches to the alternate screen.
    ///
    /// - Throws: ``CommandError/failure(_:)`` when the terminal refuses the settings.
    func enterRawMode() throws(CommandError) {
        var settings = termios()
        guard tcgetattr(descriptor, &settings) == 0 else {
            throw .failure("cannot read the terminal's settings: \(String(cString: strerror(errno)))")
        }
        let original = settings
        settings.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        settings.c_cflag |= tcflag_t(CS8)
        settings.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        withUnsafeMutableBytes(of: &settings.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(descriptor, TCSAFLUSH, &settings) == 0 else {
            throw .failure("cannot put the terminal in raw mode: \(String(cString: strerror(errno)))")
        }
        saved = original
        write(ScreenRenderer.Control.enterAlternateScreen)
    }

    /// Leaves raw mode and the alternate screen and shows the cursor; does nothing outside raw mode.
    func restore() {
        guard var original = saved else { return }
        saved = nil
        write(
            ScreenRenderer.Control.reset + ScreenRenderer.Control.showCursor
                + ScreenRenderer.Control.leaveAlternateScreen)
        _ = tcsetattr(descriptor, TCSAFLUSH, &original)
    }

    /// Writes `text` whole (retrying short writes and interruptions); drops it if the terminal is gone.
    func write(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }

    /// What `poll(2)` saw.
    struct Readiness {
        /// The terminal has bytes to read (or hung up).
        var terminal = false
        /// The other descriptor is readable.
        var other = false
        /// The terminal hung up or failed.
        var hungUp = false
    }

    /// Waits until the terminal or `other` is readable, or `milliseconds` pass (-1: no limit).
    func wait(alsoFor other: Int32, milliseconds: Int32) -> Readiness {
        var fds = [
            pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: other, events: Int16(POLLIN), revents: 0),
        ]
        let count = poll(&fds, nfds_t(fds.count), milliseconds)
        guard count > 0 else { return Readiness() }
        let hangUp = Int16(POLLHUP | POLLERR | POLLNVAL)
        return Readiness(
            terminal: fds[0].revents & Int16(POLLIN) != 0,
            other: fds[1].revents & Int16(POLLIN) != 0,
            hungUp: fds[0].revents & hangUp != 0 && fds[0].revents & Int16(POLLIN) == 0
        )
    }

    /// The bytes available now (call after ``wait(alsoFor:milliseconds:)`` says so): empty when a
    /// signal interrupted the read, nil at end of file or on an error (the terminal is gone).
    func read() -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 1024)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR || errno == EAGAIN { return [] }
        return count > 0 ? Array(buffer.prefix(count)) : nil
    }

    /// The window's size (`TIOCGWINSZ`); 24 × 80 when the terminal does not say.
    func size() -> PickerScreen.Size {
        var window = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &window) == 0, window.ws_row > 0, window.ws_col > 0 else {
            return PickerScreen.Size(rows: 24, columns: 80)
        }
        return PickerScreen.Size(rows: Int(window.ws_row), columns: Int(window.ws_col))
    }
}
