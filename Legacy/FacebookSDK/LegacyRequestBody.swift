import FacebookGraph
import Foundation

/// Builds what the v2 `FBRequest` put on the wire: the query string of `serializeURL:params:httpMethod:`
/// and the multipart body of `generatePostBody`.
///
/// Parameters are taken in sorted key order (the SDK used the dictionary's unspecified order; a
/// fixed order makes requests reproducible and recordings matchable).
enum LegacyRequestBody {
    /// The value of one parameter as the SDK saw it.
    enum Value {
        case text(String)
        case file(Data)
    }

    /// The parameters of `params` in key order, converted as the SDK converted them. Non-string
    /// values other than data (numbers, for instance) crashed v2; here they are sent as their
    /// description (a documented deviation).
    static func values(of params: NSDictionary?) -> [(key: String, value: Value)] {
        guard let params else { return [] }
        var result: [(key: String, value: Value)] = []
        for (rawKey, rawValue) in params {
            let key = (rawKey as? String) ?? "\(rawKey)"
            switch rawValue {
            case let data as Data: result.append((key, .file(data)))
            case let string as String: result.append((key, .text(string)))
            case let number as NSNumber: result.append((key, .text(number.stringValue)))
            default: result.append((key, .text("\(rawValue)")))
            }
        }
        return result.sorted { $0.key < $1.key }
    }

    /// `serializeURL:params:httpMethod:`: the base URL, `?` (or `&` when it has a query already) —
    /// always, even with no pairs — then `key=escaped(value)` joined by `&`. Keys are not escaped.
    /// Files are skipped (for GET the SDK logged "can not use GET to upload a file").
    static func serializeURL(_ baseURL: String, params: NSDictionary?, httpMethod: String) -> String {
        var pairs: [(String, String)] = []
        for (key, value) in values(of: params) {
            switch value {
            case .text(let text): pairs.append((key, text))
            case .file:
                if httpMethod.uppercased() == "GET" { LegacyLog.log("can not use GET to upload a file") }
            }
        }
        return FormEncoding.appending(pairs, to: baseURL, escapingKeys: false, alwaysSeparator: true)
    }

    /// `generatePostBody`: string parts first, then file parts (`filename="<key>"`,
    /// `Content-Type: content/unknown`), each followed by a boundary line. The body ends with the
    /// closing boundary `--<boundary>--` (a documented deviation: v2 never closed it).
    static func multipartBody(params: NSDictionary?, boundary: String = LegacyConstants.stringBoundary) -> Data {
        let all = values(of: params)
        var body = Data("--\(boundary)\r\n".utf8)
        var parts: [Data] = []
        for case (let key, .text(let text)) in all {
            var part = Data("Content-Disposition: form-data; name=\"\(key)\"\r\n\r\n".utf8)
            part.append(Data(text.utf8))
            parts.append(part)
        }
        for case (let key, .file(let data)) in all {
            var part = Data("Content-Disposition: form-data; filename=\"\(key)\"\r\n".utf8)
            part.append(Data("Content-Type: content/unknown\r\n\r\n".utf8))
            part.append(data)
            parts.append(part)
        }
        for (index, part) in parts.enumerated() {
            body.append(part)
            body.append(Data((index == parts.count - 1 ? "\r\n--\(boundary)--\r\n" : "\r\n--\(boundary)\r\n").utf8))
        }
        if parts.isEmpty {
            body = Data("--\(boundary)--\r\n".utf8)
        }
        return body
    }
}

/// Where the legacy layer's log lines go: standard error, never with a secret.
enum LegacyLog {
    static func log(_ message: String) {
        // `try?`: a closed stderr (EPIPE) drops the line; `write(_:)` would trap on it.
        try? FileHandle.standardError.write(contentsOf: Data("FacebookSDK: \(message)\n".utf8))
    }
}
