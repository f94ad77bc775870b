import Foundation

/// A request that no cassette entry answers: what was asked, and the nearest entries with what
/// differs — never a network call in strict mode, never a crash.
package struct UnmatchedRequest: Error, Sendable, CustomStringConvertible {
    /// A recorded entry close to the request.
    package struct Candidate: Sendable {
        /// The entry's position in the cassette.
        package var index: Int
        /// The entry's request as the file holds it: redacted when this kit recorded it, but a
        /// foreign file may keep real secrets — print ``UnmatchedRequest/description`` or
        /// ``UnmatchedRequest/jsonBody``, which hide them.
        package var request: HARRequest
        /// What differs, one line per difference.
        package var differences: [String]
    }

    /// The live request, redacted.
    package var request: HARRequest
    /// True when entries matched but every one of them was a `once` entry already played.
    package var exhausted: Bool
    /// Up to three nearest entries, nearest first.
    package var nearest: [Candidate]
    /// The cassette's path, if it has one.
    package var cassette: String?

    /// An account of the value, for logs and test failures: the request, then each nearest entry
    /// with its differences. Secrets are hidden (see `SecretFreeText`), also where a foreign
    /// cassette kept a real one.
    package var description: String {
        var lines = [
            "no recorded entry matches \(request.method) \(SecretFreeText.url(request.url))"
                + (cassette.map { " in \($0)" } ?? "")
        ]
        if exhausted {
            lines.append("every matching entry is a `once` entry that has already played")
        }
        if nearest.isEmpty {
            lines.append("the cassette has no entries")
        }
        for candidate in nearest {
            lines.append(
                "nearest: entry \(candidate.index) \(candidate.request.method) \(SecretFreeText.url(candidate.request.url))"
            )
            lines += candidate.differences.map { "  - \(SecretFreeText.text($0))" }
        }
        return lines.joined(separator: "\n")
    }

    /// The JSON the replay server sends with its 501 (secrets hidden, as in ``description``).
    package var jsonBody: Data {
        let object: [String: Any] = [
            "error": [
                "message": "no recorded entry matches this request",
                "type": "CassetteMismatch",
                "request": ["method": request.method, "url": SecretFreeText.url(request.url)],
                "exhausted": exhausted,
                "nearest": nearest.map {
                    [
                        "index": $0.index, "method": $0.request.method, "url": SecretFreeText.url($0.request.url),
                        "differences": $0.differences.map(SecretFreeText.text),
                    ]
                },
            ] as [String: Any]
        ]
        return
            (try? JSONSerialization.data(
                withJSONObject: object, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])) ?? Data()
    }
}
