/// Everything a ``GraphClient`` needs to know once: where the APIs are, which version, whose app,
/// which credentials, how long to wait and how to retry.
///
/// ```swift
/// var configuration = GraphConfiguration(accessToken: token)
/// configuration.version = "v19.0"
/// configuration.appSecret = secret          // adds appsecret_proof to every call
/// let client = GraphClient(configuration: configuration)
/// ```
public struct GraphConfiguration: Sendable {
    /// The real Graph API.
    public static let defaultGraphBaseURL = "https://graph.facebook.com/"
    /// The legacy REST API (gone from today's platform; kept for recordings and bridges).
    public static let defaultRESTBaseURL = "https://api.facebook.com/"
    /// Where video uploads go (graph-wire-facts §A.0.1).
    public static let defaultVideoBaseURL = "https://graph-video.facebook.com/"

    /// The Graph API base URL, a `String` (not a `URL`): `"https://graph.facebook.com/"`, or a
    /// stand-in's such as `"http://127.0.0.1:8080/"`; a missing final `/` is added. The legacy
    /// layer's `FB_GRAPH_BASE_URL` is not read here.
    public var graphBaseURL: String = GraphConfiguration.defaultGraphBaseURL
    /// The REST API base URL, ending in `/` (`method/<name>` is appended).
    public var restBaseURL: String = GraphConfiguration.defaultRESTBaseURL
    /// The base URL of video uploads: a POST to a path ending in `videos` (`me/videos`,
    /// `<page>/videos`) goes there while ``graphBaseURL`` is the real Graph API's; with another
    /// ``graphBaseURL`` (a loopback server, a proxy) every call stays on it. Nil sends videos to
    /// ``graphBaseURL`` too.
    public var videoBaseURL: String? = GraphConfiguration.defaultVideoBaseURL
    /// The API version prefixed to Graph paths (`v19.0`), or nil for none (the server's default).
    public var version: String?
    /// The app's id.
    public var appID: String?
    /// The app secret. When set, every request with a token carries `appsecret_proof`. Keep it on
    /// servers: a client app must never hold it.
    public var appSecret: String?
    /// Send the time-bound `appsecret_proof` variant with `appsecret_time` (restfb, Workplace).
    public var usesTimeBoundAppSecretProof = false
    /// The app's client token: with ``appID``, `appID|clientToken` is the token of calls that have
    /// no other.
    public var clientToken: String?
    /// The access token of calls that do not carry their own.
    public var accessToken: String?
    /// How long connecting may take.
    public var connectTimeout: Duration = .seconds(30)
    /// How long one attempt may take in all.
    public var timeout: Duration = .seconds(60)
    /// A PEM file of extra certificate authorities to trust, besides the system's (verification is
    /// never switched off).
    public var additionalCAFile: String?
    /// When and how failed requests are tried again.
    public var retryPolicy: RetryPolicy = .default
    /// Called with each step of every call — sent, responded, failed, retrying — on the transport's
    /// thread (keep it short). Nil (the default) reports nothing and costs nothing. Every
    /// ``GraphEvent`` is safe to log: its URL and error texts have their secrets redacted.
    public var eventHandler: (@Sendable (GraphEvent) -> Void)?
    /// How long one second of device login's waits lasts, in seconds: 1, or less in tests, so that
    /// the 5 s polling floor (``DeviceLoginPacing``) is kept in its shape but not in its length.
    package var deviceLoginTimeScale: Double = 1

    /// A configuration with the defaults, and optionally a token.
    public init(accessToken: String? = nil) {
        self.accessToken = accessToken
    }

    /// The token a request without its own uses: ``accessToken``, else `appID|clientToken`.
    var defaultToken: String? {
        if let accessToken, !accessToken.isEmpty { return accessToken }
        if let appID, let clientToken, !appID.isEmpty, !clientToken.isEmpty { return "\(appID)|\(clientToken)" }
        return nil
    }

    /// The transfer options of one attempt.
    var transferOptions: TransferOptions {
        var options = TransferOptions()
        options.connectTimeout = connectTimeout
        options.totalTimeout = timeout
        options.additionalCAFile = additionalCAFile
        return options
    }
}
