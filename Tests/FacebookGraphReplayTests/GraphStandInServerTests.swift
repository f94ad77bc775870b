import FacebookGraph
import Foundation
import Testing

@testable import FacebookGraphReplay

/// The Graph stand-in as a user's test would use it: over real sockets and the real engine.
@Suite("The Graph stand-in server")
struct GraphStandInServerTests {
    /// The JSON object of a response body.
    static func object(_ response: RawResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
    }

    @Test("It answers /me deterministically, behind a version prefix, with Graph's headers")
    func me() async throws {
        let server = try GraphStandInServer()
        defer { server.stop() }
        let url = server.baseURL + "/v19.0/me?fields=name&access_token=" + GraphStandInServer.validToken
        let first = try await CurlEngine.shared.send(try PreparedRequest(url: url))
        let second = try await CurlEngine.shared.send(try PreparedRequest(url: url))
        #expect(first.status == 200)
        #expect(first.headers["facebook-api-version"] == GraphStandInServer.apiVersion)
        #expect(try Self.object(first)["id"] as? String == "4")
        #expect(try Self.object(first)["name"] as? String == "Mark Demo")
        #expect(first.body == second.body)
        #expect(server.requestsServed == 2)
    }

    @Test("Tokens decide: expired gives 190/463, unknown 190, none 2500")
    func tokens() async throws {
        let server = try GraphStandInServer()
        defer { server.stop() }
        for (token, code, subcode) in [
            (GraphStandInServer.expiredToken, 190, 463 as Int?), ("EAAOther", 190, nil), (nil, 2500, nil),
        ] {
            let query = token.map { "?access_token=" + $0 } ?? ""
            let response = try await CurlEngine.shared.send(try PreparedRequest(url: server.baseURL + "/me" + query))
            #expect(response.status == 400)
            let error = try #require(try Self.object(response)["error"] as? [String: Any])
            #expect(error["code"] as? Int == code)
            #expect(error["error_subcode"] as? Int == subcode)
        }
    }

    @Test(
        "A v2-style multipart photo upload is read by the one parser and answered with ids, the photo in source or any file part"
    )
    func legacyUpload() async throws {
        let server = try GraphStandInServer()
        defer { server.stop() }
        // `source` as Graph documents it; `picture` as v3.1's requestForUploadPhoto: sent it.
        for part in ["source", "picture"] {
            let form = MultipartForm.legacyV2(
                fields: [("access_token", GraphStandInServer.validToken), ("message", "hi")],
                files: [(part, Data([0x89, 0x50, 0x4E, 0x47]))]
            )
            let request = try PreparedRequest(
                method: "POST",
                url: server.baseURL + "/me/photos",
                headers: ["Content-Type": form.contentType],
                body: form.body
            )
            let response = try await CurlEngine.shared.send(request)
            #expect(response.status == 200, "\(part)")
            let object = try Self.object(response)
            #expect((object["post_id"] as? String)?.hasPrefix("4_") == true)
        }
        let withoutFile = MultipartForm.legacyV2(fields: [("access_token", GraphStandInServer.validToken)], files: [])
        let refused = try await CurlEngine.shared.send(
            try PreparedRequest(
                method: "POST", url: server.baseURL + "/me/photos", headers: ["Content-Type": withoutFile.contentType],
                body: withoutFile.body))
        #expect(refused.status == 400)
        #expect((try Self.object(refused)["error"] as? [String: Any])?["code"] as? Int == 324)
    }
}
