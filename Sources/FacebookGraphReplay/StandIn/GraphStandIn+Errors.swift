import Foundation

/// The stand-in's error answers: the `fields=error_<code>` triggers, unknown paths, Graph's error body.
extension GraphStandIn {

    /// The error a `fields=error_<code>` value asks for, if any.
    static func errorTrigger(_ fields: String) -> Int? {
        fields.split(separator: ",").lazy.compactMap { field in
            field.hasPrefix("error_") ? Int(field.dropFirst("error_".count)) : nil
        }.first
    }

    /// The error for a `fields=error_<code>` trigger.
    static func triggeredError(_ call: Call, _ code: Int) -> Answer {
        switch code {
        case 4:
            let usage = #"{"call_count":100,"total_cputime":25,"total_time":41}"#
            return graphError(
                call, status: 400, code: 4, message: "(#4) Application request limit reached", transient: true,
                headers: [("x-app-usage", usage)]
            )
        case 17:
            return graphError(call, status: 403, code: 17, message: "(#17) User request limit reached", transient: true)
        case 200:
            return graphError(call, status: 403, code: 200, message: "(#200) Requires extended permission: user_posts")
        case 2:
            let message = "An unexpected error has occurred. Please retry your request later."
            return graphError(call, status: 500, code: 2, message: message, transient: true)
        case 502:
            let page = """
                <!DOCTYPE html>
                <html lang="en" id="facebook"><head><title>Facebook | Error</title><meta charset="utf-8"></head>
                <body><div><h1>Sorry, something went wrong.</h1><p>We're working on getting this fixed as soon as \
                we can.</p></div></body></html>

                """
            var headers = [("Content-Type", #"text/html; charset="utf-8""#), ("x-fb-trace-id", traceID(call))]
            headers.append(("Cache-Control", "private, no-cache, no-store, must-revalidate"))
            return Answer(status: 502, headers: headers, body: Data(page.utf8))
        default:
            let message = "(#100) Tried accessing nonexisting field (error_\(code)) on node type (User)"
            return graphError(call, status: 400, code: 100, message: message)
        }
    }

    /// An unknown first path component is an unknown alias (803, HTTP 404); anything else 2500.
    static func unknownPath(_ call: Call) -> Answer {
        let components = call.path.split(separator: "/")
        if components.count == 1, let alias = components.first, alias != "me", Int(alias) == nil {
            let message = "(#803) Some of the aliases you requested do not exist: \(alias)"
            return graphError(call, status: 404, code: 803, message: message)
        }
        return graphError(call, status: 400, code: 2500, message: "Unknown path components: \(call.path)")
    }

    /// A Graph error body (`{"error":{message, type, code, error_subcode?, is_transient?, fbtrace_id}}`)
    /// with the usual headers; token errors add `WWW-Authenticate` as Graph does.
    static func graphError(
        _ call: Call,
        status: Int,
        code: Int,
        subcode: Int? = nil,
        message: String,
        transient: Bool? = nil,
        authenticate: Bool = false,
        headers: [(String, String)] = []
    ) -> Answer {
        var error: [String: Any] = [
            "message": message, "type": "OAuthException", "code": code, "fbtrace_id": traceID(call),
        ]
        error["error_subcode"] = subcode
        error["is_transient"] = transient
        var extra = headers
        if authenticate {
            extra.append(("WWW-Authenticate", #"OAuth "Facebook Platform" "invalid_token" "\#(message)""#))
        }
        return json(call, ["error": error], status: status, headers: extra)
    }
}
