import Foundation

/// Facebook Login for Devices — the device-code flow for CLI and server apps, which have no web view:
/// ask for a code, show the user a short code and a URL to open on another device, then poll until
/// they approve, decline, or the code expires.
///
/// ```swift
/// var configuration = GraphConfiguration()
/// configuration.appID = "1234"
/// configuration.clientToken = "abcd"        // App Dashboard → Settings → Advanced
/// let client = GraphClient(configuration: configuration)
/// let code = try await client.startDeviceLogin(permissions: ["public_profile"])
/// print("Open \(code.verificationURI) and enter \(code.userCode)")
/// let token = try await client.finishDeviceLogin(code)
/// ```
///
/// Both calls go to `device/login` and `device/login_status` with the app's client token
/// (`appID|clientToken`), never a user token. While polling, the server's answers mean:
///
/// | answer | what the client does |
/// |---|---|
/// | code 31, subcode 1349174 (`authorization_pending`) | waits ``DeviceLoginCode/interval`` and polls again |
/// | code 17, subcode 1349172 (`slow_down`) | adds 5 s to the interval (RFC 8628 §3.5) and polls again |
/// | code 463, subcode 1349152 (the code expired) | throws, category ``GraphErrorCategory/tokenExpired`` |
/// | `access_denied` / `authorization_declined` | throws, category ``GraphErrorCategory/permission`` |
/// | an access token | returns it |
///
/// The code's own `expires_in` bounds the polling as well: past it the client stops without asking.
public struct DeviceLoginCode: Sendable, Hashable {
    /// The code the client polls with (secret: never shown to the user).
    public var code: String
    /// The short code the user types at ``verificationURI``.
    public var userCode: String
    /// Where the user goes (`https://www.facebook.com/device`).
    public var verificationURI: String
    /// How long the code is valid.
    public var expiresIn: Duration
    /// How long to wait between polls.
    public var interval: Duration
}

/// The access token a device login produced.
public struct DeviceLoginToken: Sendable, Hashable {
    /// The user access token.
    public var accessToken: String
    /// When the token expires, if the server said (`expires_in`; 0 means it does not).
    public var expiresIn: Duration?
    /// When data access expires (`data_access_expiration_time`), if the server said.
    public var dataAccessExpiration: Date?
}

/// What the poller is waiting for, for a progress line.
public enum DeviceLoginProgress: Sendable, Hashable {
    /// The user has not approved yet; the next poll is after `interval`.
    case pending(interval: Duration)
    /// The server asked the client to poll less often; the interval is now `interval`.
    case slowedDown(interval: Duration)
}

extension GraphClient {
    /// Subcodes of the device flow.
    static let devicePendingSubcode = 1_349_174
    static let deviceSlowDownSubcode = 1_349_172
    static let deviceExpiredSubcode = 1_349_152

    /// Asks for a device code for `permissions` (`scope`).
    ///
    /// - Throws: ``GraphError``: ``GraphErrorCategory/invalidRequest`` when the configuration lacks
    ///   ``GraphConfiguration/appID`` or ``GraphConfiguration/clientToken``, or what the server said.
    public func startDeviceLogin(permissions: [String] = []) async throws(GraphError) -> DeviceLoginCode {
        let token = try appClientToken()
        var parameters: [String: String] = [:]
        if !permissions.isEmpty { parameters["scope"] = permissions.joined(separator: ",") }
        var request = GraphRequest(path: "device/login", method: .post, parameters: parameters)
        request.accessToken = token
        request.usesAppSecretProof = false
        let response = try await send(request)
        struct Answer: Decodable {
            var code: String
            var user_code: String
            var verification_uri: String
            var expires_in: Double?
            var interval: Double?
        }
        let answer = try response.decode(Answer.self)
        return DeviceLoginCode(
            code: answer.code,
            userCode: answer.user_code,
            verificationURI: answer.verification_uri,
            expiresIn: Self.duration(seconds: answer.expires_in ?? 420),
            interval: Self.duration(seconds: max(answer.interval ?? 5, 0))
        )
    }

