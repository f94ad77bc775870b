// A tiny gzip encoder for test fixtures.
//
// It writes a valid gzip member (RFC 1952) whose deflate data (RFC 1951) is a series of *stored*
// blocks (BTYPE = 00): the bytes are framed, not compressed, which is all a test of a client's
// `Content-Encoding: gzip` handling needs, and needs no zlib. Any inflater accepts it: libcurl's
// zlib, `gzip -d`, Python's `gzip.decompress`.

import Foundation

/// Encodes bytes as a gzip stream made of stored (uncompressed) deflate blocks.
package enum Gzip {
    /// The most bytes one stored deflate block can hold.
    package static let maxStoredBlockSize = 65_535

    /// Returns `data` as a gzip stream: header, stored deflate blocks, CRC-32 and length trailer.
    package static func encode(_ data: Data) -> Data {
        let bytes = [UInt8](data)
        var output: [UInt8] = [
            0x1F, 0x8B,  // magic
            0x08,  // compression method: deflate
            0x00,  // flags: none
            0x00, 0x00, 0x00, 0x00,  // modification time: none
            0x00,  // extra flags
            0x03,  // operating system: Unix
        ]
        output.reserveCapacity(bytes.count + bytes.count / maxStoredBlockSize * 5 + 32)
        var offset = 0
        repeat {
            let count = min(maxStoredBlockSize, bytes.count - offset)
            let isFinal = offset + count == bytes.count
            // BFINAL in bit 0, BTYPE = 00 in bits 1-2; a stored block then skips to a byte boundary.
            output.append(isFinal ? 0x01 : 0x00)
            appendLittleEndian(UInt16(count), to: &output)
            appendLittleEndian(~UInt16(count), to: &output)
            output.append(contentsOf: bytes[offset..<(offset + count)])
            offset += count
        } while offset < bytes.count
        appendLittleEndian(crc32(bytes), to: &output)
        appendLittleEndian(UInt32(truncatingIfNeeded: bytes.count), to: &output)
        return Data(output)
    }

    /// A gzip bomb: a small stream that inflates to `zeros` zero bytes (about 1 byte per 160). One
    /// fixed-Huffman deflate block holds a literal 0, then back-references of length 258 at distance
    /// 1 (13 bits each), then literal zeros for the rest. The trailer's CRC-32 is left 0 (computing
    /// it would cost a pass over every inflated byte): a client that stops at its size cap never
    /// reads it, and one without a cap fails on it at the end, after inflating everything.
    ///
    /// The back-references' bits repeat every 8 of them (104 bits, 13 bytes), so the middle of the
    /// stream is one 13-byte period copied: written bit by bit, the 520,000 references of a 128 MiB
    /// bomb took seconds in a debug build and many more under a sanitizer.
    package static func bomb(zeros: Int) -> Data {
        let references = max(0, (zeros - 1) / 258)
        // Periods of 8 references copied as bytes; at least 16 references are written bit by bit.
        let copied = max(0, references / 8 - 2)
        var bits = BitWriter()
        bits.write(1, count: 1)  // BFINAL
        bits.write(1, count: 2)  // BTYPE = 01, fixed Huffman codes
        bits.writeCode(0x30, length: 8)  // literal 0 (codes 0-143 are 0x30 + value, 8 bits)
        for _ in 0..<(references - copied * 8) {
            bits.writeCode(0xC5, length: 8)  // length 258: code 285, 8 bits, no extra bits
            bits.writeCode(0, length: 5)  // distance 1: code 0, 5 bits, no extra bits
        }
        var produced = 1 + references * 258
        while produced < zeros {
            bits.writeCode(0x30, length: 8)
            produced += 1
        }
        bits.writeCode(0, length: 7)  // end of block: code 256, 7 bits
        bits.flush()
        var output: [UInt8] = [0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03]
        output.reserveCapacity(bits.bytes.count + copied * 13 + 18)
        // The header and the literal take 11 bits, so bytes 2..<15 lie among the references: one
        // period. Inserted there, each copy is 8 references more, the bits after it unchanged.
        output.append(contentsOf: bits.bytes.prefix(2))
        if copied > 0 {
            let period = bits.bytes[2..<15]
            for _ in 0..<copied { output.append(contentsOf: period) }
        }
        output.append(contentsOf: bits.bytes.dropFirst(2))
        appendLittleEndian(UInt32(0), to: &output)
        appendLittleEndian(UInt32(truncatingIfNeeded: zeros), to: &output)
        return Data(output)
    }

    /// Packs deflate's bit stream: fields least significant bit first, Huffman codes most
    /// significant bit first.
    private struct BitWriter {
        var bytes: [UInt8] = []
        private var current: UInt8 = 0
        private var used = 0

        /// Appends the low `count` bits of `value`, least significant first.
        mutating func write(_ value: UInt32, count: Int) {
            for index in 0..<count {
                if (value >> index) & 1 == 1 { current |= 1 << used }
                used += 1
                if used == 8 {
                    bytes.append(current)
                    current = 0
                    used = 0
                }
            }
        }

        /// Appends a Huffman code of `length` bits, most significant first.
        mutating func writeCode(_ code: UInt32, length: Int) {
            for index in stride(from: length - 1, through: 0, by: -1) {
                write((code >> index) & 1, count: 1)
            }
        }

        /// Pads the last partial byte with zero bits.
        mutating func flush() {
            if used > 0 { bytes.append(current) }
            current = 0
            used = 0
        }
    }

    /// The CRC-32 (ISO 3309, the one gzip and zlib use) of `bytes`.
    package static func crc32(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        return ~crc
    }

    /// The CRC-32 lookup table for the reflected polynomial 0xEDB88320.
    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 {
            value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1
        }
        return value
    }

    /// Appends `value` least significant byte first.
    private static func appendLittleEndian<T: FixedWidthInteger>(_ value: T, to output: inout [UInt8]) {
        for shift in stride(from: 0, to: T.bitWidth, by: 8) {
            output.append(UInt8(truncatingIfNeeded: value >> shift))
        }
    }
}
