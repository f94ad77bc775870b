// The Swift examples of Migration.md, verbatim, between `// example: Migration.md` and
// `// end of example` (import lines are checked anywhere in this file). DocumentationExamplesTests
// fails when Migration.md and this file disagree; MigrationExamplesTests runs them. XCTest, because
// the test example sets the process-wide callback queue.

// example: Migration.md
import FacebookSDK  // or: import FBConnect
// end of example
import FacebookGraph
import FacebookGraphReplay
import FacebookGraphTestSupport
import Foundation
import XCTest

/// Step 0's delegate, with the session restored as apps did; returns the `Facebook` object.
func migrationCallerExample(savedToken: String, savedExpiry: Date) -> Facebook {
    let caller = Caller()
    // example: Migration.md
    class Caller: NSObject, FBRequestDelegate, FBSessionDelegate {
        func request(_ request: FBRequest!, didLoad result: Any!) {
            let user = result as? [String: Any]  // or: result as? NSDictionary
            print(user?["name"] ?? "")
        }
        func request(_ request: FBRequest!, didFailWithError error: Error!) {
            print((error as NSError).domain)  // "facebookErrDomain" or NSURLErrorDomain
        }
        func fbSessionInvalidated() { /* ask the user to log in again */  }
    }

    let facebook = Facebook(appId: "123", andDelegate: caller)
    facebook.accessToken = savedToken  // restore a session, as apps did
    facebook.expirationDate = savedExpiry
    facebook.request(withGraphPath: "me", andDelegate: caller)
    // end of example
    return facebook
}

/// The callback queue a server sets once.
func migrationCallbackQueueExample() {
    // example: Migration.md
    Facebook.defaultCallbackQueue = DispatchQueue(label: "facebook-callbacks")
    // end of example
}

/// The subclass trap: returns what the base class's conformance calls.
func migrationSubclassTrapExample() -> FBRequestDelegate {
    // example: Migration.md
    class BaseController: NSObject, FBRequestDelegate {}  // relies on the defaults
    class FriendsController: BaseController {
        func request(_ request: FBRequest!, didLoad result: Any!) { print(result ?? "") }  // never called
    }
    // end of example
    return FriendsController()
}

/// The subclass trap, fixed.
func migrationSubclassFixExample() -> FBRequestDelegate {
    // example: Migration.md
    class BaseController: NSObject, FBRequestDelegate {
        func request(_ request: FBRequest!, didLoad result: Any!) {}
    }
    class FriendsController: BaseController {
        override func request(_ request: FBRequest!, didLoad result: Any!) { print(result ?? "") }  // called
    }
    // end of example
    return FriendsController()
}

// example: Migration.md
final class ProfileScreenTests: XCTestCase {
    func testProfileScreen() throws {
        try Cassette.use("Tests/Cassettes/me.har") { transport in
            let facebook = Facebook(appId: "123", andDelegate: nil)
            facebook.callbackQueue = DispatchQueue(label: "facebook-callbacks")
            facebook.transport = transport  // replay; nothing reaches the network
            facebook.accessToken = ProcessInfo.processInfo.environment["FB_ACCESS_TOKEN"] ?? "replayed"
            facebook.expirationDate = .distantFuture
            facebook.extendsAccessTokenAutomatically = false
            let answered = expectation(description: "the profile")
            facebook.request(withGraphPath: "me", params: ["fields": "id,name"], method: "GET") { _, result, error in
                XCTAssertNil(error)
                XCTAssertNotNil((result as? [String: Any])?["name"])
                answered.fulfill()
            }
            wait(for: [answered], timeout: 30)
        }
    }
}
// end of example

/// The seed's block form.
func migrationBlockExample(_ facebook: Facebook) {
    // example: Migration.md
    facebook.request(withGraphPath: "me", params: NSMutableDictionary(), method: "GET") { request, result, error in
        // (request, result, nil) on success, (request, nil, error) on failure
    }
    // end of example
}

/// json-framework as `FBConnect.h` brought it.
func migrationSBJSONExample(actionLinks: [[String: String]], text: String) throws -> [Any?] {
    // example: Migration.md
    let jsonWriter = SBJSON()  // [[SBJSON new] autorelease]
    let actionLinksStr = jsonWriter.string(with: actionLinks)  // stringWithObject:
    var error: NSError?
    let object = jsonWriter.object(with: text, error: &error)  // objectWithString:error:
    let scalar = try jsonWriter.fragment(with: "42")  // fragmentWithString:error:
    let json = ["k": "v"].jsonRepresentation()  // JSONRepresentation (JSON.h)
    let value = json?.jsonValue()  // JSONValue (JSON.h)
    // end of example
    return [actionLinksStr, object, scalar, value, error]
}

