import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What a secret is: the one definition the transport's https-only rule, error texts, cassette
/// redaction and the secret scanner all read.
///
/// - **Names**: the query, form, multipart and JSON parameter names whose values are credentials,
///   and the header names whose values are.
/// - **Shapes**: what a Graph credential looks like when no name gives it away (``TokenShape``).
/// - **Placeholders**: what a secret becomes (``SecretPlaceholder``).
/// - **Loopback**: the hosts a credential may reach over plain `http` (``isLoopback(host:)``).
///
/// A name added here is protected everywhere at once.
package enum SecretDefinition {
    /// Every secret parameter name with its role, declared once: the names redacted, the names
    /// that make a request secret-bearing, the names the scanner judges and the names a `paging`
    /// link loses all derive from here (``SecretRole``).
    package static let roles = SecretRoles([
        "access_token": .accessToken,
        "input_token": .token, "fb_exchange_token": .token,
        "appsecret_proof": .proof, "appsecret_time": .proofTime,
        "client_secret": .secret, "password": .secret,
        "code": .code,
    ])

    /// Parameter names whose values are secrets (``roles``).
    package static let parameterNames: Set<String> = roles.names

    /// Parameter names whose presence makes a request secret-bearing (``SecretRole/isCredential``).
    package static let credentialParameterNames: Set<String> = roles.credentialNames

    /// The ASCII bytes besides control characters and space (every byte up to 0x20) that end a
    /// secret parameter's value written in text (`access_token=…`): a query's or form's `&` and `#`,
    /// the quotes and angle brackets around a URL in JSON, HTML or a log line, the backslash that opens
    /// a JSON escape, and the punctuation that closes a list or a call around it (`;`, `,`, `)`, `]`,
    /// `}`).
    ///
    /// The one rule for where a value ends: the redactor learns a value up to here, the secret scanner
    /// judges the same span, and free-text redaction (``SecretPolicy``'s `redactSecrets`) replaces the
    /// same span. (Three rules once disagreed: FuzzRedactor found `access_token=,,,,…` that the
    /// redactor read as an empty value and the scanner as a secret.)
    package static let valueDelimiters: [UInt8] = Array("&#\"'<>\\;,)]}".utf8)

    /// The ways the `=` between a secret parameter's name and its value is written in text: raw,
    /// percent-encoded once or twice (inside an encoded `next` URL or `batch` item) and JSON-escaped.
    /// Hex digits match without case (`%3d`, `\u003d`). After an encoded one, the value also ends at
    /// an ``encodedValueDelimiters`` entry. The redactor, the scanner and `redactSecrets` all read
    /// these.
    package static let valueSeparators: [String] = ["=", "%3D", "%253D", "\\u003D"]

    /// The length of the ``valueSeparators`` entry that starts at `index` in `bytes`, or nil.
    @inline(__always)
    package static func valueSeparatorLength(in bytes: [UInt8], at index: Int) -> Int? {
        guard index < bytes.count else { return nil }
        let first = bytes[index]
        if first == UInt8(ascii: "=") { return 1 }
        guard first == UInt8(ascii: "%") || first == UInt8(ascii: "\\") else { return nil }
        for separator in separatorBytes.dropFirst() where startsCaseInsensitively(bytes, at: index, with: separator) {
            return separator.count
        }
        return nil
    }

    /// True when `bytes` holds `prefix` (upper case) at `index`, ASCII letters compared without case.
    package static func startsCaseInsensitively(_ bytes: [UInt8], at index: Int, with prefix: [UInt8]) -> Bool {
        guard index >= 0, bytes.count - index >= prefix.count else { return false }
        for offset in prefix.indices {
            let byte = bytes[index + offset]
            let expected = prefix[offset]
            guard byte == expected || (byte >= 0x61 && byte <= 0x7A && byte - 0x20 == expected) else { return false }
        }
        return true
    }

    /// Where a secret parameter's value that starts at `start` in `bytes` ends: at the first byte
    /// that ``endsParameterValue(_:)`` and, when the separator before it was an encoded one
    /// (`encoded`: `%3D`, `%253D`, `\u003D`), also at the first ``encodedValueDelimiters`` entry.
    ///
    /// The one scan for a value's span, through ``SecretSpanFinder``: the redactor learns and
    /// rewrites it, `redactSecrets` replaces it and the scanner judges it.
    package static func valueEnd(in bytes: [UInt8], from start: Int, encoded: Bool) -> Int {
        var end = start
        while end < bytes.count, !endsParameterValue(bytes[end]) {
            if encoded, bytes[end] == UInt8(ascii: "%"),
                encodedDelimiterBytes.contains(where: { startsCaseInsensitively(bytes, at: end, with: $0) })
            {
                break
            }
            end += 1
        }
        return end
    }

    /// ``valueSeparators`` as bytes.
    private static let separatorBytes: [[UInt8]] = valueSeparators.map { Array($0.utf8) }

    /// True for a byte that ends a secret parameter's value in text: a control character, a space or
    /// one of ``valueDelimiters``.
    @inline(__always)
    package static func endsParameterValue(_ byte: UInt8) -> Bool {
        byte <= 0x20 || valueDelimiters.contains(byte)
    }

    /// The delimiters that end a value written percent-encoded (inside an encoded `batch` item or a
    /// `next` URL): a space and every one of ``valueDelimiters``, as `%XX` and twice encoded as
    /// `%25XX`, with upper-case hex (match them case-insensitively).
    package static let encodedValueDelimiters: [String] = ([0x20] + valueDelimiters).flatMap { byte in
        let hex = String(byte, radix: 16, uppercase: true)
        return ["%" + hex, "%25" + hex]
    }

    /// ``encodedValueDelimiters`` as bytes.
    private static let encodedDelimiterBytes: [[UInt8]] = encodedValueDelimiters.map { Array($0.utf8) }

    /// Lowercased names of the headers that carry an authorization scheme and its credential
    /// (`Bearer <token>`, `OAuth <token>`), which the secret scanner reads.
    package static let authorizationHeaderNames: Set<String> = ["authorization", "proxy-authorization"]

    /// Lowercased request header names whose values are credentials.
    package static let credentialHeaderNames: Set<String> = authorizationHeaderNames.union(["cookie"])

    /// Lowercased header names whose values are redacted in recordings: the credential headers plus
    /// the `Set-Cookie` a response carries.
    package static let recordedHeaderNames: Set<String> = credentialHeaderNames.union(["set-cookie"])

    /// The environment variables whose values are known secrets (the scanner looks for them).
    package static let environmentVariables = ["FB_ACCESS_TOKEN", "FB_APP_SECRET", "FB_CLIENT_SECRET", "FB_APP_TOKEN"]

    /// True when `host` (as written in a URL, brackets allowed) is a loopback address or `localhost`:
    /// `localhost` and names under `.localhost`, an IPv4 address in 127.0.0.0/8 written in the strict
    /// dotted-decimal form `inet_pton` accepts, or `::1` in any IPv6 spelling. Anything else — a
    /// leading-zero octet (`127.0.0.08` is looked up in DNS, `127.0.0.010` is octal), hex
    /// (`0x7f.0.0.1`), a short form (`127.1`) — means what the resolver makes of it, so it is not
    /// trusted as loopback.
    ///
    /// Asked of every request (`PreparedRequest`), so read from the bytes: a host in lower-case ASCII
    /// (what `URLParts` gives) is not lowered again, and `inet_pton` is asked, on a stack copy, only
    /// for the family the bytes can spell (IPv6 holds a `:`, IPv4 only digits and dots), which is
    /// the answer it would give for the other. Any other host takes the reading by `String`.
    package static func isLoopback(host: String) -> Bool {
        var host = host
        let answer = host.withUTF8 { bytes -> Bool? in
            var name = bytes[...]
            if name.first == UInt8(ascii: "["), name.last == UInt8(ascii: "]"), name.count >= 2 {
                name = name.dropFirst().dropLast()
            }
            var hasColon = false
            var onlyDigitsAndDots = true
            for byte in name {
                if byte >= 0x80 || (byte >= 0x41 && byte <= 0x5A) { return nil }
                if byte == UInt8(ascii: ":") { hasColon = true }
                if byte != UInt8(ascii: "."), byte < 0x30 || byte > 0x39 { onlyDigitsAndDots = false }
            }
            let localhost: StaticString = ".localhost"
            let suffix = UnsafeBufferPointer(start: localhost.utf8Start, count: localhost.utf8CodeUnitCount)
            if name.elementsEqual(suffix.dropFirst()) { return true }
            if name.count >= suffix.count, name.suffix(suffix.count).elementsEqual(suffix) { return true }
            guard hasColon || onlyDigitsAndDots else { return false }
            return withUnsafeTemporaryAllocation(of: CChar.self, capacity: name.count + 1) { text -> Bool in
                for (offset, byte) in name.enumerated() { text[offset] = CChar(bitPattern: byte) }
                text[name.count] = 0
                if hasColon {
                    var ipv6 = in6_addr()
                    guard inet_pton(AF_INET6, text.baseAddress, &ipv6) == 1 else { return false }
                    return withUnsafeBytes(of: ipv6) { raw in raw.prefix(15).allSatisfy { $0 == 0 } && raw[15] == 1 }
                }
                var ipv4 = in_addr()
                return inet_pton(AF_INET, text.baseAddress, &ipv4) == 1 && UInt32(bigEndian: ipv4.s_addr) >> 24 == 127
            }
        }
        return answer ?? isLoopback(lowering: host)
    }

    /// ``isLoopback(host:)`` for a host with upper-case or non-ASCII characters, by `String`.
    private static func isLoopback(lowering host: String) -> Bool {
        var name = host.lowercased()
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        if name == "localhost" || name.hasSuffix(".localhost") { return true }
        var ipv4 = in_addr()
        if inet_pton(AF_INET, name, &ipv4) == 1 { return UInt32(bigEndian: ipv4.s_addr) >> 24 == 127 }
        var ipv6 = in6_addr()
        guard inet_pton(AF_INET6, name, &ipv6) == 1 else { return false }
        return withUnsafeBytes(of: ipv6) { $0.elementsEqual([UInt8](repeating: 0, count: 15) + [1]) }
    }
}
