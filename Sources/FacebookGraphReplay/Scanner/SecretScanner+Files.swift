import Foundation

/// Scanning files: the one directory walk, what is read, and what cannot be.
///
/// A file that cannot be scanned is never counted clean: it becomes a finding of its own (kind
/// `not scanned (…)`, at line 1, column 1), so a verdict over a tree that holds one is not "clean".
/// Files that are not UTF-8 or hold NUL bytes are scanned as bytes (the token shapes and names are
/// ASCII, so a lossy reading finds them); a HAR file's base64 bodies are decoded and scanned too.
extension SecretScanner {
    /// The secrets in the files at `paths` (files, or directories searched recursively by
    /// `files(at:)`), plus one finding per file that could not be scanned: larger than
    /// ``maximumFileSize``, or unreadable.
    ///
    /// - Throws: When a path does not exist or a directory cannot be listed.
    public func scan(paths: [String]) throws -> [Finding] {
        var findings: [Finding] = []
        for path in paths {
            for file in try Self.files(at: path) {
                findings += scan(file: file)
            }
        }
        return findings
    }

    /// The secrets in one file, or the finding that says why it was not scanned.
    func scan(file: String) -> [Finding] {
        let url = URL(fileURLWithPath: file)
        if let size = try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize, size > Self.maximumFileSize {
            return [.notScanned(file, reason: "larger than \(Self.maximumFileSize >> 20) MiB")]
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            return [.notScanned(file, reason: "cannot read it: \(error.localizedDescription)")]
        }
        guard data.count <= Self.maximumFileSize else {
            return [.notScanned(file, reason: "larger than \(Self.maximumFileSize >> 20) MiB")]
        }
        let text = String(decoding: data, as: UTF8.self)
        var findings = scan(text: text, file: file)
        if text.contains("base64"), let archive = try? HARArchive(data: data) {
            findings += scanBodies(of: archive, file: file)
        }
        return findings
    }

    /// The secrets in a cassette: its text as written, and every body decoded from base64 (or a
    /// binary body's printable runs, a multipart upload's text parts among them), reported as
    /// `FILE entry N request|response body` with lines counted within the body.
    public func scan(archive: HARArchive, file: String) throws -> [Finding] {
        scan(text: String(decoding: try archive.encoded(), as: UTF8.self), file: file)
            + scanBodies(of: archive, file: file)
    }

    /// The findings in the decoded bodies of `archive` that are stored as base64.
    private func scanBodies(of archive: HARArchive, file: String) -> [Finding] {
        var findings: [Finding] = []
        for (index, entry) in archive.log.entries.enumerated() {
            var bodies: [(String, Data)] = []
            if entry.response.content.encoding?.lowercased() == "base64" {
                bodies.append(("response", entry.response.content.body))
            }
            if let postData = entry.request.postData, postData.encoding?.lowercased() == "base64" {
                bodies.append(("request", postData.body))
            }
            for (label, body) in bodies {
                // Printable runs only: the rest becomes line breaks, so binary cannot glue onto a token.
                let text = String(
                    decoding: body.map { (0x20..<0x7F).contains($0) || $0 == 0x0A ? $0 : 0x0A }, as: UTF8.self)
                findings += scan(text: text, file: "\(file) entry \(index) \(label) body")
            }
        }
        return findings
    }

    /// `path` itself when it is a file, else the files under it, sorted, recursively: the one walk
    /// that decides which files a scan reads (skipping `.git` and `.build`, following symbolic links
    /// to files only, so a link cannot make the walk loop).
    ///
    /// - Throws: `CocoaError(.fileReadNoSuchFile)` when `path` does not exist; the file manager's
    ///   error when a directory cannot be listed.
    package static func files(at path: String) throws -> [String] {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: path])
        }
        guard isDirectory.boolValue else { return [path] }
        var files: [String] = []
        for name in try manager.contentsOfDirectory(atPath: path).sorted() where name != ".git" && name != ".build" {
            let child = path.hasSuffix("/") ? path + name : path + "/" + name
            let type = (try? manager.attributesOfItem(atPath: child))?[.type] as? FileAttributeType
            switch type {
            case .typeDirectory?:
                files += try Self.files(at: child)
            case .typeRegular?:
                files.append(child)
            case .typeSymbolicLink?:
                var targetIsDirectory: ObjCBool = false
                if manager.fileExists(atPath: child, isDirectory: &targetIsDirectory), !targetIsDirectory.boolValue {
                    files.append(child)
                }
            default:
                continue
            }
        }
        return files
    }
}
