import FacebookGraph
import Foundation

/// A HAR file of recorded exchanges, and the state of one test's use of it: which entries have
/// played, what was recorded, and the redactor that keeps secrets out.
///
/// Matching is Graph-aware (`CanonicalRequest`): method, path without its version prefix, sorted
/// parameters, auth parameters by placeholder identity, JSON and `fields` values canonicalised,
/// multipart part by part, `batch` item by item. A live request is redacted with the cassette's
/// ``Redactor`` before it is matched, so the same secret maps to the same placeholder it was
/// recorded under.
///
/// Hosts: the request's host (from its URL) is not part of the match, with one rule — when the
/// cassette holds entries for that host, only those may answer. Where it holds none, any host's
/// entry answers, so a Graph recording replays for graph.facebook.com, a loopback base URL or
/// graph-video alike, while a browser export with `https://yahoo.com/` (a 301) and
/// `https://www.yahoo.com/` (a 200) answers each host with its own entry. Host names compare
/// lower-cased, without port (a recording of `127.0.0.1:5000` answers `127.0.0.1:PORT`) or scheme.
///
/// Playback: a ``HAREntry/Playback/once`` entry answers one request, in file order among the
/// entries that match; a ``HAREntry/Playback/repeatable`` entry answers any number.
///
/// Thread-safe: transports on any thread share one cassette.
public final class Cassette: @unchecked Sendable {
    /// Where the cassette lives, or nil for one held in memory.
    public let fileURL: URL?
    /// The record mode in force.
    public let mode: RecordMode
    /// The redactor every recorded entry and every live request goes through.
    public let redactor: Redactor
    /// The requests its transports have started and not yet completed.
    package let inFlight = InFlightRequests()

    private let lock = NSLock()
    private var archive: HARArchive
    private var canonical: [CanonicalRequest]
    /// The host names the entries were recorded for.
    private var hosts: Set<String>
    private var played: [Bool]
    private var recorded = 0
    /// True when this run may send requests to the network and record them.
    private let recording: Bool

    /// Opens the cassette at `url` in `mode`.
    ///
    /// - Throws: ``CassetteError/Code/missingCassette`` for a missing file in strict mode,
    ///   ``CassetteError/Code/unreadable`` for a file that cannot be read or is not HAR (the
    ///   reason names the entry and field, or the line and column, as ``HARReadError`` does).
    public init(contentsOf url: URL, mode: RecordMode = .never, redactor: Redactor = Redactor()) throws {
        let exists = FileManager.default.fileExists(atPath: url.path)
        var archive = HARArchive()
        if exists, mode != .all {
            do {
                archive = try HARArchive(contentsOf: url)
            } catch {
                throw CassetteError.unreadable(path: error.file ?? url.path, reason: error.detail)
            }
        } else if !exists, mode == .never {
            throw CassetteError.missingCassette(path: url.path)
        }
        self.fileURL = url
        self.mode = mode
        self.redactor = redactor
        self.recording = mode == .all || mode == .newEpisodes || (mode == .once && !exists)
        self.archive = archive
        self.canonical = archive.log.entries.map { CanonicalRequest($0.request) }
        self.hosts = Set(canonical.map(\.host))
        self.played = Array(repeating: false, count: archive.log.entries.count)
    }

    /// A cassette held in memory, replayed strictly.
    public init(archive: HARArchive, redactor: Redactor = Redactor()) {
        self.fileURL = nil
        self.mode = .never
        self.redactor = redactor
        self.recording = false
        self.archive = archive
        self.canonical = archive.log.entries.map { CanonicalRequest($0.request) }
        self.hosts = Set(canonical.map(\.host))
        self.played = Array(repeating: false, count: archive.log.entries.count)
    }

    /// The entries, recorded ones included.
    public var entries: [HAREntry] {
        lock.lock()
        defer { lock.unlock() }
        return archive.log.entries
    }

    /// The entries no request has used yet — after a test, what the code under test never asked for.
    public var unusedEntries: [HAREntry] {
        lock.lock()
        defer { lock.unlock() }
        return zip(archive.log.entries, played).filter { !$0.1 }.map(\.0)
    }

    /// How many entries this run recorded.
    public var recordedCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    /// True when a request that matches no entry goes to the network and is recorded.
    public var isRecording: Bool { recording }

    /// Writes the cassette back to its file when this run recorded anything. Returns whether it wrote.
    @discardableResult
    public func save() throws -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard recorded > 0, let fileURL else { return false }
        if archive.log.provenance == nil || mode == .all {
            archive.log.provenance = HARProvenance(
                recordedAt: HAREntry.timestamp(Date()),
                redactionRules: redactor.ruleNames
            )
        }
        try archive.write(to: fileURL)
        return true
    }

    /// Finds the entry that answers `request` (already redacted), marking it played; returns it with
    /// its position in the cassette.
    package func lookup(_ request: HARRequest) -> Result<(index: Int, entry: HAREntry), UnmatchedRequest> {
        let live = CanonicalRequest(request)
        lock.lock()
        defer { lock.unlock() }
        // The host rule (see the type's overview): entries of the request's host only, when there are any.
        let sameHostOnly = !live.host.isEmpty && hosts.contains(live.host)
        let matches = canonical.indices.filter {
            canonical[$0] == live && (!sameHostOnly || canonical[$0].host == live.host)
        }
        let entries = archive.log.entries
        if let index = matches.first(where: { entries[$0].playback == .once && !played[$0] })
            ?? matches.first(where: { entries[$0].playback == .repeatable })
        {
            played[index] = true
            return .success((index, entries[index]))
        }
        let nearest = canonical.indices
            .map { (index: $0, diff: RequestDiff(live: live, recorded: canonical[$0], comparingHosts: sameHostOnly)) }
            .sorted { $0.diff.distance < $1.diff.distance }
            .prefix(3)
            .map {
                UnmatchedRequest.Candidate(
                    index: $0.index, request: entries[$0.index].request, differences: $0.diff.lines)
            }
        return .failure(
            UnmatchedRequest(
                request: request, exhausted: !matches.isEmpty, nearest: Array(nearest), cassette: fileURL?.path)
        )
    }

    /// The cassette as it would be written now (deterministic HAR JSON).
    public func archiveData() throws -> Data {
        lock.lock()
        defer { lock.unlock() }
        return try archive.encoded()
    }

    /// Adds a recorded (already redacted) entry.
    package func append(_ entry: HAREntry) {
        lock.lock()
        defer { lock.unlock() }
        archive.log.entries.append(entry)
        canonical.append(CanonicalRequest(entry.request))
        hosts.insert(canonical[canonical.count - 1].host)
        played.append(true)
        recorded += 1
    }
}
