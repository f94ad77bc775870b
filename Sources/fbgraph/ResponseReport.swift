import FacebookGraph
import Foundation

/// Prints what came back and decides the exit status, the same way for every command:
///
/// - the body on standard output (JSON pretty or compact, other text as it is, other bytes raw);
/// - a failure the core's `GraphError` recognises — an error body in any of its shapes, or a non-2xx
///   status (an HTML 502, say) — exit 1 and one standard-error line,
///   `error: <category> (code N[, subcode M]): <message>` (`status N` where there is no code), with the
///   core's category names (`tokenExpired`, `throttled`, `permission`…);
/// - a transport error: exit 1 and `error: transport (<code>): <message>` (for a replay without a
///   matching entry, the message goes on with the diff against the nearest entries).
enum ResponseReport {
    /// Prints `result` and returns the exit status.
    static func report(
        _ result: Result<RawResponse, TransportError>,
        compact: Bool,
        output: inout StandardStreams
    ) -> Int32 {
        switch result {
        case .success(let response): return report(response, compact: compact, output: &output)
        case .failure(let error): return report(GraphError(transport: error), output: &output)
        }
    }

    /// Prints `response` and returns the exit status.
    static func report(_ response: RawResponse, compact: Bool, output: inout StandardStreams) -> Int32 {
        printBody(response.body, compact: compact, output: &output)
        if let error = GraphError.parse(status: response.status, headers: response.headers, body: response.body) {
            return report(error, output: &output)
        }
        return ExitCode.success
    }

    /// Prints the one error line and returns the exit status. A transport error keeps its message's
    /// lines (a replay miss goes on with the diff against the nearest entries).
    static func report(_ error: GraphError, output: inout StandardStreams) -> Int32 {
        if let transport = error.transportError {
            output.err("error: transport (\(transport.code)): \(transport.message)")
        } else {
            output.err("error: \(error)")
        }
        return ExitCode.failure
    }

    /// Writes a body: JSON rendered, UTF-8 text as it is, anything else byte for byte.
    private static func printBody(_ body: Data, compact: Bool, output: inout StandardStreams) {
        guard !body.isEmpty else { return }
        if String(data: body, encoding: .utf8) != nil {
            output.out(JSONPrinter.render(body, compact: compact))
        } else {
            output.outBytes(body)
        }
    }
}
