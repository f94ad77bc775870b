import FacebookGraph
import Foundation

/// Finds Graph secrets in text: the gate that keeps tokens out of committed cassettes and fixtures.
///
/// Generic secret detection is impossible (VCR's maintainers said so), but Graph's token formats
/// are known, so the scanner looks for the shapes of the core's `TokenShape` (`EAA…`, `AAAC…`/`CAAC…`,
/// OAuth 2 tokens, `<app id>|<secret>`, 64-hex proofs) and for the values of the names the core's
/// `SecretDefinition` calls secret:
///
/// | shape | example |
/// |---|---|
/// | a token shape | see `TokenShape` |
/// | `Authorization` header | `Authorization: Bearer|OAuth <value>`, or a JSON `"Authorization"` value |
/// | secret parameter value | `access_token=…` or `"access_token": "…"` of 16 or more characters (¹) |
/// | known secrets | the exact values given (``fromEnvironment(_:)`` reads them from `FB_…` variables) |
///
/// (¹) Also `input_token`, `fb_exchange_token`, `client_secret` and `password`.
///
/// Stand-ins (`SecretPlaceholder`: `<TOKEN-1>`, `%3CTOKEN-1%3E`, `{access-token}`, `[FILTERED]`, a
/// value naming itself a placeholder) are not secrets, and a parameter value must hold a digit, so
/// hand-written stand-ins such as `access_token_for_fb_graph` pass. Each secret is reported once, at
/// its first character, by the first shape (in the table's order) that covers it.
public struct SecretScanner: Sendable {
    /// The largest file ``scan(paths:)`` reads.
    public static let maximumFileSize = 32 << 20

    /// The environment variables ``fromEnvironment(_:)`` reads.
    public static let environmentVariables = SecretDefinition.environmentVariables

    /// The rules this scanner applies: the known secrets first, then the built-in shapes.
    private let rules: [Rule]

    /// A scanner that also looks for each of `extraSecrets` verbatim and percent-encoded (e.g.
    /// values from the environment). Empty values are ignored.
    public init(extraSecrets: [String] = []) {
        var seen = Set<String>()
        let extras = extraSecrets.filter { !$0.isEmpty && seen.insert($0).inserted }
        rules = extras.compactMap(Rule.known) + Rule.builtIn
    }

    /// A scanner that also looks for the values of `FB_ACCESS_TOKEN`, `FB_APP_SECRET`,
    /// `FB_CLIENT_SECRET` and `FB_APP_TOKEN` that are set and at least 8 characters long.
    public static func fromEnvironment(
        _ env: [String: String] = ProcessInfo.processInfo.environment
    ) -> SecretScanner {
        SecretScanner(extraSecrets: environmentVariables.compactMap { env[$0] }.filter { $0.count >= 8 })
    }

    /// The secrets in `text`, in order of position, reported against `file`.
    public func scan(text: String, file: String) -> [Finding] {
        guard !text.isEmpty else { return [] }
        let whole = NSRange(text.startIndex..., in: text)
        var taken: [NSRange] = []
        var found: [(range: NSRange, kind: String)] = []
        for rule in rules {
            for match in rule.regex.matches(in: text, range: whole) {
                let group = match.range(at: rule.group)
                guard group.location != NSNotFound, let captured = Range(group, in: text),
                    let secret = rule.secret(String(text[captured]))
                else { continue }
                let range = NSRange(location: group.location + secret.lowerBound, length: secret.count)
                guard !taken.contains(where: { Self.overlap($0, range) }) else { continue }
                taken.append(range)
                var kind = rule.kind
                if let nameGroup = rule.nameGroup, let name = Range(match.range(at: nameGroup), in: text) {
                    kind = "\(text[name]) value"
                }
                found.append((range, kind))
            }
        }
        guard !found.isEmpty else { return [] }
        let lines = LineTable(text)
        return found.sorted { $0.range.location < $1.range.location }.compactMap { item in
            guard let range = Range(item.range, in: text) else { return nil }
            let (line, column) = lines.position(of: range.lowerBound, utf16Offset: item.range.location)
            return Finding(file: file, line: line, column: column, kind: item.kind, secret: text[range])
        }
    }

