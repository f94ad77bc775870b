import FacebookSDK
import HackbookSupport

/// Which call the one delegate is waiting for (Hackbook's `currentAPICall`).
enum APICall {
    case getUserInfo
    case getFriends
    case publishStatus
    case uploadPhoto
    case getAppFriends
    case getAppUsers
    case getUserInfoWithSavedToken
}

/// Hackbook's API calls, one after the other, each answered through the request delegate.
final class APICallsViewController: NSObject, FBRequestDelegate {
    weak var appDelegate: HackbookAppDelegate!
    var currentAPICall = APICall.getUserInfo
    var friendNames: [String] = []

    var facebook: Facebook { appDelegate.facebook }

    func getUserInfo() {
        currentAPICall = .getUserInfo
        facebook.request(withGraphPath: "me", andDelegate: self)
    }

    func getFriends(_ path: String, params: [String: String]) {
        currentAPICall = .getFriends
        facebook.request(withGraphPath: path, andParams: NSMutableDictionary(dictionary: params), andDelegate: self)
    }

    func publishStatus() {
        currentAPICall = .publishStatus
        let params = NSMutableDictionary(dictionary: ["message": Hackbook.statusMessage])
        facebook.request(withGraphPath: "me/feed", andParams: params, andHttpMethod: "POST", andDelegate: self)
    }

    func uploadPhoto() {
        currentAPICall = .uploadPhoto
        let params = NSMutableDictionary(dictionary: ["message": Hackbook.photoCaption, "source": Hackbook.photo])
        facebook.request(withGraphPath: "me/photos", andParams: params, andHttpMethod: "POST", andDelegate: self)
    }

    func getAppFriends() {
        currentAPICall = .getAppFriends
        let params = NSMutableDictionary(dictionary: ["query": Hackbook.appFriendsQuery])
        facebook.request(withMethodName: "fql.query", andParams: params, andHttpMethod: "GET", andDelegate: self)
    }

    func getAppUsers() {
        currentAPICall = .getAppUsers
        let params = NSMutableDictionary(dictionary: ["method": "friends.getAppUsers"])
        facebook.request(withParams: params, andDelegate: self)
    }

    func getUserInfoWithSavedToken() {
        currentAPICall = .getUserInfoWithSavedToken
        facebook.accessToken = Hackbook.expiredToken  // restored from the user defaults: expired since
        facebook.request(withGraphPath: "me", andDelegate: self)
    }

    // MARK: FBRequestDelegate

    func request(_ request: FBRequest!, didLoad result: Any!) {
        switch currentAPICall {
        case .getUserInfo:
            let user = result as? [String: Any]
            Hackbook.show("me: \(user?["name"] as? String ?? "?") (id \(user?["id"] as? String ?? "?"))")
            getFriends("me/friends", params: ["limit": Hackbook.friendsPageSize])
        case .getFriends:
            let page = result as? [String: Any]
            let friends = page?["data"] as? [[String: Any]] ?? []
            let names = friends.map { $0["name"] as? String ?? "?" }
            friendNames += names
            Hackbook.show("me/friends: \(names.joined(separator: ", "))")
            let paging = page?["paging"] as? [String: Any]
            if let next = Hackbook.nextPage(paging?["next"] as? String) {
                getFriends(next.path, params: next.parameters)
            } else {
                Hackbook.show("me/friends: \(friendNames.count) friends")
                publishStatus()
            }
        case .publishStatus:
            let post = result as? [String: Any]
            Hackbook.show("me/feed: posted \(post?["id"] as? String ?? "?")")
            uploadPhoto()
        case .uploadPhoto:
            let photo = result as? [String: Any]
            let id = photo?["id"] as? String ?? "?"
            Hackbook.show("me/photos: uploaded \(id), post \(photo?["post_id"] as? String ?? "?")")
            getAppFriends()
        case .getAppFriends:
            let rows = result as? [[String: Any]] ?? []
            let friends = rows.map { "\($0["name"] as? String ?? "?") (\(($0["uid"] as? NSNumber)?.int64Value ?? 0))" }
            Hackbook.show("fql.query: \(friends.joined(separator: ", "))")
            getAppUsers()
        case .getAppUsers:
            let uids = (result as? [Any] ?? []).map { "\(($0 as? NSNumber)?.int64Value ?? 0)" }
            Hackbook.show("friends.getAppUsers: \(uids.joined(separator: ", "))")
            getUserInfoWithSavedToken()
        case .getUserInfoWithSavedToken:
            Hackbook.fail("the expired token was accepted")
        }
    }

    func request(_ request: FBRequest!, didFailWithError error: Error!) {
        // A Graph error's body is in the userInfo: an OAuthException 190 means the session expired.
        let graphError = (error as NSError).userInfo["error"] as? [String: Any]
        if graphError?["type"] as? String == "OAuthException", (graphError?["code"] as? NSNumber)?.intValue == 190 {
            Hackbook.show("me: the saved token was refused (OAuthException 190)")
            appDelegate.fbSessionInvalidated()
            return
        }
        Hackbook.show("Oops, something went haywire.")
        Hackbook.fail("\(currentAPICall): \(error as NSError)")
    }
}
