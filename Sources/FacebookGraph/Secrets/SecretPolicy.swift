import Foundation

/// Which requests carry secrets, where they may go, and how secrets are kept out of text.
///
/// It applies ``SecretDefinition`` (the names, the loopback hosts) and ``SecretPlaceholder`` (what a
/// hidden value looks like), the definition cassette redaction and the scanner use too.
package enum SecretPolicy {
    /// True when the query of `url` names a credential parameter.
    package static func queryCarriesSecret(_ components: URLComponents) -> Bool {
        components.percentEncodedQueryItems?.contains { SecretDefinition.credentialParameterNames.contains($0.name) }
            ?? false
    }

    /// True when a header is a credential.
    package static func headersCarrySecret(_ headers: HTTPHeaders) -> Bool {
        headers.contains { SecretDefinition.credentialHeaderNames.contains($0.name.lowercased()) }
    }

    /// True when a form-encoded or multipart body names a credential parameter.
    package static func bodyCarriesSecret(_ body: Data) -> Bool {
        for name in SecretDefinition.credentialParameterNames {
            if body.range(of: Data("name=\"\(name)\"".utf8)) != nil { return true }
            let pair = Data("\(name)=".utf8)
            var searchStart = body.startIndex
            while let found = body.range(of: pair, in: searchStart..<body.endIndex) {
                // A form pair starts the body or follows '&'.
                if found.lowerBound == body.startIndex || body[found.lowerBound - 1] == UInt8(ascii: "&") {
                    return true
                }
                searchStart = found.upperBound
            }
        }
        return false
    }

    /// `url` with the value of every secret parameter replaced by `<redacted>` and any user info
    /// (`user:password@`) removed. Works on text, so it never fails on a URL that does not parse.
    package static func redactedURL(_ url: String) -> String {
        var text = url
        if let schemeEnd = text.range(of: "://") {
            let authorityEnd = text[schemeEnd.upperBound...].firstIndex { "/?#".contains($0) } ?? text.endIndex
            if let at = text[schemeEnd.upperBound..<authorityEnd].lastIndex(of: "@") {
                text.removeSubrange(schemeEnd.upperBound...at)
            }
        }
        return redactSecrets(in: text)
    }

    /// `text` with the value after every `name=` of a secret parameter replaced by `<redacted>`,
    /// for free text such as libcurl's error detail.
    package static func redactSecrets(in text: String) -> String {
        var result = text
        for name in SecretDefinition.parameterNames {
            var searchStart = result.startIndex
            while let found = result.range(of: "\(name)=", range: searchStart..<result.endIndex) {
                let precededByNameCharacter =
                    found.lowerBound > result.startIndex
                    && Self.isNameCharacter(result[result.index(before: found.lowerBound)])
                guard !precededByNameCharacter else {
                    searchStart = found.upperBound
                    continue
                }
                if let placeholderEnd = SecretPlaceholder.markerEnd(in: result, at: found.upperBound) {
                    // Already a placeholder (`<redacted>`, a cassette's `<TOKEN-1>`): not a secret.
                    searchStart = placeholderEnd
                    continue
                }
                let valueEnd =
                    result[found.upperBound...].firstIndex { "&# \"'\n\r\t<>".contains($0) } ?? result.endIndex
                result.replaceSubrange(found.upperBound..<valueEnd, with: SecretPlaceholder.redacted)
                searchStart = result.index(found.upperBound, offsetBy: SecretPlaceholder.redacted.count)
            }
        }
        return result
    }

    private static func isNameCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }
}
