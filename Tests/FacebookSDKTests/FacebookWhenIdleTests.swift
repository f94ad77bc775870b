import FacebookGraph
import FacebookGraphReplay
import FacebookGraphTestSupport
import FacebookGraphTestTraits
import Foundation
import Testing

@testable import FacebookSDK

/// `Facebook.whenIdle`: what `fbgraph demo` waits on after the v2 login instead of polling
/// `requestsInFlight`. It fires at once with nothing in flight, and otherwise only after the last
/// request's callbacks, once.
@Suite("Facebook.whenIdle", .onOwnThread)
struct FacebookWhenIdleTests {
    @Test("With nothing in flight the observer runs at once; with a request held, only after its callbacks")
    func afterTheLastRequest() throws {
        let held = HeldRoute()
        let fixture = try LegacyFixture(routes: ["/held": held.handler])
        defer { fixture.stop() }
        let immediately = LockedValue(0)
        fixture.facebook.whenIdle { immediately.withLock { $0 += 1 } }
        #expect(immediately.withLock { $0 } == 1, "nothing in flight: called before whenIdle returns")

        let recorder = Recorder()
        fixture.facebook.request(withGraphPath: "held", andDelegate: recorder)
        #expect(eventually(seconds: 10) { held.hasArrived })
        let idle = LockedValue(0)
        let terminalBeforeIdle = LockedValue<Bool?>(nil)
        fixture.facebook.whenIdle {
            terminalBeforeIdle.withLock { $0 = !recorder.events.isEmpty }
            idle.withLock { $0 += 1 }
        }
        // Held on the server: the request is in flight, the observer waits.
        fixture.onQueue {}
        #expect(idle.withLock { $0 } == 0)
        #expect(fixture.facebook.requestsInFlight == 1)

        #expect(held.releaseAndWaitUntilAnswered())
        #expect(recorder.waitForTerminal(seconds: 10))
        #expect(eventually(seconds: 10) { idle.withLock { $0 } == 1 })
        #expect(terminalBeforeIdle.withLock { $0 } == true, "the request's callbacks come first")
        #expect(fixture.facebook.requestsInFlight == 0)
        // Once: a later request's completion does not call it again.
        #expect(fixture.barrier())
        #expect(idle.withLock { $0 } == 1)
    }
}
