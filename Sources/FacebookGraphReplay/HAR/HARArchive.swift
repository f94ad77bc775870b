import FacebookGraph
import Foundation

/// A HAR 1.2 file: the cassette format of the contract-test kit.
///
/// Reading is lenient (fields other tools omit get defaults, unknown fields are ignored), so HAR
/// files from browsers and mitmproxy load. Writing is deterministic — sorted keys, two-space
/// indentation, unescaped slashes — so writing a file that was read gives the same bytes, and a
/// cassette diff in review shows only what changed.
///
/// Provenance lives in `_`-prefixed fields, which HAR reserves for extensions: ``HARLog/provenance``
/// (`_provenance`) and each entry's `_graphAPIVersion` and `_playback`.
public struct HARArchive: Codable, Sendable, Equatable {
    /// The archive's one log.
    public var log: HARLog

    /// An archive with `entries`, created by this package.
    public init(entries: [HAREntry] = [], provenance: HARProvenance? = nil) {
        log = HARLog(entries: entries, provenance: provenance)
    }

    /// Reads a HAR file.
    ///
    /// - Throws: ``HARReadError``, one line naming the file and, for a file that is not HAR, the
    ///   entry and field (or the line and column of a JSON syntax error) and what is wrong.
    public init(contentsOf url: URL) throws(HARReadError) {
        let path = url.isFileURL ? url.relativePath : url.absoluteString
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw HARReadError.unreadableFile(path, error)
        }
        do {
            try self.init(data: data)
        } catch {
            var located = error
            located.file = path
            throw located
        }
    }

    /// Parses HAR JSON.
    ///
    /// - Throws: ``HARReadError`` (without a file name): the entry and field, or the line and
    ///   column of a JSON syntax error, and what is wrong.
    public init(data: Data) throws(HARReadError) {
        do {
            self = try GraphJSONDecoder().decode(HARArchive.self, from: data)
        } catch {
            throw HARReadError.decoding(error, data: data)
        }
    }

    /// The archive as deterministic JSON, ending with a newline.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        var data = try encoder.encode(self)
        data.append(UInt8(ascii: "\n"))
        return data
    }

    /// Writes the archive to `url` atomically.
    public func write(to url: URL) throws {
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(),
            withIntermediateDirectories: true
        )
        try encoded().write(to: url, options: .atomic)
    }
}

/// The `log` object.
public struct HARLog: Codable, Sendable, Equatable {
    /// Always `1.2` when written here.
    public var version: String
    /// The tool that wrote the file.
    public var creator: HARCreator
    /// The recorded exchanges, in recording order.
    public var entries: [HAREntry]
    /// How the file was made (`_provenance`).
    public var provenance: HARProvenance?

    /// A log by this package.
    public init(entries: [HAREntry], provenance: HARProvenance? = nil) {
        self.version = "1.2"
        self.creator = HARCreator(name: "FacebookSDKShim", version: HARProvenance.toolVersion)
        self.entries = entries
        self.provenance = provenance
    }

    enum CodingKeys: String, CodingKey {
        case version, creator, entries
        case provenance = "_provenance"
    }

    /// Decodes the value leniently: fields other tools omit get their defaults.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decodeIfPresent(String.self, forKey: .version) ?? "1.2"
        creator =
            try container.decodeIfPresent(HARCreator.self, forKey: .creator) ?? HARCreator(name: "unknown", version: "")
        entries = try container.decodeIfPresent([HAREntry].self, forKey: .entries) ?? []
        provenance = try container.decodeIfPresent(HARProvenance.self, forKey: .provenance)
    }
}

/// The `creator` object.
public struct HARCreator: Codable, Sendable, Equatable {
    /// The tool's name.
    public var name: String
    /// The tool's version.
    public var version: String

    /// A creator record.
    public init(name: String, version: String) {
        self.name = name
        self.version = version
    }
}

/// How a cassette was recorded (`_provenance`).
public struct HARProvenance: Codable, Sendable, Equatable {
    /// This package's version, written into every cassette it records.
    public static let toolVersion = "FacebookSDKShim 0.1.0"

    /// When recording started (ISO 8601).
    public var recordedAt: String
    /// The tool and its version.
    public var tool: String
    /// The redaction rules applied at record time (names of parameters, headers and patterns).
    public var redactionRules: [String]

    /// A provenance record.
    public init(recordedAt: String, tool: String = HARProvenance.toolVersion, redactionRules: [String]) {
        self.recordedAt = recordedAt
        self.tool = tool
        self.redactionRules = redactionRules
    }
}
