import FacebookGraph
import Foundation

/// The member names of one document as `NSString`s, each made once: a Graph page repeats a dozen
/// names (`id`, `name`, `picture`, `data`, `url` per friend), and an `NSString` per occurrence was a
/// string and an object allocated for each (``MutableJSONBuilder``; docs/PERFORMANCE.md).
///
/// The names Graph bodies use most come from one table made once per process (``commonNames``) and
/// shared by every document on every thread: an `NSString` is immutable and its reference count
/// atomic, and the table is never written after it is made. Other plain ASCII names up to
/// ``longestName`` bytes, at most ``capacity`` distinct ones, go in a table of the document's own,
/// made at the first such name and grown as names arrive (a `/me` of common names makes none); any
/// other name is made each time, so a document of distinct names costs a bounded table, never a
/// growing one.
struct JSONKeyInterner {
    /// The longest name kept.
    static let longestName = 32
    /// How many distinct names a document's own table keeps.
    static let capacity = 64

    /// Member names of Graph objects, errors and pages (users, pictures, paging, posts, the error
    /// members), shared by every document.
    static let commonNames = [
        "id", "name", "first_name", "middle_name", "last_name", "username", "link", "gender", "locale",
        "timezone", "updated_time", "verified", "email", "birthday", "bio", "about", "website", "hometown",
        "location", "picture", "data", "url", "is_silhouette", "width", "height", "paging", "next",
        "previous", "cursors", "before", "after", "summary", "total_count", "count", "created_time", "from",
        "to", "message", "story", "type", "description", "caption", "category", "source", "icon", "place",
        "likes", "comments", "actions", "privacy", "value", "status_type", "object_id", "application",
        "namespace", "error", "code", "error_subcode", "error_user_title", "error_user_msg", "fbtrace_id",
        "error_code", "error_msg", "error_reason", "error_description", "access_token", "expires_in",
        "token_type", "success", "uid", "pic_square", "pic", "body", "headers", "result",
    ]

    /// The table of ``commonNames``, made on first use (`static let`: once, thread-safely).
    private static let common: Table = {
        var table = Table(slotCount: 256, limit: commonNames.count)
        for name in commonNames {
            Array(name.utf8).withUnsafeBufferPointer { _ = table.findOrAdd($0, hash: Table.hash($0)) }
        }
        return table
    }()

    private var own: Table?

    /// A member name as the builder needs it.
    struct Name {
        /// The name's `NSString`.
        var key: NSString
        /// `GraphError.mayReportError(memberName:)` of the name, kept with it: the builder asks it of
        /// every top-level name.
        var mayReportError: Bool
    }

    /// The ASCII name `bytes`: its `NSString` and whether it may report an error.
    mutating func name(_ bytes: UnsafeBufferPointer<UInt8>) -> Name {
        guard bytes.count <= Self.longestName else { return Table.makeName(bytes) }
        let hash = Table.hash(bytes)
        if let name = Self.common.find(bytes, hash: hash) { return name }
        if own == nil { own = Table(slotCount: 16, limit: Self.capacity) }
        return own!.findOrAdd(bytes, hash: hash)
    }

    /// An open-addressing table of names (FNV-1a, linear probing), at most half full: it doubles as
    /// names arrive, and stops adding at `limit` names. Sendable because the one shared table
    /// (``common``) is a constant, never written after it is made, and holds immutable `NSString`s.
    private struct Table: @unchecked Sendable {
        /// One kept name: its bytes' hash, its bytes, its string and error mark.
        private struct Slot {
            var hash: UInt32
            var bytes: [UInt8]
            var name: Name
        }

        private var slots: [Slot?]
        private var used = 0
        private let limit: Int

        /// A table of `slotCount` slots (a power of two) that keeps at most `limit` names.
        init(slotCount: Int, limit: Int) {
            slots = Array(repeating: nil, count: slotCount)
            self.limit = limit
        }

        static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
            var hash: UInt32 = 2_166_136_261
            for byte in bytes { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
            return hash
        }

        static func makeName(_ bytes: UnsafeBufferPointer<UInt8>) -> Name {
            Name(
                key: NSString(string: String(decoding: bytes, as: UTF8.self)),
                mayReportError: GraphError.mayReportError(memberName: bytes))
        }

        /// The kept name for `bytes`, or nil.
        func find(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt32) -> Name? {
            let index = probe(bytes, hash: hash)
            return slots[index]?.name
        }

        /// The kept name for `bytes`, kept now if there is room.
        mutating func findOrAdd(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt32) -> Name {
            var index = probe(bytes, hash: hash)
            if let slot = slots[index] { return slot.name }
            let name = Self.makeName(bytes)
            guard used < limit else { return name }
            if 2 * (used + 1) > slots.count {
                grow()
                index = probe(bytes, hash: hash)
            }
            slots[index] = Slot(hash: hash, bytes: Array(bytes), name: name)
            used += 1
            return name
        }

        /// The slot holding `bytes`, or the empty one where it would go.
        private func probe(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt32) -> Int {
            let mask = slots.count - 1
            var index = Int(hash) & mask
            while let slot = slots[index] {
                if slot.hash == hash, slot.bytes.count == bytes.count,
                    slot.bytes.withUnsafeBufferPointer({
                        bytes.count == 0 || memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0
                    })
                {
                    return index
                }
                index = (index + 1) & mask
            }
            return index
        }

        private mutating func grow() {
            let old = slots
            slots = Array(repeating: nil, count: 2 * old.count)
            let mask = slots.count - 1
            for case let slot? in old {
                var index = Int(slot.hash) & mask
                while slots[index] != nil { index = (index + 1) & mask }
                slots[index] = slot
            }
        }
    }
}
