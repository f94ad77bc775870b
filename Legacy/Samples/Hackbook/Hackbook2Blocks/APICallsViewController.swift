import FacebookSDK
import HackbookSupport

/// Hackbook's API calls, one after the other, each answered in its own block.
final class APICallsViewController: NSObject {
    weak var appDelegate: HackbookAppDelegate!
    var friendNames: [String] = []

    var facebook: Facebook { appDelegate.facebook }

    func getUserInfo() {
        facebook.request(withGraphPath: "me", params: NSMutableDictionary(), method: "GET") { request, result, error in
            guard error == nil else { return self.requestFailed(error) }
            let user = result as? [String: Any]
            Hackbook.show("me: \(user?["name"] as? String ?? "?") (id \(user?["id"] as? String ?? "?"))")
            self.getFriends("me/friends", params: ["limit": Hackbook.friendsPageSize])
        }
    }

    func getFriends(_ path: String, params: [String: String]) {
        facebook.request(withGraphPath: path, params: NSMutableDictionary(dictionary: params), method: "GET") {
            request, result, error in
            guard error == nil else { return self.requestFailed(error) }
            let page = result as? [String: Any]
            let friends = page?["data"] as? [[String: Any]] ?? []
            let names = friends.map { $0["name"] as? String ?? "?" }
            self.friendNames += names
            Hackbook.show("me/friends: \(names.joined(separator: ", "))")
            let paging = page?["paging"] as? [String: Any]
            if let next = Hackbook.nextPage(paging?["next"] as? String) {
                self.getFriends(next.path, params: next.parameters)
            } else {
                Hackbook.show("me/friends: \(self.friendNames.count) friends")
                self.publishStatus()
            }
        }
    }

    func publishStatus() {
        let params = NSMutableDictionary(dictionary: ["message": Hackbook.statusMessage])
        facebook.request(withGraphPath: "me/feed", params: params, method: "POST") { request, result, error in
            guard error == nil else { return self.requestFailed(error) }
            let post = result as? [String: Any]
            Hackbook.show("me/feed: posted \(post?["id"] as? String ?? "?")")
            self.uploadPhoto()
        }
    }

    func uploadPhoto() {
        let params = NSMutableDictionary(dictionary: ["message": Hackbook.photoCaption, "source": Hackbook.photo])
        facebook.request(withGraphPath: "me/photos", params: params, method: "POST") { request, result, error in
            guard error == nil else { return self.requestFailed(error) }
            let photo = result as? [String: Any]
            let id = photo?["id"] as? String ?? "?"
            Hackbook.show("me/photos: uploaded \(id), post \(photo?["post_id"] as? String ?? "?")")
            self.getAppFriends()
        }
    }

    func getAppFriends() {
        let params = NSMutableDictionary(dictionary: ["query": Hackbook.appFriendsQuery])
        facebook.request(withMethodName: "fql.query", andParams: params, andHttpMethod: "GET") {
            request, result, error in
            guard error == nil else { return self.requestFailed(error) }
            let rows = result as? [[String: Any]] ?? []
            let friends = rows.map { "\($0["name"] as? String ?? "?") (\(($0["uid"] as? NSNumber)?.int64Value ?? 0))" }
            Hackbook.show("fql.query: \(friends.joined(separator: ", "))")
            self.getAppUsers()
        }
    }

    func getAppUsers() {
        let params = NSMutableDictionary()
        facebook.request(withMethodName: "friends.getAppUsers", andParams: params, andHttpMethod: "GET") {
            request, result, error in
            guard error == nil else { return self.requestFailed(error) }
            let uids = (result as? [Any] ?? []).map { "\(($0 as? NSNumber)?.int64Value ?? 0)" }
            Hackbook.show("friends.getAppUsers: \(uids.joined(separator: ", "))")
            self.getUserInfoWithSavedToken()
        }
    }

    func getUserInfoWithSavedToken() {
        facebook.accessToken = Hackbook.expiredToken  // restored from the user defaults: expired since
        facebook.request(withGraphPath: "me", params: NSMutableDictionary(), method: "GET") { request, result, error in
            guard error == nil else { return self.requestFailed(error) }
            Hackbook.fail("the expired token was accepted")
        }
    }

    func requestFailed(_ error: Error!) {
        // A Graph error's body is in the userInfo: an OAuthException 190 means the session expired.
        let graphError = (error as NSError).userInfo["error"] as? [String: Any]
        if graphError?["type"] as? String == "OAuthException", (graphError?["code"] as? NSNumber)?.intValue == 190 {
            Hackbook.show("me: the saved token was refused (OAuthException 190)")
            appDelegate.fbSessionInvalidated()
            return
        }
        Hackbook.show("Oops, something went haywire.")
        Hackbook.fail("\(error as NSError)")
    }
}
