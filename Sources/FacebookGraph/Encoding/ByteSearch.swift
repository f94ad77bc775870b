import Foundation

/// Searches in a byte buffer with `memchr` (vectorised by the C library) rather than a Swift loop
/// over every byte: the one home for the package's byte and substring searches (the secret scan,
/// the 2xx body check, the received header block).
package enum ByteSearch {
    /// The offset of the first `byte` in `buffer[start..<end]`, or nil.
    package static func firstIndex(
        of byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int
    ) -> Int? {
        guard let base = buffer.baseAddress, start < end, start >= 0, end <= buffer.count else { return nil }
        return memchr(base + start, Int32(byte), end - start).map {
            base.distance(to: $0.assumingMemoryBound(to: UInt8.self))
        }
    }

    /// The offset of the first occurrence of `needle` in `buffer` that starts at `start` or later,
    /// or nil: `memchr` for the needle's rarest byte (``commonness``), `memcmp` for the whole. The rare
    /// byte is what makes it fast: `error` in a Graph body found by its `e` stopped at every `e` of
    /// every name and value; by its `r`, a third as often.
    package static func firstIndex(
        of needle: UnsafeBufferPointer<UInt8>, in buffer: UnsafeBufferPointer<UInt8>, from start: Int = 0
    ) -> Int? {
        guard !needle.isEmpty, let base = buffer.baseAddress, let needleBase = needle.baseAddress,
            buffer.count >= needle.count, start >= 0
        else { return nil }
        let anchor = rarestOffset(needle)
        let anchorByte = needle[anchor]
        let lastStart = buffer.count - needle.count
        var index = start
        while index <= lastStart {
            guard let found = firstIndex(of: anchorByte, in: buffer, from: index + anchor, to: lastStart + anchor + 1)
            else { return nil }
            let candidate = found - anchor
            if memcmp(base + candidate, needleBase, needle.count) == 0 { return candidate }
            index = candidate + 1
        }
        return nil
    }

    /// The offset of `needle`'s least common byte (the first of equals), by ``commonness``.
    static func rarestOffset(_ needle: UnsafeBufferPointer<UInt8>) -> Int {
        var best = 0
        var bestRank = UInt8.max
        for offset in 0..<needle.count {
            let rank = commonness[Int(needle[offset])]
            if rank < bestRank {
                best = offset
                bestRank = rank
            }
        }
        return best
    }

    /// How common each byte is in the text searched (JSON, HTTP, English words, tokens), higher
    /// meaning more common: JSON's punctuation and the space first, then lower-case letters in English
    /// order (`etaoinshrdlu…`), digits, URL punctuation, upper case; other bytes least. A ranking to pick
    /// a `memchr` anchor, not a measurement: any order finds the same occurrences.
    static let commonness: [UInt8] = {
        var rank = [UInt8](repeating: 40, count: 256)
        for (index, byte) in "etaoinshrdlcumwfgypbvkjxqz".utf8.enumerated() { rank[Int(byte)] = UInt8(230 - 4 * index) }
        for byte in "0123456789".utf8 { rank[Int(byte)] = 170 }
        for byte in "ABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8 { rank[Int(byte)] = 120 }
        for (byte, value) in [
            ("\"", 250), (",", 245), (":", 245), (" ", 240), ("_", 180), (".", 170), ("/", 160), ("-", 160),
            ("=", 150), ("&", 150), ("%", 140), ("{", 140), ("}", 140), ("[", 130), ("]", 130), ("\n", 130),
            ("\\", 90),
        ] as [(Character, UInt8)] {
            rank[Int(byte.asciiValue!)] = value
        }
        return rank
    }()

    /// ``firstIndex(of:in:from:)`` for a literal needle.
    package static func contains(_ needle: StaticString, in buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        firstIndex(of: UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount), in: buffer) != nil
    }
}
