import FacebookGraph
import FacebookSDK
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The friend picker component (`FBFriendPickerViewController`) driven from a terminal: the loop
/// of `fbgraph friends`.
///
/// Threads: the picker lives on its own serial ``queue`` (its `callbackQueue`), where its delegate
/// methods arrive and where every call to it is made. The loop runs on the calling thread, blocked
/// in `poll(2)` on the terminal and a ``WakeupPipe``; the delegate posts to that pipe when a page
/// arrives, the selection changes or an error comes, and signal handlers post SIGWINCH and
/// SIGINT/SIGTERM/SIGHUP to it. After each event the loop copies what the picker shows (its
/// `sections`) into a ``PickerScreen`` and draws it with ``ScreenRenderer``.
///
/// Keys: typing sets the picker's `nameFilter` and calls `updateView()` (no network access);
/// Space calls `select(_:)` or `deselect(_:)` on the row under the cursor (in single mode it only
/// selects: the picker replaces the selection); Enter is the Done button (`pressDone()`), Esc the
/// Cancel button (`pressCancel()`).
final class TerminalFriendPicker {
    /// How a run ended.
    enum Outcome {
        /// Enter: the selection, in selection order.
        case done([any FBGraphUser])
        /// Esc.
        case cancelled
        /// Ctrl-C or a termination signal.
        case interrupted
        /// The terminal went away (hang-up, end of input).
        case terminalClosed
        /// The picker reported an error while loading.
        case failed(String)
    }

    /// How often the spinner turns while pages load, in milliseconds.
    static let spinnerInterval: Int32 = 100

    /// The picker's queue: its `callbackQueue`, and where every call to it is made.
    let queue = DispatchQueue(label: "fbgraph.friends.picker")
    private let picker: FBFriendPickerViewController
    private let terminal: TerminalDevice
    private let wakeup: WakeupPipe
    private let events: Events
    private var decoder = KeyDecoder()
    private var screen: PickerScreen
    private var users: [String: any FBGraphUser] = [:]
    private var spinnerFrame = 0
    /// True once the user moved the cursor or toggled a row since the last search: a page arriving
    /// then keeps the cursor on that friend; before, the cursor stays on the first row.
    private var cursorChosen = false

    /// A loop showing `picker` on `terminal`; `single` draws radio marks and only selects.
    init(picker: FBFriendPickerViewController, terminal: TerminalDevice, single: Bool) throws(CommandError) {
        self.picker = picker
        self.terminal = terminal
        wakeup = try WakeupPipe()
        events = Events(wakeup: wakeup)
        screen = PickerScreen(size: terminal.size())
        screen.single = single
        picker.callbackQueue = queue
        picker.delegate = events
    }

    /// Shows the picker until Enter, Esc, Ctrl-C, a signal, a hang-up or an error; loads the data
    /// first. The terminal is in raw mode meanwhile and restored before this returns.
    func run() throws(CommandError) -> Outcome {
        let wakeup = self.wakeup
        let resize = TerminationSignals(catching: [SIGWINCH]) { _ in wakeup.post(.resized) }
        let stop = TerminationSignals(catching: [SIGINT, SIGTERM, SIGHUP]) { _ in wakeup.post(.interrupted) }
        defer { withExtendedLifetime((resize, stop)) { terminal.restore() } }
        try terminal.enterRawMode()
        queue.sync {
            picker.presentModally(from: nil, animated: false, handler: nil)
            picker.loadData()
        }
        refresh(keepingCursor: false)
        while true {
            terminal.write(ScreenRenderer.render(screen))
            if let outcome = step() {
                return outcome
            }
        }
    }

    /// Waits for one event and handles it; an outcome ends the run.
    private func step() -> Outcome? {
        var timeout: Int32 = -1
        if case .loading = screen.status { timeout = Self.spinnerInterval }
        if decoder.isWaiting { timeout = KeyDecoder.escapeTimeoutMilliseconds }
        let ready = terminal.wait(alsoFor: wakeup.readEnd, milliseconds: timeout)
        var keys: [TerminalKey] = []
        if ready.terminal {
            guard let bytes = terminal.read() else { return .terminalClosed }
            keys = decoder.decode(bytes)
        } else if ready.hungUp {
            return .terminalClosed
        } else if !ready.other {
            // The wait timed out: a pending ESC was Esc alone; the spinner turns.
            keys = decoder.flush()
            spinnerFrame += 1
        }
        if ready.other {
            for event in wakeup.drain() {
                switch event {
                case .dataChanged: refresh(keepingCursor: cursorChosen)
                case .resized: screen.resize(to: terminal.size())
                case .interrupted: return .interrupted
                }
            }
        }
        if let error = events.error {
            return .failed(error)
        }
        for key in keys {
            if let outcome = handle(key) { return outcome }
        }
        if case .loading = screen.status { screen.status = .loading(frame: spinnerFrame) }
        return nil
    }