    /// The secrets in the files at `paths` (files, or directories searched recursively, skipping
    /// `.git` and `.build` and symbolic links to directories). Only UTF-8 text files of at most
    /// ``maximumFileSize`` bytes without NUL bytes are read.
    ///
    /// - Throws: When a path does not exist or a directory cannot be listed.
    public func scan(paths: [String]) throws -> [Finding] {
        var findings: [Finding] = []
        for path in paths {
            for file in try Self.files(at: path) {
                guard let text = Self.readText(file) else { continue }
                findings += scan(text: text, file: file)
            }
        }
        return findings
    }

    // MARK: Files

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

    /// The file's text, or `nil` when it is too large, binary or not UTF-8.
    private static func readText(_ path: String) -> String? {
        let url = URL(fileURLWithPath: path)
        if let size = try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize, size > maximumFileSize {
            return nil
        }
        guard let data = try? Data(contentsOf: url), data.count <= maximumFileSize, !data.contains(0) else {
            return nil
        }
        return String(data: data, encoding: .utf8)
    }

    /// True when two ranges share a character.
    private static func overlap(_ first: NSRange, _ second: NSRange) -> Bool {
        first.location < second.location + second.length && second.location < first.location + first.length
    }
}

// MARK: - Rules

extension SecretScanner {
    /// One shape: a pattern, the group holding the secret, and a check that trims or rejects it.
    private struct Rule: Sendable {
        /// The finding's kind.
        var kind: String
        /// The pattern.
        var regex: NSRegularExpression
        /// The capture group holding the candidate secret (0 for the whole match).
        var group: Int = 0
        /// A capture group naming the parameter, which then names the kind (`access_token value`).
        var nameGroup: Int?
        /// The secret's UTF-16 range within the captured text, or `nil` when it is not a secret.
        var secret: @Sendable (String) -> Range<Int>?

        /// A rule for one of the known secrets, raw or percent-encoded.
        static func known(_ secret: String) -> Rule? {
            let encoded = secret.addingPercentEncoding(withAllowedCharacters: unreserved) ?? secret
            let forms = [secret, encoded, lowerHex(encoded)]
            let alternatives = Array(Set(forms)).sorted { $0.count > $1.count }
                .map(NSRegularExpression.escapedPattern(for:))
            guard let regex = try? NSRegularExpression(pattern: alternatives.joined(separator: "|")) else { return nil }
            return Rule(kind: "known secret", regex: regex, secret: whole)
        }

