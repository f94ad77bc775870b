import FacebookGraph
import Foundation

/// The one Facebook Login for Devices flow of the legacy layer, over the core's device-code client:
/// v2's `Facebook.authorize(_:)` and v3.1's interactive `FBSession` open both run it, since Linux has
/// neither the Facebook app nor a web view.
///
/// It asks for a code, has `present` show it (on `queue`), polls until the user approves, declines
/// or the code expires, and calls `completion` once, on `queue`. Cancelling the returned task stops
/// the polling; `completion` then gets the cancellation.
struct LegacyDeviceLogin: Sendable {
    /// The app's id and client token (`appID|clientToken` is the device flow's credential).
    var appID: String
    var clientToken: String
    /// Where Graph is, and what carries the calls.
    var graphBaseURL: String
    var transport: GraphTransport
    /// How long one second of the flow's waits lasts (the core's `deviceLoginTimeScale`): 1, or less in
    /// tests.
    var timeScale: Double = 1

    /// What the presenters print by default: one line on standard error with the URL and the code.
    static func defaultPresenter(_ code: DeviceLoginCode) {
        LegacyLog.log("to log in, open \(code.verificationURI) and enter the code \(code.userCode)")
    }

    /// Runs the flow for `permissions` (`scope`).
    @discardableResult
    func start(
        permissions: [String],
        queue: DispatchQueue,
        present: @escaping (DeviceLoginCode) -> Void,
        completion: @escaping (Result<DeviceLoginToken, GraphError>) -> Void
    ) -> Task<Void, Never> {
        var configuration = GraphConfiguration()
        configuration.graphBaseURL = graphBaseURL
        configuration.appID = appID
        configuration.clientToken = clientToken
        configuration.retryPolicy = .never
        configuration.deviceLoginTimeScale = timeScale
        let client = GraphClient(configuration: configuration, transport: transport)
        let callbacks = Callbacks(present: present, completion: completion)
        return Task {
            let result: Result<DeviceLoginToken, GraphError>
            do throws(GraphError) {
                let code = try await client.startDeviceLogin(permissions: permissions)
                MainQueueWatchdog.shared.deliver(on: queue) { callbacks.present(code) }
                result = .success(try await client.finishDeviceLogin(code))
            } catch {
                LegacyLog.log("device login ended: \(error)")
                result = .failure(error)
            }
            MainQueueWatchdog.shared.deliver(on: queue) { callbacks.completion(result) }
        }
    }

    /// The callers' blocks, carried into the task; they run only on the callers' queue.
    private struct Callbacks: @unchecked Sendable {
        let present: (DeviceLoginCode) -> Void
        let completion: (Result<DeviceLoginToken, GraphError>) -> Void
    }
}

extension DeviceLoginToken {
    /// When the token expires, counted from now: `expires_in` seconds, or never when the server gave
    /// none (v2 and v3.1 wrote a token without expiry as `distantFuture`).
    var expirationDate: Date {
        expiresIn.map { Date(timeIntervalSinceNow: Double($0.components.seconds)) } ?? .distantFuture
    }
}
