import Foundation
import Testing

@testable import FacebookGraph

/// The rule for following a response's link (`GraphLink`) and the id check (`GraphID`), case by case;
/// the hostile-server suite (FacebookSDKTests) runs them through every API.
@Suite("Links a response gives, and ids a caller gives")
struct GraphLinkTests {
    static let base = "http://127.0.0.1:8080/"

    @Test(
        "A link on the base's origin is sent there, case and default ports normalised; the real Graph host maps onto the base",
        arguments: [
            ("http://127.0.0.1:8080/v19.0/4/friends?after=x", "http://127.0.0.1:8080/v19.0/4/friends?after=x"),
            ("HTTP://127.0.0.1:8080/a?b#fragment", "http://127.0.0.1:8080/a?b"),
            ("http://127.0.0.1:8080?after=x", "http://127.0.0.1:8080/?after=x"),
            ("https://graph.facebook.com/v19.0/4/friends?after=x", "http://127.0.0.1:8080/v19.0/4/friends?after=x"),
            ("https://GRAPH.facebook.com:443/me", "http://127.0.0.1:8080/me"),
        ])
    func followed(_ link: String, _ target: String) throws {
        #expect(try GraphLink.target(of: link, graphBaseURL: Self.base) == target)
    }

    @Test("On the real Graph base, its own links are followed and default ports compare equal")
    func realGraph() throws {
        let base = GraphConfiguration.defaultGraphBaseURL
        #expect(
            try GraphLink.target(of: "https://graph.facebook.com:443/me?x=1", graphBaseURL: base)
                == "https://graph.facebook.com/me?x=1")
        #expect(throws: GraphError.self) {
            try GraphLink.target(of: "https://graph-video.facebook.com/me", graphBaseURL: base)
        }
    }

    @Test(
        "Anything else is refused, naming the host, before any request",
        arguments: [
            ("http://127.0.0.2:8080/steal", "127.0.0.2:8080"),
            ("http://127.0.0.1:8081/steal", "127.0.0.1:8081"),
            ("https://127.0.0.1:8080/x", "https://127.0.0.1:8080"),
            ("http://graph.facebook.com/me", "http://graph.facebook.com"),
            ("http://127.0.0.1:8080@evil.example/x", "evil.example"),
            ("http://user@127.0.0.1:8080/x", "127.0.0.1:8080"),
            ("http://evil.example/x#@127.0.0.1:8080/", "evil.example"),
            ("http://127.0.0.1:8080\\@evil.example/", "backslash"),
            ("http://127.0.0.1:8080/ x", "space"),
            ("http://127.0.0.1:99999/x", "port"),
            ("file:///etc/passwd", "scheme"),
            ("/v19.0/me", "absolute"),
            ("http://127.0.0.1.:8080/x", "127.0.0.1.:8080"),
        ])
    func refused(_ link: String, _ named: String) {
        do {
            let target = try GraphLink.target(of: link, graphBaseURL: Self.base)
            Issue.record("followed to \(target)")
        } catch {
            #expect(error.category == .transport)
            #expect(error.transportError?.code == .redirectRefused)
            #expect(error.message.contains(named), "\(error.message)")
            #expect(error.message.hasSuffix("no request was sent"))
        }
    }

    @Test(
        "Ids: me, numbers and numbers joined by _ pass; anything that adds a path or a query does not",
        arguments: [
            ("me", true), ("4", true), ("100001234567890", true), ("4_123", true), ("1_2_3", true),
            ("", false), ("me/feed?", false), ("me?fields=email&x=", false), ("../4", false), ("4#", false),
            ("4_", false), ("_4", false), ("4__5", false), ("Me", false), ("4 ", false), ("٤", false),
            ("%2e%2e", false), (String(repeating: "1", count: 65), false),
        ])
    func ids(_ id: String, _ valid: Bool) {
        #expect(GraphID.isValid(id) == valid)
        #expect((try? GraphID.checked(id, name: "uid")) == (valid ? id : nil))
    }

    @Test("A refused id's message names the parameter and shows the value escaped and shortened")
    func idMessage() {
        #expect(throws: GraphError.self) { try GraphID.checked("4\u{1B}[2J\"", name: "userID") }
        do {
            _ = try GraphID.checked("4\u{1B}[2J\"" + String(repeating: "x", count: 100), name: "userID")
        } catch {
            #expect(error.category == .invalidRequest)
            #expect(error.message.hasPrefix(#"userID "4\u{1B}[2J\"xxx"#), "\(error.message)")
            #expect(error.message.contains("…\" is not a Graph id"), "\(error.message)")
        }
    }
}
