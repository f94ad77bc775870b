import FacebookGraph
import FacebookGraphTestSupport
import FacebookGraphTestTraits
import Foundation
import Testing

@testable import FacebookSDK

#if canImport(Glibc)
    import Glibc
#endif

/// The friend cache shared: by threads of one store, by two stores (two SQLite connections) in one
/// process, and by a second process (`FriendCacheChild`, built with the tests) writing at the same time.
@Suite("FriendCacheStore sharing", .onOwnThread)
struct FriendCacheSharingTests {
    static func page(_ writer: String, _ index: Int) -> Data {
        Data(#"{"data":[{"id":"\#(index)","name":"\#(writer) \#(index)"}]}"#.utf8)
    }

    @Test("Threads storing and reading through one store at once all succeed")
    func threadsOfOneStore() throws {
        try CacheDirectory.with { directory in
            let store = try FriendCacheStore(directory: directory)
            let failures = LockedValue<[String]>([])
            DispatchQueue.concurrentPerform(iterations: 64) { index in
                let key = CacheDirectory.key("t\(index % 16)")
                do {
                    try store.store(pages: [Self.page("thread", index)], for: key)
                    if store.pages(for: key) == nil {
                        failures.withLock { $0.append("miss right after store \(index)") }
                    }
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }
            #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0 })")
            #expect(try CacheDirectory.indexRows(in: directory) == 16)
            #expect(try CacheDirectory.dataFiles(in: directory).count == 16, "every replaced file is deleted")
        }
    }

    @Test("Two stores on one directory (two connections) write at the same time and see each other's entries")
    func twoStoresWritingConcurrently() throws {
        try CacheDirectory.with { directory in
            let stores = [try FriendCacheStore(directory: directory), try FriendCacheStore(directory: directory)]
            let failures = LockedValue<[String]>([])
            DispatchQueue.concurrentPerform(iterations: 2) { writer in
                for index in 0..<50 {
                    do {
                        try stores[writer].store(
                            pages: [Self.page("w\(writer)", index)], for: CacheDirectory.key("w\(writer)-\(index)"))
                    } catch {
                        failures.withLock { $0.append("\(error)") }
                    }
                }
            }
            #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0 })")
            for writer in 0..<2 {
                for index in 0..<50 {
                    #expect(
                        stores[1 - writer].pages(for: CacheDirectory.key("w\(writer)-\(index)")) == [
                            Self.page("w\(writer)", index)
                        ])
                }
            }
        }
    }

    @Test("A write lock held past the busy timeout fails a store with SQLite's words; reads still hit; then it works")
    func lockHeldPastBusyTimeout() throws {
        try CacheDirectory.with { directory in
            let store = try FriendCacheStore(
                directory: directory, capacity: FriendCacheStore.defaultCapacity, busyTimeoutMilliseconds: 100)
            try store.store(pages: [Self.page("before", 0)], for: CacheDirectory.key())
            let other = try SQLiteConnection(
                path: directory.appendingPathComponent(FriendCacheIndex.fileName).path, busyTimeoutMilliseconds: 0)
            try other.query("BEGIN IMMEDIATE")
            #expect {
                try store.store(pages: [Self.page("blocked", 1)], for: CacheDirectory.key("blocked"))
            } throws: { error in
                guard let error = error as? FriendCacheError else { return false }
                return error.code == .databaseFailed && (error.sqliteCode ?? 0) & 0xff == 5
                    && error.description.contains("database is locked")
                    && error.description.contains(FriendCacheIndex.fileName)
            }
            #expect(store.pages(for: CacheDirectory.key()) == [Self.page("before", 0)])
            #expect(try CacheDirectory.dataFiles(in: directory).count == 1, "the blocked store's file is deleted")
            try other.query("COMMIT")
            try store.store(pages: [Self.page("after", 2)], for: CacheDirectory.key("blocked"))
            #expect(store.pages(for: CacheDirectory.key("blocked")) == [Self.page("after", 2)])
        }
    }

    @Test("A second process shares the cache: it hits the parent's entry, both write at once, each sees the other's")
    func secondProcess() throws {
        let child = try #require(
            BuiltExecutable.built(named: "FriendCacheChild"),
            "FriendCacheChild is not built beside the tests (swift build --build-tests)")
        try CacheDirectory.with { directory in
            let store = try FriendCacheStore(directory: directory)
            let fields = ["id", "name"]
            try store.store(
                pages: [Data(#"{"data":"from the parent"}"#.utf8)],
                for: FriendCacheKey(userID: "me", fields: fields, owner: "parent"))

            let process = Process()
            process.executableURL = child
            process.arguments = [directory.path, "child", "100"]
            let input = ChildProcess.pipe()
            let output = ChildProcess.pipe()
            process.standardInput = input
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            let exited = DispatchSemaphore(value: 0)
            process.terminationHandler = { _ in exited.signal() }
            try ChildProcess.run(process)
            defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

            // Read the child's lines on another thread; wait (bounded) for `ready`.
            let lines = ChildLines(output.fileHandleForReading)
            #expect(lines.wait(for: "ready", seconds: 60), "the child did not get ready: \(lines.text)")
            input.fileHandleForWriting.write(Data("go\n".utf8))
            var parentFailures: [String] = []
            for index in 0..<100 {
                do {
                    try store.store(
                        pages: [Self.page("parent", index)],
                        for: FriendCacheKey(userID: "friend-\(index)", fields: fields, owner: "parent"))
                } catch {
                    parentFailures.append("\(error)")
                }
            }
            #expect(
                exited.wait(scaledSeconds: 120),
                "the child did not finish: \(lines.text)")
            #expect(parentFailures.isEmpty, "\(parentFailures)")
            #expect(process.terminationStatus == 0, "\(lines.text)")
            #expect(lines.wait(for: "ok", seconds: 10), "\(lines.text)")
            #expect(lines.text.contains(#"saw parent: {"data":"from the parent"}"#), "\(lines.text)")
            for index in 0..<100 {
                let page = Data(#"{"data":[{"id":"\#(index)","name":"child \#(index)"}]}"#.utf8)
                #expect(
                    store.pages(for: FriendCacheKey(userID: "friend-\(index)", fields: fields, owner: "child")) == [
                        page
                    ])
                #expect(
                    store.pages(for: FriendCacheKey(userID: "friend-\(index)", fields: fields, owner: "parent")) == [
                        Self.page("parent", index)
                    ])
            }
        }
    }
}

/// A child's standard output, read line by line on a thread of its own, and waited on for a line.
final class ChildLines: @unchecked Sendable {
    private let condition = MonotonicCondition()
    private var received = ""

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            while true {
                let chunk = handle.availableData
                condition.lock()
                received += String(decoding: chunk, as: UTF8.self)
                condition.broadcast()
                condition.unlock()
                if chunk.isEmpty { return }
            }
        }
    }

    var text: String { condition.withLock { received } }

    /// Waits at most `seconds` for a line that is exactly `line`.
    func wait(for line: String, seconds: Double) -> Bool {
        let deadline = MonotonicCondition.Deadline(after: .seconds(seconds))
        condition.lock()
        defer { condition.unlock() }
        while !received.split(separator: "\n").contains(Substring(line)) {
            if !condition.wait(until: deadline) { return false }
        }
        return true
    }
}
