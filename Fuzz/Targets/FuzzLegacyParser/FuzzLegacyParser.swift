// Fuzz target: the legacy parse rules (LegacyResponseParser, the v2 `parseJsonResponse:error:`).
//
// Input: a status selector, then the body. Invariants:
// - a non-2xx response always fails; a 2xx `true` is `["result": "true"]`, a 2xx `false` fails;
// - a failure is in `facebookErrDomain`; the legacy verdict agrees with the core's classifier
//   (a JSON object the core reads as a Graph, OAuth-draft or REST error fails, any other 2xx
//   body succeeds);
// - `integerValue` (Objective-C's `intValue`) of any text stays within Int32.

import FacebookGraph
import FacebookSDK
import Foundation
import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzLegacyParser(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    var input = FuzzInput(data, size)
    let selector = Int(input.byte())
    let status = selector < 128 ? 200 : 100 + (selector * 7 % 500)
    let body = Data(input.rest())
    let success = (200..<300).contains(status)
    let outcome = LegacyResponseParser.parse(body: body, status: status)
    let text = String(data: body, encoding: .utf8)
    let json = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed])
    let core = GraphError.parse(status: status, body: body, json: .some(json))
    let coreFails = json is [String: Any] && core.map { [.graph, .oauthDraft, .rest].contains($0.shape) } == true
    switch outcome {
    case .failure(let error):
        fuzzExpect(error.domain == facebookErrDomain, "a failure in domain \(error.domain)")
        if success, text != "false" { fuzzExpect(coreFails, "a 2xx body failed that the core reads as a success") }
    case .result(let result):
        fuzzExpect(success, "a \(status) response arrived as a result")
        fuzzExpect(!coreFails, "a body the core reads as an error arrived as a result")
        if text == "true" {
            fuzzExpect((result as? [String: String]) == ["result": "true"], "`true` → \(result ?? "nil")")
        }
        fuzzExpect(text != "false", "`false` arrived as a result")
    }
    if let text {
        let value = LegacyResponseParser.integerValue(text)
        fuzzExpect(value >= Int(Int32.min) && value <= Int(Int32.max), "intValue \(value) outside Int32")
    }
    return 0
}
