import FacebookGraph
import Testing

@testable import FacebookGraph

@Suite("ByteSearch: memchr-based byte and substring search")
struct ByteSearchTests {
    /// Every occurrence found by stepping `from:` past each, compared with a naive scan.
    private func all(_ needle: String, in text: String) -> [Int] {
        let haystack = Array(text.utf8)
        let wanted = Array(needle.utf8)
        return haystack.withUnsafeBufferPointer { buffer in
            wanted.withUnsafeBufferPointer { needle in
                var starts: [Int] = []
                var index = 0
                while let found = ByteSearch.firstIndex(of: needle, in: buffer, from: index) {
                    starts.append(found)
                    index = found + 1
                }
                return starts
            }
        }
    }

    private func naive(_ needle: String, in text: String) -> [Int] {
        let haystack = Array(text.utf8)
        let wanted = Array(needle.utf8)
        guard !wanted.isEmpty, haystack.count >= wanted.count else { return [] }
        return (0...(haystack.count - wanted.count)).filter { Array(haystack[$0..<($0 + wanted.count)]) == wanted }
    }

    @Test(
        "Substring starts agree with a naive scan: at the edges, overlapping, absent, longer than the text",
        arguments: [
            ("error", "error"), ("error", "xxerror"), ("error", "errorxx"), ("aa", "aaaa"), ("ab", "aab"),
            ("error", "erro"), ("error", ""), ("\\u", "a\\u00e9\\u"), ("x", "yyy"), ("abc", "ababcabc"),
            // The anchor is the needle's least common byte, not its first: anchored at the start, in
            // the middle, at the end, repeated in the needle, and found where the window would begin
            // before the text or end after it.
            ("eeer", "eeeeeereeer"), ("rrr", "rrrrr"), ("x\"", "\"x\"x\"\"x\""), ("ab\\", "\\ab\\ab\\"),
            ("error", "rror error"), ("error", "erro rerror"), ("zeta", "zzeta zetazeta"),
        ])
    func substrings(needle: String, text: String) {
        #expect(all(needle, in: text) == naive(needle, in: text))
    }

    @Test("A byte is found only inside [from, to), and a range outside the buffer finds nothing")
    func byteRange() {
        let bytes = Array("a:b:c".utf8)
        bytes.withUnsafeBufferPointer { buffer in
            #expect(ByteSearch.firstIndex(of: UInt8(ascii: ":"), in: buffer, from: 0, to: 5) == 1)
            #expect(ByteSearch.firstIndex(of: UInt8(ascii: ":"), in: buffer, from: 2, to: 5) == 3)
            #expect(ByteSearch.firstIndex(of: UInt8(ascii: ":"), in: buffer, from: 2, to: 3) == nil)
            #expect(ByteSearch.firstIndex(of: UInt8(ascii: ":"), in: buffer, from: 4, to: 9) == nil)
            #expect(ByteSearch.firstIndex(of: UInt8(ascii: ":"), in: buffer, from: 3, to: 3) == nil)
        }
        #expect(ByteSearch.contains("b:c", in: UnsafeBufferPointer(start: nil, count: 0)) == false)
        bytes.withUnsafeBufferPointer { #expect(ByteSearch.contains("b:c", in: $0)) }
    }

    @Test("The anchor is the needle's least common byte: r in error, the backslash in \\u, z in zeta")
    func anchors() {
        func anchor(_ needle: String) -> Int {
            Array(needle.utf8).withUnsafeBufferPointer { ByteSearch.rarestOffset($0) }
        }
        #expect(anchor("error") == 1)
        #expect(anchor("\\u") == 0)
        #expect(anchor("zeta") == 0)
        #expect(anchor("\"data") == 1, "the quote is the most common byte of JSON")
        #expect(anchor("x") == 0)
    }
}
