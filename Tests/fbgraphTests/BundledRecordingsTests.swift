@testable import fbgraph
import FacebookGraph
import FacebookGraphReplay
import FacebookGraphTestSupport
import FacebookGraphTestTraits
import Foundation
import Testing

/// The recordings compiled into `fbgraph` (`Sources/fbgraph/Recordings`): the embedded text is the
/// committed `demo.har`, it holds no secret, it answers every call its README lists, its friends
/// pages chain, and recording it again gives the same entries.
@Suite("The bundled recordings", .onOwnThread)
struct BundledRecordingsTests {
    /// `Sources/fbgraph/Recordings`.
    static let recordings = PackageRoot.url.appendingPathComponent("Sources/fbgraph/Recordings")

    static func bundledArchive() throws -> HARArchive {
        try HARArchive(data: Data(BundledRecordings.demoHAR.utf8))
    }

    @Test("The embedded HAR is Recordings/demo.har byte for byte, and the generated source unfolds to it")
    func embeddedIsTheFile() throws {
        let file = try Data(contentsOf: Self.recordings.appendingPathComponent("demo.har"))
        #expect(Data(BundledRecordings.demoHAR.utf8) == file)
        let source = try String(
            contentsOf: Self.recordings.appendingPathComponent("BundledRecordings.swift"),
            encoding: .utf8
        )
        #expect(RecordingOutput.embeddedHAR(inSwiftSource: source) == BundledRecordings.demoHAR)
        #expect(source.split(separator: "\n").allSatisfy { $0.count <= 120 })
    }

    @Test("It decodes as HAR 1.2 with provenance, and each call gets a fresh, unplayed cassette")
    func decodes() throws {
        let archive = try Self.bundledArchive()
        #expect(archive.log.version == "1.2")
        #expect(archive.log.entries.count == 49)
        #expect(archive.log.provenance?.redactionRules.contains("parameter:access_token") == true)
        #expect(try BundledRecordings.demoCassette().unusedEntries.count == 49)
        #expect(try BundledRecordings.demoCassette() !== BundledRecordings.demoCassette())
    }

    @Test("The secret scanner finds nothing, in the text or in any decoded body; the tokens are placeholders")
    func noSecrets() throws {
        let archive = try Self.bundledArchive()
        let findings = try RecordingOutput.secrets(in: archive, file: "demo.har")
        #expect(findings.isEmpty, "\(findings)")
        #expect(SecretScanner().scan(text: BundledRecordings.demoHAR, file: "demo.har").isEmpty)
        for token in [GraphStandIn.validToken, GraphStandIn.expiredToken] {
            #expect(!BundledRecordings.demoHAR.contains(token))
        }
        #expect(BundledRecordings.demoHAR.contains("access_token=<TOKEN-1>"))
        #expect(BundledRecordings.demoHAR.contains("access_token=<TOKEN-2>"))
        // The photo upload is binary (kept as base64); its access_token part was redacted in place.
        let upload = try #require(archive.log.entries.first { $0.request.url.hasSuffix("/me/photos") })
        let body = try #require(upload.request.postData).body
        #expect(upload.request.postData?.encoding == "base64")
        #expect(body.range(of: Data("\r\n\r\n<TOKEN-1>\r\n".utf8)) != nil)
        #expect(body.range(of: RecordDemoCommand.onePixelPNG) != nil)
    }

    /// A call as a modern client sends it — no `format`/`sdk`/`sdk_version`, placeholders for
    /// tokens — which must match the entry legacy code or the engine recorded.
    struct Call: CustomStringConvertible {
        var method = "GET"
        var url: String
        var contentType: String?
        var body: Data?
        var status: Int
        /// Text the answer's body must hold.
        var answer: String

        var description: String { "\(method) \(url)" }
    }

    static let token = BundledRecordings.token
    static let graph = "https://graph.facebook.com"

