import Foundation
import Testing

/// A task executor that runs each job on a new thread of its own, outside the cooperative pool.
///
/// Swift Testing runs every test, synchronous ones too, on the cooperative pool, which has one thread
/// per core. On a two-core machine two tests that block (waiting for a child process, a tmux session
/// or ``eventually(seconds:_:)``) hold both threads, and every other test of the run waits until they
/// end: CI's run saw suites of a few milliseconds finish after minutes. ``OwnThreadTrait`` runs such
/// tests here instead.
package final class OwnThreadExecutor: TaskExecutor {
    /// The one instance: it keeps no state.
    package static let shared = OwnThreadExecutor()

    private init() {}

    /// Runs `job` on a new thread (a task's jobs run one after another, so each has the thread alone).
    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        Thread { job.runSynchronously(on: executor) }.start()
    }
}

/// `.onOwnThread`: each test of the suite (or the one test) runs on ``OwnThreadExecutor``'s threads,
/// for tests that block a thread for long. The test stays in its task, so `#expect` and
/// `Issue.record` report to it as before; only the thread changes (an actor-isolated test, such as a
/// `@MainActor` one, still runs on its actor).
///
/// A Swift Testing suite that blocks a thread — a child process or tmux session waited for, a
/// semaphore, `eventually`, a legacy barrier, `sendAndWait` — carries it (CONTRIBUTING.md). An
/// unstructured `Task { … }` does not inherit the preference and runs on the pool: a test whose own
/// task must start and resume while other suites block (a cancel after the request arrived) creates
/// it with `Task(executorPreference: OwnThreadExecutor.shared)`.
package struct OwnThreadTrait: SuiteTrait, TestTrait, TestScoping {
    /// Every test in the suite, nested suites included.
    package var isRecursive: Bool { true }

    package func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await withTaskExecutorPreference(OwnThreadExecutor.shared) { try await function() }
    }
}

extension Trait where Self == OwnThreadTrait {
    /// Runs the tests on threads of their own, not the cooperative pool's (``OwnThreadTrait``).
    package static var onOwnThread: Self { Self() }
}
