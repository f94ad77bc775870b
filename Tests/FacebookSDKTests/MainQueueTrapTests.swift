import FacebookGraph
import FacebookGraphTestSupport
import Foundation
import XCTest

@testable import FacebookSDK

/// The main-queue trap: callbacks sent to a main queue nothing runs. XCTest, because these tests
/// block or spin the main thread on purpose and change the process-wide default queue; XCTest runs
/// them one at a time, in a process of their own (Swift Testing's suites run in another).
final class MainQueueTrapTests: XCTestCase {
    /// Lines a watchdog reported.
    private final class Reports: @unchecked Sendable {
        private let lines = LockedValue<[String]>([])
        func append(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    func testWarnsOnceWhenMainQueueCallbacksWaitUnserviced() {
        let reports = Reports()
        let watchdog = MainQueueWatchdog(threshold: .milliseconds(200)) { reports.append($0) }
        let checks = DispatchSemaphore(value: 0)
        watchdog.checked = { _ in checks.signal() }
        let ran = LockedValue(0)
        // The test holds the main thread (a blocking wait, no run loop): nothing runs the main queue.
        for _ in 0..<3 {
            watchdog.deliver(on: .main) { ran.withLock { $0 += 1 } }
        }
        for check in 1...3 {
            XCTAssertTrue(checks.wait(scaledSeconds: 10), "check \(check) never ran")
        }
        XCTAssertEqual(reports.all.count, 1, "\(reports.all)")
        let line = reports.all.first ?? ""
        XCTAssertTrue(line.contains("main queue"), line)
        XCTAssertTrue(line.contains("Facebook.defaultCallbackQueue = DispatchQueue(label:"), line)
        XCTAssertTrue(watchdog.hasWarned)
        // The callbacks are still queued, not dropped: running the main queue delivers them.
        let delivered = expectation(description: "queued callbacks run once the main queue runs")
        DispatchQueue.main.async { delivered.fulfill() }
        wait(for: [delivered], timeout: 10 * testTimeoutScale)
        XCTAssertEqual(ran.withLock { $0 }, 3)
    }

    func testSilentWhenTheMainQueueRuns() {
        let reports = Reports()
        let watchdog = MainQueueWatchdog(threshold: .seconds(1)) { reports.append($0) }
        let checked = expectation(description: "the watchdog checked")
        let sawRun = LockedValue<Bool?>(nil)
        watchdog.checked = { ran in
            sawRun.withLock { $0 = ran }
            checked.fulfill()
        }
        watchdog.deliver(on: .main) {}
        // `wait(for:)` runs the main run loop, which runs the main queue: the callback runs at once.
        wait(for: [checked], timeout: 10 * testTimeoutScale)
        XCTAssertEqual(sawRun.withLock { $0 }, true)
        XCTAssertEqual(reports.all, [])
    }

    func testOtherQueuesAreNotWatched() {
        let reports = Reports()
        let watchdog = MainQueueWatchdog(threshold: .milliseconds(1)) { reports.append($0) }
        watchdog.checked = { _ in XCTFail("a private queue was watched") }
        let done = DispatchSemaphore(value: 0)
        watchdog.deliver(on: DispatchQueue(label: "private")) { done.signal() }
        XCTAssertTrue(done.wait(scaledSeconds: 10))
        XCTAssertEqual(reports.all, [])
    }

    func testDefaultCallbackQueueIsWhereNewObjectsDeliver() throws {
        let bin = try HTTPBin()
        defer { bin.stop() }
        let key = DispatchSpecificKey<String>()
        let queue = DispatchQueue(label: "server.callbacks")
        queue.setSpecific(key: key, value: "server")
        XCTAssertEqual(Facebook.defaultCallbackQueue.label, DispatchQueue.main.label, "v2's default")
        let before = Facebook(appId: "1", andDelegate: nil)
        Facebook.defaultCallbackQueue = queue
        defer { Facebook.defaultCallbackQueue = .main }
        XCTAssertEqual(before.callbackQueue.label, DispatchQueue.main.label, "existing objects keep their queue")

        let facebook = Facebook(appId: "1", andDelegate: nil)
        facebook.graphBaseURL = bin.url("/")
        XCTAssertEqual(FBRequest().callbackQueue.label, "server.callbacks")
        let done = DispatchSemaphore(value: 0)
        let onQueue = LockedValue<Bool?>(nil)
        // The main thread blocks below: the callback can only arrive because it is not on the main queue.
        facebook.request(withGraphPath: "get", params: NSMutableDictionary(), method: "GET") { _, result, _ in
            onQueue.withLock { $0 = DispatchQueue.getSpecific(key: key) == "server" && result != nil }
            done.signal()
        }
        XCTAssertTrue(done.wait(scaledSeconds: 10), "the callback never arrived")
        XCTAssertEqual(onQueue.withLock { $0 }, true)
    }
}
