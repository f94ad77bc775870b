import FacebookGraphTestSupport
import FacebookGraphTestTraits
import Foundation
import Testing

/// The v3.1 sample program (`Legacy/Samples/FriendPickerV31/`), built by this package's strict build
/// and run against the Graph stand-in it starts on 127.0.0.1: it prints the expected transcript —
/// the session's states in order, the picker loaded, searched and its selection reported, one
/// completion for `FBRequest.forMe()` and one per batch request, in the order added.
@Suite("FriendPickerV31: the v3.1 sample prints its transcript", .onOwnThread)
struct FriendPickerV31TranscriptTests {
    @Test("The sample prints the expected transcript and exits 0")
    func samplePrintsTheTranscript() throws {
        let url = PackageRoot.url.appendingPathComponent("Legacy/Samples/FriendPickerV31/transcript.txt")
        let expected = try String(contentsOf: url, encoding: .utf8)
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("friendpicker-\(UUID())")
        defer { try? FileManager.default.removeItem(at: cache) }
        // The picker's cache goes to a folder of this run's own, never the user's.
        let run = try SampleRunner.run("FriendPickerV31", arguments: [], environment: ["XDG_CACHE_HOME": cache.path])
        #expect(run.status == 0, "exited \(run.status): \(run.stderr)")
        #expect(run.stderr.isEmpty, "wrote to standard error: \(run.stderr)")
        #expect(
            run.stdout == expected,
            "the transcript drifted:\n\(SampleRunner.lineDiff(expected: expected, actual: run.stdout))")
    }
}
