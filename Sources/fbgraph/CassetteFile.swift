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
            throw .failure("cannot read the cassette '\(path)': \(describe(error))")
        }
    }

    /// The HAR archive at `path`, as written.
    static func archive(_ path: String) throws(CommandError) -> HARArchive {
        guard FileManager.default.fileExists(atPath: path) else { throw missing(path) }
        do {
            return try HARArchive(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .failure("cannot read the cassette '\(path)': \(describe(error))")
        }
    }

    private static func missing(_ path: String) -> CommandError {
        .failure(
            "no cassette at '\(path)'; record one with `fbgraph record get PATH --cassette \(path) --live` (see fbgraph record --help)"
        )
    }

    /// One line for `error`: Foundation's file errors by their message, never the `NSError` dump.
    static func describe(_ error: any Error) -> String {
        if let error = error as? CassetteError { return oneLine(error.description) }
        if let error = error as? DecodingError {
            switch error {
            case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context),
                .valueNotFound(_, let context):
                let at = context.codingPath.map(\.stringValue).joined(separator: ".")
                return oneLine("not a HAR archive: \(context.debugDescription)\(at.isEmpty ? "" : " (at \(at))")")
            @unknown default:
                return oneLine("not a HAR archive")
            }
        }
        let nsError = error as NSError
        if nsError.domain == NSCocoaErrorDomain || nsError.domain == NSPOSIXErrorDomain {
            return oneLine(nsError.localizedDescription)
        }
        return oneLine("\(error)")
    }

    private static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
