// What a HAR file may hold in the fields the replay server writes into a response head.
//
// A recorded header value `1\r\nSet-Cookie: injected=1` would come out of `fbgraph replay serve` as
// a header of its own. Such a file is refused when it is read, with one line naming the entry and
// the field, by the core's one header rule (`HTTPHeaders.problem(name:value:)`, which the loopback
// server's response writer applies again to whatever it is handed).

import FacebookGraph
import Foundation

/// Checks the header fields and the status text of a HAR request or response as it is decoded.
enum HARHeaderRules {
    /// The header fields at `key` of `container` (none when absent), refused as ``validate(_:forKey:in:)``
    /// says: a request's and a response's one reading of their headers.
    static func decode<Key: CodingKey>(forKey key: Key, in container: KeyedDecodingContainer<Key>) throws
        -> [HARNameValue]
    {
        let headers = try container.decodeIfPresent([HARNameValue].self, forKey: key) ?? []
        try validate(headers, forKey: key, in: container)
        return headers
    }

    /// Refuses, at `key` of `container`, the first header whose name is not an HTTP token or whose
    /// value holds a line break, a NUL or another control character (tab aside). An HTTP/2
    /// pseudo-header (`:authority`, `:status`), which browsers export, is a name too: a token after
    /// its colon (the replay server never writes one).
    static func validate<Key: CodingKey>(
        _ headers: [HARNameValue], forKey key: Key, in container: KeyedDecodingContainer<Key>
    ) throws {
        for (index, header) in headers.enumerated() {
            let name = isPseudoHeader(header.name) ? String(header.name.dropFirst()) : header.name
            guard let problem = HTTPHeaders.problem(name: name, value: header.value) else { continue }
            let field = HTTPHeaders.isValidName(name) ? "value" : "name"
            throw HARReadError.invalidValue(
                "a header \(problem)",
                at: container.codingPath + [key, PathKey(index: index), PathKey(name: field)]
            )
        }
    }

    /// True for an HTTP/2 pseudo-header's name (`:status`): a colon, then more.
    static func isPseudoHeader(_ name: String) -> Bool {
        name.utf8.count > 1 && name.utf8.first == UInt8(ascii: ":")
    }

    /// Refuses, at `key` of `container`, a status text with a control character: a reason phrase
    /// is one line of visible text (RFC 9112 §4).
    static func validateStatusText<Key: CodingKey>(
        _ text: String, forKey key: Key, in container: KeyedDecodingContainer<Key>
    ) throws {
        guard !HTTPHeaders.isValidValue(text) else { return }
        throw HARReadError.invalidValue(
            "the status text holds a line break (CR or LF), a NUL or another control character",
            at: container.codingPath + [key])
    }

    /// A position in a coding path below a container: an array index or a member name.
    private struct PathKey: CodingKey {
        let stringValue: String
        let intValue: Int?

        init(index: Int) {
            stringValue = "Index \(index)"
            intValue = index
        }

        init(name: String) {
            stringValue = name
            intValue = nil
        }

        init?(stringValue: String) { self.init(name: stringValue) }
        init?(intValue: Int) { self.init(index: intValue) }
    }
}