        /// The built-in shapes, in priority order.
        static let builtIn: [Rule] = {
            let tokenNames = SecretDefinition.scannedParameterNames.joined(separator: "|")
            let jsonString = #""((?:[^"\\]|\\.)*)""#
            let authorizationName = #""(?:proxy-)?authorization""#
            let shapes = TokenShape.all.map { shape in
                Rule(kind: shape.kind, regex: shape.regex) { shape.accepts($0) ? 0..<$0.utf16.count : nil }
            }
            return shapes + [
                Rule(
                    kind: "Authorization header",
                    regex: pattern(#"(?i)\b(?:proxy-)?authorization\s*:\s*(?:bearer|oauth)\s+([^\s"'\\,;]+)"#),
                    group: 1,
                    secret: notPlaceholder
                ),
                Rule(
                    kind: "Authorization header",
                    regex: pattern("(?i)" + authorizationName + #"\s*:\s*"# + jsonString),
                    group: 1,
                    secret: credential
                ),
                Rule(
                    kind: "Authorization header",
                    regex: pattern(#"(?i)"name"\s*:\s*"# + authorizationName + #"\s*,\s*"value"\s*:\s*"# + jsonString),
                    group: 1,
                    secret: credential
                ),
                Rule(
                    kind: "Authorization header",
                    regex: pattern(#"(?i)"value"\s*:\s*"# + jsonString + #"\s*,\s*"name"\s*:\s*"# + authorizationName),
                    group: 1,
                    secret: credential
                ),
                Rule(
                    kind: "parameter value",
                    regex: pattern(#"(?<![A-Za-z0-9_])("# + tokenNames + #")=([^&#"'\s<>]+)"#),
                    group: 2,
                    nameGroup: 1,
                    secret: parameterValue
                ),
                Rule(
                    kind: "parameter value",
                    regex: pattern(#""("# + tokenNames + #")"\s*:\s*"# + jsonString),
                    group: 2,
                    nameGroup: 1,
                    secret: parameterValue
                ),
                Rule(
                    kind: "parameter value",
                    regex: pattern(#""name"\s*:\s*"("# + tokenNames + #")"\s*,\s*"value"\s*:\s*"# + jsonString),
                    group: 2,
                    nameGroup: 1,
                    secret: parameterValue
                ),
                Rule(
                    kind: "parameter value",
                    regex: pattern(#""value"\s*:\s*"# + jsonString + #"\s*,\s*"name"\s*:\s*"("# + tokenNames + #")""#),
                    group: 1,
                    nameGroup: 2,
                    secret: parameterValue
                ),
            ]
        }()

        /// A compiled built-in pattern (a typo in one is a programming error).
        private static func pattern(_ text: String) -> NSRegularExpression {
            do {
                return try NSRegularExpression(pattern: text)
            } catch {
                preconditionFailure("SecretScanner pattern \(text) does not compile: \(error)")
            }
        }

        // MARK: Checks

        /// The whole capture.
        private static let whole: @Sendable (String) -> Range<Int>? = { 0..<$0.utf16.count }

        /// The whole capture unless it is a placeholder.
        private static let notPlaceholder: @Sendable (String) -> Range<Int>? = { text in
            SecretPlaceholder.isStandIn(text) ? nil : 0..<text.utf16.count
        }

        /// The credential of a header value (after its scheme), unless empty or a placeholder.
        private static let credential: @Sendable (String) -> Range<Int>? = { value in
            var start = value.startIndex
            if let space = value.firstIndex(of: " ") {
                start = value[space...].firstIndex { $0 != " " } ?? value.endIndex
            }
            let secret = value[start...]
            guard !secret.isEmpty, !SecretPlaceholder.isStandIn(String(secret)) else { return nil }
            let offset = value.utf16.distance(from: value.startIndex, to: start)
            return offset..<(offset + secret.utf16.count)
        }

        /// A parameter value, cut at a JSON-escaped `&` or a trailing backslash, when it is at least
        /// 16 characters, holds a digit and is not a placeholder.
        private static let parameterValue: @Sendable (String) -> Range<Int>? = { value in
            var secret = Substring(value)
            if let escapedAmpersand = secret.range(of: "\\u0026") { secret = secret[..<escapedAmpersand.lowerBound] }
            while secret.hasSuffix("\\") { secret = secret.dropLast() }
            guard secret.count >= 16, secret.contains(where: \.isNumber), !SecretPlaceholder.isStandIn(String(secret))
            else {
                return nil
            }
            return 0..<secret.utf16.count
        }

        /// The unreserved characters of RFC 3986.
        private static let unreserved = CharacterSet(
            charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
        )

        /// `text` with the hex digits of its `%XX` escapes in lower case.
        private static func lowerHex(_ text: String) -> String {
            var result = ""
            var remaining = Substring(text)
            while let percent = remaining.firstIndex(of: "%") {
                result += remaining[...percent]
                remaining = remaining[remaining.index(after: percent)...]
                result += remaining.prefix(2).lowercased()
                remaining = remaining.dropFirst(2)
            }
            return result + remaining
        }
    }

    /// Maps UTF-16 offsets to 1-based lines and character columns.
    private struct LineTable {
        /// The text.
        private let text: String
        /// The UTF-16 offset where each line starts.
        private let starts: [Int]

        /// A table for `text`.
        init(_ text: String) {
            self.text = text
            var starts = [0]
            for (offset, unit) in text.utf16.enumerated() where unit == 0x0A { starts.append(offset + 1) }
            self.starts = starts
        }

        /// The line and column of `index`, whose UTF-16 offset is `utf16Offset`.
        func position(of index: String.Index, utf16Offset: Int) -> (line: Int, column: Int) {
            var low = 0
            var high = starts.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if starts[middle] <= utf16Offset { low = middle } else { high = middle - 1 }
            }
            let lineStart = String.Index(utf16Offset: starts[low], in: text)
            return (low + 1, text.distance(from: lineStart, to: index) + 1)
        }
    }
}
