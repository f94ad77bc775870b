// v3.1's FBRequest and FBRequestConnection called exactly as the Clang importer spells the 3.1.1
// headers (Tests/ImporterProbes/v31-request.swift holds the same calls for the importer), in the
// samples' own words: Scrumptious's profile (`[[FBRequest requestForMe] startWithCompletionHandler:]`),
// BooleanOGSample's two-request FBRequestConnection, HelloFacebookSample's status update and photo
// upload — ported mechanically from sdk-version-3.1.1's samples/, run against the Graph stand-in.
// Handlers arrive on the main queue, as in 3.1.1; XCTest's waits run the main run loop.

import FacebookGraph
import FacebookGraphReplay
import FacebookGraphTestSupport
import FacebookSDK
import XCTest

final class V31RequestSourceCompatTests: XCTestCase {
    var server: GraphStandInServer!
    var session: FBSession!
    /// What the samples' calls sent: each is one transfer through the active session's client.
    var transport: RecordingTransport!

    override func setUpWithError() throws {
        server = try GraphStandInServer()
        session = FBSession(accessToken: GraphStandInServer.validToken, expirationDate: Date.distantFuture)
        session.graphBaseURL = server.baseURL + "/"
        transport = RecordingTransport()
        session.transport = GraphTransport(transport)
        FBSession.setActiveSession(session)
    }

    override func tearDown() {
        FBSession.setActiveSession(nil)
        server?.stop()
        server = nil
        super.tearDown()
    }

    // MARK: - Scrumptious: SCViewController.populateUserDetails

    func testScrumptiousPopulateUserDetails() {
        var userNameLabelText: String?
        var profileID: Any?
        let loaded = expectation(description: "requestForMe")
        // [[FBRequest requestForMe] startWithCompletionHandler:
        //  ^(FBRequestConnection *connection, NSDictionary<FBGraphUser> *user, NSError *error) { … }];
        if session.isOpen {
            FBRequest.forMe().start { connection, user, error in
                if error == nil, let user = user as? FBGraphUser {
                    userNameLabelText = user.name
                    profileID = user.object(forKey: "id")
                }
                XCTAssertTrue(Thread.isMainThread)
                loaded.fulfill()
            }
        }
        wait(for: [loaded], timeout: 10 * testTimeoutScale)
        XCTAssertEqual(userNameLabelText, "Mark Demo")
        XCTAssertEqual(profileID as? String, "4")
        XCTAssertEqual(transport.requests.map(\.method), ["GET"])
    }

    // MARK: - BooleanOGSample: BOGSecondViewController's batch

    func testBooleanOGSampleBatchOfTwo() {
        // FBRequest *orActivity = [FBRequest requestForGraphPath:…]; (the stand-in has no Open Graph
        // actions, so the two requests read two lists it has)
        let orActivity: FBRequest = FBRequest(forGraphPath: "me/friends")
        orActivity.parameters["date_format"] = "U"
        let andActivity: FBRequest = FBRequest(forGraphPath: "me/permissions")
        andActivity.parameters["date_format"] = "U"

        let activity = NSMutableArray()
        var numCalls = 2
        var verbs: [String] = []
        let displayed = expectation(description: "both handled")
        let handleBatch: (String, Any?) -> Void = { verb, result in
            numCalls -= 1
            let shouldDisplay = numCalls == 0
            verbs.append(verb)
            // `for (id<BOGGraphPublishedBooleanAction> entry in result.data) { entry.verb = verb; … }`:
            // the entries are the result's graph objects (an FBGraphObjectArray hands them out as
            // themselves), so the edit is the result's.
            if let result = result as? NSDictionary, let data = result["data"] as? [Any] {
                for entry in data {
                    let entry = entry as! FBGraphObjectProtocol
                    entry.setObject(verb, forKey: "verb")
                    activity.add(entry)
                }
                let first = (result["data"] as? [Any])?.first as? FBGraphUser
                XCTAssertEqual(first?.object(forKey: "verb") as? String, verb, "the edit is the result's")
            }
            if shouldDisplay { displayed.fulfill() }
        }
        // FBRequestConnection *connection = [[FBRequestConnection alloc] init];
        let connection = FBRequestConnection()
        connection.add(
            orActivity,
            completionHandler: { connection, result, error in
                handleBatch("OR", result)
            })
        connection.add(
            andActivity,
            completionHandler: { connection, result, error in
                handleBatch("AND", result)
            })
        connection.start()
        wait(for: [displayed], timeout: 10 * testTimeoutScale)
        XCTAssertEqual(verbs, ["OR", "AND"])
        XCTAssertEqual(activity.count, 7 + 4)  // the stand-in's first page of friends, and its permissions
        XCTAssertEqual((activity[0] as? [String: Any])?["verb"] as? String, "OR")
        XCTAssertEqual(connection.urlResponse?.statusCode, 200)
        XCTAssertEqual(transport.requests.map(\.url), [server.baseURL + "/"], "one batch POST for the two")
    }

    // MARK: - HelloFacebookSample: HFViewController's posts

    /// HelloFacebookSample's `showAlert:result:error:`, without the alert view.
    private func showAlert(_ message: String, result: Any!, error: Error!) -> String {
        var alertMsg: String
        if let error = error {
            alertMsg = error.localizedDescription
        } else {
            let resultDict = result as! NSDictionary
            alertMsg = "Successfully posted '\(message)'.\nPost ID: \(resultDict.value(forKey: "id") ?? "")"
        }
        return alertMsg
    }

