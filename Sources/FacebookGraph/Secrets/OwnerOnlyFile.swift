import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The one rule for a file that holds a secret (`fbgraph login`'s token, v3.1's token cache): it lives
/// in a folder of mode 0700, is written whole with mode 0600 (a temporary file created exclusively,
/// synced, then renamed over the old one, so no reader sees a partial or readable file), and is read
/// only when it is a regular file, the user's own, and unreadable by others.
package enum OwnerOnlyFile {
    /// Why a secret file could not be read, written or removed.
    package struct Failure: Error, CustomStringConvertible, Sendable, Equatable {
        /// The file (or folder) concerned.
        package var path: String
        /// What went wrong, for a person.
        package var reason: String
        /// Whether the file exists but is refused: another user's, readable by others, or not a
        /// regular file.
        package var isRefused: Bool

        package var description: String { "\(path): \(reason)" }
    }

    /// `$XDG_CONFIG_HOME` when it is absolute (the XDG Base Directory specification ignores a relative
    /// one), else `$HOME/.config`, else the password database's home's `.config`.
    package static func configHome(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            return URL(fileURLWithPath: config, isDirectory: true)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".config")
    }

    /// The file's bytes; nil when there is no file.
    ///
    /// - Throws: ``Failure`` (``Failure/isRefused``) when the file is not a regular file (a symbolic
    ///   link is not followed), belongs to another user, or has any group or other permission bit;
    ///   ``Failure`` when it cannot be read.
    package static func read(_ file: URL) throws(Failure) -> Data? {
        let descriptor = open(file.path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            if errno == ELOOP { throw Failure(path: file.path, reason: "it is a symbolic link", isRefused: true) }
            throw Failure(path: file.path, reason: "cannot open: \(String(cString: strerror(errno)))", isRefused: false)
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw Failure(path: file.path, reason: "cannot stat: \(String(cString: strerror(errno)))", isRefused: false)
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw Failure(path: file.path, reason: "it is not a regular file", isRefused: true)
        }
        guard status.st_uid == geteuid() else {
            throw Failure(
                path: file.path, reason: "it belongs to uid \(status.st_uid), not to you (uid \(geteuid()))",
                isRefused: true)
        }
        guard status.st_mode & 0o077 == 0 else {
            let mode = String(status.st_mode & 0o777, radix: 8)
            throw Failure(
                path: file.path,
                reason: "its mode 0\(mode) lets group or others read or change it (chmod 600 it, or remove it)",
                isRefused: true)
        }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else {
                throw Failure(
                    path: file.path, reason: "cannot read: \(String(cString: strerror(errno)))", isRefused: false)
            }
            if count == 0 { return data }
            data.append(contentsOf: buffer[..<count])
        }
    }

    /// Writes `data` as the whole file: the folder is created with mode 0700 if missing, the bytes go
    /// to a temporary file of mode 0600 that is synced and renamed over `file`.
    package static func write(_ data: Data, to file: URL) throws(Failure) {
        let folder = file.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw Failure(path: folder.path, reason: "cannot create: \(error.localizedDescription)", isRefused: false)
        }
        let temporary = folder.appendingPathComponent(".\(file.lastPathComponent).\(UUID().uuidString)").path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else {
            throw Failure(
                path: temporary, reason: "cannot create: \(String(cString: strerror(errno)))", isRefused: false)
        }
        var failure = writeAll(data, to: descriptor)
        if failure == 0, fsync(descriptor) != 0 { failure = errno }
        let closed = close(descriptor) == 0 ? 0 : errno
        guard failure == 0, closed == 0, rename(temporary, file.path) == 0 else {
            let number = failure != 0 ? failure : closed != 0 ? closed : errno
            unlink(temporary)
            throw Failure(
                path: file.path, reason: "cannot write: \(String(cString: strerror(number)))", isRefused: false)
        }
        // The rename is durable only once the folder's entry is on disk.
        let directory = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directory >= 0 {
            fsync(directory)
            close(directory)
        }
    }

    /// Writes all of `data` to `descriptor`, retrying after signals; returns 0, or the `errno` of the
    /// write that failed.
    package static func writeAll(_ data: Data, to descriptor: Int32) -> Int32 {
        data.withUnsafeBytes { buffer -> Int32 in
            var done = 0
            while done < buffer.count {
                let result = Glibc.write(descriptor, buffer.baseAddress! + done, buffer.count - done)
                if result < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                done += result
            }
            return 0
        }
    }

    /// Removes the file; returns whether there was one.
    @discardableResult
    package static func remove(_ file: URL) throws(Failure) -> Bool {
        guard unlink(file.path) == 0 else {
            if errno == ENOENT { return false }
            throw Failure(
                path: file.path, reason: "cannot remove: \(String(cString: strerror(errno)))", isRefused: false)
        }
        return true
    }
}
