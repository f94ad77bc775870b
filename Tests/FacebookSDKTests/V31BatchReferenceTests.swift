import FacebookGraph
import FacebookGraphReplay
import FacebookGraphTestSupport
import Foundation
import Testing

@testable import FacebookSDK

/// A v3.1 batch whose second request depends on the first through a `{result=NAME:$.path}` reference,
/// over real sockets to the Graph stand-in, which answers references as Graph does.
@Suite("v3.1 FBRequestConnection: a {result=…} reference makes a dependency the stand-in answers")
struct V31BatchReferenceTests {
    @Test("The referenced item is omitted, the dependent gets what the path selected; a failed parent gives null")
    func referenceIsADependency() throws {
        let rig = try V31RequestConnectionTests.Rig()
        defer { rig.server.stop() }
        let connection = rig.calls.connection()
        let friends = FBRequest(
            session: rig.session, graphPath: "me/friends", parameters: ["limit": "3"], httpMethod: "GET")
        let profiles = FBRequest(
            session: rig.session, graphPath: "",
            parameters: ["ids": "{result=friends:$.data.*.id}", "fields": "name"], httpMethod: "GET")
        let broken = FBRequest(session: rig.session, graphPath: "no-such-object", parameters: [:], httpMethod: "GET")
        let orphan = FBRequest(
            session: rig.session, graphPath: "{result=broken:$.id}", parameters: [:], httpMethod: "GET")
        connection.add(friends, completionHandler: rig.calls.handler("friends"), batchEntryName: "friends")
        connection.add(profiles, completionHandler: rig.calls.handler("profiles"), batchEntryName: "profiles")
        connection.add(broken, completionHandler: rig.calls.handler("broken"), batchEntryName: "broken")
        connection.add(orphan, completionHandler: rig.calls.handler("orphan"))
        connection.start()
        let calls = try #require(rig.calls.settle(4, session: rig.session))
        #expect(calls.map(\.label) == ["friends", "profiles", "broken", "orphan"])
        #expect(calls[0].result == nil && calls[0].error == nil, "the referenced item is omitted on success")
        let profileNames = (calls[1].result as? [String: Any])?.values.compactMap {
            ($0 as? [String: Any])?["name"] as? String
        }
        #expect(profileNames?.count == 3, "the three friends the path selected: \(String(describing: calls[1].result))")
        #expect(calls[2].error != nil, "no-such-object fails")
        #expect(calls[3].result == nil && calls[3].error == nil, "a dependent of a failed item is null")
    }
}
