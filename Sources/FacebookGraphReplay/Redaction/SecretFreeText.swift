import FacebookGraph
import Foundation

/// What the kit prints about recorded requests — the replay server's 501 body, the diff of an
/// unmatched request — goes through here, so a secret a foreign HAR file kept (a real
/// `access_token` in an entry's URL) is never shown, whichever way the entry is reported.
///
/// It applies the core's one secret definition: the values of the secret parameter names and every
/// Graph token shape that stands anywhere else in the text, such as a token in a path
/// (`SecretPolicy.redactSecrets`, which leaves markers such as `<TOKEN-1>` and `%3CTOKEN-1%3E` alone),
/// and user info in URLs (`SecretPolicy.redactedURL`). Each becomes `<redacted>`.
enum SecretFreeText {
    /// `url` without secrets.
    static func url(_ url: String) -> String {
        SecretPolicy.redactedURL(url)
    }

    /// `text` without secrets.
    static func text(_ text: String) -> String {
        SecretPolicy.redactSecrets(in: text)
    }

    /// A parameter's value for display: a marker (`<TOKEN-1>`, `<redacted>`) as is; anything else
    /// under a secret parameter name becomes `<redacted>`.
    static func parameterValue(_ value: String, name: String) -> String {
        guard SecretDefinition.parameterNames.contains(name) else { return value }
        let bytes = Array(value.utf8)
        if SecretPlaceholder.markerLength(in: bytes, at: 0) == bytes.count { return value }
        return SecretPlaceholder.redacted
    }
}
