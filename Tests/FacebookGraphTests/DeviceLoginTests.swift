import FacebookGraph
import FacebookGraphReplay
import FacebookGraphTestSupport
import FacebookGraphTestTraits
import Foundation
import Testing

/// Facebook Login for Devices against a loopback stand-in of its endpoints.
@Suite("Device login")
struct DeviceLoginTests {
    static func client(_ server: DeviceLoginServer, version: String? = "v19.0") -> GraphClient {
        var configuration = GraphConfiguration()
        configuration.graphBaseURL = server.graphBaseURL
        configuration.version = version
        configuration.appID = DeviceLoginServer.appID
        configuration.clientToken = DeviceLoginServer.clientToken
        configuration.retryPolicy = .never
        return GraphClient(configuration: configuration)
    }

    /// Records the waits instead of waiting.
    final class Waits: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [Duration] = []
        var all: [Duration] { lock.withLock { list } }
        func record(_ duration: Duration) { lock.withLock { list.append(duration) } }
    }

    @Test("A code is requested with the client token; pending and slow_down polls end in the token")
    func approved() async throws {
        let server = try DeviceLoginServer(
            script: [.pending, .slowDown, .pending, .approved("EAAuserToken123")], expiresIn: 420)
        let client = Self.client(server)
        let code = try await client.startDeviceLogin(permissions: ["public_profile", "user_friends"])
        #expect(code.userCode == "A1B2C3")
        #expect(code.verificationURI == "https://www.facebook.com/device")
        #expect(code.interval == .seconds(5))
        #expect(code.expiresIn == .seconds(420))
        let waits = Waits()
        let seen = LockedValue<[DeviceLoginProgress]>([])
        let token = try await client.finishDeviceLogin(code, progress: { p in seen.withLock { $0.append(p) } }) {
            duration throws(GraphError) in waits.record(duration)
        }
        #expect(token.accessToken == "EAAuserToken123")
        #expect(token.expiresIn == .seconds(5_183_944))
        #expect(token.dataAccessExpiration == Date(timeIntervalSince1970: 1_900_000_000))
        #expect(waits.all == [.seconds(5), .seconds(10), .seconds(10)], "slow_down adds 5 s")
        #expect(
            seen.withLock { $0 } == [
                .pending(interval: .seconds(5)), .slowedDown(interval: .seconds(10)), .pending(interval: .seconds(10)),
            ])
        #expect(server.polls == 4)
        let first = try #require(server.requests.first)
        #expect(first.path == "/v19.0/device/login")
        let form = FormEncoding.decode(String(decoding: first.body, as: UTF8.self))
        #expect(form.first { $0.name == "scope" }?.value == "public_profile,user_friends")
        #expect(server.requests.dropFirst().allSatisfy { $0.path == "/v19.0/device/login_status" })
    }

    @Test("An expired code and a declined login end the polling with their categories")
    func expiredAndDenied() async throws {
        for (script, category) in [
            ([DeviceLoginServer.Poll.pending, .expired], GraphErrorCategory.tokenExpired), ([.denied], .permission),
        ] {
            let server = try DeviceLoginServer(script: script)
            let client = Self.client(server)
            let code = try await client.startDeviceLogin()
            await #expect {
                _ = try await client.finishDeviceLogin(code, progress: { _ in }) { _ throws(GraphError) in }
            } throws: { ($0 as? GraphError)?.category == category }
        }
    }

    @Test("The code's own expiry stops the polling without asking the server again")
    func localExpiry() async throws {
        let server = try DeviceLoginServer(script: [.pending], interval: 5, expiresIn: 12)
        let client = Self.client(server)
        let code = try await client.startDeviceLogin()
        await #expect {
            _ = try await client.finishDeviceLogin(code, progress: { _ in }) { _ throws(GraphError) in }
        } throws: { ($0 as? GraphError)?.category == .tokenExpired }
        #expect(server.polls == 3, "polls at 0, 5 and 10 s; the next wait would pass 12 s")
    }

    @Test("Without an app id and client token the flow refuses to start, before any request")
    func missingClientToken() async throws {
        let server = try DeviceLoginServer(script: [.pending])
        var configuration = GraphConfiguration()
        configuration.graphBaseURL = server.graphBaseURL
        await #expect {
            _ = try await GraphClient(configuration: configuration).startDeviceLogin()
        } throws: { ($0 as? GraphError)?.category == .invalidRequest }
        #expect(server.requests.isEmpty)
    }

    @Test("Cancelling the task stops a real wait with a cancellation")
    func cancel() async throws {
        let server = try DeviceLoginServer(script: [.pending], interval: 600, expiresIn: 3600)
        let client = Self.client(server)
        let code = try await client.startDeviceLogin()
        let polled = AsyncEvent()
        // The task runs on a thread of its own: on the cooperative pool, blocking suites could delay
        // its start and its resume past the test's bounded waits.
        let task = Task(executorPreference: OwnThreadExecutor.shared) {
            try await client.finishDeviceLogin(code, progress: { _ in polled.signal() })
        }
        #expect(await polled.wait())
        task.cancel()
        let result = await task.result
        guard case .failure(let error as GraphError) = result else {
            Issue.record("expected a GraphError, got \(result)")
            return
        }
        #expect(error.isCancellation)
    }

    @Test(
        "The server's interval and lifetime are kept within bounds: no hot loop, no endless polling",
        arguments: [
            (nil, 420, 5, 420), (0, 420, 5, 420), (-3, 420, 5, 420), (0.2, 420, 5, 420), (2, 420, 2, 420),
            (1e9, 420, 60, 420), (5, 0, 5, 420), (5, -1, 5, 420), (5, 1e12, 5, 1800),
        ] as [(Double?, Double, Int64, Int64)])
    func bounds(interval: Double?, expiresIn: Double, usedInterval: Int64, usedExpiry: Int64) async throws {
        let server = try DeviceLoginServer(script: [.pending], interval: interval, expiresIn: expiresIn)
        let code = try await Self.client(server).startDeviceLogin()
        #expect(code.interval == .seconds(usedInterval))
        #expect(code.expiresIn == .seconds(usedExpiry))
    }

    @Test(
        "A verification URI that is not http or https is refused before anyone is told to open it",
        arguments: ["javascript:alert(1)", "file:///etc/passwd", "", "https://", "www.facebook.com/device"])
    func verificationURI(uri: String) async throws {
        let server = try DeviceLoginServer(script: [.pending], verificationURI: uri)
        await #expect {
            _ = try await Self.client(server).startDeviceLogin()
        } throws: { error in
            let error = error as? GraphError
            return error?.category == .decoding && error?.message.contains("verification_uri") == true
        }
    }

    /// A client whose device-login seconds last 10 ms (more under a timeout scale).
    static func fastClient(_ server: DeviceLoginServer) -> GraphClient {
        var configuration = client(server).configuration
        configuration.deviceLoginTimeScale = min(0.01 * testTimeoutScale, 1)
        return GraphClient(configuration: configuration)
    }

    @Test("An interval of 0 polls at the 5 s floor, and slow_down adds 5 s: the spacing the server saw")
    func floorAndSlowDownOnTheWire() async throws {
        let server = try DeviceLoginServer(
            script: [.pending, .slowDown, .pending, .approved("EAAfloorToken1")], interval: 0,
            // The longest lifetime the client keeps (18 s at this scale): this test is about spacing,
            // and a loaded run once took longer than 420 of the flow's seconds (4.2 s) for four polls.
            expiresIn: 1800)
        let client = Self.fastClient(server)
        let code = try await client.startDeviceLogin()
        let token = try await client.finishDeviceLogin(code)
        #expect(token.accessToken == "EAAfloorToken1")
        #expect(server.polls == 4)
        let gaps = server.pollGaps.map { Double($0.components.attoseconds) / 1e18 + Double($0.components.seconds) }
        // Each of the flow's seconds lasts `scale`: the gaps are at least 5, 10 and 10 of them (a gap
        // also holds a request's time).
        let scale = min(0.01 * testTimeoutScale, 1)
        #expect(gaps.count == 3)
        #expect(
            gaps.count == 3 && gaps[0] >= 5 * scale && gaps[1] >= 10 * scale && gaps[2] >= 10 * scale, "gaps: \(gaps)")
    }

    @Test("Polling stops at expires_in on the real clock with a clear error, after the polls that fit")
    func expiryOnTheWire() async throws {
        // 14 s: room for the requests' own time (up to 4 s of the flow's) before the third poll.
        let server = try DeviceLoginServer(script: [.pending], interval: 0, expiresIn: 14)
        let client = Self.fastClient(server)
        let code = try await client.startDeviceLogin()
        await #expect {
            _ = try await client.finishDeviceLogin(code)
        } throws: { error in
            let error = error as? GraphError
            return error?.category == .tokenExpired && error?.message.contains("expired") == true
        }
        // Polls at 0, 5 and 10 s (the floor); the next wait would pass 14 s. The flow's seconds are
        // milliseconds here, so on a loaded machine slow requests may leave room for fewer (the first
        // poll alone may outlast the code); a hot loop would make hundreds.
        #expect((1...3).contains(server.polls), "\(server.polls) polls")
    }
}
