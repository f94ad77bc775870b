// Which requests the kit's loopback servers (the replay server, the Graph stand-in) answer.
//
// A web page can rename itself to 127.0.0.1 (DNS rebinding: `evil.example` first resolves to the
// attacker, then to 127.0.0.1) and then read, as its own origin, whatever a server on a loopback
// port answers — a cassette's recorded bodies, say. Its requests still carry the page's name in
// `Host`. So an origin-form request (`GET /path`) is answered only when its `Host` names loopback:
// `localhost` (or a `.localhost` name), an address in 127.0.0.0/8 or `[::1]`, with or without a
// port. An absolute-form request (`GET http://host/path`) is what a client sends to a proxy — the
// replay server's documented plain-http proxy mode — and no browser sends it to an origin, so it
// keeps working whatever it names.

import FacebookGraph
import Foundation

extension HTTPServerRequest {
    /// Nil when the request may be answered; otherwise the answer it gets: 421 Misdirected Request
    /// with a plain-text reason (no `Host`, more than one, or one that does not name loopback).
    package var loopbackHostRefusal: HTTPServerResponse? {
        let lowered = target.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") { return nil }
        if method == "CONNECT" { return nil }  // authority form: answered (501) by the proxy mode
        let hosts = headers.values(for: "Host")
        guard hosts.count == 1, let host = hosts.first else {
            let what = hosts.isEmpty ? "has no Host header" : "has \(hosts.count) Host headers"
            return Self.misdirected("this request \(what)")
        }
        guard let name = Self.hostName(ofHostHeader: host), SecretDefinition.isLoopback(host: name) else {
            return Self.misdirected("its Host header does not name a loopback host")
        }
        return nil
    }

    /// The host of a `Host` header value (`name`, `name:port`, `[v6]`, `[v6]:port`), brackets kept;
    /// nil when the value is not of that form (a port that is not digits, an unbracketed IPv6).
    static func hostName(ofHostHeader value: String) -> String? {
        var rest = Substring(value)
        let host: Substring
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { return nil }
            host = rest[...close]
            rest = rest[rest.index(after: close)...]
        } else {
            let colon = rest.firstIndex(of: ":") ?? rest.endIndex
            host = rest[..<colon]
            rest = rest[colon...]
        }
        if !rest.isEmpty {
            guard rest.first == ":", rest.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        }
        return host.isEmpty ? nil : String(host)
    }

    /// The 421 answer: why, and what a legitimate client does instead.
    private static func misdirected(_ reason: String) -> HTTPServerResponse {
        .text(
            "421 Misdirected Request: \(reason). This loopback server answers only requests addressed to "
                + "localhost, 127.0.0.0/8 or [::1] (a web page that renamed itself to 127.0.0.1 must not "
                + "read it); as a proxy, send the full URL (GET http://host/path).\n",
            status: 421)
    }
}
