// Fuzz target: the one percent-encoding (FormEncoding) and GraphRequest's prepare step.
//
// Invariants:
// - any bytes decode without trapping, in every InvalidUTF8 mode;
// - pairs → encode → decode gives the pairs back; escape → unescape gives the text back;
// - pairs → encodeReadably → decode (plus kept) gives the pairs back;
// - a prepared GET carries every parameter, in order, in its query (after anything the path had);
//   a prepared form POST carries them in its body; a prepared request never throws for a path.

import FacebookGraph
import Foundation
import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzFormEncoding(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    var input = FuzzInput(data, size)
    let raw = input.all
    let modes: [FormEncoding.InvalidUTF8] = [.keepEscaped, .replace, .escapeBytes]
    for mode in modes {
        let decoded = FormEncoding.decode(bytes: raw, invalidUTF8: mode)
        let again = FormEncoding.decode(FormEncoding.encode(decoded.map { ($0.name, $0.value) }))
        fuzzExpect(same(again, decoded), "encode(decode(x)) does not decode to decode(x) (\(mode))")
    }

    var pairs: [(name: String, value: String)] = []
    let count = Int(input.byte() % 6)
    for _ in 0..<count { pairs.append((input.string(limit: 40), input.string(limit: 80))) }
    let plain = pairs.map { ($0.name, $0.value) }
    fuzzExpect(same(FormEncoding.decode(FormEncoding.encode(plain)), pairs), "encode → decode lost a pair")
    fuzzExpect(
        same(FormEncoding.decode(FormEncoding.encodeReadably(plain), plusAsSpace: false), pairs),
        "encodeReadably → decode lost a pair")
    for pair in pairs {
        fuzzExpect(FormEncoding.unescape(FormEncoding.escape(pair.value)) == pair.value, "escape → unescape")
    }

    // The prepare step: a path and the pairs as parameters, sent to a loopback base URL.
    let path = input.string(limit: 60)
    let isPost = input.flag()
    var request = GraphRequest(
        endpoint: .graph(path), method: isPost ? .post : .get, parameters: pairs, encoding: .standard)
    request.usesAppSecretProof = false
    var configuration = GraphConfiguration()
    configuration.graphBaseURL = "http://127.0.0.1:9/"
    configuration.version = "v19.0"
    let prepared: PreparedRequest
    do {
        prepared = try request.prepare(configuration: configuration)
    } catch {
        fuzzExpect(false, "prepare threw for path \(String(reflecting: path)): \(error)")
        return 0
    }
    if isPost {
        let body = prepared.body ?? Data()
        fuzzExpect(same(FormEncoding.decode(bytes: body), pairs), "a form POST's body lost a parameter")
    } else {
        // The query the server gets: before any `#` (what follows is a fragment, never sent).
        let sent = FormEncoding.queryPairs(of: String(decoding: prepared.url.utf8.prefix { $0 != 0x23 }, as: UTF8.self))
        fuzzExpect(
            sent.count >= pairs.count && same(Array(sent.suffix(pairs.count)), pairs),
            "a GET's query lost a parameter: \(String(reflecting: prepared.url))")
    }
    return 0
}

/// Pairs compared element by element.
private func same(_ left: [(name: String, value: String)], _ right: [(name: String, value: String)]) -> Bool {
    left.count == right.count && zip(left, right).allSatisfy { $0.name == $1.name && $0.value == $1.value }
}
