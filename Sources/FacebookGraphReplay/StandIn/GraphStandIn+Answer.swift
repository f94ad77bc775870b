import FacebookGraph
import Foundation

/// How the stand-in writes an answer: Graph's headers, JSON, query strings, stable ids.
extension GraphStandIn {

    /// An answer: status, header fields in order, body.
    struct Answer {
        var status: Int
        var headers: [(name: String, value: String)]
        var body: Data
    }

    /// The header fields every Graph answer carries.
    static func graphHeaders(_ call: Call, contentType: String) -> [(name: String, value: String)] {
        [
            ("Content-Type", contentType), ("facebook-api-version", apiVersion), ("x-fb-trace-id", traceID(call)),
            ("x-fb-rev", "1012262947"), ("Access-Control-Allow-Origin", "*"),
            ("Cache-Control", "private, no-cache, no-store, must-revalidate"),
            ("Expires", "Sat, 01 Jan 2000 00:00:00 GMT"), ("Pragma", "no-cache"),
            ("Strict-Transport-Security", "max-age=15552000; preload"), ("X-Content-Type-Options", "nosniff"),
        ]
    }

    /// A JSON answer with Graph's headers (`application/json; charset=UTF-8` unless told otherwise).
    static func json(
        _ call: Call,
        _ object: Any,
        status: Int = 200,
        contentType: String = "application/json; charset=UTF-8",
        headers: [(String, String)] = []
    ) -> Answer {
        Answer(
            status: status,
            headers: graphHeaders(call, contentType: contentType) + headers.map { (name: $0.0, value: $0.1) },
            body: jsonData(object)
        )
    }

    /// JSON text with sorted keys; slashes escaped (`\/`) as Graph escapes them.
    static func jsonData(_ object: Any) -> Data {
        (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed])) ?? Data()
    }

    /// `name=value&…`, values percent-encoded to the unreserved set.
    static func query(_ pairs: [(name: String, value: String)]) -> String {
        FormEncoding.encode(pairs.map { ($0.name, $0.value) }, escapingKeys: false)
    }

    /// A stable 11-character trace id for a call (the same call always gets the same id).
    static func traceID(_ call: Call) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        var hash = fnv1a("\(call.method) \(call.path) \(call.parameters.map { "\($0.name)=\($0.value)" })")
        var id = ""
        for _ in 0..<11 {
            id.append(alphabet[Int(hash % 64)])
            hash /= 64
        }
        return id
    }

    /// A stable 17-digit object id derived from `seed`.
    static func objectID(_ seed: String) -> String {
        "\(10_150_000_000_000_000 + fnv1a(seed) % 1_000_000_000_000)"
    }

    /// 64-bit FNV-1a.
    private static func fnv1a(_ text: String) -> UInt64 {
        text.utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }
}
