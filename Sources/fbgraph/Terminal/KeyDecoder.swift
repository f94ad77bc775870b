/// Turns the bytes a terminal in raw mode sends into ``TerminalKey``s.
///
/// Bytes arrive in arbitrary chunks: an escape sequence or a UTF-8 character may be split across
/// reads, so the decoder keeps what it cannot decode yet and decodes it with the next chunk. Esc
/// alone and the start of an escape sequence begin with the same byte; the caller tells them apart
/// by time: when nothing follows an ESC within a short while (``isWaiting`` is true and a
/// `poll(2)` with ``escapeTimeoutMilliseconds`` times out), it calls ``flush()``, which reads the
/// lone ESC as ``TerminalKey/escape``.
///
/// | bytes | key |
/// |---|---|
/// | printable UTF-8 (consecutive ones together) | ``TerminalKey/text(_:)`` |
/// | `0x7F`, `0x08` | ``TerminalKey/backspace`` |
/// | `ESC [ A`, `ESC O A`, `0x10` (Ctrl-P) | ``TerminalKey/up`` |
/// | `ESC [ B`, `ESC O B`, `0x0E` (Ctrl-N) | ``TerminalKey/down`` |
/// | `ESC [ 5 ~`, `ESC [ 6 ~` | ``TerminalKey/pageUp``, ``TerminalKey/pageDown`` |
/// | `0x20` | ``TerminalKey/space`` |
/// | `0x0D`, `0x0A` | ``TerminalKey/enter`` |
/// | `ESC` followed by nothing, or by a byte that starts no sequence | ``TerminalKey/escape`` |
/// | `0x15` (Ctrl-U) | ``TerminalKey/clearLine`` |
/// | `0x03` (Ctrl-C) | ``TerminalKey/interrupt`` |
///
/// Other control bytes, other complete escape sequences (Left, Right, F-keys, modified keys) and
/// invalid UTF-8 are dropped.
struct KeyDecoder {
    /// How long to wait after an ESC for the rest of a sequence before reading it as Esc alone.
    static let escapeTimeoutMilliseconds: Int32 = 25

    private static let escapeByte: UInt8 = 0x1B

    /// Bytes read but not decoded yet: an incomplete escape sequence or UTF-8 character.
    private var pending: [UInt8] = []

    /// True when bytes wait for more (an ESC, a partial sequence or character): the caller should
    /// call ``flush()`` if nothing arrives within ``escapeTimeoutMilliseconds``.
    var isWaiting: Bool { !pending.isEmpty }

    /// Decodes `bytes` after whatever was pending; keeps an incomplete tail for the next call.
    mutating func decode(_ bytes: some Sequence<UInt8>) -> [TerminalKey] {
        pending.append(contentsOf: bytes)
        return drain(final: false)
    }

    /// Decodes what is pending as if no more bytes will come: a lone ESC is Esc; an incomplete
    /// sequence is Esc followed by its other bytes as typed; an incomplete character is dropped.
    mutating func flush() -> [TerminalKey] {
        drain(final: true)
    }

    private mutating func drain(final: Bool) -> [TerminalKey] {
        var keys: [TerminalKey] = []
        var index = 0
        func emit(_ key: TerminalKey) {
            if case .text(let more) = key, case .text(let text)? = keys.last {
                keys[keys.count - 1] = .text(text + more)
            } else {
                keys.append(key)
            }
        }
        while index < pending.count {
            let byte = pending[index]
            switch byte {
            case Self.escapeByte:
                switch Self.escapeSequence(pending, at: index) {
                case .incomplete where !final:
                    pending.removeFirst(index)
                    return keys
                case .incomplete, .none:
                    emit(.escape)
                    index += 1
                case .complete(let key, let length):
                    if let key { emit(key) }
                    index += length
                }
            case 0x7F, 0x08: emit(.backspace); index += 1
            case 0x0D, 0x0A: emit(.enter); index += 1
            case 0x20: emit(.space); index += 1
            case 0x10: emit(.up); index += 1
            case 0x0E: emit(.down); index += 1
            case 0x15: emit(.clearLine); index += 1
            case 0x03: emit(.interrupt); index += 1
            case 0x00..<0x20: index += 1
            default:
                switch Self.character(pending, at: index) {
                case .incomplete where !final:
                    pending.removeFirst(index)
                    return keys
                case .incomplete, .none:
                    index += 1
                case .complete(let text, let length):
                    if let text { emit(.text(text)) }
                    index += length
                }
            }
        }
        pending.removeAll()
        return keys
    }

    /// What the bytes from `start` decode to.
    private enum Piece<Value> {
        /// More bytes are needed.
        case incomplete
        /// Not a piece of this kind.
        case none
        /// `length` bytes decode to `value` (nil: recognised and dropped).
        case complete(Value?, length: Int)
    }

    /// The escape sequence at `start` (which holds ESC): CSI (`ESC [` parameters, intermediates,
    /// a final byte) or SS3 (`ESC O` and one byte); `.none` when ESC starts neither.
    private static func escapeSequence(_ bytes: [UInt8], at start: Int) -> Piece<TerminalKey> {
        guard start + 1 < bytes.count else { return .incomplete }
        switch bytes[start + 1] {
        case UInt8(ascii: "["):
            var index = start + 2
            while index < bytes.count, (0x20...0x3F).contains(bytes[index]) { index += 1 }
            guard index < bytes.count else { return .incomplete }
            guard (0x40...0x7E).contains(bytes[index]) else { return .none }
            let parameters = String(decoding: bytes[(start + 2)..<index], as: UTF8.self)
            let key: TerminalKey? =
                switch (parameters, bytes[index]) {
                case ("", UInt8(ascii: "A")), ("1", UInt8(ascii: "A")): .up
                case ("", UInt8(ascii: "B")), ("1", UInt8(ascii: "B")): .down
                case ("5", UInt8(ascii: "~")): .pageUp
                case ("6", UInt8(ascii: "~")): .pageDown
                default: nil
                }
            return .complete(key, length: index - start + 1)
        case UInt8(ascii: "O"):
            guard start + 2 < bytes.count else { return .incomplete }
            let key: TerminalKey? =
                switch bytes[start + 2] {
                case UInt8(ascii: "A"): .up
                case UInt8(ascii: "B"): .down
                default: nil
                }
            return .complete(key, length: 3)
        default:
            return .none
        }
    }

    /// The UTF-8 character at `start` as text; dropped (nil) when it is not printable.
    private static func character(_ bytes: [UInt8], at start: Int) -> Piece<String> {
        let lead = bytes[start]
        let length: Int
        switch lead {
        case 0x20..<0x80: length = 1
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return .none
        }
        guard start + length <= bytes.count else {
            // A continuation byte that is not one means the character will never complete.
            let continues = bytes[(start + 1)...].allSatisfy { $0 & 0xC0 == 0x80 }
            return continues ? .incomplete : .none
        }
        var decoder = UTF8()
        var iterator = bytes[start..<(start + length)].makeIterator()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator), iterator.next() == nil else { return .none }
        let printable = scalar.properties.generalCategory != .control && scalar.properties.generalCategory != .format
        return .complete(printable ? String(Character(scalar)) : nil, length: length)
    }
}
