import FacebookGraphCorpusSupport
import FacebookGraphTestSupport
import Foundation
import Testing

@testable import FacebookGraphReplay

/// The kit's canonical JSON reads through the package's one reader (`GraphJSON.read`): the same
/// verdicts on JSONTestSuite, its own depth bound, and its canonical spellings.
@Suite("CanonicalJSON: the one reader's verdicts, canonical numbers, last duplicate wins")
struct CanonicalJSONTests {
    @Test(
        "Every y_ file of JSONTestSuite reads and every n_ file does not",
        SharedCorpus.needed(SharedCorpus.jsonTestSuite)
    )
    func jsonTestSuiteCorpus() throws {
        let suite = try SharedCorpus.jsonTestSuiteCases()
        for (name, data) in suite.accept {
            #expect(CanonicalJSON(parsing: Array(data)) != nil, "\(name)")
        }
        for (name, data) in suite.reject {
            #expect(CanonicalJSON(parsing: Array(data)) == nil, "\(name)")
        }
    }

    @Test("Numbers get one spelling; a repeated name keeps its last value; depth is bounded at 200")
    func shapes() throws {
        let value = try #require(CanonicalJSON(parsing: Array(#"{"a":1.0,"b":[10e-1,-0.0,1E+2],"a":2}"#.utf8)))
        #expect(value.text == #"{"a":2,"b":[1,0,100]}"#)
        #expect(
            CanonicalJSON(parsing: Array("1e1234567890".utf8))?.text == "1e1234567890",
            "an absurd exponent keeps its text")
        let deepest =
            String(repeating: "[", count: CanonicalJSON.maximumDepth)
            + String(repeating: "]", count: CanonicalJSON.maximumDepth)
        #expect(CanonicalJSON(parsing: Array(deepest.utf8)) != nil)
        #expect(CanonicalJSON(parsing: Array(("[" + deepest + "]").utf8)) == nil)
        #expect(CanonicalJSON(parsing: Array(#"["\ud800"]"#.utf8)) == nil, "a lone surrogate")
    }
}