    /// Polls until the user approves `code` (returns the token), declines, or the code expires.
    ///
    /// - Parameters:
    ///   - code: What ``startDeviceLogin(permissions:)`` returned.
    ///   - progress: Called before each wait, with what the client is waiting for.
    /// - Throws: ``GraphError`` (see ``DeviceLoginCode`` for the categories); cancelling the task stops
    ///   the polling with a cancellation.
    public func finishDeviceLogin(
        _ code: DeviceLoginCode,
        progress: @Sendable (DeviceLoginProgress) -> Void = { _ in }
    ) async throws(GraphError) -> DeviceLoginToken {
        try await finishDeviceLogin(code, progress: progress) { duration throws(GraphError) in
            do {
                try await Task.sleep(for: duration)
            } catch {
                throw GraphError(transport: TransportError(.cancelled, message: "device login cancelled", url: ""))
            }
        }
    }

    /// ``finishDeviceLogin(_:progress:)`` with the waits made by `sleep` (tests pass one that does not
    /// wait); the code's expiry is counted in the time `sleep` was asked for.
    package func finishDeviceLogin(
        _ code: DeviceLoginCode,
        progress: @Sendable (DeviceLoginProgress) -> Void,
        sleep: (Duration) async throws(GraphError) -> Void
    ) async throws(GraphError) -> DeviceLoginToken {
        let token = try appClientToken()
        var interval = code.interval
        var waited = Duration.zero
        while true {
            var request = GraphRequest(path: "device/login_status", method: .post, parameters: ["code": code.code])
            request.accessToken = token
            request.usesAppSecretProof = false
            request.isIdempotent = false
            do {
                let response = try await send(request)
                return try Self.deviceToken(from: response)
            } catch let error where error.subcode == Self.devicePendingSubcode {
                progress(.pending(interval: interval))
            } catch let error where error.subcode == Self.deviceSlowDownSubcode {
                interval += .seconds(5)
                progress(.slowedDown(interval: interval))
            } catch let error where error.subcode == Self.deviceExpiredSubcode {
                var expired = error
                expired.category = .tokenExpired
                throw expired
            } catch let error where ["access_denied", "authorization_declined"].contains(error.type ?? "") {
                var denied = error
                denied.category = .permission
                throw denied
            }
            guard waited + interval <= code.expiresIn else {
                throw GraphError(
                    shape: .transport,
                    message: "the device code expired before the user approved it",
                    httpStatus: nil,
                    category: .tokenExpired
                )
            }
            try await sleep(interval)
            waited += interval
        }
    }

    /// `appID|clientToken`, or an error naming what is missing.
    private func appClientToken() throws(GraphError) -> String {
        guard let appID = configuration.appID, !appID.isEmpty, let clientToken = configuration.clientToken,
            !clientToken.isEmpty
        else {
            throw GraphError(
                shape: .httpStatus,
                message: "device login needs the configuration's appID and clientToken",
                httpStatus: nil,
                category: .invalidRequest
            )
        }
        return "\(appID)|\(clientToken)"
    }

    private static func deviceToken(from response: GraphResponse) throws(GraphError) -> DeviceLoginToken {
        struct Answer: Decodable {
            var access_token: String
            var expires_in: Double?
            var data_access_expiration_time: Double?
        }
        let answer = try response.decode(Answer.self)
        return DeviceLoginToken(
            accessToken: answer.access_token,
            expiresIn: answer.expires_in.flatMap { $0 > 0 ? duration(seconds: $0) : nil },
            dataAccessExpiration: answer.data_access_expiration_time.map { Date(timeIntervalSince1970: $0) }
        )
    }

    private static func duration(seconds: Double) -> Duration {
        .milliseconds(Int64(min(max(seconds, 0), 86_400 * 365) * 1000))
    }
}
