import Foundation

/// The member names of one document as `NSString`s, each made once: a Graph page repeats a dozen
/// names (`id`, `name`, `picture`, `data`, `url` per friend), and an `NSString` per occurrence was a
/// string and an object allocated for each (``MutableJSONBuilder``; docs/PERFORMANCE.md).
///
/// Plain ASCII names up to ``longestName`` bytes, at most ``capacity`` distinct ones, in a table
/// made at the first name; any other name is made each time, so a document of distinct names costs
/// a bounded table, never a growing one.
struct JSONKeyInterner {
    /// The longest name kept.
    static let longestName = 32
    /// How many distinct names are kept (the table has twice as many slots).
    static let capacity = 64
    private static let slotCount = 2 * capacity

    /// One kept name: its bytes' hash, its bytes, its string.
    private struct Slot {
        var hash: UInt32
        var bytes: [UInt8]
        var key: NSString
    }

    private var slots: [Slot?] = []
    private var used = 0

    /// The `NSString` for the ASCII name `bytes`.
    mutating func key(_ bytes: UnsafeBufferPointer<UInt8>) -> NSString {
        guard bytes.count <= Self.longestName else { return Self.make(bytes) }
        // FNV-1a.
        var hash: UInt32 = 2_166_136_261
        for byte in bytes { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        if slots.isEmpty { slots = Array(repeating: nil, count: Self.slotCount) }
        var index = Int(hash) & (Self.slotCount - 1)
        while let slot = slots[index] {
            if slot.hash == hash, slot.bytes.count == bytes.count,
                slot.bytes.withUnsafeBufferPointer({
                    bytes.count == 0 || memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0
                })
            {
                return slot.key
            }
            index = (index + 1) & (Self.slotCount - 1)
        }
        let key = Self.make(bytes)
        if used < Self.capacity {
            slots[index] = Slot(hash: hash, bytes: Array(bytes), key: key)
            used += 1
        }
        return key
    }

    private static func make(_ bytes: UnsafeBufferPointer<UInt8>) -> NSString {
        NSString(string: String(decoding: bytes, as: UTF8.self))
    }
}
