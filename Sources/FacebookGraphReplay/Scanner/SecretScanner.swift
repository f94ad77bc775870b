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
    /// The largest file ``scan(paths:)`` reads; a larger one is reported as not scanned.
    public static let maximumFileSize = 32 << 20

    /// The environment variables ``fromEnvironment(_:)`` reads.
    public static let environmentVariables = SecretDefinition.environmentVariables

    /// The rules this scanner applies: the known secrets first, then the built-in shapes.
    private let rules: [Rule]

    /// A scanner that also looks for each of `extraSecrets` in every form the redactor rewrites
    /// (raw, percent-encoded, form-encoded, JSON-escaped; e.g. values from the environment). Empty
    /// values are ignored.
    public init(extraSecrets: [String] = []) {
        self.init(extraSecrets: extraSecrets, builtIn: Rule.builtIn)
    }

    /// A scanner for the names of `roles` instead of the core's (a test-only table of roles).
    package init(extraSecrets: [String] = [], roles: SecretRoles) {
        self.init(extraSecrets: extraSecrets, builtIn: Rule.builtIn(roles: roles))
    }

    /// A scanner for `extraSecrets` (each once, empty ones ignored) and then the `builtIn` rules.
    private init(extraSecrets: [String], builtIn: [Rule]) {
        var seen = Set<String>()
        let extras = extraSecrets.filter { !$0.isEmpty && seen.insert($0).inserted }
        rules = extras.compactMap(Rule.known) + builtIn
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
        let found = locate(in: text)
        guard !found.isEmpty else { return [] }
        let lines = LineTable(text)
        return found.compactMap { item in
            guard let range = Range(item.range, in: text) else { return nil }
            let (line, column) = lines.position(of: range.lowerBound, utf16Offset: item.range.location)
            return Finding(file: file, line: line, column: column, kind: item.kind, secret: text[range])
        }
    }

    /// `text` with everything this scanner would report replaced by `<redacted>`, for showing text
    /// that may still hold a secret in no known parameter (a token in a URL path, say).
    public func redacted(_ text: String) -> String {
        var result = text
        for item in locate(in: text).reversed() {
            guard let range = Range(item.range, in: result) else { continue }
            result.replaceSubrange(range, with: SecretPlaceholder.redacted)
        }
        return result
    }

    /// Every secret in `text` with its kind, in order of position; where two rules cover the same
    /// characters the earlier rule wins.
    private func locate(in text: String) -> [(range: NSRange, kind: String)] {
        guard !text.isEmpty else { return [] }
        let units = Array(text.utf16)
        var found: [(range: NSRange, kind: String)] = []
        for rule in rules {
            for candidate in rule.candidates(text) {
                guard let captured = Range(candidate.range, in: text), let secret = rule.secret(String(text[captured]))
                else { continue }
                let range = NSRange(location: candidate.range.location + secret.lowerBound, length: secret.count)
                guard !found.contains(where: { Self.overlap($0.range, range) }),
                    !Self.isInsideJSONEscape(units, at: range.location)
                else { continue }
                found.append((range, candidate.name.map { "\($0) value" } ?? rule.kind))
            }
        }
        return found.sorted { $0.range.location < $1.range.location }
    }

    /// True when the UTF-16 unit at `location` is one of the four hex digits of a JSON `\uXXXX`
    /// escape: then a match starting there is not what the text says. A cassette writes a control
    /// byte before `3a9c…` as `\u000f3a9c…`, in which an app secret `f3a9c…` seems to stand, though the
    /// decoded text holds byte 0x0F and then `3a9c…` (FuzzRedactor).
    static func isInsideJSONEscape(_ units: [UInt16], at location: Int) -> Bool {
        let backslash = UInt16(UInt8(ascii: "\\"))
        for distance in 2...5 where location - distance >= 0 {
            let start = location - distance
            guard units[start] == backslash, units[start + 1] == UInt16(UInt8(ascii: "u")),
                units[(start + 2)...location].allSatisfy({ $0 < 0x80 && FormEncoding.hexValue(UInt8($0)) != nil })
            else { continue }
            // The backslash opens the escape only when it is not itself escaped (`\\u…` is text).
            var before = start - 1
            while before >= 0, units[before] == backslash { before -= 1 }
            return (start - 1 - before) % 2 == 0
        }
        return false
    }

    /// True when two ranges share a character.
    private static func overlap(_ first: NSRange, _ second: NSRange) -> Bool {
        first.location < second.location + second.length && second.location < first.location + first.length
    }
}
