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
