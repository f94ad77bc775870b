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
/// The server's `interval` and `expires_in` are kept within bounds — an interval that is missing,
/// below 1 s (an `"interval": 0` would poll in a hot loop) or not a number is RFC 8628's 5 s, one
/// above 60 s is 60 s, a lifetime above 30 minutes is 30 minutes — and a `verification_uri` that is
/// not an `http` or `https` URL is refused before the user sees it.
public struct DeviceLoginCode: Sendable, Hashable {
    /// The code the client polls with (secret: never shown to the user).
    public var code: String
    /// The short code the user types at ``verificationURI``.
    public var userCode: String
    /// Where the user goes (`https://www.facebook.com/device`).
    public var verificationURI: String
    /// How long the code is valid (the server's `expires_in`, at most 30 minutes).
    public var expiresIn: Duration
    /// How long to wait between polls (the server's `interval` within 1–60 s, else 5 s).
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
        guard let uri = URLComponents(string: answer.verification_uri),
            ["http", "https"].contains(uri.scheme?.lowercased() ?? ""), uri.host?.isEmpty == false
        else {
            throw GraphError(
                decoding: "device/login answered a verification_uri that is not an http or https URL",
                status: response.status, body: response.body)
        }
        return DeviceLoginCode(
            code: answer.code,
            userCode: answer.user_code,
            verificationURI: answer.verification_uri,
            expiresIn: DeviceLoginPacing.expiry(fromServer: answer.expires_in),
            interval: DeviceLoginPacing.interval(fromServer: answer.interval)
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
        try await finishDeviceLogin(
            code, progress: progress, clock: .real(scale: configuration.deviceLoginTimeScale))
    }

    /// ``finishDeviceLogin(_:progress:)`` on a virtual clock: the waits are reported to `sleep` (tests
    /// pass one that does not wait), and the code's expiry is counted in the time `sleep` was asked for.
    package func finishDeviceLogin(
        _ code: DeviceLoginCode,
        progress: @Sendable (DeviceLoginProgress) -> Void,
        sleep: @escaping @Sendable (Duration) async throws(GraphError) -> Void
    ) async throws(GraphError) -> DeviceLoginToken {
        try await finishDeviceLogin(code, progress: progress, clock: .virtual(sleep))
    }

    /// Polls on `clock` (``DeviceLoginPacing``'s rule: the code's interval, `slow_down`, the expiry).
    package func finishDeviceLogin(
        _ code: DeviceLoginCode,
        progress: @Sendable (DeviceLoginProgress) -> Void,
        clock: DeviceLoginClock
    ) async throws(GraphError) -> DeviceLoginToken {
        let token = try appClientToken()
        // A code made by hand (not by startDeviceLogin) gets the same bounds.
        var interval =
            code.interval < DeviceLoginPacing.minimumInterval ? DeviceLoginPacing.defaultInterval : code.interval
        let expiresIn = min(code.expiresIn, DeviceLoginPacing.maximumExpiry)
        let start = clock.now()
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
                interval += DeviceLoginPacing.slowDownStep
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
            guard clock.now() - start + interval <= expiresIn else {
                throw GraphError(
                    shape: .transport,
                    message:
                        "the device code expired before the user approved it (it was valid for \(expiresIn.components.seconds) s)",
                    httpStatus: nil,
                    category: .tokenExpired
                )
            }
            try await clock.sleep(interval)
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
            expiresIn: answer.expires_in.flatMap { $0 > 0 ? DeviceLoginPacing.duration(seconds: $0) : nil },
            dataAccessExpiration: answer.data_access_expiration_time.map { Date(timeIntervalSince1970: $0) }
        )
    }
}
