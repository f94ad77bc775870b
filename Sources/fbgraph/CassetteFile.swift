import FacebookGraphReplay
import Foundation

/// Opening a cassette file for the commands that read one (`--cassette`, `replay serve`,
/// `cassette inspect`), with the failure as one line that says what to do.
enum CassetteFile {
    /// The cassette at `path`, for strict replay.
    ///
    /// - Throws: ``CommandError/failure(_:)``: a missing file names `fbgraph record`, the way the CLI
    ///   makes one; an unreadable one says why in one line.
    static func open(_ path: String) throws(CommandError) -> Cassette {
        // Read once as HAR first, for a readable reason when it is not one.
        _ = try archive(path)
        do {
            return try Cassette(contentsOf: URL(fileURLWithPath: path), mode: .never)
        } catch {
            throw .failure(describe(error, path: path))
        }
    }

    /// The HAR archive at `path`, as written.
    static func archive(_ path: String) throws(CommandError) -> HARArchive {
        guard FileManager.default.fileExists(atPath: path) else { throw missing(path) }
        do {
            return try HARArchive(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .failure(describe(error, path: path))
        }
    }

    private static func missing(_ path: String) -> CommandError {
        .failure(
            "\(path): no such file; record one with `fbgraph record get PATH --cassette \(path) --live` (see fbgraph record --help)"
        )
    }

    /// One line for `error`: the HAR reader's own (`PATH: entry 3, field: expected …, found …`), or
    /// `PATH: reason` — never an `NSError` dump or a Swift type name.
    static func describe(_ error: any Error, path: String) -> String {
        if let error = error as? HARReadError { return oneLine(error.description) }
        if let error = error as? CassetteError { return oneLine(error.description) }
        let nsError = error as NSError
        if nsError.domain == NSCocoaErrorDomain || nsError.domain == NSPOSIXErrorDomain {
            return oneLine("\(path): \(nsError.localizedDescription)")
        }
        return oneLine("\(path): \(error)")
    }

    private static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
