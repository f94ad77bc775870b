import FacebookGraph
import Foundation

extension GraphStandIn {
    /// One request as the stand-in reads it: the method, the path without its version prefix (the
    /// user's id read as `me`), and the parameters of the query, a form body and multipart text
    /// parts together, as Graph merges them; multipart file parts apart.
    struct Call {
        /// The method, upper-cased.
        var method: String
        /// `/me/friends`, `/method/fql.query`, `/`…
        var path: String
        /// Every parameter, decoded, in the order sent.
        var parameters: [(name: String, value: String)]
        /// The file parts, by field name (a v2 part has only a `filename`, which names it).
        var files: [(name: String, data: Data)]

        /// A call made of its parts (a batch item).
        init(method: String, path: String, parameters: [(name: String, value: String)]) {
            self.method = method.uppercased()
            self.path = Self.normalizedPath(path)
            self.parameters = parameters
            self.files = []
        }

        /// The call a loopback request makes.
        init(_ request: HTTPServerRequest) {
            method = request.method.uppercased()
            path = Self.normalizedPath(request.path)
            parameters = request.queryItems
            files = []
            let contentType = request.headers["content-type"] ?? ""
            let mediaType = contentType.split(separator: ";").first?.trimmingCharacters(in: .whitespaces) ?? ""
            switch mediaType.lowercased() {
            case "application/x-www-form-urlencoded":
                parameters += Self.formPairs(String(decoding: request.body, as: UTF8.self))
            case "multipart/form-data":
                let boundary = MultipartBody.boundary(fromContentType: contentType)
                for part in (try? MultipartBody(parsing: request.body, boundary: boundary))?.parts ?? [] {
                    if part.filename == nil {
                        parameters.append((part.name ?? "", String(decoding: part.body, as: UTF8.self)))
                    } else {
                        files.append((part.name ?? part.filename ?? "", part.body))
                    }
                }
            default:
                break
            }
        }

        /// The first value of the parameter `name`.
        func value(_ name: String) -> String? {
            parameters.first { $0.name == name }?.value
        }

        /// `path` decoded, without a version prefix, with the user's id read as `me`.
        static func normalizedPath(_ path: String) -> String {
            var path = CanonicalRequest.canonicalPath(path)
            if path == "/\(GraphStandIn.userID)" || path.hasPrefix("/\(GraphStandIn.userID)/") {
                path = "/me" + path.dropFirst(GraphStandIn.userID.count + 1)
            }
            return path
        }

        /// The decoded pairs of a form body or query (`+` is a space).
        static func formPairs(_ text: String) -> [(name: String, value: String)] {
            FormEncoding.decode(text, invalidUTF8: .replace)
        }
    }
}
