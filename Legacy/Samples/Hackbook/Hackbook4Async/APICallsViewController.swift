import FacebookGraph
import FacebookSDK
import HackbookSupport

/// Hackbook's API calls, one after the other, awaited and decoded into models, on the main actor.
@MainActor
final class APICallsViewController: NSObject {
    weak var appDelegate: HackbookAppDelegate!
    var friendNames: [String] = []

    var facebook: Facebook { appDelegate.facebook }

    func run() async {
        do {
            try await getUserInfo()
            try await getFriends("me/friends", params: ["limit": Hackbook.friendsPageSize])
            try await publishStatus()
            try await uploadPhoto()
            try await getAppFriends()
            try await getAppUsers()
            try await getUserInfoWithSavedToken()
        } catch {
            requestFailed(error)
        }
    }

    func getUserInfo() async throws(GraphError) {
        let user = try await facebook.request(
            withGraphPath: "me", params: NSMutableDictionary(), method: "GET", as: GraphUser.self)
        Hackbook.show("me: \(user.name ?? "?") (id \(user.id))")
    }

    func getFriends(_ path: String, params: [String: String]) async throws(GraphError) {
        let page = try await facebook.request(
            withGraphPath: path, params: NSMutableDictionary(dictionary: params), method: "GET",
            as: GraphPage<GraphUser>.self)
        let names = page.data.map { $0.name ?? "?" }
        friendNames += names
        Hackbook.show("me/friends: \(names.joined(separator: ", "))")
        if let next = Hackbook.nextPage(page.paging?.next) {
            try await getFriends(next.path, params: next.parameters)
        } else {
            Hackbook.show("me/friends: \(friendNames.count) friends")
        }
    }

    func publishStatus() async throws(GraphError) {
        let params = NSMutableDictionary(dictionary: ["message": Hackbook.statusMessage])
        let post = try await facebook.request(withGraphPath: "me/feed", params: params, method: "POST", as: Post.self)
        Hackbook.show("me/feed: posted \(post.id)")
    }

    func uploadPhoto() async throws(GraphError) {
        let params = NSMutableDictionary(dictionary: ["message": Hackbook.photoCaption, "source": Hackbook.photo])
        let photo = try await facebook.request(
            withGraphPath: "me/photos", params: params, method: "POST", as: UploadedPhoto.self)
        Hackbook.show("me/photos: uploaded \(photo.id), post \(photo.postID)")
    }

    func getAppFriends() async throws(GraphError) {
        let params = NSMutableDictionary(dictionary: ["query": Hackbook.appFriendsQuery])
        let rows = try await facebook.request(withMethodName: "fql.query", andParams: params, andHttpMethod: "GET")
            .decode([AppFriend].self)
        Hackbook.show("fql.query: \(rows.map { "\($0.name) (\($0.uid))" }.joined(separator: ", "))")
    }

    func getAppUsers() async throws(GraphError) {
        let uids = try await facebook.request(
            withMethodName: "friends.getAppUsers", andParams: NSMutableDictionary(), andHttpMethod: "GET"
        ).decode([Int64].self)
        Hackbook.show("friends.getAppUsers: \(uids.map(String.init).joined(separator: ", "))")
    }

    func getUserInfoWithSavedToken() async throws(GraphError) {
        facebook.accessToken = Hackbook.expiredToken  // restored from the user defaults: expired since
        _ = try await facebook.request(withGraphPath: "me", params: NSMutableDictionary(), method: "GET")
        Hackbook.fail("the expired token was accepted")
    }

    func requestFailed(_ error: GraphError) {
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
