import FacebookGraph
import FacebookGraphReplay
import Foundation

/// A loopback stand-in of Facebook Login for Devices (`device/login`, `device/login_status`) that
/// answers the polls from a script, so tests can walk every path: approval after some pending polls,
/// `slow_down`, expiry, denial.
package final class DeviceLoginServer: Sendable {
    /// One answer to a poll.
    package enum Poll: Sendable {
        /// `authorization_pending` (code 31, subcode 1349174).
        case pending
        /// `slow_down` (code 17, subcode 1349172).
        case slowDown
        /// The code expired (code 463, subcode 1349152).
        case expired
        /// The user declined (`{"error": "access_denied"}`).
        case denied
        /// Approved: the access token.
        case approved(String)
    }

    /// The app id and client token the server accepts.
    package static let appID = "1234567890"
    package static let clientToken = "c1i3nt70k3n"
    /// The device code it hands out.
    package static let deviceCode = "DEVICE-CODE-SECRET"

    /// The id `GET me?fields=id` answers for a token the server approved.
    package static let ownerID = "100004242"

    private struct State {
        var script: [Poll]
        var polls = 0
        var pollTimes: [ContinuousClock.Instant] = []
        var requests: [HTTPServerRequest] = []
        var approved: Set<String> = []
    }

    private let server: LoopbackHTTPServer
    private let state: LockedValue<State>

    /// Starts the server; polls are answered from `script` in order (the last answer repeats).
    /// `interval` and `expiresIn` are sent as given (`interval` nil: left out); `userCode` and
    /// `verificationURI` are what `device/login` answers. A token it approved can ask `me?fields=id`
    /// (``ownerID``).
    ///
    /// `expiresIn` defaults to 1800 s, the longest lifetime a client keeps: a test that is not about
    /// the code's expiry must not see it, and at the tests' fast clocks (10 ms a second) 420 s was
    /// 4.2 s, which a loaded run can spend before its polls are done. A test about expiry passes its own.
    package init(
        script: [Poll], interval: Double? = 5, expiresIn: Double = 1800, userCode: String = "A1B2C3",
        verificationURI: String = "https://www.facebook.com/device"
    ) throws {
        let state = LockedValue(State(script: script))
        self.state = state
        server = try LoopbackHTTPServer { request in
            let form = FormEncoding.decode(String(decoding: request.body, as: UTF8.self))
            func value(_ name: String) -> String? { form.first { $0.name == name }?.value }
            state.withLock { $0.requests.append(request) }
            if request.method == "GET", request.path.hasSuffix("/me") {
                let token = request.queryItems.first { $0.name == "access_token" }?.value ?? ""
                guard state.withLock({ $0.approved.contains(token) }) else {
                    return Self.error(190, nil, "Invalid OAuth access token.", status: 400)
                }
                return Self.json(["id": Self.ownerID])
            }
            guard value("access_token") == "\(Self.appID)|\(Self.clientToken)" else {
                return Self.error(190, nil, "Invalid OAuth access token.", status: 400)
            }
            switch (
                request.method, request.path.hasSuffix("/device/login"), request.path.hasSuffix("/device/login_status")
            ) {
            case ("POST", true, _):
                var answer: [String: Any] = [
                    "code": Self.deviceCode, "user_code": userCode, "verification_uri": verificationURI,
                    "expires_in": expiresIn,
                ]
                if let interval { answer["interval"] = interval }
                return Self.json(answer)
            case ("POST", _, true):
                guard value("code") == Self.deviceCode else {
                    return Self.error(100, nil, "Invalid device code", status: 400)
                }
                let poll = state.withLock { state -> Poll in
                    defer {
                        state.polls += 1
                        state.pollTimes.append(.now)
                    }
                    let poll = state.script[min(state.polls, state.script.count - 1)]
                    if case .approved(let token) = poll { state.approved.insert(token) }
                    return poll
                }
                switch poll {
                case .pending:
                    return Self.error(
                        31, 1_349_174, "This request requires the user to take a pending action", status: 400)
                case .slowDown:
                    return Self.error(17, 1_349_172, "User request limit reached", status: 400)
                case .expired:
                    return Self.error(463, 1_349_152, "The session has expired", status: 400)
                case .denied:
                    return .full(
                        status: 400, headers: ["Content-Type": "application/json"],
                        body: Data(#"{"error":"access_denied","error_description":"The user denied the request"}"#.utf8)
                    )
                case .approved(let token):
                    return Self.json([
                        "access_token": token, "expires_in": 5_183_944, "data_access_expiration_time": 1_900_000_000,
                    ])
                }
            default:
                return Self.error(2500, nil, "Unknown path components", status: 404)
            }
        }
    }

    deinit { server.stop() }

    /// `http://127.0.0.1:PORT/`.
    package var graphBaseURL: String { server.baseURL + "/" }
    /// How many polls it has answered.
    package var polls: Int { state.withLock { $0.polls } }
    /// The time between each poll and the one before it, as the server received them.
    package var pollGaps: [Duration] {
        state.withLock { state in zip(state.pollTimes, state.pollTimes.dropFirst()).map { $0.duration(to: $1) } }
    }
    /// Every request it received.
    package var requests: [HTTPServerRequest] { state.withLock { $0.requests } }

    /// Stops the server.
    package func stop() { server.stop() }

    private static func json(_ object: [String: Any]) -> HTTPServerResponse {
        let body = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return .full(status: 200, headers: ["Content-Type": "application/json"], body: body)
    }

    private static func error(_ code: Int, _ subcode: Int?, _ message: String, status: Int) -> HTTPServerResponse {
        var error: [String: Any] = ["message": message, "type": "OAuthException", "code": code]
        if let subcode { error["error_subcode"] = subcode }
        let body = (try? JSONSerialization.data(withJSONObject: ["error": error], options: [.sortedKeys])) ?? Data()
        return .full(status: status, headers: ["Content-Type": "application/json"], body: body)
    }
}
