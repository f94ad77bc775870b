import FacebookGraph
import Foundation

/// What the v2 `FBRequest` put on the wire — the query string of `serializeURL:params:httpMethod:` and
/// the multipart body of `generatePostBody` — expressed as a core `GraphRequest` with the `.legacyV2`
/// encoding; the bytes are built by the core's encoders.
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
            // `NSString` first: a class check, where `as? String` or `as? Data` on an `NSString`
            // goes through the runtime's bridging casts.
            let key = (rawKey as? NSString).map { $0 as String } ?? (rawKey as? String) ?? "\(rawKey)"
            if let string = rawValue as? NSString {
                result.append((key, .text(string as String)))
                continue
            }
            switch rawValue {
            case let data as Data: result.append((key, .file(data)))
            case let image as UIImage: result.append((key, .file(image.data)))
            case let string as String: result.append((key, .text(string)))
            case let number as NSNumber: result.append((key, .text(number.stringValue)))
            default: result.append((key, .text("\(rawValue)")))
            }
        }
        return result.sorted { $0.key < $1.key }
    }

    /// What ``values(of:)`` reads back from a dictionary that holds exactly `entries`, given in key
    /// order (`OpenURLStrings.storedEntries(token:)`), without reading the dictionary.
    static func values(stored entries: [OpenURLStrings.StoredEntry]) -> [(key: String, value: Value)] {
        entries.map { (key: $0.key.string, value: .text($0.value)) }
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

    /// The request `FBRequest.connect` sends, for the core to prepare with the v2 encoding: the URL as
    /// the caller built it, GET (and any method but POST) with the parameters in the query
    /// (`serializeURL:`), POST as the v2 multipart body (`generatePostBody`: text parts, then files named
    /// `filename="<key>"` with `Content-Type: content/unknown`). POST parameters travel in the body
    /// only (a documented deviation: v2 also put them in the query). The method's spelling does not
    /// matter (`"post"` is POST).
    static func graphRequest(url: String, httpMethod: String, params: NSDictionary?) -> GraphRequest {
        graphRequest(url: url, httpMethod: httpMethod, values: values(of: params))
    }

    /// The request for parameters already converted and in key order (``values(of:)``'s result).
    static func graphRequest(url: String, httpMethod: String, values: [(key: String, value: Value)]) -> GraphRequest {
        let method = GraphHTTPMethod(rawValue: httpMethod)
        var text: [(name: String, value: String)] = []
        text.reserveCapacity(values.count)
        var files: [GraphAttachment] = []
        for (key, value) in values {
            switch value {
            case .text(let string): text.append((name: key, value: string))
            case .file(let data):
                if method == .post {
                    files.append(GraphAttachment(name: key, filename: key, contentType: "content/unknown", data: data))
                } else if method == .get {
                    LegacyLog.log("can not use GET to upload a file")
                }
            }
        }
        return graphRequest(url: url, method: method, text: text, files: files)
    }

    /// The request for text parameters only, already in key order (what ``Facebook`` stored for a
    /// token: `OpenURLStrings.StoredParameters.pairs`, made once per token).
    static func graphRequest(url: String, httpMethod: String, text: [(name: String, value: String)]) -> GraphRequest {
        graphRequest(url: url, method: GraphHTTPMethod(rawValue: httpMethod), text: text, files: [])
    }

    private static func graphRequest(
        url: String, method: GraphHTTPMethod, text: [(name: String, value: String)], files: [GraphAttachment]
    ) -> GraphRequest {
        var request = GraphRequest(
            endpoint: .absolute(url),
            method: method,
            parameters: text,
            attachments: files,
            encoding: .legacyV2
        )
        request.headers = headers
        return request
    }

    /// v2's one header, `User-Agent: FacebookConnect`: the list made once, shared by every request.
    private static let headers: HTTPHeaders = ["User-Agent": LegacyConstants.userAgent]
}