    /// Every call of Recordings/README.md, in recording order.
    static let calls: [Call] = {
        let boundary = "fbgraph-test-boundary"
        var photo = Data()
        for (name, value) in [("access_token", token), ("message", "One pixel from Linux")] {
            photo += Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
        }
        photo += Data("--\(boundary)\r\nContent-Disposition: form-data; filename=\"source\"\r\n".utf8)
        photo += Data("Content-Type: content/unknown\r\n\r\n".utf8) + RecordDemoCommand.onePixelPNG
        photo += Data("\r\n--\(boundary)--\r\n".utf8)
        let batch = RecordDemoCommand.batch
        let form = "application/x-www-form-urlencoded"
        let fql = RecordDemoCommand.appFriendsQuery
        let rest = "https://api.facebook.com/method/"
        func cursor(_ id: String) -> String { GraphStandIn.cursor(id) }
        return [
            Call(
                url: "\(graph)/me/apprequestformerrecipients?access_token=\(token)", status: 200, answer: "recipient_id"
            ),
            Call(url: "\(graph)/me?access_token=\(token)", status: 200, answer: #""name":"Mark Demo""#),
            Call(url: "\(graph)/me/friends?limit=3&access_token=\(token)", status: 200, answer: "Ada Lovelace"),
            Call(
                url: "\(graph)/v19.0/4/friends?access_token=\(token)&limit=3&after=\(cursor("100003"))",
                status: 200, answer: "Edsger Dijkstra"
            ),
            Call(
                url: "\(graph)/v19.0/4/friends?access_token=\(token)&limit=3&after=\(cursor("100006"))",
                status: 200, answer: "Frances Allen"
            ),
            Call(
                method: "POST", url: "\(graph)/me/feed", contentType: form,
                body: Data("message=Hello%20from%20Linux&access_token=\(token)".utf8), status: 200, answer: #""id":"4_"#
            ),
            Call(
                method: "POST", url: "\(graph)/me/photos", contentType: "multipart/form-data; boundary=\(boundary)",
                body: photo, status: 200, answer: #""post_id":"4_"#
            ),
            Call(url: "\(graph)/me/permissions?access_token=\(token)", status: 200, answer: "publish_actions"),
            Call(
                method: "POST", url: "\(graph)/", contentType: form,
                body: Data(DemoEngine.form([("batch", batch), ("access_token", token)]).utf8),
                status: 200, answer: #""code":404"#
            ),
            Call(
                url: rest + "fql.query?" + DemoEngine.form([("query", fql), ("access_token", token)]), status: 200,
                answer: #"{"name":"Grace Hopper","uid":100003}"#),
            Call(
                url: "\(rest)friends.getAppUsers?access_token=\(token)", status: 200, answer: "[100001,100003,100006]"),
            Call(
                url: rest + "users.getInfo?"
                    + DemoEngine.form(
                        [("uids", "100001,100003"), ("fields", "name,pic_square"), ("access_token", token)]),
                status: 200, answer: #""pic_square""#
            ),
        ] + bridgeCalls + [
            Call(
                url: "\(graph)/me?access_token=\(BundledRecordings.expiredToken)", status: 400,
                answer: #""code":190,"error_subcode":463"#
            ),
            Call(url: "\(graph)/me?fields=error_4&access_token=\(token)", status: 400, answer: #""code":4,"#),
            Call(url: "\(graph)/me?fields=error_17&access_token=\(token)", status: 403, answer: #""code":17,"#),
            Call(url: "\(graph)/me?fields=error_200&access_token=\(token)", status: 403, answer: #""code":200,"#),
            Call(url: "\(graph)/me?fields=error_2&access_token=\(token)", status: 500, answer: #""is_transient":true"#),
            Call(url: "\(graph)/me?fields=error_502&access_token=\(token)", status: 502, answer: "<!DOCTYPE html>"),
        ] + pickerCalls
    }()

    /// The friend picker's pages (`fbgraph friends`): its request with its fields, then each
    /// `paging.next` (the Graph default of 25 friends a page), each page answering with its first friend.
    static let pickerCalls: [Call] = {
        let list = GraphStandIn.friendList
        let size = GraphStandIn.defaultFriendsPageSize
        let fields = "fields=first_name%2Cid%2Clast_name%2Cmiddle_name%2Cname%2Cpicture"
        return stride(from: 0, to: list.count, by: size).map { start in
            let url =
                start == 0
                ? "\(graph)/me/friends?fields=first_name,id,last_name,middle_name,name,picture&access_token=\(token)"
                : "\(graph)/v19.0/4/friends?\(fields)&access_token=\(token)&limit=\(size)"
                    + "&after=\(GraphStandIn.cursor(list[start - 1].id))"
            return Call(url: url, status: 200, answer: #""id":"\#(list[start].id)""#)
        }
    }()

    /// The Graph calls of the REST-to-Graph bridge, in recording order.
    static let bridgeCalls: [Call] = {
        let form = "application/x-www-form-urlencoded"
        func get(_ path: String, _ parameters: [(String, String)], _ answer: String) -> Call {
            Call(
                url: "\(graph)/\(path)?" + DemoEngine.form(parameters + [("access_token", token)]), status: 200,
                answer: answer)
        }
        func pages(_ fields: String, _ names: [String]) -> [Call] {
            [get("me/friends", [("fields", fields), ("limit", "3")], names[0])]
                + [("100003", names[1]), ("100006", names[2])].map { after, name in
                    get(
                        "v19.0/4/friends", [("fields", fields), ("limit", "3"), ("after", GraphStandIn.cursor(after))],
                        name)
                }
        }
        let post = RecordDemoCommand.bridgePost
        return [
            get("me", [("fields", "id")], #"{"id":"4"}"#),
            get("", [("ids", "100001,100003"), ("fields", "name,picture")], #""picture":{"data""#),
            get("me/friends", [("fields", "id"), ("limit", "100")], #"{"id":"100007"}"#),
        ] + pages("id", [#"{"id":"100001"}"#, #"{"id":"100004"}"#, #"{"id":"100007"}"#]) + [
            Call(
                method: "POST", url: "\(graph)/me/feed", contentType: form,
                body: Data(
                    DemoEngine.form([("link", post["link"]!), ("message", post["message"]!), ("access_token", token)])
                        .utf8),
                status: 200, answer: #""id":"4_10150590958751329""#
            ),
            Call(
                method: "POST", url: "\(graph)/4_10150590958751329/comments", contentType: form,
                body: Data(
                    DemoEngine.form([("message", RecordDemoCommand.bridgeComment), ("access_token", token)]).utf8),
                status: 200, answer: #""id":"4_10150590958751329_"#
            ),
            Call(
                method: "DELETE", url: "\(graph)/me/permissions?access_token=\(token)", status: 200,
                answer: #""success":true"#),
            Call(
                url: "\(graph)/oauth/access_token?"
                    + DemoEngine.form([
                        ("grant_type", "fb_exchange_token"), ("client_id", GraphStandIn.appID),
                        ("client_secret", "<SECRET-1>"), ("fb_exchange_token", token),
                    ]),
                status: 200, answer: #""expires_in":5184000"#
            ),
            get("me", [("fields", "id,name,picture,gender")], #""gender":"male""#),
        ] + pages("id,name", ["Ada Lovelace", "Edsger Dijkstra", "Frances Allen"]) + [
            get("me/friends", [("fields", "id,gender"), ("limit", "100")], #""gender":"female""#),
            get("me", [("fields", "name")], #""name":"Mark Demo""#),
            get("me/friends", [("fields", "id,name"), ("limit", "100")], #""name":"Frances Allen""#),
        ]
    }()

    @Test("Every call listed has an entry, sent as a modern client sends it, and every entry is one of them")
    func everyCallHasAnEntry() throws {
        let cassette = try BundledRecordings.demoCassette()
        for call in Self.calls {
            var headers: HTTPHeaders = [:]
            if let contentType = call.contentType { headers.add(name: "Content-Type", value: contentType) }
            let request = try PreparedRequest(method: call.method, url: call.url, headers: headers, body: call.body)
            switch cassette.lookup(cassette.redactor.redact(HARRequest(request))) {
            case .success(let (_, entry)):
                #expect(entry.response.status == call.status, "\(call)")
                let text = String(decoding: entry.response.content.body, as: UTF8.self)
                #expect(text.contains(call.answer), "\(call): \(text)")
            case .failure(let unmatched):
                Issue.record("\(call) has no entry: \(unmatched)")
            }
        }
        #expect(cassette.unusedEntries.map(\.request.url) == [])
    }

    /// The friends pages whose request URL passes `isPage`, checked to chain: each request is the
    /// previous page's `paging.next`, and the last page has none. Returns each page's `data`.
    static func chainedFriendPages(where isPage: (String) -> Bool) throws -> [[[String: Any]]] {
        let pages = try bundledArchive().log.entries.filter {
            $0.request.url.contains("/friends?") && isPage($0.request.url)
        }
        func body(_ entry: HAREntry) throws -> [String: Any] {
            try #require(try JSONSerialization.jsonObject(with: entry.response.content.body) as? [String: Any])
        }
        func next(_ entry: HAREntry) throws -> String? {
            (try body(entry)["paging"] as? [String: Any])?["next"] as? String
        }
        for (page, following) in zip(pages, pages.dropFirst()) {
            #expect(try next(page) == following.request.url)
        }
        #expect(try pages.last.map(next) == .some(nil))
        #expect(pages.allSatisfy { $0.playback == .repeatable }, "each page's request is distinct")
        return try pages.map { try body($0)["data"] as? [[String: Any]] ?? [] }
    }

    @Test("The three friends pages chain: each request is the previous page's paging.next; the last has none")
    func friendsPagesChain() throws {
        // The demo's pages; the REST bridge's friends requests (also `limit=3`) carry `fields=`.
        let pages = try Self.chainedFriendPages { $0.contains("limit=3") && !$0.contains("fields=") }
        #expect(pages.count == 3)
        let names = pages.flatMap { $0.compactMap { $0["name"] as? String } }
        #expect(names == GraphStandIn.friends.map(\.name))
    }

    @Test(
        "The picker's friend list: 343 friends over 14 chained pages, with the picker's fields, accented and non-Latin names"
    )
    func pickerFriendListChains() throws {
        let pages = try Self.chainedFriendPages { $0.contains("fields=first_name") }
        #expect(pages.count == 14)
        let friends = pages.flatMap { $0 }
        #expect(friends.count == 343)
        #expect(friends.compactMap { $0["name"] as? String } == GraphStandIn.friendList.map(\.name))
        #expect(Set(friends.compactMap { $0["id"] as? String }).count == 343, "ids are unique")
        for friend in friends {
            #expect(friend["first_name"] is String && friend["last_name"] is String, "\(friend)")
            let picture = (friend["picture"] as? [String: Any])?["data"] as? [String: Any]
            #expect((picture?["url"] as? String)?.hasPrefix("https://") == true, "\(friend)")
        }
        #expect(friends.contains { $0["middle_name"] is String })
        let names = friends.compactMap { $0["name"] as? String }
        for sample in [
            "Ada Lovelace", "Théo Lefèvre", "Paweł Wójcik", "Анна Кузнецова", "Σοφία Βλάχος", "健太 佐藤", "서연 김",
        ] {
            #expect(names.contains(sample), "\(sample)")
        }
        #expect(names.count { $0.unicodeScalars.contains { $0.value > 0x2E80 } } >= 72, "CJK and Hangul names")
    }

    @Test("Recording again (fbgraph cassette record-demo) gives the same entries, timestamps and timings aside")
    func regenerationIsStable() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("fbgraph-record-demo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let har = directory.appendingPathComponent("demo.har")
        let swift = directory.appendingPathComponent("BundledRecordings.swift")
        let arguments = [har.path, "--swift", swift.path]
        let run = try CLIRunner.run(["cassette", "record-demo"] + arguments, timeout: 120)
        if FileManager.default.fileExists(atPath: har.path) {
            #expect(run.status == 0, "stderr: \(run.stderr)")
            #expect(run.stdout.contains("wrote \(har.path): 49 entries"))
        } else {
            // The built binary does not dispatch `cassette record-demo` to RecordDemoCommand yet:
            // record in process, through the same code.
            var output = StandardStreams()
            #expect(RecordDemoCommand.run(arguments, output: &output) == ExitCode.success)
        }
        let fresh = try HARArchive(contentsOf: har).log.entries
        let bundled = try Self.bundledArchive().log.entries
        #expect(fresh.count == bundled.count)
        for (index, (new, old)) in zip(fresh, bundled).enumerated() {
            #expect(new.request == old.request, "entry \(index): \(new.request.method) \(new.request.url)")
            #expect(new.response == old.response, "entry \(index): \(new.request.method) \(new.request.url)")
            #expect(new.playback == old.playback && new.graphAPIVersion == old.graphAPIVersion)
        }
        let source = try String(contentsOf: swift, encoding: .utf8)
        #expect(RecordingOutput.embeddedHAR(inSwiftSource: source) == (try String(contentsOf: har, encoding: .utf8)))
    }

    @Test("The Swift source folds any line and keeps any text exactly")
    func swiftSourceRoundTrips() {
        let awkward =
            "{\"a\":\"\\\"\"\"\"#\\#(x)\",\"b\":\"" + String(repeating: "é—", count: 200) + "\"}\n\n  trailing  \n"
        let source = RecordingOutput.swiftSource(embedding: awkward)
        #expect(source.contains("##\"\"\""), "a delimiter the text cannot close")
        #expect(source.split(separator: "\n").allSatisfy { $0.count <= 120 })
        #expect(RecordingOutput.embeddedHAR(inSwiftSource: source) == awkward)
    }
}
