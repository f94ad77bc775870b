import FacebookGraph
import Foundation

/// A `{name, value}` pair: a header, a query parameter or a form parameter.
public struct HARNameValue: Codable, Sendable, Equatable {
    /// The name.
    public var name: String
    /// The value.
    public var value: String

    /// A pair.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// A HAR request or response: the header fields both carry, and their one lookup.
public protocol HARMessage {
    /// Header fields, in order.
    var headers: [HARNameValue] { get }
}

extension HARMessage {
    /// The first header called `name` (any case).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}

/// The `request` object.
public struct HARRequest: HARMessage, Codable, Sendable, Equatable {
    /// The method.
    public var method: String
    /// The absolute URL, query included.
    public var url: String
    /// `HTTP/1.1`, `HTTP/2`…
    public var httpVersion: String
    /// Header fields, in order.
    public var headers: [HARNameValue]
    /// The URL's query, decoded, in order.
    public var queryString: [HARNameValue]
    /// The body, if any.
    public var postData: HARPostData?
    /// The body's size in bytes (-1 when unknown).
    public var bodySize: Int
    /// `cookies` and `headersSize`, which HAR 1.2 requires: written as none and unknown (cookies
    /// travel in ``headers``), never read.
    private var cookies: [HARNameValue] = []
    private var headersSize = -1

    /// A request.
    public init(
        method: String,
        url: String,
        httpVersion: String = "HTTP/1.1",
        headers: [HARNameValue] = [],
        queryString: [HARNameValue] = [],
        postData: HARPostData? = nil
    ) {
        self.method = method
        self.url = url
        self.httpVersion = httpVersion
        self.headers = headers
        self.queryString = queryString
        self.postData = postData
        self.bodySize = postData?.body.count ?? 0
    }

    enum CodingKeys: String, CodingKey {
        case method, url, httpVersion, headers, queryString, postData, bodySize, cookies, headersSize
    }

    /// Decodes the value leniently: fields other tools omit get their defaults.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        method = try container.decode(String.self, forKey: .method)
        url = try container.decode(String.self, forKey: .url)
        httpVersion = try container.decodeIfPresent(String.self, forKey: .httpVersion) ?? "HTTP/1.1"
        headers = try HARHeaderRules.decode(forKey: .headers, in: container)
        queryString = try container.decodeIfPresent([HARNameValue].self, forKey: .queryString) ?? []
        postData = try container.decodeIfPresent(HARPostData.self, forKey: .postData)
        bodySize = try container.decodeWholeNumberIfPresent(forKey: .bodySize) ?? -1
    }

}

/// A request body (`postData`). Text that is valid UTF-8 is stored as `text`; other bytes as base64
/// with `_encoding: "base64"` (HAR 1.2 has no binary request body, so this is an extension field).
public struct HARPostData: Codable, Sendable, Equatable {
    /// The body's media type.
    public var mimeType: String
    /// The body, as text or base64.
    public var text: String
    /// `base64` when ``text`` is base64.
    public var encoding: String?

    /// A body from its bytes.
    public init(mimeType: String, body: Data) {
        self.mimeType = mimeType
        (text, encoding) = HARBody.encode(body)
    }

    /// The body's bytes.
    public var body: Data { HARBody.decode(text, encoding: encoding) }

    enum CodingKeys: String, CodingKey {
        case mimeType, text
        case encoding = "_encoding"
    }

    /// `params`: read (other tools write only the parsed form), never written.
    private enum FormKeys: String, CodingKey {
        case params
    }

    /// Decodes the value leniently: fields other tools omit get their defaults.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        mimeType = try container.decodeIfPresent(String.self, forKey: .mimeType) ?? ""
        encoding = try container.decodeIfPresent(String.self, forKey: .encoding)
        if let text = try container.decodeIfPresent(String.self, forKey: .text) {
            self.text = text
            try HARBody.validate(text, encoding: encoding, forKey: .text, in: container)
        } else if let params = try decoder.container(keyedBy: FormKeys.self).decodeIfPresent(
            [HARFormParameter].self, forKey: .params)
        {
            // Some tools keep only the parsed form parameters, percent-encoded as in the body they
            // came from; decoded once here (`+` kept), then encoded again, so a live body with the
            // same values matches.
            self.text = FormEncoding.encode(
                params.map {
                    (
                        FormEncoding.unescape($0.name, plusAsSpace: false),
                        FormEncoding.unescape($0.value, plusAsSpace: false)
                    )
                })
        } else {
            self.text = ""
        }
    }
}

/// The `response` object.
public struct HARResponse: HARMessage, Codable, Sendable, Equatable {
    /// The status code.
    public var status: Int
    /// The reason phrase.
    public var statusText: String
    /// `HTTP/1.1`, `HTTP/2`…
    public var httpVersion: String
    /// Header fields, in order.
    public var headers: [HARNameValue]
    /// The body.
    public var content: HARContent
    /// The `Location` header's target, or "".
    public var redirectURL: String
    /// `_error`: why the request failed without a response, as a browser recorded it (Chrome writes
    /// `net::ERR_…` with status 0); nil when the file says nothing.
    public var error: String?

