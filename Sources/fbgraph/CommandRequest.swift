import FacebookGraph
import Foundation

/// The core's `GraphRequest` as the commands describe it, and its one way through the CLI: prepared by
/// the core (`GraphRequest.prepare`, with the target's configuration), sent through the target's
/// transport, checked by the core's `GraphError.parse`, printed by ``ResponseReport``.
extension GraphRequest {
    /// The request a path command (`get`, `post`, `delete`, and `record` of one of them) describes:
    /// the Graph `path` (or an absolute URL, such as a `paging.next` link) with the command's
    /// parameters, `-F` text fields and files. One place, so `record` records exactly the request the
    /// same command would send.
    init(command method: String, path: String, options: RequestOptions) {
        let endpoint: Endpoint =
            path.hasPrefix("http://") || path.hasPrefix("https://") ? .absolute(path) : .graph(path)
        var parameters = options.parameters.map { (name: $0.0, value: $0.1) }
        var attachments: [GraphAttachment] = []
        for part in options.formParts {
            switch part {
            case .text(let name, let value): parameters.append((name: name, value: value))
            case .file(let name, let filename, let contentType, let data):
                attachments.append(
                    GraphAttachment(name: name, filename: filename, contentType: contentType, data: data))
            }
        }
        self.init(
            endpoint: endpoint,
            method: GraphHTTPMethod(rawValue: method),
            parameters: parameters,
            attachments: attachments
        )
    }

    /// The request, prepared by the core for `target`.
    func prepared(for target: GraphTarget) -> Result<PreparedRequest, GraphError> {
        Result { () throws(GraphError) in try prepare(configuration: target.configuration) }
    }

    /// Prepares the request, sends it through `target`'s transport, waits, prints the outcome
    /// (``ResponseReport``) and returns the exit status.
    func send(to target: GraphTarget, compact: Bool, output: inout StandardStreams) -> Int32 {
        switch prepared(for: target) {
        case .failure(let error):
            return ResponseReport.report(error, output: &output)
        case .success(let prepared):
            let result = target.transport.base.sendAndWait(prepared)
            return ResponseReport.report(result, compact: compact, sentToken: target.token, output: &output)
        }
    }
}
