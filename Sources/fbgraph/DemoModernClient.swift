import FacebookGraph
import FacebookGraphReplay
import Foundation

/// The modern client as `fbgraph demo` shows it, over the same bundled recordings: `GraphClient`'s
/// `Result` completion form, typed `GraphUser` pages followed through `paging.next`, and the
/// recorded failures as classified `GraphError`s (with a retry on the transient ones).
///
/// The CLI's top level is synchronous, so each step waits (bounded, as long as a legacy call's step:
/// ``DemoLegacyStyles/timeout``) for its completions.
enum DemoModernClient {
    /// A client over `transport` with the recordings' token; a second attempt, without backoff,
    /// for what may pass.
    static func client(_ transport: GraphTransport) -> GraphClient {
        var configuration = GraphConfiguration(accessToken: BundledRecordings.token)
        configuration.retryPolicy = RetryPolicy(maxAttempts: 2, baseDelay: .zero)
        return GraphClient(configuration: configuration, transport: transport)
    }

    /// Every page of `me/friends` (three per page) through `execute`, each completion decoding
    /// `GraphPage<GraphUser>` and starting the next page's request from its `paging.next`.
    static func friendsPages(_ client: GraphClient) -> DemoLegacyStyles.Step {
        let transcript = LockedValue<(lines: [String], names: [String], pages: Int, ok: Bool)>(([], [], 0, false))
        @Sendable func fetch(_ request: GraphRequest, done: @escaping @Sendable () -> Void) {
            client.execute(request) { result in
                let page: GraphPage<GraphUser>
                do {
                    page = try result.get().decode(GraphPage<GraphUser>.self)
                } catch {
                    transcript.withLock { $0.lines.append("   -> \(error)") }
                    done()
                    return
                }
                let next = page.paging?.next
                transcript.withLock { state in
                    state.pages += 1
                    state.names += page.data.map { $0.name ?? $0.id }
                    let friends = page.data.count == 1 ? "1 friend" : "\(page.data.count) friends"
                    state.lines.append(
                        "   page \(state.pages) -> \(friends) as GraphUser, \(next == nil ? "no paging.next" : "paging.next")"
                    )
                }
                if let next, !page.data.isEmpty {
                    fetch(GraphRequest(url: next), done: done)
                } else {
                    transcript.withLock { $0.ok = true }
                    done()
                }
            }
        }
        let finished = DemoLegacyStyles.waitForTerminalCallback { done in
            fetch(GraphRequest(path: "me/friends", parameters: ["limit": "3"]), done: done)
        }
        return transcript.withLock { state in
            var lines = state.lines
            lines.append(
                "   \(state.names.count) friends over \(state.pages) pages: \(state.names.joined(separator: ", "))")
            return DemoLegacyStyles.Step(lines: lines, ok: finished && state.ok && state.names.count == 7)
        }
    }

    /// The recorded failures (`fields=error_<N>`), each a `GraphError` with its category; the
    /// transient ones were tried twice.
    static func classifiedErrors(_ client: GraphClient) -> DemoLegacyStyles.Step {
        let cases: [(fields: String, category: GraphErrorCategory)] = [
            ("error_4", .throttled), ("error_17", .throttled), ("error_200", .permission), ("error_2", .transient),
            ("error_502", .server),
        ]
        let results = LockedValue<[String: GraphError]>([:])
        let finished = DemoLegacyStyles.waitForTerminalCallback { done in
            let remaining = LockedValue(cases.count)
            for item in cases {
                client.execute(GraphRequest(path: "me", parameters: ["fields": item.fields])) { result in
                    if case .failure(let error) = result { results.withLock { $0[item.fields] = error } }
                    if remaining.withLock({ count -> Int in
                        count -= 1
                        return count
                    }) == 0 {
                        done()
                    }
                }
            }
        }
        let errors = results.withLock { $0 }
        var lines: [String] = []
        var ok = finished
        for item in cases {
            guard let error = errors[item.fields] else {
                lines.append("   fields=\(item.fields) -> no error")
                ok = false
                continue
            }
            lines.append("   fields=\(item.fields) -> \(String(error.description.prefix(110)))")
            ok = ok && error.category == item.category
        }
        return DemoLegacyStyles.Step(lines: lines, ok: ok)
    }
}
