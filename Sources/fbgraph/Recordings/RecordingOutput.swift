import FacebookGraph
import FacebookGraphReplay
import Foundation

/// What `fbgraph cassette record-demo` does to a recording before writing it: rewrites the
/// loopback origin to the public hosts, scans it for secrets, and renders the Swift source that
/// embeds it.
enum RecordingOutput {
    /// The public origin of Graph calls.
    static let graphOrigin = "https://graph.facebook.com"
    /// The public base of REST methods.
    static let restBase = "https://api.facebook.com/method/"

    // MARK: Origins

    /// `archive` with every `loopback` origin (`http://127.0.0.1:PORT`) — in URLs, headers, request
    /// bodies and response bodies, raw or JSON-escaped (`http:\/\/…`) — replaced by
    /// `https://api.facebook.com` for REST methods and `https://graph.facebook.com` otherwise, as
    /// if the calls had gone to the real hosts. Sizes follow the bodies.
    static func publicOrigins(_ archive: HARArchive, loopback: String) -> HARArchive {
        let host = loopback.replacingOccurrences(of: "http://", with: "")
        let replacements = [(loopback + "/method/", restBase), (loopback, graphOrigin), (host, "graph.facebook.com")]
            .flatMap { from, to in
                [
                    (from, to),
                    (JSONString.escape(from, escapingSlash: true), JSONString.escape(to, escapingSlash: true)),
                ]
            }
        func rewrite(_ text: String) -> String {
            replacements.reduce(text) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
        }
        func rewrite(_ fields: [HARNameValue]) -> [HARNameValue] {
            fields.map { HARNameValue(name: $0.name, value: rewrite($0.value)) }
        }
        /// The body rewritten when it is text; `nil` when it is binary or unchanged.
        func rewrite(_ body: Data) -> Data? {
            guard let text = String(data: body, encoding: .utf8) else { return nil }
            let rewritten = rewrite(text)
            return rewritten == text ? nil : Data(rewritten.utf8)
        }

        var result = archive
        result.log.entries = archive.log.entries.map { entry in
            var entry = entry
            entry.request.url = rewrite(entry.request.url)
            entry.request.headers = rewrite(entry.request.headers)
            entry.request.queryString = rewrite(entry.request.queryString)
            if let postData = entry.request.postData, let body = rewrite(postData.body) {
                entry.request.postData = HARPostData(mimeType: postData.mimeType, body: body)
                entry.request.bodySize = body.count
            }
            entry.response.headers = rewrite(entry.response.headers)
            entry.response.redirectURL = rewrite(entry.response.redirectURL)
            if let body = rewrite(entry.response.content.body) {
                entry.response.content = HARContent(mimeType: entry.response.content.mimeType, body: body)
            }
            return entry
        }
        return result
    }

    // MARK: Secrets

    /// What ``SecretScanner`` finds in the archive's text and in every base64 body that decodes
    /// to text, also looking for the stand-in's own tokens verbatim.
    static func secrets(in archive: HARArchive, file: String) throws -> [SecretScanner.Finding] {
        let scanner = SecretScanner(extraSecrets: [GraphStandIn.validToken, GraphStandIn.expiredToken])
        var findings = scanner.scan(text: String(decoding: try archive.encoded(), as: UTF8.self), file: file)
        for (index, entry) in archive.log.entries.enumerated() {
            var bodies: [(String, Data)] = [("response", entry.response.content.body)]
            if let postData = entry.request.postData { bodies.append(("request", postData.body)) }
            for (label, body) in bodies {
                // Binary bodies: scan their printable runs (a multipart body's text parts).
                let text = String(
                    decoding: body.map { (0x20..<0x7F).contains($0) || $0 == 0x0A ? $0 : 0x0A }, as: UTF8.self)
                findings += scanner.scan(text: text, file: "\(file) entry \(index) \(label) body")
            }
        }
        return findings
    }

    // MARK: Swift source

    /// The indentation of the literal's lines (and of its closing delimiter, so Swift strips it).
    static let literalIndentation = "        "

    /// Swift source declaring `enum BundledRecordings { static let demoHAR }` whose value is `har`
    /// exactly: a raw multi-line string literal whose delimiter the text cannot close, each line
    /// indented (Swift strips the closing delimiter's indentation from every line), lines longer
    /// than 120 columns folded by `\#` line continuations (which add nothing to the value).
    static func swiftSource(embedding har: String) -> String {
        var hashes = "#"
        while har.contains("\"\"\"" + hashes) || har.contains("\\" + hashes) { hashes += "#" }
        let continuation = "\\" + hashes
        let indent = literalIndentation
        let width = 120 - indent.count - continuation.count
        var lines: [String] = []
        for line in har.split(separator: "\n", omittingEmptySubsequences: false) {
            var rest = Substring(line)
            while rest.count > width {
                lines.append(indent + rest.prefix(width) + continuation)
                rest = rest.dropFirst(width)
            }
            // An empty line needs no indentation (and gets none, to keep lines free of trailing blanks).
            lines.append(rest.isEmpty ? "" : indent + rest)
        }
        return """
            // Generated by `fbgraph cassette record-demo … --swift …`; do not edit. To regenerate, see
            // README.md in this folder. The literal is demo.har byte for byte: Swift strips the closing
            // delimiter's indentation from every line, and a `\(continuation)` ending a line folds a long line.

            /// The recordings compiled into fbgraph, so the binary works wherever it is copied (SwiftPM
            /// resources are not used).
            enum BundledRecordings {
                /// The text of `Recordings/demo.har`: every call `Recordings/README.md` lists, recorded from
                /// the loopback Graph stand-in with fake tokens, redacted to `<TOKEN-1>` and `<TOKEN-2>`.
                static let demoHAR = \(hashes)\"\"\"

            """
                + lines.joined(separator: "\n") + "\n\(indent)\"\"\"\(hashes)\n}\n"
    }

    /// The value of the `demoHAR` literal in `source` (as ``swiftSource(embedding:)`` writes it):
    /// indentation stripped, continuations unfolded; `nil` when there is none. Lets a test check
    /// the generated file without compiling it.
    static func embeddedHAR(inSwiftSource source: String) -> String? {
        guard let open = source.range(of: "static let demoHAR = ") else { return nil }
        let hashes = String(source[open.upperBound...].prefix { $0 == "#" })
        let opening = hashes + "\"\"\"\n"
        let closing = "\n" + literalIndentation + "\"\"\"" + hashes
        let start = source.index(open.upperBound, offsetBy: opening.count, limitedBy: source.endIndex)
        guard let start, source[open.upperBound...].hasPrefix(opening),
            let end = source.range(of: closing, range: start..<source.endIndex)
        else { return nil }
        let lines = source[start..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix(literalIndentation) ? $0.dropFirst(literalIndentation.count) : "" }
        return lines.joined(separator: "\n").replacingOccurrences(of: "\\" + hashes + "\n", with: "")
    }
}
