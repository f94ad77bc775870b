// v3.1's FBRequest and FBRequestConnection as the Clang importer spells them from the 3.1.1 headers
// (FBRequest.h, FBRequestConnection.h). Checked with ../shared/tools/importer-check/importer-check; the
// same calls compile against this package in Tests/FacebookSDKSourceCompatTests/V31RequestSourceCompatTests.swift.
import FacebookSDK
import Foundation
import ObjCCoreLocation
import ObjCUIKit

func v31RequestProbe(session: FBSession, photo: UIImage, object: FBGraphObjectProtocol, place: Any) {
    // Initializers (`- (id)init…` without nullability: implicitly unwrapped).
    let plain: FBRequest = FBRequest(session: session, graphPath: "me")
    let full: FBRequest = FBRequest(
        session: session, graphPath: "me/feed", parameters: ["message": "hi"], httpMethod: "POST")
    let post: FBRequest = FBRequest(forPostWith: session, graphPath: "me/og.likes", graphObject: object)
    let rest: FBRequest = FBRequest(session: session, restMethod: "users.getInfo", parameters: nil, httpMethod: nil)

    // Factories: no argument, a class method; with arguments, an initializer.
    let me: FBRequest = FBRequest.forMe()
    let friends: FBRequest = FBRequest.forMyFriends()
    let upload: FBRequest = FBRequest(forUploadPhoto: photo)
    let status: FBRequest = FBRequest(forPostStatusUpdate: "Hello")
    let checkin: FBRequest = FBRequest(forPostStatusUpdate: "Here", place: place, tags: nil)
    let coordinate = CLLocationCoordinate2D(latitude: 51.5, longitude: -0.12)
    let places: FBRequest = FBRequest(
        forPlacesSearchAt: coordinate, radiusInMeters: 1000, resultsLimit: 10, searchText: "pub")
    let path: FBRequest = FBRequest(forGraphPath: "me/likes")
    let postObject: FBRequest = FBRequest(forPostWithGraphPath: "me/og.likes", graphObject: object)
    let general: FBRequest = FBRequest(graphPath: "me", parameters: ["fields": "id,name"], httpMethod: "GET")

    // Properties: `HTTPMethod` is spelled `httpMethod`, as v2's `httpMethod` was.
    _ = full.parameters  // NSMutableDictionary!: v2's `params`, the same dictionary
    let owner: FBSession? = plain.session
    plain.session = session
    let graphPath: String? = plain.graphPath
    plain.graphPath = "me/friends"
    let restMethod: String? = rest.restMethod
    rest.restMethod = "users.getInfo"
    let method: String? = plain.httpMethod
    plain.httpMethod = "GET"
    let graphObject: FBGraphObjectProtocol? = post.graphObject
    post.graphObject = object
    _ = (owner, graphPath, restMethod, method, graphObject)

    // Starting a request.
    let handler: FBRequestHandler = { connection, result, error in
        let _: FBRequestConnection? = connection
        let _: Any? = result
        let _: Error? = error
        // A result is a graph object (Scrumptious: `NSDictionary<FBGraphUser> *user`; `user.name`).
        if let user = result as? FBGraphUser {
            let _: String? = user.name
            let _: String? = user.id
        }
        let _: NSMutableDictionary? = result as? NSMutableDictionary
    }
    let started: FBRequestConnection = me.start(completionHandler: handler)
    me.start { _, _, _ in }

    // A connection: add, start, cancel, urlResponse.
    let connection: FBRequestConnection = FBRequestConnection(timeout: 30)
    let other: FBRequestConnection = FBRequestConnection()
    connection.add(friends, completionHandler: handler)
    connection.add(general, completionHandler: handler, batchEntryName: "first")
    connection.add(path) { _, _, _ in }
    connection.start()
    connection.cancel()
    _ = connection.urlResponse  // HTTPURLResponse!
    _ = (started, other, upload, status, checkin, places, postObject)

    // The class helpers.
    let helpers: [FBRequestConnection?] = [
        FBRequestConnection.startForMe(completionHandler: handler),
        FBRequestConnection.startForMyFriends(completionHandler: handler),
        FBRequestConnection.start(forUploadPhoto: photo, completionHandler: handler),
        FBRequestConnection.start(forPostStatusUpdate: "Hello", completionHandler: handler),
        FBRequestConnection.start(forPostStatusUpdate: "Here", place: place, tags: nil, completionHandler: handler),
        FBRequestConnection.startForPlacesSearch(
            at: coordinate, radiusInMeters: 1000, resultsLimit: 10, searchText: "pub", completionHandler: handler),
        FBRequestConnection.start(withGraphPath: "me", completionHandler: handler),
        FBRequestConnection.startForPost(withGraphPath: "me/og.likes", graphObject: object, completionHandler: handler),
        FBRequestConnection.start(
            withGraphPath: "me", parameters: ["fields": "id"], httpMethod: "GET", completionHandler: handler),
    ]
    _ = helpers

    // Constants.
    let nonJSON: String = FBNonJSONResponseProperty
    let base: String = FBGraphBasePath
    _ = (nonJSON, base)
}
