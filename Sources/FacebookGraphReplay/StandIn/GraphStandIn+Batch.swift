import FacebookGraph
import Foundation

/// The Graph batch endpoint of the stand-in (`POST /` with a `batch` parameter).
extension GraphStandIn {
    /// The item headers a batch answer keeps (Graph leaves the connection-level ones out).
    static let batchItemHeaders: Set<String> = [
        "content-type", "facebook-api-version", "cache-control", "expires", "pragma", "access-control-allow-origin",
        "www-authenticate",
    ]

    /// Answers a batch as Graph does: a JSON array in request order, each item
    /// `{"code":…,"headers":[{"name":…,"value":…}],"body":"<JSON as a string>"}`, and `null` for an
    /// item whose dependency (`depends_on`, or a `{result=…}` reference: GraphStandIn+BatchReferences.swift) failed or for a named item another item depended on
    /// (unless it said `omit_response_on_success: false`). Items use the batch's token unless they
    /// carry their own; `include_headers=false` drops the headers.
    static func batch(_ call: Call, items text: String, token: String, origin: String) -> Answer {
        guard let items = (try? GraphJSON.parse(text)) as? [Any], !items.isEmpty else {
            return graphError(call, status: 400, code: 100, message: "(#100) The parameter batch must be a JSON array")
        }
        guard items.count <= 50 else {
            let message = "(#100) Too many requests in batch message. Maximum batch size is 50"
            return graphError(call, status: 400, code: 100, message: message)
        }
        let includeHeaders = call.value("include_headers") != "false"
        var results: [Any] = []
        var named: [String: (index: Int, succeeded: Bool, omitOnSuccess: Bool)] = [:]
        var answers: [String: Any] = [:]
        items: for case let item as [String: Any] in items {
            let name = item["name"] as? String
            let dependencies = [item["depends_on"] as? String].compactMap { $0 } + referencedNames(in: item)
            for dependency in dependencies {
                guard let parent = named[dependency], parent.succeeded else {
                    results.append(NSNull())
                    if let name { named[name] = (results.count - 1, false, true) }
                    continue items
                }
            }
            for dependency in dependencies where named[dependency]?.omitOnSuccess == true {
                results[named[dependency]!.index] = NSNull()
            }
            let call = resolvingReferences(batchItem(item, token: token), answers: answers)
            let answer = self.answer(call, origin: origin)
            var result: [String: Any] = ["code": answer.status, "body": String(decoding: answer.body, as: UTF8.self)]
            if includeHeaders {
                result["headers"] = answer.headers.filter { batchItemHeaders.contains($0.name.lowercased()) }
                    .map { ["name": $0.name, "value": $0.value] }
            }
            results.append(result)
            if let name {
                answers[name] = try? GraphJSON.parse(answer.body)
                let omit = item["omit_response_on_success"] as? Bool ?? true
                named[name] = (results.count - 1, (200..<300).contains(answer.status), omit)
            }
        }
        return json(call, results, contentType: "text/javascript; charset=UTF-8")
    }

    /// The call one batch item makes: its `relative_url` (path and query) and form `body`, with the
    /// batch's token unless it names its own.
    static func batchItem(_ item: [String: Any], token: String) -> Call {
        let relativeURL = item["relative_url"] as? String ?? ""
        let target = relativeURL.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let path = FormEncoding.unescape(target.first ?? "", plusAsSpace: false, invalidUTF8: .replace)
        var parameters = target.count > 1 ? Call.formPairs(String(target[1])) : []
        parameters += Call.formPairs(item["body"] as? String ?? "")
        if !parameters.contains(where: { $0.name == "access_token" }) {
            parameters.append(("access_token", token))
        }
        let method = item["method"] as? String ?? "GET"
        return Call(method: method, path: path.hasPrefix("/") ? path : "/" + path, parameters: parameters)
    }
}
