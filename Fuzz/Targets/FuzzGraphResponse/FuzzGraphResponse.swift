// Fuzz target: the Graph response parser (GraphError.parse, GraphUsage, GraphResponse).
//
// Input: a status selector, up to three fuzzed header values (x-app-usage,
// x-business-use-case-usage, retry-after), then the body. Invariants:
// - every non-2xx response is an error, whatever its body; a 2xx JSON object with none of the
//   error keys is a success;
// - the verdict is the same whether the caller passes the parsed JSON or lets the parser parse;
// - a wait hint is never negative; reading the body as JSON or decoding it never traps.

import FacebookGraph
import Foundation
import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzGraphResponse(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    var input = FuzzInput(data, size)
    let selector = Int(input.byte())
    let status = selector < 128 ? 200 : 100 + (selector * 7 % 500)
    var headers = HTTPHeaders()
    if input.flag() { headers.add(name: "x-app-usage", value: input.string()) }
    if input.flag() { headers.add(name: "x-business-use-case-usage", value: input.string()) }
    if input.flag() { headers.add(name: "Retry-After", value: input.string(limit: 20)) }
    if input.flag() { headers.add(name: "x-fb-trace-id", value: input.string(limit: 20)) }
    let body = Data(input.rest())

    let error = GraphError.parse(status: status, headers: headers, body: body)
    let success = (200..<300).contains(status)
    if !success { fuzzExpect(error != nil, "a \(status) response parsed as a success") }
    let json = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed])
    if success, let object = json as? [String: Any] {
        let errorKeys = ["error", "error_code", "error_msg", "error_reason", "error_type", "data"]
        if !errorKeys.contains(where: { object[$0] != nil }) {
            fuzzExpect(error == nil, "a 2xx object without error keys parsed as an error")
        }
    }
    let withJSON = GraphError.parse(status: status, headers: headers, body: body, json: .some(json))
    fuzzExpect(
        withJSON?.shape == error?.shape && withJSON?.code == error?.code && withJSON?.message == error?.message,
        "the verdict depends on who parsed the JSON")
    if let wait = error?.retryAfter { fuzzExpect(wait >= .zero, "a negative wait hint \(wait)") }
    _ = error?.description

    let response = GraphResponse(status: status, headers: headers, body: body)
    _ = try? response.jsonObject()
    _ = try? response.decode([String: Int].self)
    _ = response.usage.retryAfter
    return 0
}
