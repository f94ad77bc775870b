import FacebookGraph
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Prints what came back and decides the exit status, the same way for every command:
///
/// - the body on standard output (JSON pretty or compact, other text as it is, other bytes raw);
/// - a failure the core's `GraphError` recognises — an error body in any of its shapes, or a non-2xx
///   status (an HTML 502, say) — exit 1 and one standard-error line,
///   `error: <category> (code N[, subcode M]): <message>` (`status N` where there is no code), with the
///   core's category names (`tokenExpired`, `throttled`, `permission`…);
/// - a transport error: exit 1 and `error: transport (<code>): <message>` (for a replay without a
///   matching entry, the message goes on with the diff against the nearest entries).
///
/// What a server echoes is not printed back: the token the command sent (four characters or more)
/// shows as `<redacted>` wherever a body repeats it (a `paging.next` link, an error text), and an error body loses every
/// secret by the core's definition (`SecretPolicy.redactSecrets`: secret parameters and token
/// shapes). A success body keeps anything else — a new token an OAuth call returns is its answer.
enum ResponseReport {
    /// Prints `result` and returns the exit status; `sentToken` is the token the request carried.
    static func report(
        _ result: Result<RawResponse, TransportError>,
        compact: Bool,
        sentToken: String?,
        output: inout StandardStreams
    ) -> Int32 {
        switch result {
        case .success(let response): return report(response, compact: compact, sentToken: sentToken, output: &output)
        case .failure(let error): return report(GraphError(transport: error), output: &output)
        }
    }

    /// Prints `response` and returns the exit status; `sentToken` is the token the request carried.
    static func report(
        _ response: RawResponse, compact: Bool, sentToken: String?, output: inout StandardStreams
    ) -> Int32 {
        let error = GraphError.parse(status: response.status, headers: response.headers, body: response.body)
        printBody(response.body, compact: compact, output: &output) { text in
            let withoutToken = Self.removing(sentToken, from: text)
            return error == nil ? withoutToken : SecretPolicy.redactSecrets(in: withoutToken)
        }
        if let error { return report(error, output: &output) }
        return ExitCode.success
    }

    /// `text` with `token` — as sent, and percent-encoded — replaced by `<redacted>`.
    private static func removing(_ token: String?, from text: String) -> String {
        // A placeholder (`<TOKEN-1>`, the recordings' token) is no secret; shorter values are
        // replaced only where a rule names them, as in the redactor.
        guard let token, token.count >= 4, !SecretPlaceholder.isPlaceholder(token) else { return text }
        var result = text.replacingOccurrences(of: token, with: SecretPlaceholder.redacted)
        let encoded = FormEncoding.escape(token)
        if encoded != token { result = result.replacingOccurrences(of: encoded, with: SecretPlaceholder.redacted) }
        return result
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

    /// Writes a body: JSON rendered, UTF-8 text as it is (both through `clean`), anything else byte
    /// for byte. On a terminal, a body that is not JSON is terminal text: it is shown inert
    /// (``TerminalText``; line feeds kept), its bytes decoded as UTF-8 with U+FFFD for the rest.
    /// Redirected, it is written exactly.
    private static func printBody(
        _ body: Data, compact: Bool, output: inout StandardStreams, clean: (String) -> String
    ) {
        guard !body.isEmpty else { return }
        if isatty(STDOUT_FILENO) == 1,
            (try? GraphJSON.parse(body)) == nil
        {
            output.out(TerminalText.inert(clean(String(decoding: body, as: UTF8.self)), keepingNewlines: true))
        } else if String(data: body, encoding: .utf8) != nil {
            output.out(clean(JSONPrinter.render(body, compact: compact)))
        } else {
            output.outBytes(body)
        }
    }
}
