import FacebookGraph
import Foundation

/// Test helpers that work the same under XCTest and Swift Testing: both accept a throwing test.
extension Cassette {
    /// Runs `body` with a transport wired to the cassette at `path`, in the mode `FB_RECORD_MODE`
    /// names (strict replay when unset), waits for the requests `body` started, then saves what was
    /// recorded.
    ///
    /// ```swift
    /// @Test func loadsProfile() throws {
    ///     try Cassette.use("Tests/Cassettes/me.har") { transport in
    ///         facebook.transport = transport
    ///         …   // start the requests and wait for their callbacks here
    ///     }
    /// }
    /// ```
    ///
    /// Legacy callbacks arrive on `Facebook.defaultCallbackQueue` (the main queue unless a test sets
    /// another): `body` must wait for them itself. What `use` waits for is the transport: it never
    /// saves while a request `body` started is still in flight, so a recording that returns early
    /// still records its answers.
    ///
    /// - Parameters:
    ///   - path: The HAR file.
    ///   - mode: The record mode; `FB_RECORD_MODE` (strict replay when unset) by default.
    ///   - inFlightTimeout: How long to wait, after `body` returns, for the requests it started.
    ///   - body: The test, given the transport to use.
    /// - Throws: ``CassetteError/Code/requestsInFlight`` when requests are still in flight
    ///   after `inFlightTimeout` (nothing is saved then); ``CassetteError/Code/recordedNewEntries``
    ///   after a run that recorded anything, so a person reviews the new entries before the test can
    ///   pass; the errors of ``init(contentsOf:mode:redactor:)``; whatever `body` throws.
    @discardableResult
    public static func use<Result>(
        _ path: String,
        mode: RecordMode? = nil,
        inFlightTimeout: Duration = .seconds(30),
        _ body: (GraphTransport) throws -> Result
    ) throws -> Result {
        let cassette = try Cassette(contentsOf: URL(fileURLWithPath: path), mode: mode ?? RecordMode.fromEnvironment())
        let result = try body(.replay(cassette))
        try cassette.finish(stillInFlight: cassette.inFlight.waitUntilIdle(timeout: inFlightTimeout))
        return result
    }

    /// The `async` form of `use(_:mode:inFlightTimeout:_:)`;
    /// its wait for requests in flight suspends and never blocks a thread.
    @discardableResult
    public static func use<Result>(
        _ path: String,
        mode: RecordMode? = nil,
        inFlightTimeout: Duration = .seconds(30),
        _ body: (GraphTransport) async throws -> Result
    ) async throws -> Result {
        let cassette = try Cassette(contentsOf: URL(fileURLWithPath: path), mode: mode ?? RecordMode.fromEnvironment())
        let result = try await body(.replay(cassette))
        try cassette.finish(stillInFlight: await cassette.inFlight.waitUntilIdle(timeout: inFlightTimeout))
        return result
    }

    /// Saves, and fails the run that recorded anything; saves nothing while requests are in flight.
    func finish(stillInFlight: [String]) throws {
        let path = fileURL?.path ?? "(memory)"
        guard stillInFlight.isEmpty else {
            throw CassetteError.requestsInFlight(path: path, requests: stillInFlight)
        }
        if try save() {
            throw CassetteError.recordedNewEntries(path: path, count: recordedCount)
        }
    }
}
