import Foundation

/// Keeping credentials out of data kept at rest (the friend picker's cache): every URL in a JSON
/// value loses its secret query items, and a last check refuses what still holds a secret.
///
/// A Graph answer echoes the caller's token in its paging links — the top-level `paging` and every
/// nested edge's (`photos.limit(1){…}` brings `photos.paging.next`), at any depth — and a server may
/// put it in other URLs (a `picture` URL). Both use the one secret definition: the names of
/// ``SecretDefinition/parameterNames`` and the shapes of ``TokenShape``.
extension SecretPolicy {
    /// `url` without every query item named in ``SecretDefinition/parameterNames`` (`access_token`,
    /// `appsecret_proof`, `client_secret`…, also with a percent-encoded name such as `access%5Ftoken`);
    /// the rest of the text is kept byte for byte.
    package static func removingSecretQueryItems(from url: String) -> String {
        GraphRequest.removingQueryItems(SecretDefinition.parameterNames, from: url).url
    }

    /// `value` (what `JSONSerialization` reads) with every string that is a URL — absolute `http` or
    /// `https`, or a path from `/` — passed through ``removingSecretQueryItems(from:)``, at any depth
    /// of objects and arrays. Other values are returned as they are.
    package static func removingSecretQueryItems(fromJSON value: Any) -> Any {
        switch value {
        case let text as String:
            return isURLLike(text) ? removingSecretQueryItems(from: text) : text
        case let array as [Any]:
            return array.map(removingSecretQueryItems(fromJSON:))
        case let object as [String: Any]:
            return object.mapValues(removingSecretQueryItems(fromJSON:))
        default:
            return value
        }
    }

    /// True when `text` still holds a secret: a credential parameter named with a value (`access_token=`,
    /// `"access_token":`, also percent- or JSON-encoded up to three layers deep) or a Graph token shape
    /// (``TokenShape``: `EAA…`, app tokens, 64-hex proofs) anywhere — also as a URL's path segment:
    /// a token shape must not stand inside a run of base64 characters, `/` among them, so that base64
    /// bodies raise no false alarm; data at rest has no such bodies, so here a `/` is a separator.
    package static func textHoldsSecret(_ text: String) -> Bool {
        guard !textNamesCredential(Array(text.utf8), decodingLayers: 3) else { return true }
        return !TokenShape.matches(in: text.replacingOccurrences(of: "/", with: " ")).isEmpty
    }

    /// True for text that reads as a URL with a query: `http://`, `https://` (any case) or `/`.
    private static func isURLLike(_ text: String) -> Bool {
        guard text.utf8.contains(UInt8(ascii: "?")) else { return false }
        let lowered = text.prefix(8).lowercased()
        return lowered.hasPrefix("http://") || lowered.hasPrefix("https://") || text.hasPrefix("/")
    }
}
