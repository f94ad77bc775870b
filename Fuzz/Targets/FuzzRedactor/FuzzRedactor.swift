// Fuzz target: the redactor (Redactor), checked against the scanner (one definition of a secret).
//
// A planted access token and app secret are put into a fuzzed exchange: the token in the query
// (as `access_token`, the way every request carries it) and again, with the app secret, at fuzzed
// places in the request body, a header and the response body, in a fuzzed body type (form, JSON,
// multipart, text, base64). Invariants:
// - the redacted entry, as written to a cassette and with its bodies decoded, holds neither planted
//   value (raw or percent-encoded);
// - the scanner finds nothing in the written cassette;
// - redacting the redacted entry again changes nothing.
// To see what went wrong, replay a crash input with FUZZ_SHOW=1: the scanner's findings and the
// written cassette go to standard error (the planted secrets are the fuzz target's own, not real).

import FacebookGraph
import FacebookGraphReplay
import Foundation
import FuzzSupport

private let token = "EAAGm0PX4ZCpsBAFuzzPl4nted7q2W9xZk3"
private let appSecret = "f3a9c1e07b5d42a8c6e2d91b7a0f3c55"
private let scanner = SecretScanner(extraSecrets: [token, appSecret])

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzRedactor(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    var input = FuzzInput(data, size)
    let methods = ["GET", "POST", "DELETE"]
    let method = methods[Int(input.byte()) % methods.count]
    let path = input.string(limit: 40)
    let query = input.string(limit: 80)
    let url = "https://graph.facebook.com/v19.0/\(path)?\(query)&access_token=\(token)"
    var headers = [HARNameValue(name: "Host", value: "graph.facebook.com")]
    if input.flag() { headers.append(HARNameValue(name: input.string(limit: 20), value: plant(&input))) }
    if input.flag() { headers.append(HARNameValue(name: "Authorization", value: "OAuth " + token)) }

    let types = [
        "application/x-www-form-urlencoded", "application/json", "text/plain",
        "multipart/form-data; boundary=FuzzB", "application/octet-stream",
    ]
    let requestType = types[Int(input.byte()) % types.count]
    let base64 = input.flag()
    let requestBody = Data(plant(&input).utf8)
    var postData = HARPostData(mimeType: requestType, body: requestBody)
    if base64 {
        postData.text = requestBody.base64EncodedString()
        postData.encoding = "base64"
    }
    let responseType = types[Int(input.byte()) % types.count]
    let responseBody = Data(plant(&input).utf8)
    let request = HARRequest(
        method: method, url: url, headers: headers,
        queryString: FormEncoding.queryPairs(of: url, plusAsSpace: false).map {
            HARNameValue(name: $0.name, value: $0.value)
        },
        postData: method == "GET" ? nil : postData)
    let response = HARResponse(status: 200, content: HARContent(mimeType: responseType, body: responseBody))
    let entry = HAREntry(startedDateTime: "2026-01-01T00:00:00.000Z", request: request, response: response)

    let redactor = Redactor(knownSecrets: [appSecret])
    let redacted = redactor.redact(entry)
    guard let written = try? HARArchive(entries: [redacted]).encoded() else {
        fuzzExpect(false, "a redacted entry does not encode")
        return 0
    }
    let text = String(decoding: written, as: UTF8.self)
    let findings = scanner.scan(text: text, file: "fuzz.har")
    if ProcessInfo.processInfo.environment["FUZZ_SHOW"] != nil {
        FileHandle.standardError.write(Data("\(findings)\n\(text)\n".utf8))
    }
    let bodies = [redacted.request.postData?.body, redacted.response.content.body].compactMap { $0 }
    // Every string the cassette holds, decoded (its text can seem to hold a secret that it does not:
    // `\u000f3a9c…` is byte 0x0F and `3a9c…`; the scanner knows that escape, the check below reads).
    let strings = (try? JSONSerialization.jsonObject(with: written)).map(allStrings) ?? []
    fuzzExpect(!strings.isEmpty, "the written cassette does not read back as JSON")
    for secret in [token, appSecret] {
        fuzzExpect(!strings.contains { $0.contains(secret) }, "the cassette holds a planted secret")
        fuzzExpect(
            !bodies.contains { $0.range(of: Data(secret.utf8)) != nil }, "a redacted body holds a planted secret")
    }
    fuzzExpect(findings.isEmpty, "the scanner flags the redacted cassette: \(findings.map(\.kind))")
    fuzzExpect(redactor.redact(redacted) == redacted, "redacting twice changed the entry")
    return 0
}

/// A fuzzed text with the planted token or app secret spliced in at a fuzzed place.
private func plant(_ input: inout FuzzInput) -> String {
    var text = Array(input.string())
    let secret = input.flag() ? token : appSecret
    let at = text.isEmpty ? 0 : Int(input.byte()) % (text.count + 1)
    text.insert(contentsOf: secret, at: at)
    return String(text)
}

/// Every string in a JSON value: object keys and string values, at any depth.
private func allStrings(_ value: Any) -> [String] {
    switch value {
    case let text as String: [text]
    case let array as [Any]: array.flatMap(allStrings)
    case let object as [String: Any]: object.flatMap { [$0.key] + allStrings($0.value) }
    default: []
    }
}
