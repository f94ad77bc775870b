// Tests of replay matching: `CanonicalRequest` (the match), `FieldsExpression`, multipart bodies as matching
// reads them, and `RequestDiff` (the explanation and the ranking of near misses).
//
// Requests are shaped like the ones Graph clients send (graph-wire-facts §A.0.1, §A.0.2; koala's
// mock table for batch items): `fields` expansion, form-encoded feed posts with a JSON `privacy`,
// multipart photo uploads, batches with dependencies. Secrets are already placeholders, as the
// redactor leaves them.

import FacebookGraph
import FacebookGraphReplay
import Foundation
import Testing

/// Replay matching on canonical requests.
@Suite("Canonical requests: what replay matching compares")
struct CanonicalRequestTests {
    // MARK: Helpers

    /// The form media type, as curl and the legacy SDK send it.
    static let formType = "application/x-www-form-urlencoded"

    /// A canonical request without a body.
    static func request(_ method: String, _ url: String) -> CanonicalRequest {
        CanonicalRequest(HARRequest(method: method, url: url))
    }

    /// A canonical request with a form-encoded body.
    static func form(_ url: String, _ body: String, method: String = "POST") -> CanonicalRequest {
        CanonicalRequest(
            HARRequest(method: method, url: url, postData: HARPostData(mimeType: formType, body: Data(body.utf8)))
        )
    }

    /// A canonical request whose body has `mimeType`.
    static func body(_ url: String, _ body: Data, mimeType: String) -> CanonicalRequest {
        CanonicalRequest(HARRequest(method: "POST", url: url, postData: HARPostData(mimeType: mimeType, body: body)))
    }

    /// One part for ``multipartBody(boundary:parts:closed:)``.
    struct Part {
        /// The `Content-Disposition` value.
        var disposition: String
        /// The `Content-Type`, if any.
        var contentType: String?
        /// The content.
        var body: Data

        /// A text field.
        static func text(_ name: String, _ value: String) -> Part {
            Part(disposition: "form-data; name=\"\(name)\"", body: Data(value.utf8))
        }

        /// A file field.
        static func file(_ name: String, filename: String, type: String, _ body: Data) -> Part {
            Part(disposition: "form-data; name=\"\(name)\"; filename=\"\(filename)\"", contentType: type, body: body)
        }
    }

    /// A multipart/form-data body; without the closing delimiter when `closed` is false.
    static func multipartBody(boundary: String, parts: [Part], closed: Bool = true) -> Data {
        var data = Data()
        for part in parts {
            data.append(Data("--\(boundary)\r\nContent-Disposition: \(part.disposition)\r\n".utf8))
            if let type = part.contentType { data.append(Data("Content-Type: \(type)\r\n".utf8)) }
            data.append(Data("\r\n".utf8))
            data.append(part.body)
            data.append(Data("\r\n".utf8))
        }
        if closed { data.append(Data("--\(boundary)--\r\n".utf8)) }
        return data
    }

    /// A multipart upload request.
    static func upload(_ url: String, boundary: String, parts: [Part], closed: Bool = true) -> CanonicalRequest {
        body(
            url,
            multipartBody(boundary: boundary, parts: parts, closed: closed),
            mimeType: "multipart/form-data; boundary=\(boundary)"
        )
    }

