import FacebookGraph
import Foundation

/// What replay answers for the entry that matched a request: the one decision the in-process
/// transport and the replay server share, so both play an entry alike.
///
/// | recorded | answer |
/// |---|---|
/// | a status from 200 to 999 | the recorded status, header fields and body; no body to a `HEAD` request or for a 204 or 304, which have none on the wire |
/// | status 0: a request that failed without a response (Chrome writes it with `_error`, e.g. `net::ERR_INTERNET_DISCONNECTED`) | 502 Bad Gateway — what a proxy answers when its upstream failed — whose JSON body names the entry and the recorded error (`CassetteRecordedFailure`) |
/// | 1xx (a `101 Switching Protocols` to a WebSocket) or a number that is no HTTP status | refused: in process a `noRecordedResponse` error, over `replay serve` a 501 (`CassetteUnplayable`); a client would otherwise wait forever for a protocol replay cannot speak |
package enum ReplayAnswer: Sendable, Equatable {
    /// Answer with this status, these header fields (as recorded) and this body.
    case response(status: Int, headers: [HARNameValue], body: Data)
    /// The entry cannot be played; the message says why.
    case refusal(String)

    /// The answer of `entry`, the `index`th of its cassette, to a request with `method`.
    package init(entry: HAREntry, index: Int, method: String) {
        let response = entry.response
        switch response.status {
        case 0:
            let recorded =
                response.error.map { "the recorded error is \(SecretFreeText.text($0))" }
                ?? "no error text was recorded"
            let message = "entry \(index) recorded a request that failed without a response (status 0; \(recorded))"
            self = .response(
                status: 502,
                headers: [HARNameValue(name: "Content-Type", value: "application/json; charset=UTF-8")],
                body: Self.errorBody(type: "CassetteRecordedFailure", message: message, index: index)
            )
        case 101:
            self = .refusal(
                "entry \(index) recorded 101 Switching Protocols (a WebSocket or another upgrade); "
                    + "replay plays HTTP exchanges only")
        case 100..<200:
            self = .refusal(
                "entry \(index) recorded the interim status \(response.status), not a final response; replay cannot play it"
            )
        case 200...999:
            let bodiless = method.uppercased() == "HEAD" || response.status == 204 || response.status == 304
            self = .response(
                status: response.status, headers: response.headers, body: bodiless ? Data() : response.content.body)
        default:
            self = .refusal(
                "entry \(index) recorded \(response.status), which is no HTTP status; replay cannot play it")
        }
    }

    /// `{"error":{"type":…,"message":…,"entry":N}}`.
    package static func errorBody(type: String, message: String, index: Int) -> Data {
        let object: [String: Any] = ["error": ["type": type, "message": message, "entry": index] as [String: Any]]
        return
            (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]))
            ?? Data()
    }
}
