import FacebookGraph
import Foundation
import Testing

@testable import FacebookGraph

/// `GraphRequest.prepare` marks a request whose parameters hold an `access_token` as carrying a
/// credential instead of scanning the encoded parameters for it: the mark must give what the scan
/// gives, for every encoding, and refuse the same requests.
@Suite("Preparing Graph requests: the credential mark agrees with the scan")
struct PreparedRequestCredentialMarkTests {
    static func configuration(token: String?, base: String = "https://graph.example/") -> GraphConfiguration {
        var configuration = GraphConfiguration(accessToken: token)
        configuration.graphBaseURL = base
        configuration.restBaseURL = base + "rest/"
        return configuration
    }

    /// What the credential scan finds in the prepared request's URL, headers and body.
    static func scanned(_ prepared: PreparedRequest) -> Bool {
        let parts = URLParts(prepared.url)
        return SecretPolicy.requestCarriesSecret(
            hasUserInfo: parts.hasUserInfo, query: parts.query, headers: prepared.headers, body: prepared.body)
    }

    static let requests: [(String, GraphRequest)] = [
        ("GET", GraphRequest(path: "me", parameters: ["fields": "id"])),
        ("POST form", GraphRequest(path: "me/feed", method: .post, parameters: ["message": "hi"])),
        (
            "POST multipart",
            GraphRequest(
                path: "me/photos", method: .post, parameters: ["caption": "x"],
                attachments: [
                    GraphAttachment(name: "source", filename: "a.png", contentType: "image/png", data: Data([1]))
                ])
        ),
        (
            "legacy v2 GET, token in the parameters",
            GraphRequest(
                endpoint: .graph("me"), method: .get, parameters: [("access_token", "GIVEN"), ("format", "json")],
                encoding: .legacyV2)
        ),
        (
            "legacy v2 POST",
            GraphRequest(
                endpoint: .graph("me/feed"), method: .post, parameters: [("message", "x")], encoding: .legacyV2)
        ),
        ("REST", GraphRequest(restMethod: "users.getInfo", parameters: ["uids": "4"])),
    ]

    @Test("With a token (the client's or the parameters'): marked, as the scan finds it")
    func withToken() throws {
        for (name, request) in Self.requests {
            let prepared = try request.prepare(configuration: Self.configuration(token: "TOKEN"))
            #expect(prepared.carriesSecret, "\(name)")
            #expect(Self.scanned(prepared), "\(name)")
        }
    }

    @Test("Without a token: the scan still decides, also for a credential the caller put elsewhere")
    func withoutToken() throws {
        for (name, request) in Self.requests {
            let prepared = try request.prepare(configuration: Self.configuration(token: nil))
            #expect(prepared.carriesSecret == Self.scanned(prepared), "\(name)")
        }
        let plain = try GraphRequest(path: "me").prepare(configuration: Self.configuration(token: nil))
        #expect(!plain.carriesSecret)
        let secret = try GraphRequest(path: "oauth/access_token", parameters: ["client_secret": "S"])
            .prepare(configuration: Self.configuration(token: nil))
        #expect(secret.carriesSecret)
    }

    @Test("A marked request for plain http off the machine is refused; to loopback it is sent")
    func refusal() throws {
        for (name, request) in Self.requests {
            #expect(throws: GraphError.self, "\(name)") {
                try request.prepare(configuration: Self.configuration(token: "TOKEN", base: "http://graph.example/"))
            }
            let local = try request.prepare(
                configuration: Self.configuration(token: "TOKEN", base: "http://127.0.0.1:9/"))
            #expect(local.carriesSecret, "\(name)")
        }
    }
}
