import FacebookGraph
import FacebookGraphReplay
import FacebookGraphTestSupport
import Foundation
import Testing

/// Paging through `paging.next`, and the typed user.
@Suite("GraphClient paging and typed models")
struct GraphPagingTests {
    typealias Server = GraphClientTests.Server

    /// A three-page friends list whose `next` links echo a token and a proof, as Facebook's do.
    static func friendsServer() throws -> Server {
        try Server { _, request in
            let after = request.queryItems.first { $0.name == "after" }?.value
            let base = "http://127.0.0.1:\(request.headers["Host"]?.split(separator: ":").last ?? "0")/v19.0/me/friends"
            let echoed = "access_token=ECHOED-SECRET%7Cxyz&appsecret_proof=deadbeef"
            switch after {
            case nil:
                return GraphClientTests.json(
                    #"{"data":[{"id":"1","name":"A"},{"id":"2","name":"B"}],"paging":{"cursors":{"after":"c2"},"next":"\#(base)?limit=2&\#(echoed)&after=c2"},"summary":{"total_count":5}}"#
                )
            case "c2":
                return GraphClientTests.json(
                    #"{"data":[{"id":3,"name":"C","picture":"https://p/3.jpg"},{"id":"4","name":"D","picture":{"data":{"url":"https://p/4.jpg"}}}],"paging":{"cursors":{"after":"c4"},"next":"\#(base)?\#(echoed)&limit=2&after=c4"}}"#
                )
            default:
                // The last page still has an `after` cursor (Java Business SDK issue #157): gate on `next`.
                return GraphClientTests.json(#"{"data":[{"id":"5","name":"E"}],"paging":{"cursors":{"after":"c5"}}}"#)
            }
        }
    }

    @Test("Items follow paging.next to the end; echoed credentials are replaced by the client's")
    func items() async throws {
        let server = try Self.friendsServer()
        let client = server.client(secret: "xyz789", version: "v19.0")
        var names: [String] = []
        for try await user in client.items(of: GraphRequest(path: "me/friends"), as: GraphUser.self) {
            names.append(user.name ?? "?")
        }
        #expect(names == ["A", "B", "C", "D", "E"])
        let requests = server.requests
        #expect(requests.count == 3)
        let proof = AppSecretProof(token: "TOKEN", appSecret: "xyz789").proof
        for request in requests {
            #expect(!request.target.contains("ECHOED"), "the echoed token never reaches the server: \(request.target)")
            #expect(!request.target.contains("deadbeef"))
            let tokens = request.queryItems.filter { $0.name == "access_token" }.map(\.value)
            #expect(tokens == ["TOKEN"])
            #expect(request.queryItems.filter { $0.name == "appsecret_proof" }.map(\.value) == [proof])
        }
        #expect(requests[1].queryItems.first { $0.name == "after" }?.value == "c2")
    }

    @Test("Pages keep their links without credentials, count, summary and stop at the bound")
    func pages() async throws {
        let server = try Self.friendsServer()
        let client = server.client()
        var pages: [GraphPage<GraphUser>] = []
        for try await page in client.pages(of: GraphRequest(path: "me/friends"), as: GraphUser.self, maxPages: 2) {
            pages.append(page)
        }
        #expect(pages.count == 2)
        #expect(server.requests.count == 2)
        #expect(pages[0].totalCount == 5)
        #expect(pages[0].paging?.after == "c2")
        let next = try #require(pages[0].paging?.next)
        #expect(!next.contains("ECHOED") && !next.contains("appsecret_proof"))
        #expect(next.hasSuffix("/v19.0/me/friends?limit=2&after=c2"))
        #expect(pages[1].data.map(\.pictureURL) == ["https://p/3.jpg", "https://p/4.jpg"])
        #expect(pages[1].data.first?.id == "3", "a numeric id decodes as a string")
    }

    @Test("An empty page ends the list even with a next link")
    func emptyPageStops() async throws {
        let server = try Server { _, _ in
            GraphClientTests.json(#"{"data":[],"paging":{"next":"http://127.0.0.1:1/never"}}"#)
        }
        var count = 0
        for try await _ in server.client().items(of: GraphRequest(path: "me/friends"), as: GraphUser.self) {
            count += 1
        }
        #expect(count == 0)
        #expect(server.requests.count == 1)
    }

    @Test("A failing page throws the classified error from the iteration")
    func failingPage() async throws {
        let server = try Server { count, _ in
            count == 1
                ? GraphClientTests.json(#"{"data":[{"id":"1"}],"paging":{"next":"http://127.0.0.1:1/x"}}"#)
                : GraphClientTests.json(#"{"error":{"message":"expired","code":190,"error_subcode":463}}"#, status: 400)
        }
        // The next link points at a closed port: the failure is a transport error, and nothing hangs.
        var seen = 0
        await #expect {
            for try await _ in server.client(retry: .never).items(
                of: GraphRequest(path: "me/friends"), as: GraphUser.self)
            {
                seen += 1
            }
        } throws: { ($0 as? GraphError)?.category == .transport }
        #expect(seen == 1)
    }

    @Test("GraphUser decodes FBGraphUser's fields and round-trips through its encoder")
    func userModel() throws {
        let json = #"""
            {"id":"4","name":"Mark Zuckerberg","first_name":"Mark","middle_name":"E","last_name":"Zuckerberg",
             "link":"https://www.facebook.com/zuck","username":"zuck","birthday":"05/14/1984",
             "location":{"id":108,"name":"Palo Alto, California","location":{"city":"Palo Alto","latitude":37.44,"longitude":-122.14}},
             "picture":{"data":{"url":"https://p/4.jpg","is_silhouette":false}}}
            """#
        let user = try JSONDecoder().decode(GraphUser.self, from: Data(json.utf8))
        #expect(user.firstName == "Mark")
        #expect(user.middleName == "E")
        #expect(user.lastName == "Zuckerberg")
        #expect(user.username == "zuck")
        #expect(user.birthday == "05/14/1984")
        #expect(user.location?.id == "108")
        #expect(user.location?.location?.city == "Palo Alto")
        #expect(user.location?.location?.latitude == 37.44)
        #expect(user.pictureURL == "https://p/4.jpg")
        let again = try JSONDecoder().decode(GraphUser.self, from: JSONEncoder().encode(user))
        #expect(again == user)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(GraphUser.self, from: Data(#"{"name":"x"}"#.utf8))
        }
    }
}
