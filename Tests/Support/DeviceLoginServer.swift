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

    private let server: LoopbackHTTPServer
    private let state: LockedValue<(script: [Poll], polls: Int, requests: [HTTPServerRequest])>

    /// Starts the server; polls are answered from `script` in order (the last answer repeats).
    package init(script: [Poll], interval: Int = 5, expiresIn: Int = 420) throws {
        let state = LockedValue<(script: [Poll], polls: Int, requests: [HTTPServerRequest])>((script, 0, []))
        self.state = state
        server = try LoopbackHTTPServer { request in
            let form = FormEncoding.decode(String(decoding: request.body, as: UTF8.self))
            func value(_ name: String) -> String? { form.first { $0.name == name }?.value }
            state.withLock { $0.requests.append(request) }
            guard value("access_token") == "\(Self.appID)|\(Self.clientToken)" else {
                return Self.error(190, nil, "Invalid OAuth access token.", status: 400)
            }
            switch (
                request.method, request.path.hasSuffix("/device/login"), request.path.hasSuffix("/device/login_status")
            ) {
            case ("POST", true, _):
                return Self.json([
                    "code": Self.deviceCode, "user_code": "A1B2C3",
                    "verification_uri": "https://www.facebook.com/device",
                    "expires_in": expiresIn, "interval": interval,
                ])
            case ("POST", _, true):
                guard value("code") == Self.deviceCode else {
                    return Self.error(100, nil, "Invalid device code", status: 400)
                }
                let poll = state.withLock { state -> Poll in
                    defer { state.polls += 1 }
                    return state.script[min(state.polls, state.script.count - 1)]
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