    func testHelloFacebookPostStatusUpdate() {
        let message = "Updating status for me at \(Date())"
        var alert = ""
        let posted = expectation(description: "status posted")
        FBRequestConnection.start(
            forPostStatusUpdate: message,
            completionHandler: { connection, result, error in
                alert = self.showAlert(message, result: result, error: error)
                posted.fulfill()
            })
        wait(for: [posted], timeout: 10 * testTimeoutScale)
        XCTAssertTrue(alert.hasPrefix("Successfully posted 'Updating status for me at "), alert)
        XCTAssertTrue(alert.contains("Post ID: 4_"), alert)
        XCTAssertEqual(transport.requests.map(\.method), ["POST"])
    }

    func testHelloFacebookPostPhoto() throws {
        // UIImage *img = [UIImage imageNamed:@"Icon-72@2x.png"]; (a file of the test's own)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("Icon-72@2x-\(UUID()).png")
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let img = UIImage(named: file.path)
        var alert = ""
        let posted = expectation(description: "photo posted")
        FBRequestConnection.start(
            forUploadPhoto: img,
            completionHandler: { connection, result, error in
                alert = self.showAlert("Photo Post", result: result, error: error)
                posted.fulfill()
            })
        wait(for: [posted], timeout: 10 * testTimeoutScale)
        XCTAssertTrue(alert.hasPrefix("Successfully posted 'Photo Post'.\nPost ID: "), alert)
        XCTAssertEqual(transport.requests.map(\.method), ["POST"])
    }

    // MARK: - The rest of the surface, as the importer spells it

    func testEveryV31RequestSpellingCompiles() {
        let s: FBSession = session
        let plain: FBRequest = FBRequest(session: s, graphPath: "me")
        let full: FBRequest = FBRequest(
            session: s, graphPath: "me/feed", parameters: ["message": "hi"], httpMethod: "POST")
        let object = FBGraphObject(dictionary: ["id": "10"])
        let post: FBRequest = FBRequest(forPostWith: s, graphPath: "me/og.likes", graphObject: object)
        let rest: FBRequest = FBRequest(session: s, restMethod: "users.getInfo", parameters: nil, httpMethod: nil)
        let friends: FBRequest = FBRequest.forMyFriends()
        let checkin: FBRequest = FBRequest(forPostStatusUpdate: "Here", place: "110", tags: ["5", "6"] as NSArray)
        let coordinate = CLLocationCoordinate2D(latitude: 51.5, longitude: -0.12)
        let places: FBRequest = FBRequest(
            forPlacesSearchAt: coordinate, radiusInMeters: 1000, resultsLimit: 10, searchText: "pub")
        let postObject: FBRequest = FBRequest(forPostWithGraphPath: "me/og.likes", graphObject: object)
        let general: FBRequest = FBRequest(graphPath: "me", parameters: ["fields": "id,name"], httpMethod: "GET")

        let _: NSMutableDictionary = full.parameters
        plain.session = s
        plain.graphPath = "me/friends"
        rest.restMethod = "users.getInfo"
        plain.httpMethod = "GET"
        post.graphObject = object
        XCTAssertEqual(full.httpMethod, "POST")
        XCTAssertEqual(full.parameters["message"] as? String, "hi")
        XCTAssertEqual(full.params, full.parameters)
        XCTAssertEqual(checkin.parameters["tags"] as? String, "5,6")
        XCTAssertEqual(checkin.parameters["place"] as? String, "110")
        XCTAssertEqual(places.parameters["center"] as? String, "51.500000,-0.120000")
        XCTAssertEqual(postObject.httpMethod, "POST")
        XCTAssertEqual(rest.restMethod, "users.getInfo")
        XCTAssertNil(rest.graphPath)
        XCTAssertTrue(friends.session === s)
        XCTAssertEqual(general.graphPath, "me")
        XCTAssertEqual(FBNonJSONResponseProperty, "FACEBOOK_NON_JSON_RESULT")
        XCTAssertEqual(FBGraphBasePath, "https://graph.facebook.com")

        let handler: FBRequestHandler = { connection, result, error in }
        let connection: FBRequestConnection = FBRequestConnection(timeout: 30)
        connection.add(friends, completionHandler: handler)
        connection.add(general, completionHandler: handler, batchEntryName: "first")
        connection.cancel()
        XCTAssertNil(connection.urlResponse)

        // The class helpers, each cancelled at once: after cancel no handler runs.
        let helpers: [FBRequestConnection?] = [
            FBRequestConnection.startForMe(completionHandler: handler),
            FBRequestConnection.startForMyFriends(completionHandler: handler),
            FBRequestConnection.start(forPostStatusUpdate: "Here", place: nil, tags: nil, completionHandler: handler),
            FBRequestConnection.startForPlacesSearch(
                at: coordinate, radiusInMeters: 1000, resultsLimit: 10, searchText: "pub", completionHandler: handler),
            FBRequestConnection.start(withGraphPath: "me", completionHandler: handler),
            FBRequestConnection.startForPost(
                withGraphPath: "me/og.likes", graphObject: object, completionHandler: handler),
            FBRequestConnection.start(
                withGraphPath: "me", parameters: ["fields": "id"], httpMethod: "GET", completionHandler: handler),
        ]
        for connection in helpers { connection?.cancel() }
        XCTAssertEqual(helpers.compactMap { $0 }.count, 7)
    }
}
