import FacebookGraph
import FacebookGraphReplay
import FacebookGraphTestSupport
import FacebookGraphTestTraits
import Foundation
import Testing

/// `get`, `post`, `delete`, `rest` and `batch` against HTTPBin: what reached the server, what was
/// printed, and the one-line errors. The token is `T0K`: shorter than four characters, so the echo
/// shows it (a longer token the server echoes prints as `<redacted>`; `VerboseOutputTests`).
@Suite("fbgraph requests", .onOwnThread)
struct RequestCommandTests {
    /// The echo HTTPBin answered, parsed.
    private func echo(_ run: CLIRun) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        return try #require(object, "stdout is not a JSON object: \(run.stdout)")
    }

    @Test("get sends -p and --fields in the query, with the token last")
    func getParameters() throws {
        let bin = try HTTPBin()
        defer { bin.stop() }
        let run = try CLIRunner.run([
            "get", "get", "-p", "limit=2", "--param", "locale=fr_FR", "--fields", "id,name{first}", "--base-url",
            bin.baseURL, "--token", "T0K",
        ])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stderr.isEmpty)
        let object = try echo(run)
        #expect(object["method"] as? String == "GET")
        #expect(object["path"] as? String == "/get")
        let args = object["args"] as? [String: String]
        #expect(args == ["limit": "2", "locale": "fr_FR", "fields": "id,name{first}", "access_token": "T0K"])
    }

    @Test(
        "post -F sends a multipart body: the parameters, -F text fields and token as text parts, then the file's exact bytes"
    )
    func postMultipart() throws {
        let bin = try HTTPBin()
        defer { bin.stop() }
        let directory = try TestFiles.directory()
        let photo = Data([0xFF, 0xD8, 0xFF, 0x00, 0x0D, 0x0A, 0x2D, 0x2D, 0x7F, 0x80])
        let photoPath = directory.appendingPathComponent("cat.jpg")
        try photo.write(to: photoPath)
        let run = try CLIRunner.run([
            "post", "post", "-F", "published=false", "-p", "caption=A cat", "-F", "source=@\(photoPath.path)",
            "--base-url", bin.baseURL, "--token", "T0K",
        ])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let object = try echo(run)
        #expect(object["method"] as? String == "POST")
        let contentType = try #require(object["content_type"] as? String)
        #expect(contentType.hasPrefix("multipart/form-data; boundary="))
        let boundary = String(contentType.dropFirst("multipart/form-data; boundary=".count))
        var expected = Data()
        for (name, value) in [("caption", "A cat"), ("published", "false"), ("access_token", "T0K")] {
            expected.append(
                Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8))
        }
        expected.append(
            Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"source\"; filename=\"cat.jpg\"\r\n".utf8))
        expected.append(Data("Content-Type: image/jpeg\r\n\r\n".utf8))
        expected.append(photo)
        expected.append(Data("\r\n--\(boundary)--\r\n".utf8))
        let received = Data(base64Encoded: try #require(object["body_base64"] as? String))
        #expect(received == expected)
    }

    @Test("post without -F sends a form body; the token goes in the body, not the URL")
    func postForm() throws {
        let bin = try HTTPBin()
        defer { bin.stop() }
        let run = try CLIRunner.run([
            "post", "post", "-p", "message=Hello, world", "--base-url", bin.baseURL, "--token", "T0K",
        ])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let object = try echo(run)
        #expect(object["content_type"] as? String == "application/x-www-form-urlencoded")
        #expect(object["body"] as? String == "message=Hello%2C%20world&access_token=T0K")
        #expect((object["args"] as? [String: Any])?.isEmpty == true)
    }

    @Test("delete sends DELETE with the parameters in the query")
    func delete() throws {
        let bin = try HTTPBin()
        defer { bin.stop() }
        let run = try CLIRunner.run([
            "delete", "anything/4_1001", "-p", "x=1", "--base-url", bin.baseURL, "--token", "T0K",
        ])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let object = try echo(run)
        #expect(object["method"] as? String == "DELETE")
        #expect(object["path"] as? String == "/anything/4_1001")
        #expect(object["args"] as? [String: String] == ["x": "1", "access_token": "T0K"])
    }

    @Test("rest calls <base>/method/METHOD with format=json, by GET or with --post as a form")
    func rest() throws {
        let bin = try HTTPBin(extraRoutes: [
            "/method/users.getInfo": { HTTPBin.json(HTTPBin.echo($0, includingBody: true)) }
        ])
        defer { bin.stop() }
        let get = try CLIRunner.run([
            "rest", "users.getInfo", "-p", "uids=4", "--base-url", bin.baseURL, "--token", "T0K",
        ])
        #expect(get.status == 0, "stderr: \(get.stderr)")
        let getEcho = try echo(get)
        #expect(getEcho["method"] as? String == "GET")
        #expect(getEcho["args"] as? [String: String] == ["format": "json", "uids": "4", "access_token": "T0K"])
        let post = try CLIRunner.run([
            "rest", "users.getInfo", "--post", "-p", "uids=4", "--base-url", bin.baseURL, "--token", "T0K",
        ])
        #expect(post.status == 0, "stderr: \(post.stderr)")
        let postEcho = try echo(post)
        #expect(postEcho["method"] as? String == "POST")
        #expect(postEcho["body"] as? String == "format=json&uids=4&access_token=T0K")
    }

    @Test("rest through the REST-to-Graph bridge (the default over the bundled recordings): the REST shapes")
    func restThroughTheBridge() throws {
        let info = try CLIRunner.run([
            "rest", "users.getInfo", "-p", "uids=100001,100003", "-p", "fields=name,pic_square", "--compact",
        ])
        #expect(info.status == 0, "stderr: \(info.stderr)")
        let picture = { (id: String) in
            "https://platform-lookaside.fbsbx.com/platform/profilepic/?asid=\(id)&height=50&width=50"
        }
        let rows = try #require(
            try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [[String: AnyHashable]])
        #expect(
            rows == [
                ["uid": NSNumber(value: 100001), "name": "Ada Lovelace", "pic_square": picture("100001")],
                ["uid": NSNumber(value: 100003), "name": "Grace Hopper", "pic_square": picture("100003")],
            ])
        #expect(info.stdout.contains(#""uid":100001"#), "a number, as REST wrote it")

        let friends = try CLIRunner.run(["rest", "friends.getAppUsers", "--compact"])
        #expect(friends.status == 0, "stderr: \(friends.stderr)")
        #expect(
            friends.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
                == "[100001,100002,100003,100004,100005,100006,100007]")

        // --no-bridge replays the recorded REST answer instead (the old REST pictures).
        let rest = try CLIRunner.run([
            "rest", "users.getInfo", "-p", "uids=100001,100003", "-p", "fields=name,pic_square", "--no-bridge",
            "--compact",
        ])
        #expect(rest.status == 0, "stderr: \(rest.stderr)")
        #expect(rest.stdout.contains("https://graph.facebook.com/100001/picture?type=square"))

        let unknown = try CLIRunner.run(["rest", "no.such.method"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("(code 3): Unknown method: no.such.method"), "\(unknown.stderr)")

        let both = try CLIRunner.run(["rest", "users.getLoggedInUser", "--bridge", "--no-bridge"])
        #expect(both.status == 64)
        #expect(both.stderr.contains("--bridge and --no-bridge"))
    }

    @Test("rest --bridge with --base-url sends the Graph calls to that server (the stand-in), not /method/")
    func restBridgeToABaseURL() throws {
        let server = try GraphStandInServer()
        defer { server.stop() }
        let run = try CLIRunner.run([
            "rest", "users.getLoggedInUser", "--bridge", "--base-url", server.baseURL, "--token",
            GraphStandInServer.validToken,
        ])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "4")
        #expect(server.requestsServed == 1)
    }

    @Test("batch POSTs / with the file's JSON array as the batch parameter, plus the token")
    func batch() throws {
        let bin = try HTTPBin(extraRoutes: ["/": { HTTPBin.json(HTTPBin.echo($0, includingBody: true)) }])
        defer { bin.stop() }
        let directory = try TestFiles.directory()
        let batch =
            #"[{"method":"GET","relative_url":"me?fields=id"},"#
            + #"{"method":"POST","relative_url":"me/feed","body":"message=Hi"}]"#
        let path = try TestFiles.write(batch + "\n", to: "batch.json", in: directory)
        let run = try CLIRunner.run([
            "batch", path, "-p", "include_headers=false", "--base-url", bin.baseURL, "--token", "T0K",
        ])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let object = try echo(run)
        #expect(object["method"] as? String == "POST")
        #expect(object["path"] as? String == "/")
        #expect(object["content_type"] as? String == "application/x-www-form-urlencoded")
        var form = URLComponents()
        form.percentEncodedQuery = object["body"] as? String
        let items = form.queryItems?.map { [$0.name, $0.value ?? ""] }
        #expect(items == [["batch", batch], ["include_headers", "false"], ["access_token", "T0K"]])
    }

    @Test(
        "A Graph or REST error body exits 1 with one line: category (the core's GraphErrorCategory), code, subcode, message",
        arguments: [
            (
                400,
                graphErrorBody(
                    #""message":"Error validating access token: Session has expired.","code":190,"error_subcode":463"#),
                "error: tokenExpired (code 190, subcode 463): Error validating access token: Session has expired."
            ),
            (
                403, graphErrorBody(#""message":"(#4) Application request limit reached","code":4"#),
                "error: throttled (code 4): (#4) Application request limit reached"
            ),
            (
                403, graphErrorBody(#""message":"(#200) Requires extended permission: publish_actions","code":200"#),
                "error: permission (code 200): (#200) Requires extended permission: publish_actions"
            ),
            (
                500, graphErrorBody(#""message":"An unexpected error has occurred.\nPlease retry.","code":2"#),
                "error: transient (code 2): An unexpected error has occurred. Please retry."
            ),
            (
                400, graphErrorBody(#""message":"(#341) Feed action request limit reached""#),
                "error: throttled (code 341): (#341) Feed action request limit reached"
            ),
            (
                400, graphErrorBody(#""message":"Upload failed","code":6000,"error_subcode":1363037"#),
                "error: transient (code 6000, subcode 1363037): Upload failed"
            ),
            (
                400, graphErrorBody(#""message":"Duplicate status message","code":506"#),
                "error: invalidRequest (code 506): Duplicate status message"
            ),
            (
                400, graphErrorBody(#""message":"Invalid appsecret_proof provided in the API argument","code":100"#),
                "error: invalidRequest (code 100): Invalid appsecret_proof provided in the API argument"
            ),
            (
                200, #"{"error_code":104,"error_msg":"Requires valid signature","request_args":[]}"#,
                "error: tokenInvalid (code 104): Requires valid signature"
            ),
        ]
    )
    func graphError(status: Int, body: String, line: String) throws {
        let object = try JSONSerialization.jsonObject(with: Data(body.utf8))
        let answer = HTTPBin.json(object, status: status)
        let bin = try HTTPBin(extraRoutes: ["/failing": { _ in answer }])
        defer { bin.stop() }
        let run = try CLIRunner.run(["get", "failing", "--base-url", bin.baseURL, "--token", "T0K"])
        #expect(run.status == 1)
        #expect(run.stderr == line + "\n")
        #expect(run.stdout.contains("\"error"), "the body is printed on stdout")
    }

    @Test("A 502 with an HTML body exits 1 with error: server (status 502) and the page's title")
    func badGateway() throws {
        let html =
            "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\n"
            + "<center><h1>502 Bad Gateway</h1></center>\n" + String(repeating: "<!-- padding -->\n", count: 20)
            + "</body>\n</html>\n"
        let bin = try HTTPBin(extraRoutes: [
            "/me": { _ in .full(status: 502, headers: ["Content-Type": "text/html"], body: Data(html.utf8)) }
        ])
        defer { bin.stop() }
        let run = try CLIRunner.run(["get", "me", "--base-url", bin.baseURL])
        #expect(run.status == 1)
        #expect(run.stderr == "error: server (status 502): 502 Bad Gateway\n", "the page's title")
        #expect(run.stdout == html, "a body that is not JSON prints as text")
    }

    @Test("post to a server that closes the connection unanswered: sent once, one error line, exit 1")
    func postSentOnce() throws {
        let faults = try FaultServer()
        defer { faults.stop() }
        let run = try CLIRunner.run(["post", "me/feed", "-p", "message=once", "--base-url", faults.url("/vanish/")])
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("error: transport (connectionLost): "), "\(run.stderr)")
        #expect(run.stderr.filter { $0 == "\n" }.count == 1, "one line: \(run.stderr)")
        let arrivals = faults.arrivals(under: "/vanish/")
        #expect(arrivals.map(\.description) == ["POST /vanish/me/feed on #1.1"])
    }
}

/// A Graph error body: `{"error": {…}}` with `fields` after its `type` and `fbtrace_id`.
private func graphErrorBody(_ fields: String) -> String {
    #"{"error":{"type":"OAuthException","fbtrace_id":"AbC","# + fields + "}}"
}
