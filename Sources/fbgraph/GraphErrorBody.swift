import FacebookGraph
import Foundation

/// The error a Graph or REST response body reports, in any of the shapes seen on the wire
/// (graph-wire-facts §A.0.4):
///
/// - Graph: `{"error": {"message", "type", "code", "error_subcode", …}}`; an old error without a
///   `code` carries it in its message (`(#341) Feed action request limit reached`).
/// - Legacy REST: `{"error_code": 104, "error_msg": "…"}`, or `error_description` (OAuth drafts).
/// - The legacy OAuth endpoint: `{"error_type": "OAuthException", "code": 400, "error_message": "…"}`.
///
/// `{"error": "not found"}` (a string) is not a Graph error.
struct GraphErrorBody: Equatable {
    /// The error code, when the body gives one.
    var code: Int?
    /// The subcode (`error_subcode`), when the body gives one.
    var subcode: Int?
    /// The error type (`OAuthException`, `GraphMethodException`…).
    var type: String?
    /// The message.
    var message: String

    /// The error `body` reports, or nil when it reports none (not JSON, or no error shape).
    init?(_ body: Data) {
        guard let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] else { return nil }
        if let error = object["error"] as? [String: Any] {
            message = error["message"] as? String ?? ""
            code = Self.integer(error["code"]) ?? Self.codeInMessage(message)
            subcode = Self.integer(error["error_subcode"])
            type = error["type"] as? String
        } else if let code = Self.integer(object["error_code"]) {
            self.code = code
            message = (object["error_msg"] ?? object["error_description"]) as? String ?? ""
        } else if let type = object["error_type"] as? String {
            self.type = type
            code = Self.integer(object["code"])
            message = object["error_message"] as? String ?? ""
        } else {
            return nil
        }
    }

    /// The PHP Graph SDK's class of this error.
    var category: GraphErrorCategory {
        GraphErrorCategory(code: code, subcode: subcode, type: type)
    }

    /// `error: <category> (code N[, subcode M]): <message>` on one line, free of secrets; an error
    /// without a code shows the HTTP `status` in its place.
    func line(status: Int) -> String {
        var numbers = code.map { "code \($0)" } ?? "status \(status)"
        if let subcode { numbers += ", subcode \(subcode)" }
        let oneLine = message.split(whereSeparator: \.isNewline).joined(separator: " ")
        return "error: \(category.rawValue) (\(numbers)): \(SecretPolicy.redactSecrets(in: oneLine))"
    }

    /// An integer given as a JSON number or a string of digits.
    private static func integer(_ value: Any?) -> Int? {
        if let number = value as? Int { return number }
        if let text = value as? String { return Int(text) }
        return nil
    }

    /// The `N` of a message that starts `(#N)`.
    private static func codeInMessage(_ message: String) -> Int? {
        guard message.hasPrefix("(#"), let close = message.firstIndex(of: ")") else { return nil }
        return Int(message[message.index(message.startIndex, offsetBy: 2)..<close])
    }
}
