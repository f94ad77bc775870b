import FacebookGraph
import FacebookGraphReplay
import FacebookGraphTestSupport
import Foundation
import Testing

@testable import FacebookSDK

/// `Facebook.authorize(_:)` on Linux: Facebook Login for Devices when a client token is set.
@Suite("Legacy authorize through device login")
struct LegacyDeviceLoginTests {
    final class Presented: @unchecked Sendable {
        let lock = NSLock()
        var codes: [String] = []
    }

    /// A session delegate whose login outcome can be awaited without blocking a thread.
    final class Session: NSObject, FBSessionDelegate, @unchecked Sendable {
        let ended = AsyncEvent()
        private let lock = NSLock()
        private var recorded: [String] = []
        var names: [String] { lock.withLock { recorded } }

        private func add(_ name: String) {
            lock.withLock { recorded.append(name) }
            ended.signal()
        }

        func fbDidLogin() { add("fbDidLogin") }
        func fbDidNotLogin(_ cancelled: Bool) { add("fbDidNotLogin(\(cancelled))") }
    }

    static func facebook(_ server: DeviceLoginServer, session: Session) -> Facebook {
        let facebook = Facebook(appId: DeviceLoginServer.appID, andDelegate: session)
        facebook.graphBaseURL = server.graphBaseURL
        facebook.callbackQueue = DispatchQueue(label: "legacy.device-login")
        facebook.clientToken = DeviceLoginServer.clientToken
        facebook.deviceLoginTimeScale = min(0.01 * testTimeoutScale, 1)  // the 5 s floor: 50 ms, scaled
        return facebook
    }

    @Test("With a client token, authorize shows the code, polls, sets the token and calls fbDidLogin")
    @available(*, deprecated, message: "calls the deprecated authorize(_:)")
    func approved() async throws {
        let server = try DeviceLoginServer(
            script: [.pending, .approved("EAAdeviceToken42")], interval: 0, expiresIn: 1800)
        let session = Session()
        let facebook = Self.facebook(server, session: session)
        let presented = Presented()
        facebook.deviceLoginPresenter = { code in presented.lock.withLock { presented.codes.append(code.userCode) } }
        facebook.authorize(["public_profile"])
        #expect(await session.ended.wait())
        #expect(session.names == ["fbDidLogin"])
        let state = facebook.callbackQueue.sync {
            (facebook.accessToken, facebook.expirationDate, facebook.isSessionValid())
        }
        #expect(state.0 == "EAAdeviceToken42")
        #expect(state.1 != nil && state.2)
        #expect(presented.lock.withLock { presented.codes } == ["A1B2C3"])
        let form = FormEncoding.decode(String(decoding: try #require(server.requests.first).body, as: UTF8.self))
        #expect(form.first { $0.name == "scope" }?.value == "public_profile")
        #expect(server.polls == 2)
    }

    @Test("A declined or expired device login reports fbDidNotLogin(false) and leaves the session empty")
    @available(*, deprecated, message: "calls the deprecated authorize(_:)")
    func declined() async throws {
        for script in [[DeviceLoginServer.Poll.denied], [.pending, .expired]] {
            let server = try DeviceLoginServer(script: script, interval: 0)
            let session = Session()
            let facebook = Self.facebook(server, session: session)
            facebook.deviceLoginPresenter = { _ in }
            facebook.authorize([])
            #expect(await session.ended.wait())
            #expect(session.names == ["fbDidNotLogin(false)"])
            #expect(facebook.callbackQueue.sync { facebook.accessToken } == nil)
        }
    }

    @Test(
        "What the legacy layer logs on standard error is inert: a server's code, URL or error text drives no terminal")
    func logLinesAreInert() {
        // The default presenter logs the server's verification URI and user code through LegacyLog.
        let code = "\u{1B}]0;PWNED\u{7}AB12"
        let uri = "https://example.com/\u{1B}[2J\u{9B}device\u{202E}"
        #expect(
            LegacyLog.line("to log in, open \(uri) and enter the code \(code)")
                == "FacebookSDK: to log in, open https://example.com/^[[2J<U+009B>device<U+202E> and enter the code "
                + "^[]0;PWNED^GAB12\n")
        #expect(LegacyLog.line("two\nlines") == "FacebookSDK: two\nlines\n")
    }

    @Test("Without a client token, authorize keeps reporting that login is unavailable")
    @available(*, deprecated, message: "calls the deprecated authorize(_:)")
    func noClientToken() async throws {
        let server = try DeviceLoginServer(script: [.approved("x")], interval: 0)
        let session = Session()
        let facebook = Self.facebook(server, session: session)
        facebook.clientToken = nil
        facebook.authorize([])
        #expect(await session.ended.wait())
        #expect(session.names == ["fbDidNotLogin(false)"])
        #expect(server.requests.isEmpty)
    }
}
