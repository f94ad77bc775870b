import Foundation
import Testing
import XCTest

/// The shared public corpus and the one rule for the tests that read it (CONTRIBUTING.md, "The
/// shared corpus").
///
/// The corpus is other projects' public data (restfb, fb_graph-mock, facebook4j, koala,
/// JSONTestSuite, HAR exports); it lives at `$FB_SHARED_DIR/corpus`, or `shared/corpus` beside the
/// repository, and is never copied into it. A test that reads it:
///
/// - has `Corpus` in its name (suite, type or function): `.ci/run` finds them all with
///   `--filter Corpus`, and ``url(_:)`` fails a test that reads the corpus without it;
/// - is skipped, with the reason ``absentReason``, when a folder it needs is absent: Swift Testing
///   through the trait ``needed(_:)``, XCTest through ``urlOrSkip(_:for:)``;
/// - fails instead, naming the missing folder, when ``requireVariable`` is `1` (`.ci/run` sets it),
///   so CI cannot pass without the corpus.
package enum SharedCorpus {
    /// The variable that turns every skip for a missing corpus into a failure when it is `1`.
    package static let requireVariable = "FACEBOOKSDKSHIM_REQUIRE_CORPUS"

    /// The words every corpus skip starts with; `scripts/test` and `scripts/corpus-skips`
    /// count the skips by them.
    package static let absentReason = "../shared/corpus not present"

    /// The word every corpus test has in its name.
    package static let nameMarker = "Corpus"

    /// True when ``requireVariable`` is `1`.
    package static var isRequired: Bool { ProcessInfo.processInfo.environment[requireVariable] == "1" }

    /// The corpus folder, or nil when no repository root is found above `file`.
    package static func directory(file: String = #filePath) -> URL? {
        if let shared = ProcessInfo.processInfo.environment["FB_SHARED_DIR"], !shared.isEmpty {
            return URL(fileURLWithPath: shared).appendingPathComponent("corpus")
        }
        var directory = URL(fileURLWithPath: file).deletingLastPathComponent()
        while directory.path != "/" && !directory.path.isEmpty {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
                return directory.deletingLastPathComponent().appendingPathComponent("shared/corpus")
            }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }

    /// The folders of `relative` (paths inside the corpus) that are not there.
    package static func missing(_ relative: [String]) -> [String] {
        guard let corpus = directory() else { return relative }
        return relative.filter { !FileManager.default.fileExists(atPath: corpus.appendingPathComponent($0).path) }
    }

    /// Why a test that needs `relative` does not run: ``absentReason``, what is missing and where.
    package static func skipReason(_ relative: [String]) -> String {
        let missing = missing(relative)
        let place = directory()?.path ?? "(no repository root found)"
        return "\(absentReason): \(missing.joined(separator: ", ")) missing under \(place) "
            + "(set FB_SHARED_DIR; \(requireVariable)=1 makes this a failure)"
    }

    /// Swift Testing: runs the test when every folder of `relative` is there or the corpus is
    /// required (the test then fails in ``url(_:)``), and skips it with ``skipReason(_:)``
    /// otherwise.
    package static func needed(_ relative: String...) -> ConditionTrait {
        .enabled(if: isRequired || missing(relative).isEmpty, Comment(rawValue: skipReason(relative)))
    }

    /// Swift Testing: the corpus folder `relative`, for a test marked with ``needed(_:)``. Throws
    /// ``Missing`` when it is absent, and ``Misnamed`` when the running test lacks ``nameMarker``
    /// in its name (the CI check of skips would not find it).
    package static func url(_ relative: String) throws -> URL {
        if let test = Test.current, !"\(test.id)".contains(nameMarker) {
            throw Misnamed(test: "\(test.id)")
        }
        return try located(relative)
    }

    /// XCTest: the corpus folder `relative`. When it is absent, throws `XCTSkip` with
    /// ``skipReason(_:)``, or ``Missing`` when the corpus is required; throws ``Misnamed`` when
    /// `testCase`'s name lacks ``nameMarker``.
    package static func urlOrSkip(_ relative: String, for testCase: XCTestCase) throws -> URL {
        guard testCase.name.contains(nameMarker) else { throw Misnamed(test: testCase.name) }
        if !isRequired && !missing([relative]).isEmpty { throw XCTSkip(skipReason([relative])) }
        return try located(relative)
    }

    /// The folder `relative`, or ``Missing``.
    private static func located(_ relative: String) throws -> URL {
        guard let corpus = directory() else { throw Missing(path: relative) }
        let folder = corpus.appendingPathComponent(relative)
        guard FileManager.default.fileExists(atPath: folder.path) else { throw Missing(path: folder.path) }
        return folder
    }

    /// A corpus folder a test needs is not there.
    package struct Missing: Error, CustomStringConvertible {
        /// Where it was looked for.
        package var path: String
        package var description: String {
            "the shared corpus folder \(path) is missing (\(absentReason); set FB_SHARED_DIR"
                + (isRequired ? ", or unset \(requireVariable) to skip the tests that need it)" : ")")
        }
    }

    /// A test reads the corpus but lacks ``nameMarker`` in its name.
    package struct Misnamed: Error, CustomStringConvertible {
        /// The test's name.
        package var test: String
        package var description: String {
            "\(test) reads the shared corpus, so its name must contain \"\(nameMarker)\" "
                + "(`scripts/corpus-skips check` finds the corpus tests by it)"
        }
    }

    /// A corpus folder that is there but incomplete.
    package struct IncompleteCorpus: Error, CustomStringConvertible {
        /// What is missing.
        package var description: String
    }
}

// MARK: - JSONTestSuite

extension SharedCorpus {
    /// JSONTestSuite's `test_parsing` folder, inside the corpus.
    package static let jsonTestSuite = "JSONTestSuite/test_parsing"

    /// JSONTestSuite read for a test marked `needed(SharedCorpus.jsonTestSuite)`: every `y_` file
    /// (must parse) and `n_` file (must not), each with its name. Throws when the folder is missing
    /// or holds fewer files than the suite has (more than 90 `y_` and 180 `n_`), so a partial copy
    /// fails instead of passing on what is left.
    package static func jsonTestSuiteCases() throws -> JSONTestSuiteCases {
        let suite = try url(jsonTestSuite)
        let names = try FileManager.default.contentsOfDirectory(atPath: suite.path).sorted()
        let read = { (prefix: String) in
            try names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.map {
                (name: $0, data: try Data(contentsOf: suite.appendingPathComponent($0)))
            }
        }
        let cases = JSONTestSuiteCases(accept: try read("y_"), reject: try read("n_"))
        guard cases.accept.count > 90, cases.reject.count > 180 else {
            throw IncompleteCorpus(
                description: "JSONTestSuite at \(suite.path) holds only \(cases.accept.count) y_ and "
                    + "\(cases.reject.count) n_ files")
        }
        return cases
    }

    /// JSONTestSuite's files, read.
    package struct JSONTestSuiteCases: Sendable {
        /// The `y_` files: each must parse.
        package var accept: [(name: String, data: Data)]
        /// The `n_` files: each must be rejected.
        package var reject: [(name: String, data: Data)]
    }
}
