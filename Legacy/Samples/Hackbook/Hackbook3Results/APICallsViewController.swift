import FacebookGraph
import FacebookSDK
import HackbookSupport

/// Hackbook's API calls, one after the other, each answered in its own `Result` closure.
final class APICallsViewController: NSObject {
    weak var appDelegate: HackbookAppDelegate!
    var friendNames: [String] = []

    var facebook: Facebook { appDelegate.facebook }

    func getUserInfo() {
        facebook.request(withGraphPath: "me", params: NSMutableDictionary(), method: "GET") { result in
            guard case .success(let response) = result else { return self.requestFailed(result) }
            let user = (try? response.jsonObject()) as? [String: Any]
            Hackbook.show("me: \(user?["name"] as? String ?? "?") (id \(user?["id"] as? String ?? "?"))")
            self.getFriends("me/friends", params: ["limit": Hackbook.friendsPageSize])
        }
    }

    func getFriends(_ path: String, params: [String: String]) {
        facebook.request(withGraphPath: path, params: NSMutableDictionary(dictionary: params), method: "GET") {
            result in
            guard case .success(let response) = result else { return self.requestFailed(result) }
            let page = (try? response.jsonObject()) as? [String: Any]
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
        facebook.request(withGraphPath: "me/feed", params: params, method: "POST") { result in
            guard case .success(let response) = result else { return self.requestFailed(result) }
            let post = (try? response.jsonObject()) as? [String: Any]
            Hackbook.show("me/feed: posted \(post?["id"] as? String ?? "?")")
            self.uploadPhoto()
        }
    }

    func uploadPhoto() {
        let params = NSMutableDictionary(dictionary: ["message": Hackbook.photoCaption, "source": Hackbook.photo])
        facebook.request(withGraphPath: "me/photos", params: params, method: "POST") { result in
            guard case .success(let response) = result else { return self.requestFailed(result) }
            let photo = (try? response.jsonObject()) as? [String: Any]
            let id = photo?["id"] as? String ?? "?"
            Hackbook.show("me/photos: uploaded \(id), post \(photo?["post_id"] as? String ?? "?")")
            self.getAppFriends()
        }
    }

    func getAppFriends() {
        let params = NSMutableDictionary(dictionary: ["query": Hackbook.appFriendsQuery])
        facebook.request(withMethodName: "fql.query", andParams: params, andHttpMethod: "GET") { result in
            guard case .success(let response) = result else { return self.requestFailed(result) }
            let rows = (try? response.jsonObject()) as? [[String: Any]] ?? []
            let friends = rows.map { "\($0["name"] as? String ?? "?") (\(($0["uid"] as? NSNumber)?.int64Value ?? 0))" }
            Hackbook.show("fql.query: \(friends.joined(separator: ", "))")
            self.getAppUsers()
        }
    }

    func getAppUsers() {
        let params = NSMutableDictionary()
        facebook.request(withMethodName: "friends.getAppUsers", andParams: params, andHttpMethod: "GET") {
            result in
            guard case .success(let response) = result else { return self.requestFailed(result) }
            let uids = ((try? response.jsonObject()) as? [Any] ?? []).map { "\(($0 as? NSNumber)?.int64Value ?? 0)" }
            Hackbook.show("friends.getAppUsers: \(uids.joined(separator: ", "))")
            self.getUserInfoWithSavedToken()
        }
    }

    func getUserInfoWithSavedToken() {
        facebook.accessToken = Hackbook.expiredToken  // restored from the user defaults: expired since
        facebook.request(withGraphPath: "me", params: NSMutableDictionary(), method: "GET") { result in
            guard case .success = result else { return self.requestFailed(result) }
            Hackbook.fail("the expired token was accepted")
        }
    }

    func requestFailed(_ result: Result<GraphResponse, GraphError>) {
        guard case .failure(let error) = result else { Hackbook.fail("requestFailed(_:) with a success") }
        // The core classifies the error: an expired token is its own category.
        if error.category == .tokenExpired {
            Hackbook.show("me: the saved token was refused (OAuthException 190)")
            appDelegate.fbSessionInvalidated()
            return
        }
        Hackbook.show("Oops, something went haywire.")
        Hackbook.fail("\(error)")
    }
}