    /// A response.
    public init(
        status: Int,
        statusText: String = "",
        httpVersion: String = "HTTP/1.1",
        headers: [HARNameValue] = [],
        content: HARContent,
        redirectURL: String = ""
    ) {
        self.status = status
        self.statusText = statusText
        self.httpVersion = httpVersion
        self.headers = headers
        self.content = content
        self.redirectURL = redirectURL
    }

    enum CodingKeys: String, CodingKey {
        case status, statusText, httpVersion, headers, content, redirectURL, cookies, headersSize, bodySize
        case error = "_error"
    }

    /// Decodes the value leniently: fields other tools omit get their defaults.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        status = try container.decodeWholeNumber(forKey: .status)
        statusText = try container.decodeIfPresent(String.self, forKey: .statusText) ?? ""
        try HARHeaderRules.validateStatusText(statusText, forKey: .statusText, in: container)
        httpVersion = try container.decodeIfPresent(String.self, forKey: .httpVersion) ?? "HTTP/1.1"
        headers = try HARHeaderRules.decode(forKey: .headers, in: container)
        content =
            try container.decodeIfPresent(HARContent.self, forKey: .content) ?? HARContent(mimeType: "", body: Data())
        redirectURL = try container.decodeIfPresent(String.self, forKey: .redirectURL) ?? ""
        // Only a text counts; tools write `null` or objects here too.
        error = try? container.decodeIfPresent(String.self, forKey: .error)
    }

    /// Encodes the value with the fields HAR 1.2 requires.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(status, forKey: .status)
        try container.encode(statusText, forKey: .statusText)
        try container.encode(httpVersion, forKey: .httpVersion)
        try container.encode(headers, forKey: .headers)
        try container.encode(content, forKey: .content)
        try container.encode(redirectURL, forKey: .redirectURL)
        try container.encode([HARNameValue](), forKey: .cookies)
        try container.encode(-1, forKey: .headersSize)
        try container.encode(content.size, forKey: .bodySize)
        try container.encodeIfPresent(error, forKey: .error)
    }
}

/// A response body (`content`): `text`, base64 when `encoding` is `base64`.
public struct HARContent: Codable, Sendable, Equatable {
    /// The body's size in bytes.
    public var size: Int
    /// The body's media type.
    public var mimeType: String
    /// The body, as text or base64.
    public var text: String?
    /// `base64` when ``text`` is base64.
    public var encoding: String?

    /// A body from its bytes: UTF-8 text as is, anything else base64.
    public init(mimeType: String, body: Data) {
        self.size = body.count
        self.mimeType = mimeType
        let (text, encoding) = HARBody.encode(body)
        self.text = text
        self.encoding = encoding
    }

    /// The body's bytes (empty when the file kept none).
    public var body: Data {
        guard let text else { return Data() }
        return HARBody.decode(text, encoding: encoding)
    }

    /// Decodes the value leniently: fields other tools omit get their defaults.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        mimeType = try container.decodeIfPresent(String.self, forKey: .mimeType) ?? ""
        text = try container.decodeIfPresent(String.self, forKey: .text)
        encoding = try container.decodeIfPresent(String.self, forKey: .encoding)
        size = try container.decodeWholeNumberIfPresent(forKey: .size) ?? -1
        try HARBody.validate(text, encoding: encoding, forKey: .text, in: container)
    }
}

/// Text-or-base64 bodies.
enum HARBody {
    static func encode(_ body: Data) -> (text: String, encoding: String?) {
        // Text only when it re-encodes to the very same bytes (a BOM, say, must survive).
        if let text = String(data: body, encoding: .utf8), Data(text.utf8) == body { return (text, nil) }
        return (body.base64EncodedString(), "base64")
    }

    static func decode(_ text: String, encoding: String?) -> Data {
        if isBase64(encoding) { return base64Decoded(text) ?? Data() }
        return Data(text.utf8)
    }

    /// True when `encoding` names base64 (any case).
    static func isBase64(_ encoding: String?) -> Bool {
        encoding?.lowercased() == "base64"
    }

    /// The bytes of base64 `text`, read as tools write it: line breaks and spaces between the
    /// characters and missing `=` padding are accepted; nil for anything else.
    static func base64Decoded(_ text: String) -> Data? {
        if let data = Data(base64Encoded: text) { return data }
        var compact = String(
            String.UnicodeScalarView(text.unicodeScalars.filter { !" \n\r\t".unicodeScalars.contains($0) }))
        if compact.count % 4 != 0, compact.count % 4 != 1, !compact.hasSuffix("=") {
            compact += String(repeating: "=", count: 4 - compact.count % 4)
        }
        return Data(base64Encoded: compact)
    }

    /// Refuses, at `key` of `container`, base64 text that does not decode.
    static func validate<Key: CodingKey>(
        _ text: String?, encoding: String?, forKey key: Key, in container: KeyedDecodingContainer<Key>
    ) throws {
        guard isBase64(encoding), let text, base64Decoded(text) == nil else { return }
        throw HARReadError.invalidValue(
            "expected base64 (the encoding says base64), found text that is not base64",
            at: container.codingPath + [key]
        )
    }
}
