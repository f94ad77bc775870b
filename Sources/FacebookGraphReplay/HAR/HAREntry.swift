import Foundation

/// One recorded exchange (`log.entries[]`).
public struct HAREntry: Codable, Sendable, Equatable {
    /// How an entry may be replayed.
    public enum Playback: String, Codable, Sendable {
        /// Answers every matching request (the default).
        case repeatable
        /// Answers one matching request, in file order among its matches (a paging chain, a value
        /// that changes between calls).
        case once
    }

    /// When the request started (ISO 8601).
    public var startedDateTime: String
    /// Total milliseconds.
    public var time: Double
    /// The request.
    public var request: HARRequest
    /// The response.
    public var response: HARResponse
    /// Phase durations in milliseconds (`send`, `wait`, `receive` are required by HAR 1.2).
    public var timings: HARTimings
    /// `_playback`: how this entry replays.
    public var playback: Playback
    /// `_graphAPIVersion`: the `facebook-api-version` response header, when the server sent one.
    public var graphAPIVersion: String?
    /// `cache`, which HAR 1.2 requires: written empty, never read.
    private var cache: [String: String] = [:]

    /// An entry.
    public init(
        startedDateTime: String,
        time: Double = 0,
        request: HARRequest,
        response: HARResponse,
        timings: HARTimings = HARTimings(),
        playback: Playback = .repeatable,
        graphAPIVersion: String? = nil
    ) {
        self.startedDateTime = startedDateTime
        self.time = time
        self.request = request
        self.response = response
        self.timings = timings
        self.playback = playback
        self.graphAPIVersion = graphAPIVersion
    }

    enum CodingKeys: String, CodingKey {
        case startedDateTime, time, request, response, timings, cache
        case playback = "_playback"
        case graphAPIVersion = "_graphAPIVersion"
    }

    /// Decodes the value leniently: fields other tools omit get their defaults.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        startedDateTime = try container.decodeIfPresent(String.self, forKey: .startedDateTime) ?? ""
        time = try container.decodeIfPresent(Double.self, forKey: .time) ?? 0
        request = try container.decode(HARRequest.self, forKey: .request)
        response = try container.decode(HARResponse.self, forKey: .response)
        timings = try container.decodeIfPresent(HARTimings.self, forKey: .timings) ?? HARTimings()
        playback = try container.decodeIfPresent(Playback.self, forKey: .playback) ?? .repeatable
        graphAPIVersion = try container.decodeIfPresent(String.self, forKey: .graphAPIVersion)
    }
}

/// Phase durations in milliseconds.
public struct HARTimings: Codable, Sendable, Equatable {
    /// Sending the request.
    public var send: Double
    /// Waiting for the first byte.
    public var wait: Double
    /// Receiving the response.
    public var receive: Double

    /// Timings; zero by default.
    public init(send: Double = 0, wait: Double = 0, receive: Double = 0) {
        self.send = send
        self.wait = wait
        self.receive = receive
    }

    /// Decodes the value leniently: fields other tools omit get their defaults.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        send = try container.decodeIfPresent(Double.self, forKey: .send) ?? 0
        wait = try container.decodeIfPresent(Double.self, forKey: .wait) ?? 0
        receive = try container.decodeIfPresent(Double.self, forKey: .receive) ?? 0
    }
}
