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
    /// or nil: `memchr` for its first byte, `memcmp` for the rest.
    package static func firstIndex(
        of needle: UnsafeBufferPointer<UInt8>, in buffer: UnsafeBufferPointer<UInt8>, from start: Int = 0
    ) -> Int? {
        guard let first = needle.first, let base = buffer.baseAddress, let needleBase = needle.baseAddress,
            buffer.count >= needle.count
        else { return nil }
        let lastStart = buffer.count - needle.count
        var index = start
        while index <= lastStart {
            guard let found = firstIndex(of: first, in: buffer, from: index, to: lastStart + 1) else { return nil }
            if memcmp(base + found, needleBase, needle.count) == 0 { return found }
            index = found + 1
        }
        return nil
    }

    /// ``firstIndex(of:in:from:)`` for a literal needle.
    package static func contains(_ needle: StaticString, in buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        firstIndex(of: UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount), in: buffer) != nil
    }
}
