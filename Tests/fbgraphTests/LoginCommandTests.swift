import FacebookGraph
import FacebookGraphReplay
import FacebookGraphTestSupport
import FacebookGraphTestTraits
import Foundation
import Testing

/// `fbgraph login` / `logout` against a loopback stand-in of the device-login endpoints.
@Suite("fbgraph login and logout", .onOwnThread)
struct LoginCommandTests {
    @Test("login shows the code, waits, saves the token 0600; later --base-url calls use it; logout removes it")
    func loginThenUseThenLogout() throws {
        let server = try DeviceLoginServer(script: [.pending, .approved("EAAloggedInToken77")], interval: 0)
        let config = try TestFiles.directory()
        let environment = ["XDG_CONFIG_HOME": config.path, "FBGRAPH_TEST_TIME_SCALE": "0.01"]
        let login = try CLIRunner.run(
            [
                "login", "--app-id", DeviceLoginServer.appID, "--client-token", DeviceLoginServer.clientToken,
                "--scope", "public_profile", "--base-url", server.graphBaseURL,
            ],
            environment: environment)
        #expect(login.status == 0, "stderr: \(login.stderr)")
        #expect(login.stdout == "To log in, open https://www.facebook.com/device and enter the code A1B2C3\n")
        #expect(login.stderr.contains("waiting for approval"))
        #expect(login.stderr.contains("logged in: token EAAl…77 saved to"))
        #expect(!login.stdout.contains("EAAloggedInToken77") && !login.stderr.contains("EAAloggedInToken77"))
        let file = config.appendingPathComponent("fbgraph/token")
        #expect(try String(contentsOf: file, encoding: .utf8) == "EAAloggedInToken77\n")
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let folder = try FileManager.default.attributesOfItem(atPath: file.deletingLastPathComponent().path)
        #expect((folder[.posixPermissions] as? Int) == 0o700)

        // What the server received, seen server-side: the CLI prints an echoed token as <redacted>.
        let received = LockedValue<String?>(nil)
        let bin = try HTTPBin(extraRoutes: [
            "/get": { request in
                received.withLock { $0 = request.queryItems.first { $0.name == "access_token" }?.value }
                return HTTPBin.json(HTTPBin.echo(request, includingBody: false))
            }
        ])
        defer { bin.stop() }
        let get = try CLIRunner.run(["get", "get", "--base-url", bin.baseURL], environment: environment)
        #expect(get.status == 0, "stderr: \(get.stderr)")
        #expect(received.withLock { $0 } == "EAAloggedInToken77", "the saved token is sent")
        #expect(get.stdout.contains(#""access_token":"<redacted>""#), "the echo does not print it back")

        let logout = try CLIRunner.run(["logout"], environment: environment)
        #expect(logout.status == 0)
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(try CLIRunner.run(["logout"], environment: environment).stderr == "not logged in\n")
    }

    @Test("A declined login exits 1 with one line and saves nothing")
    func declined() throws {
        let server = try DeviceLoginServer(script: [.denied], interval: 0)
        let config = try TestFiles.directory()
        let run = try CLIRunner.run(
            [
                "login", "--app-id", DeviceLoginServer.appID, "--client-token", DeviceLoginServer.clientToken,
                "--base-url", server.graphBaseURL,
            ],
            environment: ["XDG_CONFIG_HOME": config.path, "FBGRAPH_TEST_TIME_SCALE": "0.01"])
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("error: permission"))
        #expect(!FileManager.default.fileExists(atPath: config.appendingPathComponent("fbgraph/token").path))
    }

    @Test("A saved token file others may read is refused: the command fails naming it and sends nothing")
    func readableTokenRefused() throws {
        let config = try TestFiles.directory()
        let file = config.appendingPathComponent("fbgraph/token")
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("EAAreadableToken55\n".utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
        let requests = LockedValue(0)
        let bin = try HTTPBin(extraRoutes: [
            "/get": { request in
                requests.withLock { $0 += 1 }
                return HTTPBin.json(HTTPBin.echo(request, includingBody: false))
            }
        ])
        defer { bin.stop() }
        let run = try CLIRunner.run(
            ["get", "get", "--base-url", bin.baseURL], environment: ["XDG_CONFIG_HOME": config.path])
        #expect(run.status == 1)
        #expect(run.stderr.contains("lets group or others read or change it"), "stderr: \(run.stderr)")
        #expect(!run.stderr.contains("EAAreadableToken55"))
        #expect(requests.withLock { $0 } == 0)
    }

    @Test("login without an app id or client token is a usage error naming it")
    func usage() throws {
        let noApp = try CLIRunner.run(["login", "--client-token", "x"])
        #expect(noApp.status == 64)
        #expect(noApp.stderr.contains("--app-id"))
        let noClient = try CLIRunner.run(["login", "--app-id", "1"])
        #expect(noClient.status == 64)
        #expect(noClient.stderr.contains("--client-token"))
    }
}
