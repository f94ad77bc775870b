import Foundation

@testable import fbgraph

/// The shell examples the documentation prints — fenced `sh` blocks in README.md and Migration.md,
/// and the EXAMPLES section of every `--help` — each classified: run offline, skipped because it
/// needs the network (`--live`), or not run here for a stated reason. A line of a kind this file
/// does not know is an error, so a new kind of example cannot slip past the runner.
struct DocumentedExample {
    /// Where it is printed: `README.md:43` or `fbgraph get --help`.
    var source: String
    /// Its lines, `\`-continuations joined, comments removed.
    var lines: [String]

    /// What the runner does with one line.
    enum Verdict: Equatable {
        /// Run offline; must exit 0.
        case run
        /// Needs the real Graph API.
        case needsNetwork
        /// Not run by this test, for the reason given.
        case notHere(String)
        /// A command the runner does not know.
        case unknown
    }

    /// Commands that are documented but run elsewhere, with where or why.
    static let runElsewhere: [(prefix: String, reason: String)] = [
        ("scripts/demo", ".ci/run runs it"),
        ("scripts/test", "the test gate itself"),
        ("scripts/bootstrap", "installs system packages; scripts/test and scripts/demo run it"),
        ("scripts/check-consumer", ".ci/run runs it: it builds a scratch package"),
        ("scripts/docs", "builds the API documentation; scripts/test runs it"),
        ("DOCS_STATIC=1 scripts/docs", "builds the API documentation as a website"),
        ("swift run -c release fbbench", "the benchmark: measured by hand, never in tests"),
        ("FB_ACCESS_TOKEN=EAA", "the recording recipe: it needs a real token and the network"),
        ("swift test", "runs a test suite; scripts/check-consumer runs the consumer's"),
        ("sudo apt-get", "installs system packages"),
        ("apt-get", "installs system packages"),
        ("swift package init", "the consumer walkthrough: scripts/check-consumer runs it"),
        ("swift build", "the consumer walkthrough: scripts/check-consumer runs it"),
        ("swift run MyServer", "the consumer walkthrough: scripts/check-consumer runs it"),
        ("mkdir", "the consumer walkthrough: scripts/check-consumer runs it"),
        ("cd ", "the consumer walkthrough: scripts/check-consumer runs it"),
        ("FB_GRAPH_BASE_URL=", "the consumer walkthrough: scripts/check-consumer runs it"),
        (
            "fbgraph replay serve export.har",
            "needs a HAR export of your own; HARInteropCorpusTests serves real exports this way"
        ),
        ("http_proxy=", "another program through replay serve as a proxy; ReplayCommandTests covers it"),
        ("fbgraph friends", "interactive: it needs a terminal; FriendsCommandTests drives it in tmux"),
        ("swift run fbgraph friends", "interactive: it needs a terminal; FriendsCommandTests drives it in tmux"),
    ]

    /// The verdict on `line`.
    static func verdict(_ line: String) -> Verdict {
        if let known = runElsewhere.first(where: { line.hasPrefix($0.prefix) }) { return .notHere(known.reason) }
        if line.hasPrefix("fbgraph") || line.hasPrefix("swift run fbgraph") {
            // `login` is Facebook Login for Devices: it talks to facebook.com like `--live`.
            let login = line.hasPrefix("fbgraph login") || line.hasPrefix("swift run fbgraph login")
            return line.contains("--live") || login ? .needsNetwork : .run
        }
        if line.hasPrefix("echo ") { return .run }
        return .unknown
    }

    /// Every shell block of the markdown file at `url`, named `name`.
    static func markdown(_ url: URL, name: String) throws -> [DocumentedExample] {
        let text = try String(contentsOf: url, encoding: .utf8)
        var examples: [DocumentedExample] = []
        var current: (start: Int, lines: [String])?
        for (index, raw) in text.components(separatedBy: "\n").enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if current == nil, line == "```sh" || line == "```bash" || line == "```console" {
                current = (index + 1, [])
            } else if let block = current, line == "```" {
                examples.append(DocumentedExample(source: "\(name):\(block.start)", lines: joined(block.lines)))
                current = nil
            } else if current != nil {
                current?.lines.append(line)
            }
        }
        return examples
    }

    /// The EXAMPLES section of `command`'s help and of every command below it.
    static func help(_ command: Command, words: [String] = []) -> [DocumentedExample] {
        let name = (words + [command.name]).joined(separator: " ")
        var examples: [DocumentedExample] = []
        let lines = command.help.components(separatedBy: "\n")
        if let start = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "EXAMPLES:" }) {
            let section = lines[(start + 1)...].prefix { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            examples.append(
                DocumentedExample(
                    source: "\(name) --help", lines: joined(section.map { $0.trimmingCharacters(in: .whitespaces) })))
        }
        // `record get|post|delete` share `record`'s help: its examples count once.
        for sub in command.subcommands where sub.help != command.help {
            examples += help(sub, words: words + [command.name])
        }
        return examples
    }

    /// Lines with `\` continuations joined and `#` comments (after two spaces) removed.
    private static func joined(_ lines: [String]) -> [String] {
        var result: [String] = []
        var pending = ""
        for line in lines {
            var line = line
            if let comment = trailingComment(in: line) { line = String(line[..<comment]) }
            line = line.trimmingCharacters(in: .whitespaces)
            if line.hasSuffix("\\") {
                pending += line.dropLast().trimmingCharacters(in: .whitespaces) + " "
                continue
            }
            let full = pending + line
            pending = ""
            if !full.isEmpty, !full.hasPrefix("#") { result.append(full) }
        }
        return result
    }

    /// Where a ` # comment` starts in `line`, outside quotes.
    private static func trailingComment(in line: String) -> String.Index? {
        var quote: Character?
        var previous: Character = " "
        for index in line.indices {
            let character = line[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "#", previous == " " {
                return index
            }
            previous = character
        }
        return nil
    }

    /// The bash script that runs this example's runnable lines in order, with `fbgraph` being
    /// `$FBGRAPH`. A `replay serve` line starts the server in the background and waits for its
    /// `listening on` line (through a FIFO: an event, not a sleep); its port 8080 becomes a free one
    /// the server picked, in that line and those that follow.
    func script() -> String {
        var script = """
            set -euo pipefail
            PIDS=""
            trap 'for p in $PIDS; do kill $p 2>/dev/null || true; done' EXIT
            SERVE_PORT=8080

            """
        for (index, line) in lines.enumerated() where Self.verdict(line) == .run {
            var command = line
            for prefix in ["swift run fbgraph", "fbgraph"] where command.hasPrefix(prefix) {
                command = "\"$FBGRAPH\"" + command.dropFirst(prefix.count)
                break
            }
            command = command.replacingOccurrences(of: "127.0.0.1:8080", with: "127.0.0.1:$SERVE_PORT")
            script += "echo \"@@ \(index + 1): \(line.replacingOccurrences(of: "\"", with: "\\\""))\" >&2\n"
            if line.contains(" replay serve ") {
                var serve = command.replacingOccurrences(of: "--port 8080", with: "--port 0")
                if serve.hasSuffix("&") { serve = String(serve.dropLast()).trimmingCharacters(in: .whitespaces) }
                script += """
                    mkfifo serve-\(index).fifo
                    \(serve) > serve-\(index).fifo &
                    PIDS="$PIDS $!"
                    exec {fd}<serve-\(index).fifo
                    read -r -t 30 -u $fd ready || { echo "replay serve never said it was listening" >&2; exit 1; }
                    SERVE_PORT="${ready##*:}"

                    """
            } else {
                script += command + "\n"
            }
        }
        return script
    }
}
