import FacebookGraph
import Foundation

/// One REST call as the bridge reads it: the method name, the HTTP method, and the caller's text
/// parameters (converted as v2 converted them, `LegacyRequestBody.values`), with the token the
/// session added taken apart and the SDK's bookkeeping (`format`, `sdk`, `sdk_version`) dropped.
package struct RESTCall: Sendable {
    /// `users.getInfo`, `fql.query`… (REST names are case-insensitive; kept as given).
    package var method: String
    /// `GET` or `POST` as the caller asked; the bridge chooses the Graph verb itself.
    package var httpMethod: String
    /// The caller's parameters.
    package var parameters: [String: String]
    /// The session's token (`access_token`), if any.
    package var accessToken: String?

    /// The SDK's own parameters, which mean nothing to a Graph call.
    static let bookkeepingNames: Set<String> = ["format", "sdk", "sdk_version", "method"]

    /// A call of `method` with `parameters`.
    package init(method: String, httpMethod: String = "GET", parameters: [String: String]) {
        self.method = method
        self.httpMethod = httpMethod
        var parameters = parameters.filter { !Self.bookkeepingNames.contains($0.key) }
        accessToken = parameters.removeValue(forKey: "access_token")
        self.parameters = parameters
    }

    /// The call a legacy request makes: its dictionary's text values (files are ignored: no bridged
    /// method takes one).
    init(method: String, httpMethod: String, params: NSDictionary?) {
        var parameters: [String: String] = [:]
        for (key, value) in LegacyRequestBody.values(of: params) {
            if case .text(let text) = value { parameters[key] = text }
        }
        self.init(method: method, httpMethod: httpMethod, parameters: parameters)
    }

    /// The value of `name`, nil when absent or empty.
    func value(_ name: String) -> String? {
        guard let value = parameters[name], !value.isEmpty else { return nil }
        return value
    }

    /// `request_args` of a REST error body: the method, then the caller's parameters in key order,
    /// without any credential.
    var requestArguments: [[String: String]] {
        let visible = parameters.filter { !SecretDefinition.parameterNames.contains($0.key.lowercased()) }
        return [["key": "method", "value": method]]
            + visible.sorted { $0.key < $1.key }.map { ["key": $0.key, "value": $0.value] }
    }
}
