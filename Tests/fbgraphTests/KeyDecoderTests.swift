import Testing

@testable import fbgraph

/// The terminal picker's key decoder: bytes in any chunks to keys; Esc alone told from a sequence.
@Suite("Key decoder")
struct KeyDecoderTests {
    /// Decodes `bytes` in one chunk, then flushes (as a poll timeout would).
    func keys(_ bytes: [UInt8]) -> [TerminalKey] {
        var decoder = KeyDecoder()
        return decoder.decode(bytes) + decoder.flush()
    }

    @Test("Printable UTF-8 becomes text; consecutive characters stay together")
    func printable() {
        #expect(keys(Array("ada".utf8)) == [.text("ada")])
        #expect(keys(Array("Élodie 佐藤".utf8)) == [.text("Élodie"), .space, .text("佐藤")])
        #expect(keys(Array("🙂".utf8)) == [.text("🙂")])
    }

    @Test("Backspace (DEL and ^H), Enter (CR and LF), Space, Ctrl-U, Ctrl-C")
    func controlKeys() {
        #expect(keys([0x7F, 0x08]) == [.backspace, .backspace])
        #expect(keys([0x0D, 0x0A]) == [.enter, .enter])
        #expect(keys([0x20]) == [.space])
        #expect(keys([0x15]) == [.clearLine])
        #expect(keys([0x03]) == [.interrupt])
    }

    @Test("Up and Down in CSI and SS3 forms, Ctrl-P and Ctrl-N, Page Up and Page Down")
    func arrows() {
        #expect(keys(Array("\u{1B}[A\u{1B}[B".utf8)) == [.up, .down])
        #expect(keys(Array("\u{1B}OA\u{1B}OB".utf8)) == [.up, .down])
        #expect(keys(Array("\u{1B}[1A".utf8)) == [.up])
        #expect(keys([0x10, 0x0E]) == [.up, .down])
        #expect(keys(Array("\u{1B}[5~\u{1B}[6~".utf8)) == [.pageUp, .pageDown])
    }

    @Test("Esc alone is Esc only once the wait ends; a sequence split across reads is one key")
    func escapeAloneVersusSequence() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1B]) == [])
        #expect(decoder.isWaiting)
        #expect(decoder.decode(Array("[".utf8)) == [])
        #expect(decoder.decode(Array("B".utf8)) == [.down])
        #expect(!decoder.isWaiting)

        #expect(decoder.decode([0x1B]) == [])
        #expect(decoder.flush() == [.escape])
        #expect(!decoder.isWaiting)
    }

    @Test("ESC before a byte that starts no sequence is Esc, then that byte")
    func escapeThenText() {
        #expect(keys(Array("\u{1B}x".utf8)) == [.escape, .text("x")])
        #expect(keys([0x1B, 0x1B]) == [.escape, .escape])
        // An unfinished sequence when the wait ends: Esc, then what followed as typed.
        var decoder = KeyDecoder()
        #expect(decoder.decode(Array("\u{1B}[".utf8)) == [])
        #expect(decoder.flush() == [.escape, .text("[")])
    }

    @Test("Other sequences (Left, Right, F5, modified arrows) and other control bytes are dropped")
    func dropped() {
        #expect(keys(Array("\u{1B}[C\u{1B}[D\u{1B}[15~\u{1B}[1;5A\u{1B}OP".utf8)) == [])
        #expect(keys([0x01, 0x02, 0x09, 0x1A]) == [])
        #expect(keys(Array("a\u{1B}[Db".utf8)) == [.text("ab")], "text around a dropped key joins")
    }

    @Test("A UTF-8 character split across reads waits for its end; invalid bytes are dropped")
    func splitAndInvalidUTF8() {
        var decoder = KeyDecoder()
        let bytes = Array("é".utf8)
        #expect(decoder.decode(bytes.prefix(1)) == [])
        #expect(decoder.isWaiting)
        #expect(decoder.decode(bytes.dropFirst()) == [.text("é")])
        #expect(keys([0xFF, 0xC0, 0x41]) == [.text("A")])
        #expect(keys([0xE4, 0xBD, 0x41]) == [.text("A")], "a broken three-byte character, then A")
        var truncated = KeyDecoder()
        #expect(truncated.decode([0xE4, 0xBD]) == [])
        #expect(truncated.flush() == [], "a character cut off for good is dropped")
    }

    @Test("Bytes decode the same whatever the chunking")
    func chunkingDoesNotMatter() {
        let input = Array("ad\u{1B}[B \u{1B}OA\u{7F}Zoë\r".utf8)
        let whole = keys(input)
        #expect(whole == [.text("ad"), .down, .space, .up, .backspace, .text("Zoë"), .enter])
        var decoder = KeyDecoder()
        var oneByOne: [TerminalKey] = []
        for byte in input { oneByOne += decoder.decode([byte]) }
        #expect(
            oneByOne == [
                .text("a"), .text("d"), .down, .space, .up, .backspace, .text("Z"), .text("o"), .text("ë"), .enter,
            ])
    }
}
