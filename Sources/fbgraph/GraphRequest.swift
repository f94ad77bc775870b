import FacebookGraph
import Foundation

/// A Graph (or REST) request as the commands describe it — method, URL, parameters, form parts and
/// token — and its one way onto the wire: ``prepare()`` validates it as a `PreparedRequest`.
///
/// Where the parameters go follows the Graph API's habits: in the query for GET and DELETE; in an
/// `application/x-www-form-urlencoded` body for POST; as text parts beside the files of a
/// multipart POST. The token is sent as `access_token` with the other parameters (so never in a
/// POST's URL), unless the URL or the parameters already carry one.
struct GraphRequest {
    /// `GET`, `POST` or `DELETE`.
    var method: String
    /// The absolute URL, without the parameters below.
    var url: String
    /// The parameters, in order.
    var parameters: [(String, String)] = []
    /// File and text parts; non-empty makes the body multipart.
    var formParts: [MultipartForm.Part] = []
    /// The access token, or nil.
    var token: String?

    /// A request with every field given.
    init(
        method: String,
        url: String,
        parameters: [(String, String)] = [],
        formParts: [MultipartForm.Part] = [],
        token: String?
    ) {
        self.method = method
        self.url = url
        self.parameters = parameters
        self.formParts = formParts
        self.token = token
    }

    /// The request a path command (`get`, `post`, `delete`, and `record` of one of them) describes:
    /// `path` on the target's Graph base, with the command's parameters, form parts and token. One
    /// place, so `record` records exactly the request the same command would send.
    init(method: String, path: String, options: RequestOptions, target: GraphTarget) {
        self.init(
            method: method,
            url: GraphURL.make(base: target.graphBase, path: path, parameters: []),
            parameters: options.parameters,
            formParts: options.formParts,
            token: target.token
        )
    }

    /// The request, validated and frozen.
    ///
    /// - Throws: `TransportError` `invalidURL` or `insecureSecret` (a token over plain http to a
    ///   host that is not loopback), before any connection exists.
    func prepare() throws(TransportError) -> PreparedRequest {
        var parameters = parameters
        if let token, !parameters.contains(where: { $0.0 == "access_token" }),
            !GraphURL.query(of: url, contains: "access_token")
        {
            parameters.append(("access_token", token))
        }
        guard method == "POST" else {
            return try PreparedRequest(method: method, url: GraphURL.appending(parameters, to: url))
        }
        if formParts.isEmpty {
            return try PreparedRequest(
                method: method,
                url: url,
                headers: ["Content-Type": "application/x-www-form-urlencoded"],
                body: Data(GraphURL.formEncoded(parameters).utf8)
            )
        }
        let form = MultipartForm(parts: parameters.map { .text(name: $0.0, value: $0.1) } + formParts)
        let headers: HTTPHeaders = ["Content-Type": form.contentType]
        return try PreparedRequest(method: method, url: url, headers: headers, body: form.body)
    }
}

extension GraphRequest {
    /// Prepares the request, sends it through `target`'s transport, waits, prints the outcome
    /// (``ResponseReport``) and returns the exit status.
    func send(to target: GraphTarget, compact: Bool, output: inout StandardStreams) -> Int32 {
        let prepared: PreparedRequest
        do {
            prepared = try prepare()
        } catch {
            return ResponseReport.report(error, output: &output)
        }
        let result = BlockingCall.send(prepared, on: target.transport)
        return ResponseReport.report(result, compact: compact, output: &output)
    }
}
