/// What a secret parameter is for, which decides everything done with its value: the placeholder
/// kind redaction gives it, whether its presence makes a request secret-bearing, whether the secret
/// scanner judges its value, and whether a `paging` link loses it (the client applies its own).
///
/// Roles are declared once, name by name, in ``SecretDefinition/roles``; every list of names the
/// package uses derives from them.
package enum SecretRole: String, Sendable, CaseIterable {
    /// The client's own access token (`access_token`).
    case accessToken
    /// A token passed as an argument (`input_token`, `fb_exchange_token`).
    case token
    /// An `appsecret_proof`: a credential, with a shape of its own (64 hex digits) for the scanner.
    case proof
    /// An `appsecret_time`: it and the token determine the proof; no secret on its own.
    case proofTime
    /// A client secret or a password.
    case secret
    /// An OAuth authorization code: short-lived, redacted, not a credential on its own.
    case code

    /// The kind that names its placeholder in recordings (`<TOKEN-1>`, `<PROOF-1>`…).
    package var placeholderKind: String {
        switch self {
        case .accessToken, .token: "TOKEN"
        case .proof: "PROOF"
        case .proofTime: "TIME"
        case .secret: "SECRET"
        case .code: "CODE"
        }
    }

    /// True when naming it makes a request secret-bearing (the transport's https-only rule).
    package var isCredential: Bool {
        self != .proofTime && self != .code
    }

    /// True when the secret scanner judges its value wherever it is named (proofs, times and codes
    /// have shapes of their own or none).
    package var isScanned: Bool {
        self == .accessToken || self == .token || self == .secret
    }

    /// True when the client applies it to every request itself, so a `paging` link's copy (the
    /// server echoes the caller's) is removed before the link is shown or followed.
    package var isAppliedByClient: Bool {
        self == .accessToken || self == .proof || self == .proofTime
    }
}

/// Secret parameter names with their roles, and the name lists derived from them.
///
/// ``SecretDefinition/roles`` is the package's one table; a test builds another with
/// ``adding(_:as:)`` to see a new name reach redaction, scanning and paging links at once.
package struct SecretRoles: Sendable {
    /// Every secret parameter name (exact: Graph names are case-sensitive) with its role.
    package let parameters: [String: SecretRole]

    /// A table of `parameters`.
    package init(_ parameters: [String: SecretRole]) {
        self.parameters = parameters
    }

    /// This table with `name` added (or its role replaced) as `role`.
    package func adding(_ name: String, as role: SecretRole) -> SecretRoles {
        var parameters = parameters
        parameters[name] = role
        return SecretRoles(parameters)
    }

    /// The role of `name`, or nil when its value is no secret.
    package subscript(name: String) -> SecretRole? {
        parameters[name]
    }

    /// The names whose role satisfies `include`.
    package func names(where include: (SecretRole) -> Bool) -> Set<String> {
        Set(parameters.filter { include($0.value) }.keys)
    }

    /// Every secret parameter name.
    package var names: Set<String> { Set(parameters.keys) }

    /// The names whose presence makes a request secret-bearing.
    package var credentialNames: Set<String> { names(where: \.isCredential) }

    /// The names whose values the scanner judges, sorted.
    package var scannedNames: [String] { names(where: \.isScanned).sorted() }

    /// The names a `paging` link loses (the client applies its own).
    package var appliedByClientNames: Set<String> { names(where: \.isAppliedByClient) }

    /// `url` without the query items named by a role the client applies itself (a `paging` link's
    /// echo of the caller's token and proof); the rest is kept byte for byte.
    package func removingClientCredentials(from url: String) -> (
        url: String, removed: [(name: String, value: String)]
    ) {
        GraphRequest.removingQueryItems(appliedByClientNames, from: url)
    }
}
