import FacebookGraph
import FacebookGraphReplay
import Foundation

/// `fbgraph cassette inspect FILE`: a cassette's entries as a table, and how it was recorded.
enum CassetteInspectCommand {
    /// The `inspect` command.
    static let command = Command(
        name: "inspect",
        help: help,
        positionals: ["FILE"],
        action: .parsed(run)
    )

    /// Prints the table and the provenance of the cassette `arguments` name.
    static func run(_ arguments: CommandArguments, output: inout StandardStreams) throws(CommandError) -> Int32 {
        let path = arguments.positional("FILE")
        let archive = try CassetteFile.archive(path)
        let scanner = SecretScanner.fromEnvironment()
        // The URL, the one wide column, comes last so the others stay lined up.
        var rows = [["INDEX", "METHOD", "STATUS", "PLAYBACK", "SIZE", "URL"]]
        for (index, entry) in archive.log.entries.enumerated() {
            let url = entry.request.url
            // Placeholders stay readable; anything that still looks like a secret is hidden.
            // Anything the scanner flags is hidden too, not only the values of known parameters.
            let shown =
                scanner.scan(text: url, file: path).isEmpty ? url : scanner.redacted(SecretPolicy.redactedURL(url))
            // A HAR file may come from anyone: its texts are shown inert (``TerminalText``).
            rows.append([
                "\(index)", TerminalText.inert(entry.request.method), "\(entry.response.status)",
                entry.playback.rawValue, "\(entry.response.content.body.count)", TerminalText.inert(shown),
            ])
        }
        let creator = archive.log.creator
        let writer = creator.version.hasPrefix(creator.name) ? creator.version : "\(creator.name) \(creator.version)"
        output.out("\(path): \(archive.log.entries.count) entries, written by \(TerminalText.inert(writer))")
        output.out(table(rows))
        if let provenance = archive.log.provenance {
            output.out(
                TerminalText.inert("provenance: recorded \(provenance.recordedAt) by \(provenance.tool)"))
            output.out(TerminalText.inert("redaction rules: \(provenance.redactionRules.joined(separator: ", "))"))
        } else {
            output.out("provenance: none (not recorded by FacebookSDKShim)")
        }
        return ExitCode.success
    }

    /// `rows` in columns two spaces apart: numbers right-aligned, text left-aligned, the last column
    /// unpadded.
    private static func table(_ rows: [[String]]) -> String {
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        let rightAligned: Set<Int> = [0, 2, 4]
        return rows.map { row in
            row.indices.map { column in
                let padding = String(repeating: " ", count: widths[column] - row[column].count)
                if rightAligned.contains(column) { return padding + row[column] }
                return column == row.count - 1 ? row[column] : row[column] + padding
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }

    /// `fbgraph cassette inspect --help`.
    static let help = """
        OVERVIEW: List the entries of a HAR cassette — index, method, status, playback (repeatable or
        once), response size in bytes and URL (anything in it that still looks like a secret is
        redacted) — and its provenance: when and by which tool it was recorded, and the redaction
        rules applied.

        USAGE: fbgraph cassette inspect FILE

        OPTIONS:
          -h, --help              Show this help.

        EXIT STATUS: 0 on success, 1 when the file is missing or not a HAR archive, 64 on a usage error.

        EXAMPLES:
          fbgraph cassette inspect Tests/Cassettes/me.har
        """
}
