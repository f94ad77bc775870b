import Foundation

/// v3.1's `FBSessionManualTokenCachingStrategy`: caches nothing to disk. The app sets ``accessToken``
/// and ``expirationDate`` (say, from its own server) before creating the session, which then opens
/// from them; what the session caches lands back in the two properties.
///
/// ```swift
/// let strategy = FBSessionManualTokenCachingStrategy()
/// strategy.accessToken = token
/// strategy.expirationDate = expiry
/// let session = FBSession(appID: appID, permissions: nil, urlSchemeSuffix: nil, tokenCacheStrategy: strategy)
/// ```
open class FBSessionManualTokenCachingStrategy: FBSessionTokenCachingStrategy, @unchecked Sendable {
    private let lock = NSLock()
    private var token: String?
    private var expiry: Date?

    /// The token the session opens with; set by the session when it caches.
    open var accessToken: String! {
        get { lock.withLock { token } }
        set { lock.withLock { token = newValue } }
    }

    /// The token's expiry; set by the session when it caches.
    open var expirationDate: Date! {
        get { lock.withLock { expiry } }
        set { lock.withLock { expiry = newValue } }
    }

    /// Keeps the token and expiry of `tokenInformation` in the two properties.
    open override func cacheTokenInformation(_ tokenInformation: [AnyHashable: Any]!) {
        lock.withLock {
            token = tokenInformation?[FBTokenInformationTokenKey] as? String
            expiry = tokenInformation?[FBTokenInformationExpirationDateKey] as? Date
        }
    }

    /// The two properties as token information (v3.1's `dictionaryWithObjectsAndKeys:` stopped at
    /// the first nil: no token, an empty dictionary).
    open override func fetchTokenInformation() -> [AnyHashable: Any]! {
        lock.withLock {
            guard let token else { return [:] }
            var information: [AnyHashable: Any] = [FBTokenInformationTokenKey: token]
            if let expiry { information[FBTokenInformationExpirationDateKey] = expiry }
            return information
        }
    }

    /// Forgets the token and expiry.
    open override func clearToken() {
        lock.withLock {
            token = nil
            expiry = nil
        }
    }
}
