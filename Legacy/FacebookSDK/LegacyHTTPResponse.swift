import FacebookGraph

/// The `HTTPURLResponse` the legacy delegate receives for a raw response.
enum LegacyHTTPResponse {
    static func make(_ response: RawResponse) -> URLResponse {
        var fields: [String: String] = [:]
        for field in response.headers {
            fields[field.name] = fields[field.name].map { "\($0), \(field.value)" } ?? field.value
        }
        let url = URL(string: response.effectiveURL) ?? URL(string: "about:blank")!
        let version = response.httpVersion == "2" ? "HTTP/2" : "HTTP/\(response.httpVersion)"
        return HTTPURLResponse(url: url, statusCode: response.status, httpVersion: version, headerFields: fields)
            ?? URLResponse(url: url, mimeType: nil, expectedContentLength: response.body.count, textEncodingName: nil)
    }
}
