import FacebookGraph
import Foundation

/// The token-information key of the token itself (a non-empty `String`).
public let FBTokenInformationTokenKey = "com.facebook.sdk:TokenInformationTokenKey"
/// The token-information key of the token's expiry (a `Date`).
public let FBTokenInformationExpirationDateKey = "com.facebook.sdk:TokenInformationExpirationDateKey"
/// The token-information key of when the token was last fetched or extended (a `Date`).
public let FBTokenInformationRefreshDateKey = "com.facebook.sdk:TokenInformationRefreshDateKey"
/// The token-information key of the user's id.
public let FBTokenInformationUserFBIDKey = "com.facebook.sdk:TokenInformationUserFBIDKey"
/// The token-information key saying the token came from a Facebook Login (a Boolean `NSNumber`).
public let FBTokenInformationIsFacebookLoginKey = "com.facebook.sdk:TokenInformationIsFacebookLoginKey"
/// The token-information key of the ``FBSessionLoginType`` (an `NSNumber`).
public let FBTokenInformationLoginTypeLoginKey = "com.facebook.sdk:TokenInformationLoginTypeLoginKey"
/// The token-information key of the granted permissions (an array of strings).
public let FBTokenInformationPermissionsKey = "com.facebook.sdk:TokenInformationPermissionsKey"

/// v3.1's `FBSessionTokenCachingStrategy`: where an ``FBSession`` keeps its token between runs.
///
/// v3.1 kept the token information in `NSUserDefaults` under a key (`FBAccessTokenInformationKey`
/// unless another is given). On Linux, swift-corelibs-foundation's `UserDefaults` is one property
/// list per app under `$XDG_CONFIG_HOME/Preferences`, written with the process's umask (0644 as a
/// rule) and shared with every other default, so it cannot promise that only the user reads the
/// token. This strategy keeps each key's information in its own property list instead:
/// `$XDG_CONFIG_HOME/FacebookSDKShim/token-cache/<key>.plist` (`~/.config/…` without it), under the
/// core's rule for a secret file — a folder of mode 0700, a file of mode 0600 written atomically, and
/// a file that another user owns or others may read is refused (logged on standard error, never
/// read). Deviation (Migration.md).
///
/// Subclass and override ``cacheTokenInformation(_:)``, ``fetchTokenInformation()`` and
/// ``clearToken()`` to keep tokens elsewhere, as in v3.1.
open class FBSessionTokenCachingStrategy: NSObject, @unchecked Sendable {
    /// v3.1's default key (`FBAccessTokenInformationKey`).
    public static let defaultTokenInformationKeyName = "FBAccessTokenInformationKey"

    private static let shared = LockedValue(FBSessionTokenCachingStrategy?.none)
    private static let defaultFolder = LockedValue(URL?.none)

    /// The key this strategy caches under.
    public let tokenInformationKeyName: String
    private let folder: URL?

    /// `-init`: the strategy of the default key.
    public override convenience init() {
        self.init(userDefaultTokenInformationKeyName: nil)
    }

    /// `-initWithUserDefaultTokenInformationKeyName:`: the strategy of `tokenInformationKeyName`
    /// (nil or empty: `FBAccessTokenInformationKey`).
    public convenience init!(userDefaultTokenInformationKeyName tokenInformationKeyName: String!) {
        self.init(userDefaultTokenInformationKeyName: tokenInformationKeyName, folder: nil)
    }

    /// The strategy of `tokenInformationKeyName` keeping its file in `folder` (nil: the default
    /// folder).
    package init(userDefaultTokenInformationKeyName tokenInformationKeyName: String?, folder: URL?) {
        self.tokenInformationKeyName =
            tokenInformationKeyName.flatMap { $0.isEmpty ? nil : $0 } ?? Self.defaultTokenInformationKeyName
        self.folder = folder
        super.init()
    }

    /// `+defaultInstance`: the one strategy of the default key that sessions use when given none.
    open class func defaultInstance() -> FBSessionTokenCachingStrategy! {
        shared.withLock { instance in
            if let instance { return instance }
            let created = FBSessionTokenCachingStrategy()
            instance = created
            return created
        }
    }

    /// The folder the default-folder strategies use: `$XDG_CONFIG_HOME/FacebookSDKShim/token-cache`
    /// unless set (tests set it to a folder of their own; nil restores the default).
    package static var defaultCacheFolder: URL {
        get {
            defaultFolder.withLock { $0 }
                ?? OwnerOnlyFile.configHome().appendingPathComponent("FacebookSDKShim")
                .appendingPathComponent("token-cache")
        }
        set { defaultFolder.withLock { $0 = newValue } }
    }

    /// The file this strategy keeps its key's information in. The key's bytes other than letters,
    /// digits, `.`, `_` and `-` are written `%XX`, so any key names one file in the folder.
    public var cacheFile: URL {
        var name = ""
        for byte in tokenInformationKeyName.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
                name.append(Character(Unicode.Scalar(byte)))
            case UInt8(ascii: ".") where !name.isEmpty:
                name.append(".")
            default:
                name += String(format: "%%%02X", byte)
            }
        }
        return (folder ?? Self.defaultCacheFolder).appendingPathComponent(name + ".plist")
    }

    /// `-cacheTokenInformation:`: writes `tokenInformation` as the key's file (a property list).
    /// Information that is not a property list (say, an `NSNull` in it) is not cached, and the
    /// failure is logged without its values.
    open func cacheTokenInformation(_ tokenInformation: [AnyHashable: Any]!) {
        let information = (tokenInformation ?? [:]).reduce(into: [String: Any]()) { $0["\($1.key)"] = $1.value }
        let data: Data
        do {
            data = try PropertyListSerialization.data(fromPropertyList: information, format: .binary, options: 0)
        } catch {
            LegacyLog.log("token cache: the token information is not a property list; not cached")
            return
        }
        do {
            try OwnerOnlyFile.write(data, to: cacheFile)
        } catch {
            LegacyLog.log("token cache: \(error)")
        }
    }

    /// `-fetchTokenInformation`: the key's information, or nil when there is none, or the file is
    /// refused (logged: another user's, readable by others, not a regular file) or not a property list.
    open func fetchTokenInformation() -> [AnyHashable: Any]! {
        let file = cacheFile
        let data: Data
        do {
            guard let read = try OwnerOnlyFile.read(file) else { return nil }
            data = read
        } catch {
            LegacyLog.log("token cache: not read: \(error)")
            return nil
        }
        guard let information = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any]
        else {
            LegacyLog.log("token cache: \(file.path) is not a property list of token information; ignored")
            return nil
        }
        return information
    }

    /// `-clearToken`: removes the key's file.
    open func clearToken() {
        do {
            try OwnerOnlyFile.remove(cacheFile)
        } catch {
            LegacyLog.log("token cache: \(error)")
        }
    }

    /// `+isValidTokenInformation:`: true when `tokenInformation` holds a non-empty token string and
    /// an expiry date.
    open class func isValidTokenInformation(_ tokenInformation: [AnyHashable: Any]!) -> Bool {
        guard let tokenInformation, let token = tokenInformation[FBTokenInformationTokenKey] as? String,
            !token.isEmpty
        else { return false }
        return tokenInformation[FBTokenInformationExpirationDateKey] is Date
    }
}