    /// What `key` does.
    private func handle(_ key: TerminalKey) -> Outcome? {
        switch key {
        case .text(let text):
            search(screen.query + text)
        case .backspace:
            if !screen.query.isEmpty { search(String(screen.query.dropLast())) }
        case .clearLine:
            search("")
        case .up, .down, .pageUp, .pageDown:
            cursorChosen = true
            switch key {
            case .up: screen.moveCursor(by: -1)
            case .down: screen.moveCursor(by: 1)
            case .pageUp: screen.movePage(down: false)
            default: screen.movePage(down: true)
            }
        case .space:
            cursorChosen = true
            toggleCurrentRow()
        case .enter:
            let selection = queue.sync { () -> [any FBGraphUser] in
                let selection = picker.selectedUsers
                picker.pressDone()
                return selection
            }
            return .done(selection)
        case .escape:
            queue.sync { _ = picker.pressCancel() }
            return .cancelled
        case .interrupt:
            return .interrupted
        }
        return nil
    }

    /// Sets the picker's search and re-filters (no network or cache access); the cursor goes to the top.
    private func search(_ text: String) {
        screen.query = text
        cursorChosen = false
        queue.sync {
            picker.nameFilter = text.isEmpty ? nil : text
            picker.updateView()
        }
        refresh(keepingCursor: false)
    }

    /// Selects or deselects the friend under the cursor, as a tap did.
    private func toggleCurrentRow() {
        guard let row = screen.currentRow, let user = users[row.id] else { return }
        let single = screen.single
        queue.sync {
            if row.isSelected {
                if !single { picker.deselect(user) }
            } else {
                picker.select(user)
            }
        }
        refresh(keepingCursor: true)
    }

    /// Copies what the picker shows into the screen.
    private func refresh(keepingCursor: Bool) {
        let (sections, loading, selected) = queue.sync {
            (picker.sections, picker.isLoading, picker.selectedUsers.count)
        }
        var lines: [PickerScreen.Line] = []
        users = [:]
        for section in sections {
            if let title = section.title { lines.append(.header(TerminalText.inert(title))) }
            for row in section.rows {
                guard let id = row.user.id else { continue }
                users[id] = row.user
                let name = row.displayName
                let boldStart = name.distance(from: name.startIndex, to: row.boldRange.lowerBound)
                let boldEnd = name.distance(from: name.startIndex, to: row.boldRange.upperBound)
                // Names come from the server: made inert here, where they enter the screen, so the
                // renderer measures and cuts what is drawn (placeholders included).
                let (inert, bold) = TerminalText.inert(name, marked: boldStart..<boldEnd)
                let shown = PickerScreen.Row(id: id, name: inert, bold: bold, isSelected: row.isSelected)
                lines.append(.row(shown))
            }
        }
        screen.setLines(lines, keepingCursorOn: keepingCursor ? screen.currentRow?.id : nil)
        screen.status = loading ? .loading(frame: spinnerFrame) : .loaded
        screen.selectedCount = selected
    }

    /// The picker's delegate: wakes the loop when the data or the selection changed, and keeps the
    /// first error. Its methods run on the picker's queue.
    private final class Events: FBFriendPickerDelegate, @unchecked Sendable {
        private let wakeup: WakeupPipe
        private let lock = NSLock()
        private var firstError: String?

        init(wakeup: WakeupPipe) {
            self.wakeup = wakeup
        }

        /// The first error the picker reported, as one line.
        var error: String? { lock.withLock { firstError } }

        func friendPickerViewControllerDataDidChange(_ friendPicker: FBFriendPickerViewController!) {
            wakeup.post(.dataChanged)
        }

        func friendPickerViewControllerSelectionDidChange(_ friendPicker: FBFriendPickerViewController!) {
            wakeup.post(.dataChanged)
        }

        func friendPickerViewController(_ friendPicker: FBFriendPickerViewController!, handleError error: (any Error)!)
        {
            let text = error.map { String(describing: $0) } ?? "an unknown error"
            lock.withLock { if firstError == nil { firstError = text } }
            wakeup.post(.dataChanged)
        }
    }
}
