import FacebookSDK
import HackbookSupport

/// The app delegate: owns the `Facebook` object, logs in, and hears about the session, on the main
/// actor (the `Facebook` object's callback queue is the main queue).
@MainActor
final class HackbookAppDelegate: NSObject, @MainActor FBSessionDelegate {
    var facebook: Facebook!
    let apiCalls = APICallsViewController()

    func applicationDidFinishLaunching() {
        facebook = Facebook(appId: Hackbook.appID, andDelegate: self)
        facebook.transport = Hackbook.recordings()  // the sample's harness: the recordings, not the network
        if !facebook.isSessionValid() {
            Hackbook.show("login: no saved session")
            // What application(_:handleOpenURL:) did when the Facebook app came back.
            _ = facebook.handleOpen(Hackbook.loginCallbackURL)
        }
    }

    func fbDidLogin() {
        Hackbook.show("login: fbDidLogin, session valid: \(facebook.isSessionValid())")
        apiCalls.appDelegate = self
        Task { await apiCalls.run() }
    }

    func fbDidNotLogin(_ cancelled: Bool) {
        Hackbook.fail("login failed (cancelled: \(cancelled))")
    }

    func fbDidLogout() {
        Hackbook.show("logout: fbDidLogout, session valid: \(facebook.isSessionValid())")
        Hackbook.finish()
    }

    func fbSessionInvalidated() {
        Hackbook.alert(title: "Auth Exception", message: "Your session has expired.")
        facebook.logout()
    }
}
