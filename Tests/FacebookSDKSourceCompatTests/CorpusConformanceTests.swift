// Public recorded Graph bodies (../shared/corpus: restfb, fb_graph-mock, facebook4j), each served
// with status 200 from a loopback HTTPBin and sent through the legacy path,
// `facebook.request(withGraphPath:andDelegate:)`. The corpus carries no expected outcomes: each is
// derived here from the documented v2 rules (legacy-sdk-facts §2.6):
//
// - exactly `true` loads `["result": "true"]`; exactly `false` fails with 10000;
// - a JSON dictionary with `error` fails as `facebookErrDomain`/10000 with the dictionary as
//   `userInfo`; with `error_code` (and no `error`) it fails with that code's integer value; with
//   `error_msg` or `error_reason` it fails with 10000;
// - any other JSON loads, equal to the parsed value; text that is not JSON loads as the text
//   itself; bytes that are not UTF-8 load as nil.
//
// Every request must end with exactly one terminal callback. At most 16 are in flight at a time.

import FacebookGraphCorpusSupport
import FacebookGraphReplay
import FacebookGraphTestSupport
import FacebookSDK
import XCTest

final class CorpusConformanceTests: XCTestCase {
    /// The corpus folders this test reads, in the order it reports them.
    static let folders = ["restfb", "fb_graph-mock", "facebook4j"]
    /// Requests in flight at most.
    static let maxInFlight = 16

    /// One body file of the corpus.
    struct Body {
        var folder: String
        var path: String
        var bytes: Data
    }

    /// What the v2 rules say a body produces.
    enum Outcome {
        case loads(Any?)
        case fails(code: Int, userInfo: NSDictionary)

        var isFailure: Bool {
            if case .fails = self { return true }
            return false
        }
    }

    func testEveryCorpusBodyFollowsTheV2ParseRules() throws {
        var bodies: [Body] = []
        for folder in Self.folders {
            bodies += try Self.bodyFiles(in: SharedCorpus.urlOrSkip(folder, for: self), folder: folder)
        }
        XCTAssertFalse(bodies.isEmpty, "the corpus folders hold no body files")

        var routes: [String: LoopbackHTTPServer.Handler] = [:]
        for (index, body) in bodies.enumerated() {
            routes["/corpus/\(index)"] = SourceCompatServer.answer(bytes: body.bytes)
        }
        let bin = try HTTPBin(extraRoutes: routes)
        defer { bin.stop() }
        let queue = DispatchQueue(label: "test")
        let facebook = Facebook(appId: "123", andDelegate: nil)
        facebook.graphBaseURL = bin.url("/")
        facebook.callbackQueue = queue

        // Send them all, at most `maxInFlight` at a time.
        let slots = DispatchSemaphore(value: Self.maxInFlight)
        let group = DispatchGroup()
        var probes: [CorpusProbe] = []
        for index in bodies.indices {
            guard slots.wait(scaledSeconds: 10) else {
                XCTFail("corpus: no request finished within 10 s (\(index) of \(bodies.count) sent)")
                break
            }
            group.enter()
            let probe = CorpusProbe {
                slots.signal()
                group.leave()
            }
            probes.append(probe)
            facebook.request(withGraphPath: "corpus/\(index)", andDelegate: probe)
        }
        XCTAssertTrue(group.wait(scaledSeconds: 10), "corpus: requests still in flight after 10 s")
        // A barrier: a later request on the same queue. Once its terminal callback has been
        // delivered, anything late (a second terminal callback) has been delivered too.
        let barrier = CorpusProbe {}
        facebook.request(withGraphPath: "get", andDelegate: barrier)
        XCTAssertTrue(eventually { !barrier.terminals.isEmpty }, "corpus: the barrier request never finished")
        queue.sync {}

        var counts: [String: (files: Int, errors: Int)] = [:]
        for (body, probe) in zip(bodies, probes) {
            let name = "\(body.folder)/\(body.path)"
            let expected = Self.outcome(of: body.bytes)
            var tally = counts[body.folder] ?? (files: 0, errors: 0)
            tally.files += 1
            if expected.isFailure { tally.errors += 1 }
            counts[body.folder] = tally

            let terminals = probe.terminals
            XCTAssertEqual(terminals.count, 1, "\(name): \(terminals.count) terminal callbacks")
            guard let terminal = terminals.first else { continue }
            switch (expected, terminal) {
            case (.loads(let value), .loaded(let result)):
                XCTAssertTrue(
                    Self.sameJSON(result, value),
                    "\(name): loaded \(String(describing: result)), expected \(String(describing: value))"
                )
            case (.fails(let code, let userInfo), .failed(let error)):
                let error = error as NSError
                XCTAssertEqual(error.domain, facebookErrDomain, name)
                XCTAssertEqual(error.code, code, name)
                XCTAssertEqual(NSDictionary(dictionary: error.userInfo), userInfo, name)
            case (.loads, .failed(let error)):
                XCTFail("\(name): failed with \(error), expected it to load")
            case (.fails(let code, _), .loaded(let result)):
                XCTFail("\(name): loaded \(String(describing: result)), expected error \(code)")
            }
        }
        for folder in Self.folders {
            let tally = counts[folder] ?? (files: 0, errors: 0)
            print("corpus: \(folder): \(tally.files) files, \(tally.errors) errors")
        }
    }

