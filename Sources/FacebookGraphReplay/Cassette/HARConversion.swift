import FacebookGraph
import Foundation

/// Conversions between the transport seam's values and HAR records.
extension HARRequest {
    /// The HAR form of a prepared request (before redaction).
    package init(_ request: PreparedRequest) {
        let mimeType = request.headers["content-type"] ?? "application/octet-stream"
        self.init(
            method: request.method,
            url: request.url,
            headers: request.headers.map { HARNameValue(name: $0.name, value: $0.value) },
            queryString: HARRequest.queryItems(of: request.url),
            postData: request.body.map { HARPostData(mimeType: mimeType, body: $0) }
        )
    }

    /// The HAR form of a request a loopback server received.
    package init(method: String, target: String, host: String, headers: HTTPHeaders, body: Data) {
        let url = target.hasPrefix("http://") || target.hasPrefix("https://") ? target : "http://\(host)\(target)"
        let mimeType = headers["content-type"] ?? "application/octet-stream"
        self.init(
            method: method,
            url: url,
            headers: headers.map { HARNameValue(name: $0.name, value: $0.value) },
            queryString: HARRequest.queryItems(of: url),
            postData: body.isEmpty && method != "POST" && method != "PUT"
                ? nil : HARPostData(mimeType: mimeType, body: body)
        )
    }

    /// The decoded query of `url`, in order (`+` stays `+`, as URLs mean it).
    static func queryItems(of url: String) -> [HARNameValue] {
        FormEncoding.queryPairs(of: url, plusAsSpace: false).map { HARNameValue(name: $0.name, value: $0.value) }
    }
}

extension HAREntry {
    /// Response headers that describe the wire, not the content: the body is stored decoded, so
    /// these would lie on replay.
    static let wireHeaders: Set<String> = [
        "content-length", "transfer-encoding", "content-encoding", "connection", "keep-alive",
    ]

    /// A recorded exchange (before redaction).
    package init(request: PreparedRequest, response: RawResponse, startedAt: Date) {
        let headers = response.headers
            .filter { !HAREntry.wireHeaders.contains($0.name.lowercased()) }
            .map { HARNameValue(name: $0.name, value: $0.value) }
        let mimeType = response.headers["content-type"] ?? ""
        let milliseconds = { (duration: Duration) -> Double in
            Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
        }
        let total = milliseconds(response.timings.total)
        let wait = max(0, milliseconds(response.timings.firstByte) - milliseconds(response.timings.tlsHandshake))
        self.init(
            startedDateTime: HAREntry.timestamp(startedAt),
            time: total,
            request: HARRequest(request),
            response: HARResponse(
                status: response.status,
                statusText: HAREntry.reasonPhrase(response.status),
                httpVersion: response.httpVersion == "2" ? "HTTP/2" : "HTTP/\(response.httpVersion)",
                headers: headers,
                content: HARContent(mimeType: mimeType, body: response.body),
                redirectURL: response.headers["location"] ?? ""
            ),
            timings: HARTimings(send: 0, wait: wait, receive: max(0, total - wait)),
            graphAPIVersion: response.headers["facebook-api-version"]
        )
    }

    /// ISO 8601 with milliseconds, UTC.
    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }

    static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 201: return "Created"
        case 204: return "No Content"
        case 301: return "Moved Permanently"
        case 302: return "Found"
        case 304: return "Not Modified"
        case 400: return "Bad Request"
        case 401: return "Unauthorized"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 500: return "Internal Server Error"
        case 502: return "Bad Gateway"
        case 503: return "Service Unavailable"
        default: return ""
        }
    }
}
