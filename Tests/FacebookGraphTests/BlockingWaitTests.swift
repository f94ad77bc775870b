import FacebookGraphReplay
import FacebookGraphTestSupport
import FacebookGraphTestTraits
import Foundation
import Testing

@testable import FacebookGraph

/// The package's one bounded blocking wait (`BlockingWait`) and its one "cancel before the handle
/// exists" rule (`PendingCancel`, `withCancellableContinuation`).
@Suite("Bounded wait and pre-handle cancel", .onOwnThread)
struct BlockingWaitTests {
    /// A handle that counts its cancels and may complete the operation when cancelled.
    final class CountingHandle: Sendable {
        let cancels = LockedValue(0)
        let onCancel: @Sendable () -> Void

        init(onCancel: @escaping @Sendable () -> Void = {}) {
            self.onCancel = onCancel
        }

        func cancel() {
            cancels.withLock { $0 += 1 }
            onCancel()
        }
    }

    /// A loopback server whose route holds its answer until ``stop()``, and an engine.
    final class HeldServer {
        let held = HeldRoute()
        let server: LoopbackHTTPServer
        let engine = CurlEngine()

        init() throws {
            server = try LoopbackHTTPServer(handler: held.handler)
        }

        /// A request for the held route.
        func request() throws -> PreparedRequest {
            try PreparedRequest(url: server.baseURL + "/hold")
        }

        func stop() {
            held.release()
            engine.shutdown()
            server.stop()
        }
    }

    @Test("sendAndWait ends at its bound with timedOut, not with the cancel's own outcome, and cancels the transfer")
    func sendAndWaitEndsAtItsBound() throws {
        let fixture = try HeldServer()
        defer { fixture.stop() }
        let bound = Duration.milliseconds(400)
        let started = ContinuousClock.now
        let result = fixture.engine.sendAndWait(try fixture.request(), timeout: bound)
        let elapsed = ContinuousClock.now - started
        #expect(result.failure?.code == .timedOut, "\(result)")
        #expect(result.failure?.message == "no answer within \(bound)")
        #expect(elapsed >= bound)
        #expect(elapsed < bound + BlockingWait.cancelGrace, "the cancel ended the transfer at the bound")
    }

    @Test("BlockingWait.run: a completion within the bound is the outcome; at the bound the handle is cancelled once")
    func runBound() {
        let quick = BlockingWait.run(timeout: .seconds(10).scaledForTests) { finish in
            finish(7)
            return CountingHandle()
        } cancel: {
            $0.cancel()
        }
        guard case .completed(7) = quick else {
            Issue.record("expected the completion, got \(quick)")
            return
        }
        let handle = LockedValue<CountingHandle?>(nil)
        let started = ContinuousClock.now
        let slow: BlockingWait.Outcome<Int> = BlockingWait.run(timeout: .milliseconds(200)) { finish in
            // Never completes on its own; its cancel completes it, as a transfer's does.
            let made = CountingHandle { finish(-1) }
            handle.withLock { $0 = made }
            return made
        } cancel: {
            $0.cancel()
        }
        let elapsed = ContinuousClock.now - started
        guard case .timedOut = slow else {
            Issue.record("expected timedOut, got \(slow)")
            return
        }
        #expect(elapsed >= .milliseconds(200) && elapsed < BlockingWait.cancelGrace)
        #expect(handle.withLock { $0?.cancels.withLock { $0 } } == 1)
    }

    @Test("a cancel before the handle exists is honoured when it arrives, once; one after it at once")
    func cancelBeforeHandle() {
        let pending = PendingCancel<CountingHandle> { $0.cancel() }
        #expect(pending.cancel())
        #expect(!pending.cancel())
        #expect(pending.isCancelled)
        let early = CountingHandle()
        pending.store(early)
        #expect(early.cancels.withLock { $0 } == 1)
        let later = PendingCancel<CountingHandle> { $0.cancel() }
        let handle = CountingHandle()
        later.store(handle)
        #expect(handle.cancels.withLock { $0 } == 0)
        later.cancel()
        later.cancel()
        #expect(handle.cancels.withLock { $0 } == 1)
    }

    @Test("withCancellableContinuation in a task cancelled before start: the handle is cancelled as it is stored")
    func continuationCancelledBeforeStart() async {
        let done = AsyncEvent()
        let outcome = LockedValue<String?>(nil)
        // On a thread of its own: on the cooperative pool, blocking suites could delay its start past
        // the bounded wait below.
        Task(executorPreference: OwnThreadExecutor.shared) {
            withUnsafeCurrentTask { $0?.cancel() }
            let value: String = await withCancellableContinuation { finish in
                // Completes only when cancelled: a lost pre-handle cancel would never end this wait.
                CountingHandle { finish("cancelled") }
            } cancel: {
                $0.cancel()
            }
            outcome.withLock { $0 = value }
            done.signal()
        }
        #expect(await done.wait(seconds: 10))
        #expect(outcome.withLock { $0 } == "cancelled")
    }

    @Test(
        "HTTPTransport.send in a task cancelled before it starts ends with cancelled without waiting for the held answer"
    )
    func sendCancelledBeforeStart() async throws {
        let fixture = try HeldServer()
        defer { fixture.stop() }
        let (engine, request) = (fixture.engine, try fixture.request())
        let task = Task { () -> TransportError? in
            withUnsafeCurrentTask { $0?.cancel() }
            do throws(TransportError) {
                _ = try await engine.send(request)
                return nil
            } catch {
                return error
            }
        }
        #expect(await task.value?.code == .cancelled)
    }
}
