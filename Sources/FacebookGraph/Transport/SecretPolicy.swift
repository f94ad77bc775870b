import Foundation

/// Which requests carry secrets, where they may go, and how secrets are kept out of text.
///
/// One table serves the https-only rule, error messages and (later) cassette redaction, so a name
/// added here is protected everywhere at once.
package enum SecretPolicy {
    /// Query and form parameter names whose values are credentials.
    package static let secretParameterNames: Set<String> = [
        "access_token", "input_token", "appsecret_proof", "appsecret_time", "client_secret", "code",
        "fb_exchange_token", "password",
    ]

    /// Parameter names whose presence makes a request secret-bearing (``secretParameterNames``
    /// less the ones that are not credentials on their own: `code` and `appsecret_time`).
    package static let credentialParameterNames: Set<String> = [
        "access_token", "input_token", "appsecret_proof", "client_secret", "fb_exchange_token", "password",
    ]

    /// Header names whose values are credentials.
    package static let secretHeaderNames: Set<String> = ["authorization", "proxy-authorization", "cookie"]

    /// True when `host` (as written in a URL, brackets allowed) is a loopback address or `localhost`.
    package static func isLoopback(host: String) -> Bool {
        var name = host.lowercased()
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        if name == "localhost" || name.hasSuffix(".localhost") || name == "::1" { return true }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts.allSatisfy({ !$0.isEmpty && $0.count <= 3 && $0.allSatisfy(\.isNumber) })
        else { return false }
        return parts[0] == "127" && parts.allSatisfy { (Int($0) ?? 256) <= 255 }
    }

    /// True when the query of `url` names a credential parameter.
    package static func queryCarriesSecret(_ components: URLComponents) -> Bool {
        components.percentEncodedQueryItems?.contains { credentialParameterNames.contains($0.name) } ?? false
    }

    /// True when a header is a credential.
    package static func headersCarrySecret(_ headers: HTTPHeaders) -> Bool {
        headers.contains { secretHeaderNames.contains($0.name.lowercased()) }
    }

    /// True when a form-encoded or multipart body names a credential parameter.
    package static func bodyCarriesSecret(_ body: Data) -> Bool {
        for name in credentialParameterNames {
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
        for name in secretParameterNames {
            var searchStart = result.startIndex
            while let found = result.range(of: "\(name)=", range: searchStart..<result.endIndex) {
                let precededByNameCharacter =
                    found.lowerBound > result.startIndex
                    && Self.isNameCharacter(result[result.index(before: found.lowerBound)])
                guard !precededByNameCharacter else {
                    searchStart = found.upperBound
                    continue
                }
                if let placeholderEnd = Self.placeholderEnd(in: result, at: found.upperBound) {
                    // Already a placeholder (`<redacted>`, a cassette's `<TOKEN-1>`): not a secret.
                    searchStart = placeholderEnd
                    continue
                }
                let valueEnd =
                    result[found.upperBound...].firstIndex { "&# \"'\n\r\t<>".contains($0) } ?? result.endIndex
                result.replaceSubrange(found.upperBound..<valueEnd, with: "<redacted>")
                searchStart = result.index(found.upperBound, offsetBy: "<redacted>".count)
            }
        }
        return result
    }

    /// Where a placeholder such as `<redacted>` or `<TOKEN-1>` that starts at `index` ends, or nil.
    private static func placeholderEnd(in text: String, at index: String.Index) -> String.Index? {
        guard index < text.endIndex, text[index] == "<" else { return nil }
        var cursor = text.index(after: index)
        var length = 0
        while cursor < text.endIndex, length <= 32 {
            let character = text[cursor]
            if character == ">" { return length > 0 ? text.index(after: cursor) : nil }
            guard character.isASCII, character.isLetter || character.isNumber || character == "-" || character == "_"
            else { return nil }
            length += 1
            cursor = text.index(after: cursor)
        }
        return nil
    }

    private static func isNameCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }
}
