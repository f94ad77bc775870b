import Foundation

/// What a Graph credential looks like when no parameter or header name gives it away.
///
/// | shape | example |
/// |---|---|
/// | user or page token | `EAA` + 20 or more letters and digits |
/// | old tokens | `AAAC…`, `CAAC…` + 20 or more letters and digits |
/// | OAuth 2 token (2010–2012) | `<app id>|<digits or hex>-<user id>|<signature>` (`|` also as `%7C`) |
/// | app token | `<app id>|<app secret>` (`\d{6,}\|[A-Za-z0-9_-]{16,}`) |
/// | `appsecret_proof` | 64 lowercase hex digits |
///
/// A token shape must stand alone — not inside a longer run of base64 characters (`A–Z a–z 0–9 + /`,
/// and `=` after it) — so base64-encoded binary bodies do not raise false alarms; and the prefixed
/// token shapes must look random (upper and lower case letters and a digit), so hand-written stand-ins
/// such as `EAAtokenForTestsOnlyPlease` pass.
package struct TokenShape: Sendable {
    /// What the shape is, e.g. `user or page token (EAA…)`.
    package let kind: String
    /// The pattern (ICU syntax, as `NSRegularExpression` reads it).
    package let regex: NSRegularExpression
    /// True when the shape also requires the match to look random.
    package let mustLookRandom: Bool
    /// The kind of placeholder a value of this shape gets: `TOKEN`, or `PROOF` for a proof.
    package let placeholderKind: String

    /// The built-in shapes, in priority order.
    package static let all: [TokenShape] = {
        let separator = #"(?:\||%7[Cc]|\\u007[Cc]|\\u00257[Cc])"#
        return [
            TokenShape(
                "user or page token (EAA…)",
                #"(?<![A-Za-z0-9+/])EAA[A-Za-z0-9]{20,}(?![A-Za-z0-9+/=])"#,
                mustLookRandom: true
            ),
            TokenShape(
                "old token (AAAC…)",
                #"(?<![A-Za-z0-9+/])AAAC[A-Za-z0-9]{20,}(?![A-Za-z0-9+/=])"#,
                mustLookRandom: true
            ),
            TokenShape(
                "old token (CAAC…)",
                #"(?<![A-Za-z0-9+/])CAAC[A-Za-z0-9]{20,}(?![A-Za-z0-9+/=])"#,
                mustLookRandom: true
            ),
            TokenShape(
                "OAuth 2 token (app id|…-user id|…)",
                #"(?<![0-9])[0-9]{6,}"# + separator + #"[A-Za-z0-9_.]+-[0-9]+"# + separator
                    + #"[A-Za-z0-9_.\-]+(?:"# + separator + #"[A-Za-z0-9_.\-]+)*"#
            ),
            TokenShape("app token (app id|secret)", #"(?<![0-9])[0-9]{6,}"# + separator + #"[A-Za-z0-9_\-]{16,}"#),
            TokenShape("appsecret_proof (64 hex)", #"\b[0-9a-f]{64}\b"#, placeholderKind: "PROOF"),
        ]
    }()

    /// A shape; a pattern that does not compile is a programming error.
    private init(_ kind: String, _ pattern: String, mustLookRandom: Bool = false, placeholderKind: String = "TOKEN") {
        self.kind = kind
        self.mustLookRandom = mustLookRandom
        self.placeholderKind = placeholderKind
        do {
            regex = try NSRegularExpression(pattern: pattern)
        } catch {
            preconditionFailure("TokenShape pattern \(pattern) does not compile: \(error)")
        }
    }

    /// True when `match` (a whole match of ``regex``) is a credential of this shape.
    package func accepts(_ match: String) -> Bool {
        !mustLookRandom || Self.looksRandom(match)
    }

    /// True when `text` has upper and lower case letters and a digit.
    package static func looksRandom(_ text: String) -> Bool {
        text.contains(where: \.isUppercase) && text.contains(where: \.isLowercase) && text.contains(where: \.isNumber)
    }

    /// Every token-shaped value in `text`, in order of position, with its shape; where two overlap
    /// the earlier shape in ``all`` wins.
    package static func matches(in text: String) -> [(value: String, shape: TokenShape)] {
        let whole = NSRange(text.startIndex..., in: text)
        var found: [(range: NSRange, shape: TokenShape)] = []
        for shape in all {
            for match in shape.regex.matches(in: text, range: whole) {
                guard let range = Range(match.range, in: text), shape.accepts(String(text[range])),
                    !found.contains(where: { NSIntersectionRange($0.range, match.range).length > 0 })
                else { continue }
                found.append((match.range, shape))
            }
        }
        return found.sorted { $0.range.location < $1.range.location }.compactMap { item in
            Range(item.range, in: text).map { (String(text[$0]), item.shape) }
        }
    }
}
