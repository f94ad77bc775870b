// The JSON parsing conformance suite (../shared/corpus/JSONTestSuite) through json-framework's
// fragment parser: every `y_` file parses; every `n_` file fails with a json-framework error in
// SBJSONErrorDomain, never a crash; `i_` files may go either way but never crash. Files that are not
// UTF-8 are read as legacy code would have received them in a string: with replacement characters.

import FBConnect
import FacebookGraphCorpusSupport
import XCTest

final class SBJSONConformanceTests: XCTestCase {
    func testJSONTestSuiteCorpusThroughTheFragmentParser() throws {
        let directory = try SharedCorpus.urlOrSkip(SharedCorpus.jsonTestSuite, for: self)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        let files = names.filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertGreaterThan(files.count, 300)
        var counts: [Character: Int] = [:]
        for name in files {
            let bytes = try Data(contentsOf: directory.appendingPathComponent(name))
            let text = String(decoding: bytes, as: UTF8.self)
            let parser = SBJsonParser()
            let value = parser.fragment(withString: text)
            let kind = name.first!
            counts[kind, default: 0] += 1
            switch kind {
            case "y":
                XCTAssertNotNil(value, "\(name): \(String(describing: parser.errorTrace))")
            case "n":
                XCTAssertNil(value, "\(name) parsed: \(String(describing: value))")
                let error = parser.errorTrace?.last as? NSError
                XCTAssertEqual(error?.domain, SBJSONErrorDomain, name)
                XCTAssertTrue((1...12).contains(error?.code ?? 0), "\(name): \(String(describing: error))")
            default:
                if value == nil {
                    XCTAssertEqual((parser.errorTrace?.last as? NSError)?.domain, SBJSONErrorDomain, name)
                }
            }
        }
        print("JSONTestSuite: \(counts["y"] ?? 0) y, \(counts["n"] ?? 0) n, \(counts["i"] ?? 0) i files")
    }
}
