import FacebookGraph

/// Which parameters and headers carry secrets, and what kind of placeholder each one gets.
///
/// ``default`` is the core's `SecretDefinition`, so a parameter or header name added there is
/// redacted in cassettes too. Parameter names match exactly (Graph names are case-sensitive);
/// header names match in any case and are stored lowercased.
public struct RedactionRules: Sendable {
    /// The kind of a secret: it names the placeholder (`<TOKEN-1>`, `<PROOF-1>`…).
    public enum Kind: String, Sendable {
        /// An access token (`access_token`, `input_token`, `fb_exchange_token`).
        case token = "TOKEN"
        /// An `appsecret_proof`.
        case proof = "PROOF"
        /// An `appsecret_time` (it and the token determine the proof).
        case time = "TIME"
        /// A client secret or a password.
        case secret = "SECRET"
        /// An OAuth authorization code.
        case code = "CODE"
        /// The credential of an `Authorization` header.
        case authorization = "AUTH"
        /// A cookie value.
        case cookie = "COOKIE"

        /// The core's role for a parameter of this kind (a header kind reads as a secret).
        var role: SecretRole {
            switch self {
            case .token: .token
            case .proof: .proof
            case .time: .proofTime
            case .code: .code
            case .secret, .authorization, .cookie: .secret
            }
        }
    }

    /// Query, form, multipart and JSON parameter names whose values are secrets, with their kinds.
    public var parameters: [String: Kind]
    /// Lowercased header names whose values are secrets, with their kinds.
    public var headers: [String: Kind]

    /// Rules naming `parameters` and `headers` (header names are lowercased).
    public init(parameters: [String: Kind], headers: [String: Kind]) {
        self.parameters = parameters
        var lowered: [String: Kind] = [:]
        for (name, kind) in headers { lowered[name.lowercased()] = kind }
        self.headers = lowered
    }

    /// Every secret parameter and header of the core's `SecretDefinition` (`set-cookie` included).
    public static let `default` = RedactionRules(roles: SecretDefinition.roles)

    /// The rules for the parameters of `roles` (each kind from its role's placeholder kind) and the
    /// core's recorded headers: what a test-only table of roles redacts.
    package init(roles: SecretRoles) {
        self.init(
            parameters: roles.parameters.mapValues { Kind(rawValue: $0.placeholderKind) ?? .secret },
            headers: Dictionary(
                uniqueKeysWithValues: SecretDefinition.recordedHeaderNames.map {
                    ($0, $0.contains("cookie") ? Kind.cookie : Kind.authorization)
                }
            )
        )
    }

    /// Names of the rules, sorted: `parameter:<name>` and `header:<name>`.
    var names: [String] {
        parameters.keys.sorted().map { "parameter:\($0)" } + headers.keys.sorted().map { "header:\($0)" }
    }
}
