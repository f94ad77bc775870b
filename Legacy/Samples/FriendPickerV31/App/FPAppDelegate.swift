import FacebookSDK
import Foundation

/// FriendPickerSample's `FPAppDelegate`: the app's session, opened from the token cache (the token an
/// earlier login stored; on Linux an interactive open would be Facebook Login for Devices).
final class FPAppDelegate: NSObject {
    let viewController = FPViewController()
    private let graphBaseURL: String
    private let token: String

    init(graphBaseURL: String, token: String) {
        self.graphBaseURL = graphBaseURL
        self.token = token
    }

    func applicationDidFinishLaunching() {
        // What an earlier run cached (FBSessionManualTokenCachingStrategy holds it in memory).
        let tokenCache = FBSessionManualTokenCachingStrategy()
        tokenCache.accessToken = token
        tokenCache.expirationDate = Date.distantFuture

        // [[FBSession alloc] initWithAppID:permissions:urlSchemeSuffix:tokenCacheStrategy:]
        let session = FBSession(
            appID: "123456789", permissions: nil, urlSchemeSuffix: nil, tokenCacheStrategy: tokenCache)!
        session.graphBaseURL = graphBaseURL
        FBSession.setActive(session)
        print("session: \(session.state)")
        viewController.viewDidLoad()
    }

}