/// Step 2: the seed's block call with a `Result` closure.
func migrationResultClosureExample(_ facebook: Facebook) {
    // example: Migration.md
    facebook.request(withGraphPath: "me", params: NSMutableDictionary(), method: "GET") { result in
        switch result {
        case .success(let response): print((try? response.jsonObject()) ?? "")  // what the block's `result` held
        case .failure(let error) where error.category == .tokenExpired: print("log in again")
        case .failure(let error): print(error)  // one line, no secrets
        }
    }
    // end of example
}

/// The `FBRequest` the block and `Result` forms return, kept to cancel the call; `handle` stands for
/// the caller's own code. Returns the request.
@discardableResult
func migrationCancelExample(
    _ facebook: Facebook, handle: @escaping (Result<GraphResponse, GraphError>) -> Void
) -> FBRequest? {
    // example: Migration.md
    let request = facebook.request(withGraphPath: "me", params: NSMutableDictionary(), method: "GET") { result in
        handle(result)  // after the cancel below: .failure, with error.isCancellation true
    }
    request?.connection?.cancel()  // `connection` is nil once the request has completed
    // end of example
    return request
}

/// Step 3: the same call awaited, then typed.
func migrationAsyncExample(_ facebook: Facebook) async throws -> (GraphResponse, GraphUser) {
    // example: Migration.md
    let response = try await facebook.request(withGraphPath: "me", params: NSMutableDictionary(), method: "GET")
    let me = try await facebook.request(
        withGraphPath: "me", params: NSMutableDictionary(), method: "GET", as: GraphUser.self)
    // end of example
    return (response, me)
}

/// The modern client, as a call site moves to it. Compiled, not run: its configuration names the
/// real graph.facebook.com.
func migrationModernClientExample(_ facebook: Facebook) async throws {
    // example: Migration.md
    var configuration = GraphConfiguration(accessToken: facebook.accessToken)
    configuration.version = "v19.0"
    let client = GraphClient(configuration: configuration)

    // Result closure (runs on the engine's thread: hop to your queue for UI or shared state)
    client.execute(GraphRequest(path: "me", parameters: ["fields": "id,name"])) { result in
        switch result {
        case .success(let response): print((try? response.decode(GraphUser.self))?.name ?? "")
        case .failure(let error) where error.category == .tokenExpired: print("log in again")
        case .failure(let error): print(error)  // one line, no secrets
        }
    }

    // async/await, typed, and paging
    let me = try await client.get("me", parameters: ["fields": "id,name"], as: GraphUser.self)
    for try await friend in client.items(of: GraphRequest(path: "me/friends"), as: GraphUser.self) {
        print(friend.name ?? friend.id)
    }
    // end of example
    _ = me
}

/// The friend picker's screen (compiled; the seed flows run in FriendPickerSeedTests).
func migrationFriendPickerExample() -> NSObject {
    // example: Migration.md
    class FriendsScreen: NSObject, FBFriendPickerDelegate {
        let friendPickerController = FBFriendPickerViewController()

        func show() {
            friendPickerController.title = "Pick Friends"
            friendPickerController.delegate = self
            friendPickerController.allowsMultipleSelection = false
            friendPickerController.sortOrdering = FBFriendSortByLastName
            friendPickerController.displayOrdering = FBFriendDisplayByLastName
            friendPickerController.loadData()  // FBSession.activeSession()'s friends
            friendPickerController.presentModally(from: self, animated: true) { sender, donePressed in
                if donePressed { print((sender as? FBFriendPickerViewController)?.selection ?? []) }
            }
        }

        func friendPickerViewControllerDataDidChange(_ friendPicker: FBFriendPickerViewController!) {
            print("Friend data loaded.")
        }
    }
    // end of example
    return FriendsScreen()
}

/// Opening a session from a token and prefetching (compiled; FriendPickerSeedTests runs the prefetch).
func migrationFriendPickerSessionExample(savedToken: String, savedExpiry: Date) {
    // example: Migration.md
    FBSession.setActiveSession(FBSession(accessToken: savedToken, expirationDate: savedExpiry))
    FBFriendPickerViewController.cacheDescriptor(withUserID: nil, fieldsForRequest: ["birthday", "location"])
        .prefetchAndCache(for: FBSession.activeSession())
    // end of example
}
