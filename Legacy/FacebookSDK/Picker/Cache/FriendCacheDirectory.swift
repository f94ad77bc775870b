import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The cache directory, held open: every file the cache touches is reached relative to this
/// descriptor, never by a path another process could swap for a symbolic link in between.
///
/// Opening it creates it (mode 0700, its missing parents too), then opens it with
/// `O_DIRECTORY | O_NOFOLLOW`: a symbolic link in its place is refused, not followed (someone who
/// can write to the parent must not redirect the friend lists into a directory of their choosing).
/// Owner and mode are checked on the open descriptor (`fstat`) and the mode narrowed with `fchmod`.
/// The parent is resolved once (`realpath`: a home directory reached through a link is the user's
/// own setup), so ``path`` holds no symbolic link; SQLite opens the index there with
/// `SQLITE_OPEN_NOFOLLOW`, which refuses a path through any link.
final class FriendCacheDirectory: Sendable {
    /// The open directory (`O_DIRECTORY | O_NOFOLLOW`), closed when this object goes.
    let descriptor: Int32
    /// The directory's path with its parent resolved: no symbolic link in it.
    let path: String

    /// Opens (creating when missing) `directory`, refusing a symbolic link, a non-directory and a
    /// directory of another user's; narrows its mode to 0700.
    init(opening directory: URL) throws(FriendCacheError) {
        let parent = directory.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(
                at: parent, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw FriendCacheError(
                .directoryUnusable, path: parent.path, message: "cannot create: \(error.localizedDescription)")
        }
        guard let resolved = realpath(parent.path, nil) else {
            throw .system(.directoryUnusable, path: parent.path, "cannot resolve")
        }
        let resolvedParent = String(cString: resolved)
        free(resolved)
        let name = directory.lastPathComponent
        let path = (resolvedParent == "/" ? "" : resolvedParent) + "/" + name
        if mkdir(path, 0o700) != 0 && errno != EEXIST {
            throw .system(.directoryUnusable, path: path, "cannot create")
        }
        let descriptor = Glibc.open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            let number = errno
            var status = stat()
            if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK {
                throw FriendCacheError(
                    .directoryUnusable, path: path,
                    message: "is a symbolic link; the cache directory must be a real directory of this user's")
            }
            if number == ENOTDIR {
                throw FriendCacheError(.directoryUnusable, path: path, message: "exists and is not a directory")
            }
            throw .system(.directoryUnusable, path: path, "cannot open", errno: number)
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let number = errno
            close(descriptor)
            throw .system(.directoryUnusable, path: path, "cannot examine", errno: number)
        }
        guard status.st_uid == getuid() else {
            close(descriptor)
            throw FriendCacheError(
                .directoryUnusable, path: path, message: "belongs to user \(status.st_uid), not to this user")
        }
        if status.st_mode & 0o777 != 0o700, fchmod(descriptor, 0o700) != 0 {
            let number = errno
            close(descriptor)
            throw .system(.directoryUnusable, path: path, "cannot make it private (0700)", errno: number)
        }
        self.descriptor = descriptor
        self.path = path
    }

    deinit {
        close(descriptor)
    }

    /// The path of `name` in the directory (for SQLite and for messages).
    func path(of name: String) -> String {
        path + "/" + name
    }

    /// Opens `name` in the directory with `flags` (`O_NOFOLLOW` and `O_CLOEXEC` added); -1 and
    /// `errno` on failure.
    func open(_ name: String, _ flags: Int32, mode: mode_t = 0o600) -> Int32 {
        openat(descriptor, name, flags | O_NOFOLLOW | O_CLOEXEC, mode)
    }

    /// Removes `name` from the directory (a link itself, never what it points to); false on failure.
    @discardableResult
    func unlink(_ name: String) -> Bool {
        unlinkat(descriptor, name, 0) == 0
    }

    /// Renames `name` to `newName` within the directory; false (and `errno`) on failure.
    func rename(_ name: String, to newName: String) -> Bool {
        renameat(descriptor, name, descriptor, newName) == 0
    }

    /// `name`'s status, not following a link; nil when it is missing.
    func status(of name: String) -> stat? {
        var status = stat()
        return fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 ? status : nil
    }

    /// The names of the directory's entries (`.` and `..` left out); empty when it cannot be read.
    func names() -> [String] {
        let copy = dup(descriptor)
        guard copy >= 0, let stream = fdopendir(copy) else {
            if copy >= 0 { close(copy) }
            return []
        }
        defer { closedir(stream) }
        rewinddir(stream)
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
