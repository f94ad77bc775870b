import FacebookGraph
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One cache entry's data file: the raw JSON bodies of a friend list's pages, in order, in a
/// length-prefixed container.
///
/// Layout (integers big-endian):
///
/// ```
/// "FBFRPG01"                      8 bytes, the format and its version
/// page count                      UInt32
/// per page: length, bytes         UInt64, then exactly that many bytes (the body as received)
/// FNV-1a 64 of all the above      UInt64
/// ```
///
/// Anything else — a short file, a wrong magic, a length past the end, trailing bytes, a checksum
/// that does not match — is ``decode(_:)`` returning nil, which the store treats as a miss.
enum FriendCacheEntryFile {
    /// Data files end in this; the temporary files they are written to end in `.tmp`.
    static let fileExtension = "pages"

    private static let magic = Array("FBFRPG01".utf8)

    /// True for a name this cache gives a data file (`<UUID>.pages`): a name read from the index is
    /// used only then, so a damaged or planted row can never read or delete a file elsewhere.
    static func isDataFileName(_ name: String) -> Bool {
        guard name.hasSuffix("." + fileExtension) else { return false }
        return UUID(uuidString: String(name.dropLast(fileExtension.count + 1))) != nil
    }

    /// Deletes the data file `name` in `directory`, if `name` is a data file's name.
    static func remove(_ name: String, in directory: FriendCacheDirectory) {
        guard isDataFileName(name) else { return }
        directory.unlink(name)
    }

    /// The container for `pages`.
    static func encode(_ pages: [Data]) -> Data {
        var bytes = Data(magic)
        append(UInt64(pages.count), width: 4, to: &bytes)
        for page in pages {
            append(UInt64(page.count), width: 8, to: &bytes)
            bytes.append(page)
        }
        append(checksum(bytes), width: 8, to: &bytes)
        return bytes
    }

    /// The pages in `bytes`, or nil when it is not an intact container.
    static func decode(_ bytes: Data) -> [Data]? {
        let bytes = Data(bytes)  // index from 0
        guard bytes.count >= magic.count + 4 + 8, bytes.prefix(magic.count).elementsEqual(magic) else { return nil }
        let end = bytes.count - 8
        guard read(bytes, at: end, width: 8) == checksum(bytes.prefix(end)) else { return nil }
        var offset = magic.count
        let count = read(bytes, at: offset, width: 4)
        offset += 4
        var pages: [Data] = []
        for _ in 0..<count {
            guard end - offset >= 8 else { return nil }
            let length = read(bytes, at: offset, width: 8)
            offset += 8
            guard length <= UInt64(end - offset) else { return nil }
            pages.append(bytes.subdata(in: offset..<offset + Int(length)))
            offset += Int(length)
        }
        return offset == end ? pages : nil
    }

    /// Writes `data` to `directory/name` atomically: into a new temporary file (mode 0600, created
    /// exclusively) that is then renamed over the name, so a reader — in this process or another —
    /// sees the whole file or none. No `fsync`: after a power cut a torn file fails ``decode(_:)``
    /// and counts as a miss, which is all a cache owes.
    static func write(_ data: Data, to directory: FriendCacheDirectory, name: String) throws(FriendCacheError) {
        let temporary = ".\(UUID().uuidString).tmp"
        let descriptor = directory.open(temporary, O_WRONLY | O_CREAT | O_EXCL)
        guard descriptor >= 0 else {
            throw .system(.fileFailed, path: directory.path(of: temporary), "cannot create")
        }
        let written = OwnerOnlyFile.writeAll(data, to: descriptor)
        let closed = close(descriptor) == 0 ? 0 : errno
        guard written == 0, closed == 0 else {
            directory.unlink(temporary)
            throw .system(
                .fileFailed, path: directory.path(of: temporary), "cannot write", errno: written != 0 ? written : closed
            )
        }
        guard directory.rename(temporary, to: name) else {
            let number = errno
            directory.unlink(temporary)
            throw .system(
                .fileFailed, path: directory.path(of: name), "cannot rename \(temporary) to it", errno: number)
        }
    }

    /// The pages in `directory/name`, or nil when `name` is not a data file's, or the file is
    /// missing, unreadable, not `size` bytes long, or not an intact container.
    static func read(from directory: FriendCacheDirectory, name: String, size: Int) -> [Data]? {
        guard isDataFileName(name) else { return nil }
        // The size first: a file that is not the one indexed (say, a huge one) is never read.
        guard let status = directory.status(of: name), status.st_mode & S_IFMT == S_IFREG, status.st_size == size
        else { return nil }
        let descriptor = directory.open(name, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var data = Data(count: size)
        let complete = data.withUnsafeMutableBytes { buffer -> Bool in
            var done = 0
            while done < size {
                let count = Glibc.read(descriptor, buffer.baseAddress! + done, size - done)
                if count < 0, errno == EINTR { continue }
                if count <= 0 { return false }
                done += count
            }
            return true
        }
        return complete ? decode(data) : nil
    }

    private static func append(_ value: UInt64, width: Int, to bytes: inout Data) {
        for shift in stride(from: (width - 1) * 8, through: 0, by: -8) {
            bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
        }
    }

    private static func read(_ bytes: Data, at offset: Int, width: Int) -> UInt64 {
        bytes[offset..<offset + width].reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// FNV-1a, 64 bits: catches a damaged file that kept its length (not an integrity guarantee
    /// against a writer who wants to fool it; the directory is 0700 for that).
    private static func checksum(_ bytes: Data) -> UInt64 {
        bytes.withUnsafeBytes { buffer in
            buffer.reduce(0xcbf2_9ce4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01b3 }
        }
    }
}