    /// 120 bytes shaped like a JPEG (not UTF-8).
    static let photo: Data = {
        var bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0x00, 0x01, 0x01]
        while bytes.count < 118 { bytes.append(UInt8((bytes.count * 37) & 0xFF)) }
        return Data(bytes + [0xFF, 0xD9])
    }()

    /// The parts of a photo upload, in the order the legacy SDK writes them (text first).
    static let photoParts: [Part] = [
        .text("access_token", "<TOKEN-1>"),
        .text("message", "Sunset, Lisbon"),
        .text("published", "true"),
        .file("source", filename: "sunset.jpg", type: "image/jpeg", photo),
    ]

    /// A form body carrying `batch` (URL-encoded) and the batch token.
    static func batch(_ json: String, extra: String = "") -> CanonicalRequest {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
        let encoded = json.addingPercentEncoding(withAllowedCharacters: allowed) ?? json
        return form(
            "https://graph.facebook.com/", "access_token=<TOKEN-1>&batch=\(encoded)&include_headers=false" + extra)
    }

    // MARK: Parameters

    /// Query parameters in another order and another escaping still match.
    @Test("Query parameters in another order and another escaping still match")
    func queryReordered() {
        let recorded = Self.request(
            "GET",
            "https://graph.facebook.com/v19.0/me?fields=id,name,email&access_token=<TOKEN-1>&format=json"
        )
        let live = Self.request(
            "GET",
            "https://graph.facebook.com/v19.0/me?format=json&access_token=%3CTOKEN-1%3E&fields=id%2Cname%2Cemail"
        )
        #expect(live == recorded)
        #expect(live.hashValue == recorded.hashValue)
        #expect(live.parameters.map(\.name) == ["access_token", "fields"], "format is SDK bookkeeping, ignored")
    }

    /// Form body parameters in another order still match; `+` and `%20` are both a space.
    @Test("Form body parameters in another order still match; `+` and `%20` are both a space")
    func formReordered() {
        let recorded = Self.form(
            "https://graph.facebook.com/v19.0/me/feed",
            "message=Hello+from+the+shim&link=https%3A%2F%2Fexample.com%2Fpost%3Fid%3D1&access_token=<TOKEN-1>"
        )
        let live = Self.form(
            "https://graph.facebook.com/v19.0/me/feed",
            "access_token=%3CTOKEN-1%3E&link=https%3A%2F%2Fexample.com%2Fpost%3Fid%3D1"
                + "&message=Hello%20from%20the%20shim"
        )
        #expect(live == recorded)
        #expect(recorded.parameters.contains(.init(name: "link", value: "https://example.com/post?id=1")))
        #expect(recorded.parameters.contains(.init(name: "message", value: "Hello from the shim")))
    }

    /// Query and body parameters are one set, as Graph reads them; a media-type parameter does not matter.
    @Test("Query and body parameters are one set, as Graph reads them; a media-type parameter does not matter")
    func queryAndBodyMerge() {
        let recorded = Self.form("https://graph.facebook.com/me/feed?access_token=<TOKEN-1>", "message=hi")
        let live = CanonicalRequest(
            HARRequest(
                method: "POST",
                url: "https://graph.facebook.com/me/feed",
                postData: HARPostData(
                    mimeType: "application/x-www-form-urlencoded; charset=UTF-8",
                    body: Data("message=hi&access_token=<TOKEN-1>".utf8)
                )
            )
        )
        #expect(live == recorded)
    }

    /// Repeated parameters compare as a multiset of values.
    @Test("Repeated parameters compare as a multiset of values")
    func repeatedParameters() {
        let recorded = Self.request("GET", "https://graph.facebook.com/?ids=4&ids=5&access_token=<TOKEN-1>")
        #expect(Self.request("GET", "https://graph.facebook.com/?ids=5&access_token=<TOKEN-1>&ids=4") == recorded)
        #expect(Self.request("GET", "https://graph.facebook.com/?ids=5&access_token=<TOKEN-1>") != recorded)
    }

    /// The same placeholder matches whatever token it replaced; different placeholders do not.
    @Test("The same placeholder matches whatever token it replaced; different placeholders do not")
    func tokenPlaceholders() {
        let recorded = Self.request("GET", "https://graph.facebook.com/v19.0/me?fields=id&access_token=<TOKEN-1>")
        // The live token differs from the recorded one, but the redactor numbered both TOKEN-1.
        let sameIdentity = Self.request("GET", "http://127.0.0.1:8080/v19.0/me?access_token=<TOKEN-1>&fields=id")
        let otherIdentity = Self.request("GET", "http://127.0.0.1:8080/v19.0/me?access_token=<TOKEN-2>&fields=id")
        #expect(sameIdentity == recorded)
        #expect(otherIdentity != recorded)
        let diff = RequestDiff(live: otherIdentity, recorded: recorded)
        #expect(diff.lines == [#"parameter access_token: recorded "<TOKEN-1>", live "<TOKEN-2>""#])
    }

    /// A legacy call (format, sdk, sdk_version added) matches the same modern call, unless asked not to.
    @Test("SDK bookkeeping parameters are ignored by default, so legacy and modern calls match")
    func bookkeepingIgnored() {
        let legacy = HARRequest(
            method: "GET",
            url: "https://graph.facebook.com/me?access_token=<TOKEN-1>&format=json&sdk=ios&sdk_version=2"
        )
        let modern = HARRequest(method: "GET", url: "https://graph.facebook.com/v19.0/me?access_token=<TOKEN-1>")
        #expect(CanonicalRequest(legacy) == CanonicalRequest(modern))
        #expect(CanonicalRequest(legacy, ignoring: []) != CanonicalRequest(modern, ignoring: []))
    }

    /// The ignoredParameters hook drops names at the top level and inside batch items.
    @Test("The ignoredParameters hook drops names at the top level and inside batch items")
    func ignoredParameters() {
        #expect(CanonicalRequest.ignoredParameters == ["format", "sdk", "sdk_version", "migration_bundle"])
        let first = HARRequest(
            method: "GET",
            url: "https://graph.facebook.com/me?access_token=<TOKEN-1>&appsecret_time=1700000000&appsecret_proof=<P-1>"
        )
        let second = HARRequest(
            method: "GET",
            url: "https://graph.facebook.com/me?access_token=<TOKEN-1>&appsecret_time=1700000999&appsecret_proof=<P-1>"
        )
        #expect(CanonicalRequest(first) != CanonicalRequest(second))
        #expect(
            CanonicalRequest(first, ignoring: ["appsecret_time"])
                == CanonicalRequest(second, ignoring: ["appsecret_time"]))

        let batchItem = { (time: Int) in
            HARRequest(
                method: "POST",
                url: "https://graph.facebook.com/",
                postData: HARPostData(
                    mimeType: Self.formType,
                    body: Data("batch=[{\"method\":\"GET\",\"relative_url\":\"me?appsecret_time=\(time)\"}]".utf8)
                )
            )
        }
        #expect(CanonicalRequest(batchItem(1)) != CanonicalRequest(batchItem(2)))
        #expect(
            CanonicalRequest(batchItem(1), ignoring: ["appsecret_time"])
                == CanonicalRequest(batchItem(2), ignoring: ["appsecret_time"]))
    }

    // MARK: Method, path, host

    /// A leading version prefix is ignored.
    @Test(
        "A leading version prefix is ignored",
        arguments: [
            "https://graph.facebook.com/v19.0/me", "https://graph.facebook.com/v2/me", "https://graph.facebook.com/me",
            "https://graph.facebook.com/v2.12/me", "/v19.0/me", "/me",
        ]
    )
    func versionPrefix(url: String) {
        #expect(Self.request("GET", url) == Self.request("GET", "https://graph.facebook.com/me"))
        #expect(Self.request("GET", url).path == "/me")
    }

    /// Only a leading, complete version segment is a prefix.
    @Test("Only a leading, complete version segment is a prefix")
    func versionPrefixLookalikes() {
        #expect(CanonicalRequest.canonicalPath("/me/v2/photos") == "/me/v2/photos")
        #expect(CanonicalRequest.canonicalPath("/v19.0") == "/v19.0")
        #expect(CanonicalRequest.canonicalPath("/v19./me") == "/v19./me")
        #expect(CanonicalRequest.canonicalPath("/vx/me") == "/vx/me")
        #expect(CanonicalRequest.canonicalPath("/video/me") == "/video/me")
        #expect(CanonicalRequest.canonicalPath("") == "/")
        #expect(Self.request("GET", "https://graph.facebook.com").path == "/")
    }

    /// Scheme, host and port are ignored; the path is percent-decoded.
    @Test("Scheme, host and port are ignored; the path is percent-decoded")
    func hostAndPort() {
        let recorded = Self.request("GET", "https://graph.facebook.com/v19.0/10150146071831729/likes?limit=25")
        #expect(Self.request("GET", "http://127.0.0.1:54321/v19.0/10150146071831729/likes?limit=25") == recorded)
        #expect(Self.request("GET", "http://[::1]:8080/10150146071831729/likes?limit=25#top") == recorded)
        #expect(
            Self.request("GET", "https://graph-video.facebook.com:443/%31%30150146071831729/likes?limit=25") == recorded
        )
    }

    /// The host is read by the core's one splitter (`URLParts`), so its decisions hold here too.
    @Test(
        "The host kept beside the form is the one splitter's: lower-cased, brackets and a trailing dot kept, no user info"
    )
    func hostAsTheSplitterReadsIt() {
        #expect(Self.request("GET", "https://user:pw@Graph.Facebook.COM:443/me").host == "graph.facebook.com")
        #expect(Self.request("GET", "http://[::1]:8080/me").host == "[::1]")
        #expect(Self.request("GET", "https://graph.facebook.com./me").host == "graph.facebook.com.")
        #expect(Self.request("GET", "/me?x=1").host == "")
    }

    /// Methods must agree (case-insensitively).
    @Test("Methods must agree (case-insensitively)")
    func methods() {
        let recorded = Self.request("GET", "https://graph.facebook.com/me/feed")
        #expect(Self.request("get", "https://graph.facebook.com/me/feed") == recorded)
        #expect(Self.request("POST", "https://graph.facebook.com/me/feed") != recorded)
        #expect(Self.request("DELETE", "https://graph.facebook.com/me/feed") != recorded)
        let diff = RequestDiff(live: Self.request("POST", "https://graph.facebook.com/me/feed"), recorded: recorded)
        #expect(diff.lines == ["method: recorded GET, live POST"])
    }

    // MARK: Multipart

    /// A different multipart boundary still matches.
    @Test("A different multipart boundary still matches")
    func multipartBoundary() {
        let recorded = Self.upload(
            "https://graph.facebook.com/v19.0/me/photos",
            boundary: "3i2ndDfv2rTHiSisAbouNdArYfORhtTPEefj3q2f",
            parts: Self.photoParts
        )
        let live = Self.upload(
            "http://127.0.0.1:9000/v19.0/me/photos",
            boundary: "----FacebookSDKShim7MA4YWxkTrZu0gW",
            parts: Self.photoParts
        )
        #expect(live == recorded)
        #expect(live.rawBody == nil)
        #expect(
            live.files == [.init(name: "source", filename: "sunset.jpg", contentType: "image/jpeg", body: Self.photo)])
        #expect(live.parameters.contains(.init(name: "message", value: "Sunset, Lisbon")))
    }

    /// One changed file byte does not match, and the diff says where.
    @Test("One changed file byte does not match, and the diff says where")
    func multipartFileByte() {
        var changed = Self.photo
        changed[57] ^= 0x01
        var parts = Self.photoParts
        parts[3] = .file("source", filename: "sunset.jpg", type: "image/jpeg", changed)
        let recorded = Self.upload("https://graph.facebook.com/me/photos", boundary: "AaB03x", parts: Self.photoParts)
        let live = Self.upload("https://graph.facebook.com/me/photos", boundary: "AaB03x", parts: parts)
        #expect(live != recorded)
        let diff = RequestDiff(live: live, recorded: recorded)
        #expect(diff.lines == ["file source: bodies differ (120 bytes each, first difference at byte 57)"])

        let truncated = Self.upload(
            "https://graph.facebook.com/me/photos",
            boundary: "AaB03x",
            parts: Array(Self.photoParts.dropLast()) + [
                .file("source", filename: "sunset.jpg", type: "image/jpeg", Self.photo.prefix(98))
            ]
        )
        #expect(
            RequestDiff(live: truncated, recorded: recorded).lines == ["file source: bodies differ (120 vs 98 bytes)"])
    }

    /// Part order does not matter.
    @Test("Part order does not matter")
    func multipartPartOrder() {
        let recorded = Self.upload("https://graph.facebook.com/me/photos", boundary: "AaB03x", parts: Self.photoParts)
        let live = Self.upload(
            "https://graph.facebook.com/me/photos",
            boundary: "BbC04y",
            parts: [Self.photoParts[3], Self.photoParts[1], Self.photoParts[0], Self.photoParts[2]]
        )
        #expect(live == recorded)
    }

    /// Filename and content type of a file part count.
    @Test("Filename and content type of a file part count")
    func multipartFileMetadata() {
        let recorded = Self.upload("https://graph.facebook.com/me/photos", boundary: "AaB03x", parts: Self.photoParts)
        var parts = Self.photoParts
        parts[3] = .file("source", filename: "sunset.png", type: "image/png", Self.photo)
        let live = Self.upload("https://graph.facebook.com/me/photos", boundary: "AaB03x", parts: parts)
        let diff = RequestDiff(live: live, recorded: recorded)
        #expect(
            diff.lines == [
                #"file source: filename recorded "sunset.jpg", live "sunset.png""#,
                "file source: content type recorded image/jpeg, live image/png",
            ]
        )
        #expect(diff.distance == RequestDiff.Weight.file)
    }

    /// The v2 SDK's multipart shape (file parts with only a filename) parses.
    @Test("The v2 SDK's multipart shape (file parts with only a filename) parses")
    func legacyMultipartShape() throws {
        let boundary = "3i2ndDfv2rTHiSisAbouNdArYfORhtTPEefj3q2f"
        var body = Data("--\(boundary)\r\n".utf8)
        body.append(Data("Content-Disposition: form-data; name=\"message\"\r\n\r\nhello".utf8))
        body.append(Data("\r\n--\(boundary)\r\n".utf8))
        body.append(
            Data("Content-Disposition: form-data; filename=\"picture\"\r\nContent-Type: content/unknown\r\n\r\n".utf8))
        body.append(Self.photo)
        body.append(Data("\r\n--\(boundary)--\r\n".utf8))

        let parsed = try MultipartBody(parsing: body, boundary: nil)
        #expect(parsed.parts.count == 2)
        #expect(parsed.parts[0].name == "message" && parsed.parts[0].filename == nil)
        #expect(parsed.parts[1].name == nil && parsed.parts[1].filename == "picture")
        #expect(parsed.parts[1].contentType == "content/unknown" && parsed.parts[1].body == Self.photo)

        let request = Self.body(
            "https://graph.facebook.com/me/photos",
            body,
            mimeType: "multipart/form-data; boundary=\(boundary)"
        )
        #expect(request.parameters == [.init(name: "message", value: "hello")])
        #expect(
            request.files == [.init(name: "", filename: "picture", contentType: "content/unknown", body: Self.photo)])
    }

    // MARK: Batch

    /// A koala-style batch with a dependency and a POST with a form body.
    static let batchJSON = #"""
        [{"method":"get","relative_url":"me/friends?limit=5&fields=name,id","name":"get-friends"},
         {"method":"GET","relative_url":"?ids={result=get-friends:$.data.*.id}&fields=picture",
          "depends_on":"get-friends"},
         {"method":"POST","relative_url":"v19.0/me/feed",
          "body":"message=Hello+batch&privacy=%7B%22value%22%3A%22SELF%22%7D"}]
        """#

    /// A batch with keys reordered in items, and relative_url query and body reordered, matches.
    @Test("A batch with keys reordered in items, and relative_url query and body reordered, matches")
    func batchKeysReordered() {
        let reordered = #"""
            [ {"name":"get-friends","relative_url":"/v19.0/me/friends?fields=id,name&limit=5","method":"GET"},
              {"depends_on":"get-friends",
               "relative_url":"/?fields=picture&ids=%7Bresult%3Dget-friends%3A%24.data.*.id%7D", "method":"get"},
              {"body":"privacy=%7B%20%22value%22%20%3A%20%22SELF%22%20%7D&message=Hello%20batch","method":"post",
               "relative_url":"/me/feed"} ]
            """#
        let recorded = Self.batch(Self.batchJSON)
        let live = Self.batch(reordered)
        #expect(live == recorded)
        let batch = recorded.parameters.first { $0.name == "batch" }?.value ?? ""
        #expect(
            batch.hasPrefix(
                #"[{"method":"GET","name":"get-friends","relative_url":"/me/friends?fields=id,name&limit=5"}"#))
    }

    /// A batch with items reordered does not match: items compare in order.
    @Test("A batch with items reordered does not match: items compare in order")
    func batchItemsReordered() {
        let reordered = #"""
            [{"method":"GET","relative_url":"?ids={result=get-friends:$.data.*.id}&fields=picture",
              "depends_on":"get-friends"},
             {"method":"get","relative_url":"me/friends?limit=5&fields=name,id","name":"get-friends"},
             {"method":"POST","relative_url":"v19.0/me/feed",
              "body":"message=Hello+batch&privacy=%7B%22value%22%3A%22SELF%22%7D"}]
            """#
        let recorded = Self.batch(Self.batchJSON)
        let live = Self.batch(reordered)
        #expect(live != recorded)
        let diff = RequestDiff(live: live, recorded: recorded)
        #expect(diff.lines.count == 1)
        #expect(diff.lines.first?.hasPrefix("parameter batch: recorded \"") == true)
        #expect(diff.distance == RequestDiff.Weight.parameterValue)
    }

    /// Batch items differing in method, a limit, depends_on, omit_response_on_success or a body value do not match.
    @Test(
        "Batch items differing in method, a limit, depends_on, omit_response_on_success or a body value do not match",
        arguments: [
            (
                #"{"method":"get","relative_url":"me/friends?limit=5&fields=name,id","name":"get-friends"}"#,
                #"{"method":"post","relative_url":"me/friends?limit=5&fields=name,id","name":"get-friends"}"#
            ),
            (
                #"{"method":"get","relative_url":"me/friends?limit=5&fields=name,id","name":"get-friends"}"#,
                #"{"method":"get","relative_url":"me/friends?limit=6&fields=name,id","name":"get-friends"}"#
            ),
            (
                #"{"method":"get","relative_url":"me/friends?limit=5","omit_response_on_success":false}"#,
                #"{"method":"get","relative_url":"me/friends?limit=5"}"#
            ),
            (
                #"{"method":"get","relative_url":"barackobama","depends_on":"getme"}"#,
                #"{"method":"get","relative_url":"barackobama","depends_on":"getdata"}"#
            ),
            (
                #"{"method":"post","relative_url":"me/feed","body":"message=a"}"#,
                #"{"method":"post","relative_url":"me/feed","body":"message=b"}"#
            ),
            (
                #"{"method":"post","relative_url":"me/photos","attached_files":"op1_file0"}"#,
                #"{"method":"post","relative_url":"me/photos","attached_files":"op1_file1"}"#
            ),
        ]
    )
    func batchItemDifferences(recordedItem: String, liveItem: String) {
        #expect(Self.batch("[\(liveItem)]") != Self.batch("[\(recordedItem)]"))
        #expect(Self.batch("[\(recordedItem)]") == Self.batch("[\(recordedItem)]"))
    }

    /// A batch upload (multipart, attached_files) matches across boundaries and part order.
    @Test("A batch upload (multipart, attached_files) matches across boundaries and part order")
    func batchUpload() {
        let batch = #"[{"method":"post","relative_url":"me/photos","attached_files":"op1_file0"}]"#
        let reordered = #"[{"attached_files":"op1_file0","relative_url":"/v19.0/me/photos","method":"POST"}]"#
        let recorded = Self.upload(
            "https://graph.facebook.com/",
            boundary: "AaB03x",
            parts: [
                .text("access_token", "<TOKEN-1>"), .text("batch", batch),
                .file("op1_file0", filename: "op1_file0", type: "image/jpeg", Self.photo),
            ]
        )
        let live = Self.upload(
            "https://graph.facebook.com/",
            boundary: "zzQ9",
            parts: [
                .file("op1_file0", filename: "op1_file0", type: "image/jpeg", Self.photo),
                .text("batch", reordered), .text("access_token", "<TOKEN-1>"),
            ]
        )
        #expect(live == recorded)
    }

    // MARK: Field expansion

    /// fields reorderings match at every nesting level.
    @Test(
        "fields reorderings match at every nesting level",
        arguments: [
            ("id,name", "name,id"),
            (" id , name ", "name,id"),
            ("id,name,id", "name,id"),
            ("id,,name,", "name,id"),
            ("friends.limit(5){name,id}", "friends.limit(5){id,name}"),
            (
                "id,friends.limit(5){name,picture.type(large){url,height}}",
                "friends.limit(5){picture.type(large){height,url},name},id"
            ),
            (
                "albums.limit(5){name,photos.limit(2){name,picture}},id",
                "id,albums.limit(5){photos.limit(2){picture,name},name}"
            ),
            (
                "posts{comments.summary(true).limit(0){id},message}",
                "posts{message,comments.summary(true).limit(0){id}}"
            ),
            ("name.as(full_name),id", "id,name.as(full_name)"),
            ("feed.since(2020-01-01,x){id}", "feed.since(2020-01-01,x){id}"),
            ("friends {name, id}", "friends{id,name}"),
            ("friends{name}.limit(5),id", "id,friends{name}.limit(5)"),
        ]
    )
    func fieldsReorderings(recorded: String, live: String) {
        #expect(FieldsExpression.canonicalize(live) == FieldsExpression.canonicalize(recorded))
        let base = "https://graph.facebook.com/v19.0/me"
        #expect(Self.request("GET", "\(base)?fields=\(live)") == Self.request("GET", "\(base)?fields=\(recorded)"))
        // Any parameter named …fields is a field list.
        #expect(
            Self.request("GET", "\(base)?summary_fields=\(live)")
                == Self.request("GET", "\(base)?summary_fields=\(recorded)"))
    }

    /// fields with different modifiers, nesting or members do not match.
    @Test(
        "fields with different modifiers, nesting or members do not match",
        arguments: [
            ("friends.limit(5){id}", "friends.limit(6){id}"),
            ("friends.limit(5){id}", "friends{id}.limit(5)"),
            ("friends{id}", "friends{}"),
            ("friends{id}", "friends"),
            ("friends{id,name}", "friends{id},name"),
            ("name.as(a)", "name.as(b)"),
            ("picture.type(large)", "picture.type(small)"),
            ("feed.order(chronological)", "feed.order(reverse_chronological)"),
            ("id,name", "id"),
        ]
    )
    func fieldsDifferences(recorded: String, live: String) {
        #expect(FieldsExpression.canonicalize(live) != FieldsExpression.canonicalize(recorded))
        let base = "https://graph.facebook.com/me"
        #expect(Self.request("GET", "\(base)?fields=\(live)") != Self.request("GET", "\(base)?fields=\(recorded)"))
    }

    /// The canonical text of a field list sorts every list and keeps modifiers as written.
    @Test("The canonical text of a field list sorts every list and keeps modifiers as written")
    func fieldsCanonicalText() throws {
        let expression = try #require(FieldsExpression("name, id,friends.limit(5){name,id},picture.type( large )"))
        #expect(expression.description == "friends.limit(5){id,name},id,name,picture.type( large )")
        #expect(expression.fields.map(\.head) == ["friends.limit(5)", "id", "name", "picture.type( large )"])
        #expect(expression.fields[0].children?.map(\.head) == ["id", "name"])
        #expect(FieldsExpression("")?.description == "")
    }

    /// Malformed field lists do not parse and compare as written.
    @Test(
        "Malformed field lists do not parse and compare as written",
        arguments: ["friends{id,name", "friends}id", "friends.limit(5{id}", "a)b", "a{b}{c}", "a{b}c{d}"]
    )
    func fieldsMalformed(text: String) {
        #expect(FieldsExpression(text) == nil)
        #expect(FieldsExpression.canonicalize(text) == text)
    }

    /// Very deep field nesting is malformed, not a crash.
    @Test("Very deep field nesting is malformed, not a crash")
    func fieldsDeep() {
        let deep = String(repeating: "a{", count: 5_000) + "b" + String(repeating: "}", count: 5_000)
        #expect(FieldsExpression(deep) == nil)
        let shallow = String(repeating: "a{", count: 60) + "c,b" + String(repeating: "}", count: 60)
        #expect(FieldsExpression.canonicalize(shallow).contains("{b,c}"))
    }

    // MARK: JSON values

    /// JSON parameters compare as JSON: key order and spacing ignored, numbers numerically.
    @Test(
        "JSON parameters compare as JSON: key order and spacing ignored, numbers numerically",
        arguments: [
            (#"{"value":"CUSTOM","allow":"4,5"}"#, #"{ "allow" : "4,5", "value" : "CUSTOM" }"#),
            (
                #"{"geo_locations":{"countries":["US","GB"]},"age_min":18}"#,
                #"{"age_min":18.0,"geo_locations":{"countries":["US","GB"]}}"#
            ),
            (#"{"a":1,"b":2}"#, #"{"b":2,"a":1}"#),
            ("[1,2]", "[ 1.0 , 2e0 ]"),
            (#"{"id":10150146071831729}"#, #"{"id":1.0150146071831729e16}"#),
            (#"{"s":"caf\u00e9 \/ \ud83d\ude00"}"#, #"{"s":"café / 😀"}"#),
            ("[-0,0.5,100]", "[0,5e-1,1E+2]"),
        ]
    )
    func jsonEquivalent(recorded: String, live: String) {
        let allowed = CharacterSet.alphanumerics
        let encode = { (text: String) in text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text }
        let url = "https://graph.facebook.com/act_1/adsets"
        #expect(
            Self.form(url, "targeting=\(encode(live))&name=x") == Self.form(url, "name=x&targeting=\(encode(recorded))")
        )
    }

    /// JSON parameters that differ in content, array order or type do not match.
    @Test(
        "JSON parameters that differ in content, array order or type do not match",
        arguments: [
            ("[1,2]", "[2,1]"),
            (#"{"value":"EVERYONE"}"#, #"{"value":"SELF"}"#),
            (#"{"a":1}"#, #"{"a":"1"}"#),
            (#"{"a":true}"#, #"{"a":1}"#),
            (#"{"a":null}"#, "{}"),
            (#"{"id":10150146071831729}"#, #"{"id":10150146071831728}"#),
        ]
    )
    func jsonDifferent(recorded: String, live: String) {
        #expect(
            CanonicalRequest.canonicalValue(name: "privacy", value: live)
                != CanonicalRequest.canonicalValue(name: "privacy", value: recorded))
    }

    /// Canonical JSON spelling of numbers and strings.
    @Test("Canonical JSON spelling of numbers and strings")
    func jsonCanonicalText() {
        #expect(
            CanonicalRequest.canonicalValue(
                name: "x", value: "[1.50, 1e2, -0, 0.000001, 1e-7, 12345678901234567890123, -2.5E-3]")
                == "[1.5,100,0,0.000001,1e-7,1.2345678901234567890123e22,-0.0025]"
        )
        #expect(
            CanonicalRequest.canonicalValue(name: "x", value: #"{"b":"\n\"\u0001","a":[]}"#)
                == #"{"a":[],"b":"\n\"\u0001"}"#)
        // Scalars are not JSON-valued parameters: "1.0" stays text.
        #expect(CanonicalRequest.canonicalValue(name: "limit", value: "1.0") == "1.0")
    }

    /// A raw JSON body compares as JSON; other bodies byte for byte.
    @Test("A raw JSON body compares as JSON; other bodies byte for byte")
    func rawBodies() {
        let url = "https://graph.facebook.com/v19.0/act_1/campaigns"
        let recorded = Self.body(
            url, Data(#"{"name":"Spring","status":"PAUSED","special_ad_categories":[]}"#.utf8),
            mimeType: "application/json")
        let live = Self.body(
            url, Data(#"{ "special_ad_categories": [], "status": "PAUSED", "name": "Spring" }"#.utf8),
            mimeType: "application/json")
        #expect(live == recorded)
        #expect(live.hashValue == recorded.hashValue)

        let changed = Self.body(
            url, Data(#"{"name":"Spring","status":"ACTIVE","special_ad_categories":[]}"#.utf8),
            mimeType: "application/json")
        let diff = RequestDiff(live: changed, recorded: recorded)
        #expect(diff.lines.count == 1)
        #expect(diff.lines.first?.hasPrefix("body: JSON differs: recorded {") == true)

        let bytes = Data([0x00, 0x01, 0xFE, 0xFF])
        #expect(
            Self.body(url, bytes, mimeType: "application/octet-stream")
                == Self.body(url, bytes, mimeType: "application/octet-stream"))
        #expect(
            Self.body(url, bytes, mimeType: "application/octet-stream")
                != Self.body(url, Data([0x00, 0x01, 0xFE, 0xFE]), mimeType: "application/octet-stream"))
        #expect(
            Self.body(url, Data("true".utf8), mimeType: "text/plain")
                == Self.body(url, Data(" true ".utf8), mimeType: "text/plain"))
        #expect(Self.body(url, Data(), mimeType: "application/json") == Self.request("POST", url))
    }

    // MARK: Diff and distance

    /// The diff names each difference, and a match has none.
    @Test("The diff names each difference, and a match has none")
    func diffLines() {
        let recorded = Self.request("GET", "https://graph.facebook.com/v19.0/me?fields=id,name&access_token=<TOKEN-1>")
        #expect(RequestDiff(live: recorded, recorded: recorded).isMatch)
        #expect(RequestDiff(live: recorded, recorded: recorded).distance == 0)
        #expect(RequestDiff(live: recorded, recorded: recorded).lines.isEmpty)

        let live = Self.form(
            "http://127.0.0.1:9/v19.0/me/friends?fields=id&limit=5",
            "access_token=<TOKEN-1>&format=json&locale=en_US"
        )
        let diff = RequestDiff(
            live: live,
            recorded: Self.request(
                "GET", "https://graph.facebook.com/v19.0/me?fields=id,name&access_token=<TOKEN-1>&debug=all"))
        #expect(!diff.isMatch)
        #expect(
            diff.lines == [
                "method: recorded GET, live POST",
                "path: recorded /me, live /me/friends",
                #"parameter debug: only in recorded ("all")"#,
                #"parameter fields: recorded "id,name", live "id""#,
                #"parameter limit: only in live ("5")"#,
                #"parameter locale: only in live ("en_US")"#,
            ]
        )
        let weights = RequestDiff.Weight.self
        #expect(diff.distance == weights.method + weights.path + weights.parameterValue + 3 * weights.parameterPresence)
    }

    /// The distance ranks a near entry below a far one.
    @Test("The distance ranks a near entry below a far one")
    func distanceRanking() {
        let live = Self.request(
            "GET", "http://127.0.0.1:9/v19.0/me/friends?fields=id,name&limit=5&access_token=<TOKEN-1>")
        let near = Self.request(
            "GET", "https://graph.facebook.com/v19.0/me/friends?fields=id,name&limit=25&access_token=<TOKEN-1>")
        let missingOne = Self.request(
            "GET", "https://graph.facebook.com/v19.0/me/friends?fields=id,name&access_token=<TOKEN-1>")
        let otherPath = Self.request(
            "GET", "https://graph.facebook.com/v19.0/me/feed?fields=id,name&limit=5&access_token=<TOKEN-1>")
        let far = Self.request("POST", "https://graph.facebook.com/v19.0/me?access_token=<TOKEN-2>")
        let distances = [near, missingOne, otherPath, far].map { RequestDiff(live: live, recorded: $0).distance }
        #expect(distances == distances.sorted())
        #expect(Set(distances).count == distances.count)
        #expect(distances.allSatisfy { $0 > 0 })
    }

    /// Long values are shown from shortly before their first difference.
    @Test("Long values are shown from shortly before their first difference")
    func diffShortensLongValues() throws {
        let long = String(repeating: "x", count: 300)
        let recorded = Self.request("GET", "https://graph.facebook.com/me?q=\(long)A")
        let live = Self.request("GET", "https://graph.facebook.com/me?q=\(long)B")
        let line = try #require(RequestDiff(live: live, recorded: recorded).lines.first)
        #expect(line == #"parameter q: recorded "…xxxxxxxxxxxxA", live "…xxxxxxxxxxxxB""#)
    }

    /// The description shows one line per component.
    @Test("The description shows one line per component")
    func descriptionLines() {
        let request = Self.upload(
            "https://graph.facebook.com/v19.0/me/photos",
            boundary: "b",
            parts: [
                .text("message", "hi \"there\""),
                .file("source", filename: "a.jpg", type: "Image/JPEG", Data([1, 2, 3])),
            ]
        )
        #expect(
            request.description == """
                method: POST
                path: /me/photos
                parameter message: "hi \\"there\\""
                file source: "a.jpg", image/jpeg, 3 bytes
                """
        )
        let json = Self.body(
            "https://graph.facebook.com/x", Data(#"{"b":1, "a":2}"#.utf8), mimeType: "application/json")
        #expect(json.description.hasSuffix(#"body: 14 bytes, JSON {"a":2,"b":1}"#))
    }

    /// Equal canonical requests collapse in a set.
    @Test("Equal canonical requests collapse in a set")
    func hashable() {
        let requests: Set<CanonicalRequest> = [
            Self.request("GET", "https://graph.facebook.com/me?fields=id,name"),
            Self.request("GET", "http://127.0.0.1:1/v19.0/me?fields=name,id"),
            Self.request("GET", "https://graph.facebook.com/me?fields=name"),
        ]
        #expect(requests.count == 2)
    }

    // MARK: Malformed input

    /// Malformed requests: each must canonicalise without crashing, the same way every time.
    static let malformed: [(label: String, request: HARRequest)] = [
        ("bad percent escapes", HARRequest(method: "GET", url: "https://graph.facebook.com/me%ZZ/%?q=100%&r=%4&s=%G1")),
        ("non-UTF-8 escapes", HARRequest(method: "GET", url: "https://graph.facebook.com/caf%E9?q=caf%E9&r=%C3%28")),
        (
            "invalid JSON parameter",
            HARRequest(
                method: "POST", url: "https://graph.facebook.com/me/feed",
                postData: HARPostData(
                    mimeType: formType, body: Data(#"privacy={"value":EVERYONE}&batch=[{"method":"GET",]"#.utf8)))
        ),
        (
            "unterminated field list",
            HARRequest(method: "GET", url: "https://graph.facebook.com/me?fields=id,friends{name,id")
        ),
        (
            "multipart without a closing boundary",
            HARRequest(
                method: "POST",
                url: "https://graph.facebook.com/me/photos",
                postData: HARPostData(
                    mimeType: "multipart/form-data; boundary=AaB03x",
                    body: multipartBody(boundary: "AaB03x", parts: photoParts, closed: false)
                )
            )
        ),
        (
            "multipart with the wrong boundary",
            HARRequest(
                method: "POST",
                url: "https://graph.facebook.com/me/photos",
                postData: HARPostData(
                    mimeType: "multipart/form-data; boundary=nope",
                    body: multipartBody(boundary: "AaB03x", parts: photoParts))
            )
        ),
        (
            "non-UTF-8 form body",
            HARRequest(
                method: "POST", url: "https://graph.facebook.com/me/feed",
                postData: HARPostData(mimeType: formType, body: Data([0x6D, 0x3D, 0xFF, 0xFE, 0x26, 0xC3])))
        ),
        (
            "non-UTF-8 JSON body",
            HARRequest(
                method: "POST", url: "https://graph.facebook.com/x",
                postData: HARPostData(
                    mimeType: "application/json", body: Data([0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D])))
        ),
        (
            "deeply nested JSON parameter",
            HARRequest(
                method: "GET",
                url: "https://graph.facebook.com/x?q=" + String(repeating: "[", count: 20_000)
                    + String(repeating: "]", count: 20_000))
        ),
        ("lone surrogate in JSON", HARRequest(method: "GET", url: #"https://graph.facebook.com/x?q=["\ud800"]"#)),
        ("no scheme, only a query", HARRequest(method: "GET", url: "?")),
        ("empty URL", HARRequest(method: "", url: "")),
    ]

    /// Malformed input never crashes and compares deterministically.
    @Test("Malformed input never crashes and compares deterministically", arguments: 0..<malformed.count)
    func malformedInput(index: Int) {
        let (_, har) = Self.malformed[index]
        let first = CanonicalRequest(har)
        let second = CanonicalRequest(har)
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        #expect(first.description == second.description)
        #expect(RequestDiff(live: first, recorded: second).isMatch)
        // Against every other malformed request: unequal, and the same diff every time.
        for (otherIndex, other) in Self.malformed.enumerated() where otherIndex != index {
            let otherRequest = CanonicalRequest(other.request)
            #expect(first != otherRequest)
            let diff = RequestDiff(live: first, recorded: otherRequest)
            #expect(!diff.isMatch && diff.distance > 0 && !diff.lines.isEmpty)
            #expect(
                diff.lines == RequestDiff(live: CanonicalRequest(har), recorded: CanonicalRequest(other.request)).lines)
        }
    }

    /// Malformed input keeps a literal, deterministic form.
    @Test("Malformed input keeps a literal, deterministic form")
    func malformedForms() {
        let escapes = CanonicalRequest(Self.malformed[0].request)
        #expect(escapes.path == "/me%ZZ/%")
        #expect(
            escapes.parameters == [
                .init(name: "q", value: "100%"), .init(name: "r", value: "%4"), .init(name: "s", value: "%G1"),
            ])

        let latin1 = CanonicalRequest(Self.malformed[1].request)
        #expect(latin1.path == "/caf%E9")
        #expect(latin1.parameters == [.init(name: "q", value: "caf%E9"), .init(name: "r", value: "%C3(")])

        let json = CanonicalRequest(Self.malformed[2].request)
        #expect(json.parameters.contains(.init(name: "privacy", value: #"{"value":EVERYONE}"#)))
        #expect(json.parameters.contains(.init(name: "batch", value: #"[{"method":"GET",]"#)))

        let fields = CanonicalRequest(Self.malformed[3].request)
        #expect(fields.parameters == [.init(name: "fields", value: "id,friends{name,id")])

        let unclosed = CanonicalRequest(Self.malformed[4].request)
        #expect(unclosed.files.isEmpty && unclosed.parameters.isEmpty)
        #expect(unclosed.rawBody == Self.multipartBody(boundary: "AaB03x", parts: Self.photoParts, closed: false))
        let closed = Self.upload("https://graph.facebook.com/me/photos", boundary: "AaB03x", parts: Self.photoParts)
        #expect(unclosed != closed)
        #expect(RequestDiff(live: unclosed, recorded: closed).lines.contains { $0.hasPrefix("body: only in live (") })

        let binaryForm = CanonicalRequest(Self.malformed[6].request)
        #expect(binaryForm.parameters == [.init(name: "%C3", value: ""), .init(name: "m", value: "%FF%FE")])

        let binaryJSON = CanonicalRequest(Self.malformed[7].request)
        #expect(binaryJSON.rawBody == Data([0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D]))
        #expect(binaryJSON.description.hasSuffix("body: 7 bytes"))

        let deep = CanonicalRequest(Self.malformed[8].request)
        #expect(deep.parameters.first?.value.count == 40_000)
    }
}
