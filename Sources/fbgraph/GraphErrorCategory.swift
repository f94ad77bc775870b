/// The class of a Graph API error, decided as the PHP Graph SDK's
/// `FacebookResponseException::create` decides it (graph-wire-facts §A.0.4). The order of the
/// rules matters:
///
/// 1. By subcode: 458, 459, 460, 463, 464, 467 → ``authentication``; 1363030, 1363019, 1363037,
///    1363033, 1363021, 1363041 → ``resumableUpload``.
/// 2. By code: 100, 102, 190 → ``authentication``; 1, 2 → ``server``; 4, 17, 32, 341, 613 →
///    ``throttling``; 506 → ``client``.
/// 3. Code 10 or 200…299 → ``authorization``.
/// 4. Type `OAuthException` → ``authentication``.
/// 5. Anything else → ``other``.
///
/// The throttling codes are those of the PHP SDK's last release (5.7), which added 32 (page) and
/// 613 (custom rate limit) to the 4, 17 and 341 of its first 5.x releases.
///
/// Self-contained (no Foundation) so it can move to the modern core unchanged.
enum GraphErrorCategory: String, Sendable, CaseIterable {
    /// The token is missing, invalid, expired or revoked, or the login needs the user (PHP:
    /// `FacebookAuthenticationException`).
    case authentication
    /// The token lacks a permission (PHP: `FacebookAuthorizationException`).
    case authorization
    /// A rate limit was reached (PHP: `FacebookThrottleException`).
    case throttling
    /// A Facebook-side problem, possibly temporary (PHP: `FacebookServerException`).
    case server
    /// The request was refused as a duplicate post (PHP: `FacebookClientException`).
    case client
    /// A resumable video upload failed and may be resumed (PHP: `FacebookResumableUploadException`).
    case resumableUpload = "resumable-upload"
    /// Anything else (PHP: `FacebookOtherException`).
    case other

    /// Subcodes that mean the login needs attention: not installed, checkpointed, password
    /// changed, expired, unconfirmed user, logged out.
    static let authenticationSubcodes: Set<Int> = [458, 459, 460, 463, 464, 467]
    /// Subcodes of a failed resumable video upload.
    static let resumableUploadSubcodes: Set<Int> = [1_363_030, 1_363_019, 1_363_037, 1_363_033, 1_363_021, 1_363_041]

    /// The category of an error with `code`, `subcode` and `type` (each nil when absent).
    init(code: Int?, subcode: Int?, type: String?) {
        if let subcode {
            if Self.authenticationSubcodes.contains(subcode) {
                self = .authentication
                return
            }
            if Self.resumableUploadSubcodes.contains(subcode) {
                self = .resumableUpload
                return
            }
        }
        switch code {
        case 100?, 102?, 190?: self = .authentication
        case 1?, 2?: self = .server
        case 4?, 17?, 32?, 341?, 613?: self = .throttling
        case 506?: self = .client
        case let code? where code == 10 || (200...299).contains(code): self = .authorization
        default: self = type == "OAuthException" ? .authentication : .other
        }
    }
}
