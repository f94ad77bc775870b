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
                if httpMethod == "GET" { LegacyLog.log("can not use GET to upload a file") }
            }
        }
        return FormEncoding.appending(pairs, to: baseURL, escapingKeys: false, alwaysSeparator: true)
    }

    /// `generatePostBody`: string parts first, then file parts (`filename="<key>"`,
    /// `Content-Type: content/unknown`) under the fixed v2 boundary — the core's
    /// ``MultipartForm/legacyV2(fields:files:)``. The body ends with the closing boundary
    /// `--<boundary>--` (a documented deviation: v2 never closed it).
    static func multipartForm(params: NSDictionary?) -> MultipartForm {
        var fields: [(name: String, value: String)] = []
        var files: [(name: String, data: Data)] = []
        for (key, value) in values(of: params) {
            switch value {
            case .text(let text): fields.append((key, text))
            case .file(let data): files.append((key, data))
            }
        }
        return .legacyV2(fields: fields, files: files)
    }
}

/// Where the legacy layer's log lines go: standard error, never with a secret.
enum LegacyLog {
    static func log(_ message: String) {
        FileHandle.standardError.write(Data("FacebookSDK: \(message)\n".utf8))
    }
}
