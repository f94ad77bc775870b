import FacebookGraph
import FacebookGraphReplay
import FacebookGraphTestSupport
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
        let server = try DeviceLoginServer(script: [.pending, .slowDown, .pending, .approved("EAAuserToken123")])
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
        let task = Task { try await client.finishDeviceLogin(code, progress: { _ in polled.signal() }) }
        #expect(await polled.wait())
        task.cancel()
        let result = await task.result
        guard case .failure(let error as GraphError) = result else {
            Issue.record("expected a GraphError, got \(result)")
            return
        }
        #expect(error.isCancellation)
    }
}