    // MARK: - The expected outcome, from the documented rules

    static func outcome(of bytes: Data) -> Outcome {
        guard let text = String(data: bytes, encoding: .utf8) else { return .loads(nil) }
        if text == "true" { return .loads(NSDictionary(dictionary: ["result": "true"])) }
        if text == "false" {
            return .fails(
                code: 10000, userInfo: NSDictionary(dictionary: ["error_msg": "This operation can not be completed"]))
        }
        guard let parsed = try? JSONSerialization.jsonObject(with: bytes, options: [.fragmentsAllowed]) else {
            return .loads(text)
        }
        if let dictionary = parsed as? [String: Any] {
            let userInfo = NSDictionary(dictionary: dictionary)
            if dictionary["error"] != nil { return .fails(code: 10000, userInfo: userInfo) }
            if let code = dictionary["error_code"] { return .fails(code: integerValue(code), userInfo: userInfo) }
            if dictionary["error_msg"] != nil || dictionary["error_reason"] != nil {
                return .fails(code: 10000, userInfo: userInfo)
            }
        }
        return .loads(parsed)
    }

    /// Objective-C's `intValue` of an `error_code`: a number's integer part, a string's leading integer.
    static func integerValue(_ value: Any) -> Int {
        if let number = value as? NSNumber { return Int(number.int32Value) }
        if let string = value as? String { return Int(NSString(string: string).intValue) }
        return 0
    }

    /// Equality of two JSON values: dictionaries and arrays as NSDictionary/NSArray, scalars by value.
    static func sameJSON(_ actual: Any?, _ expected: Any?) -> Bool {
        guard let actual = actual, let expected = expected else { return actual == nil && expected == nil }
        if let expected = expected as? NSDictionary {
            guard let actual = actual as? [String: Any] else { return false }
            return NSDictionary(dictionary: actual) == expected
        }
        if let expected = expected as? [String: Any] {
            guard let actual = actual as? [String: Any] else { return false }
            return NSDictionary(dictionary: actual) == NSDictionary(dictionary: expected)
        }
        if let expected = expected as? [Any] {
            guard let actual = actual as? [Any] else { return false }
            return NSArray(array: actual) == NSArray(array: expected)
        }
        if let expected = expected as? String { return actual as? String == expected }
        if let expected = expected as? NSNumber { return actual as? NSNumber == expected }
        if expected is NSNull { return actual is NSNull }
        return false
    }

    /// Every body file under `directory`, recursively, in path order: all regular files except
    /// hidden ones (`.gitkeep`) and the folder's own `LICENSE` and `*.md` notes.
    static func bodyFiles(in directory: URL, folder: String) throws -> [Body] {
        let root = directory.standardizedFileURL.path
        guard
            let enumerator = FileManager.default.enumerator(
                at: directory,
                includingPropertiesForKeys: [.isRegularFileKey],
                options: [.skipsHiddenFiles]
            )
        else { return [] }
        var bodies: [Body] = []
        for case let url as URL in enumerator {
            guard try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
            let name = url.lastPathComponent
            if name.hasPrefix("LICENSE") || name.lowercased().hasSuffix(".md") { continue }
            var path = url.standardizedFileURL.path
            if path.hasPrefix(root + "/") { path.removeFirst(root.count + 1) }
            bodies.append(Body(folder: folder, path: path, bytes: try Data(contentsOf: url)))
        }
        return bodies.sorted { $0.path < $1.path }
    }
}

/// The delegate of one corpus request: records its terminal callbacks, spelled as imported.
final class CorpusProbe: NSObject, FBRequestDelegate {
    enum Terminal {
        case loaded(Any?)
        case failed(Error)
    }

    private let lock = NSLock()
    private var recorded: [Terminal] = []
    private var onFirstTerminal: (() -> Void)?

    init(onFirstTerminal: @escaping () -> Void) {
        self.onFirstTerminal = onFirstTerminal
    }

    var terminals: [Terminal] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    private func record(_ terminal: Terminal) {
        lock.lock()
        recorded.append(terminal)
        let action = onFirstTerminal
        onFirstTerminal = nil
        lock.unlock()
        action?()
    }

    func request(_ request: FBRequest!, didLoad result: Any!) {
        record(.loaded(result))
    }

    func request(_ request: FBRequest!, didFailWithError error: Error!) {
        record(.failed(error ?? NSError(domain: "CorpusProbe", code: -1)))
    }
}
