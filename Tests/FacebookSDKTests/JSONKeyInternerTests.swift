import FacebookGraph
import Foundation
import Synchronization
import Testing

@testable import FacebookSDK

/// The legacy parse's member-name table (`JSONKeyInterner`): the common Graph names are one
/// process-wide `NSString` each, shared by documents on any thread; other names get a table of the
/// document's own, grown as they arrive and bounded.
@Suite("Legacy JSON member names")
struct JSONKeyInternerTests {
    private func key(_ name: String, _ interner: inout JSONKeyInterner) -> NSString {
        Array(name.utf8).withUnsafeBufferPointer { interner.name($0).key }
    }

    @Test("A common Graph name is one NSString for every document; another name is one per document")
    func commonNamesShared() {
        var first = JSONKeyInterner()
        var second = JSONKeyInterner()
        for name in ["id", "name", "first_name", "picture", "data", "url", "error", "paging"] {
            let one = key(name, &first)
            #expect(one as String == name)
            #expect(one === key(name, &second), "\(name) is made once per process")
        }
        let own = key("favourite_colour", &first)
        #expect(own === key("favourite_colour", &first), "made once in its document")
        #expect(own !== key("favourite_colour", &second), "each document has its own table")
    }

    @Test("A document's own table grows to its bound and names beyond it still read back exactly")
    func ownTableBounded() {
        var interner = JSONKeyInterner()
        let names = (0..<(JSONKeyInterner.capacity + 40)).map { "member_\($0)" }
        let made = names.map { key($0, &interner) }
        #expect(zip(made, names).allSatisfy { $0 as String == $1 })
        let kept = zip(made, names).filter { key($1, &interner) === $0 }.count
        #expect(kept == JSONKeyInterner.capacity, "the first \(JSONKeyInterner.capacity) names are kept, no more")
        let long = String(repeating: "k", count: JSONKeyInterner.longestName + 1)
        #expect(key(long, &interner) as String == long)
    }

    @Test("Documents parsed on many threads at once share the common names and read back exactly")
    func concurrentDocuments() {
        let body = Data(
            #"{"id":"1","name":"A","picture":{"data":{"url":"u","is_silhouette":false}},"own_\#u{00e9}":1,"rare":2}"#
                .utf8)
        let outcomes = Mutex(Array(repeating: false, count: 8))
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            var good = true
            for _ in 0..<200 {
                guard case .result(let value) = LegacyResponseParser.parse(body: body, status: 200),
                    let object = value as? NSDictionary,
                    object["id"] as? String == "1", object["rare"] as? Int == 2, object["own_\u{00e9}"] as? Int == 1,
                    (object["picture"] as? NSDictionary)?.count == 1
                else {
                    good = false
                    break
                }
            }
            outcomes.withLock { $0[thread] = good }
        }
        #expect(outcomes.withLock { $0.allSatisfy { $0 } })
    }

    @Test("Each name's error mark is the classifier's own answer, for common, own and overlong names")
    func errorMarkMatchesClassifier() {
        var interner = JSONKeyInterner()
        let names =
            JSONKeyInterner.commonNames + [
                "favourite_colour", "my_error_list", "data", "datas", "Error", "", "e", "xerror",
                String(repeating: "k", count: JSONKeyInterner.longestName + 1) + "error",
            ]
        for name in names + names {
            let bytes = Array(name.utf8)
            let marked = bytes.withUnsafeBufferPointer { interner.name($0).mayReportError }
            let classified = bytes.withUnsafeBufferPointer { GraphError.mayReportError(memberName: $0) }
            #expect(marked == classified, "\(name)")
        }
    }
}
