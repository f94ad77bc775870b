import FacebookGraph
import Foundation

/// Test helpers that work the same under XCTest and Swift Testing: both accept a throwing test.
extension Cassette {
    /// Runs `body` with a transport wired to the cassette at `path`, in the mode `FB_RECORD_MODE`
    /// names (strict replay when unset), then saves what was recorded.
    ///
    /// ```swift
    /// @Test func loadsProfile() throws {
    ///     try Cassette.use("Tests/Cassettes/me.har") { transport in
    ///         facebook.transport = transport
    ///         …
    ///     }
    /// }
    /// ```
    ///
    /// - Throws: ``CassetteError/recordedNewEntries(path:count:)`` after a run that recorded
    ///   anything, so a person reviews the new entries before the test can pass; the errors of
    ///   ``init(contentsOf:mode:redactor:)``; whatever `body` throws.
    @discardableResult
    public static func use<Result>(
        _ path: String,
        mode: RecordMode? = nil,
        _ body: (GraphTransport) throws -> Result
    ) throws -> Result {
        let cassette = try Cassette(contentsOf: URL(fileURLWithPath: path), mode: mode ?? RecordMode.fromEnvironment())
        let result = try body(.replay(cassette))
        try cassette.finish()
        return result
    }

    /// The `async` form of `use(_:mode:_:)`.
    @discardableResult
    public static func use<Result>(
        _ path: String,
        mode: RecordMode? = nil,
        _ body: (GraphTransport) async throws -> Result
    ) async throws -> Result {
        let cassette = try Cassette(contentsOf: URL(fileURLWithPath: path), mode: mode ?? RecordMode.fromEnvironment())
        let result = try await body(.replay(cassette))
        try cassette.finish()
        return result
    }

    /// Saves, and fails the run that recorded anything.
    func finish() throws {
        if try save() {
            throw CassetteError.recordedNewEntries(path: fileURL?.path ?? "(memory)", count: recordedCount)
        }
    }
}
