// The hostile-server suite's `fbgraph friends` path (the picker in a real terminal, tmux): the other
// paths of the same cases run in FacebookSDKTests/HostileServerPagingTests.swift.

import FacebookGraph
import FacebookGraphReplay
import FacebookGraphTestSupport
import FacebookGraphTestTraits
import Foundation
import Testing

@Suite(
    "The hostile-server suite in fbgraph friends",
    .enabled(if: TmuxSession.isAvailable, "tmux is not installed: run scripts/bootstrap --tests"),
    .onOwnThread
)
struct HostileServerPagingCLITests {
    @Test(
        "fbgraph friends: a paging.next link on another host ends the list with an error naming it; that host sees nothing"
    )
    func foreignNextLink() throws {
        let reached = LockedValue<[String]>([])
        let foreign = try LoopbackHTTPServer(host: "127.0.0.2") { request in
            reached.withLock { $0.append(request.target) }
            return .full(status: 200, headers: ["Content-Type": "application/json"], body: Data(#"{"data":[]}"#.utf8))
        }
        defer { _ = foreign.stop() }
        let next = foreign.baseURL + "/v19.0/4/friends?after=x&access_token=EAAEchoedByAHostileServer0123"
        let graph = try LoopbackHTTPServer { request in
            let body =
                request.path == "/me"
                ? #"{"id":"4"}"#
                : #"{"data":[{"id":"1001","name":"Ada Lovelace"}],"paging":{"next":"\#(next)"}}"#
            return .full(status: 200, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
        }
        defer { _ = graph.stop() }

        let run = try FriendsCommandRun([
            "--base-url", graph.baseURL + "/", "--token", "EAAHostileSuiteToken0123456789",
        ])
        #expect(run.status() == 1, "err: \(run.file("err.txt"))")
        #expect(run.terminalRestored)
        #expect(run.file("out.json") == "")
        #expect(
            run.file("err.txt").contains("refused to follow a link to \(foreign.baseURL)"), "\(run.file("err.txt"))")
        #expect(reached.withLock { $0 }.isEmpty, "the foreign host was reached: \(reached.withLock { $0 })")
    }
}
