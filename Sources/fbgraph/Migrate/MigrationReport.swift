import Foundation

/// Where a codebase stands on the migration path: every legacy call site of its Swift sources, the
/// stage it is at, its modern equivalent and what will not work, with totals per stage
/// (`fbgraph migrate report`).
struct MigrationReport {
    /// The four stages of Migration.md's migration path (and of the Hackbook sample's four targets).
    enum Stage: String, CaseIterable {
        /// v2's delegates: `andDelegate:`, `FBRequestDelegate`, `FBSessionDelegate`.
        case delegate
        /// Block callbacks: seed 002's `callback:`, v3.1's `completionHandler:`.
        case block
        /// `Result` closures: `completion:`.
        case result
        /// `async`/`await`.
        case async

        /// The stage's name in the text report.
        var title: String {
            switch self {
            case .delegate: "delegate"
            case .block: "block"
            case .result: "Result"
            case .async: "async"
            }
        }
    }

    /// How a site uses its symbol.
    enum SiteKind: String {
        /// A call, an initialiser, a property read or written.
        case call
        /// A type or constant named.
        case reference
        /// A legacy type in an inheritance clause (a delegate protocol adopted).
        case conformance
        /// A method implementing a legacy protocol's requirement (a delegate callback).
        case implementation
    }

    /// Something that will not work on Linux or today's Graph API.
    struct Problem: Equatable {
        /// What kind of problem.
        enum Kind: String {
            /// Migration.md's table says the symbol cannot work (a dialog, an app switch, a call that is gone).
            case unsupported
            /// A REST method the REST-to-Graph bridge does not answer.
            case restNotBridged = "rest-not-bridged"
            /// A REST call whose method is not known from the source.
            case restMethodUnknown = "rest-method-unknown"
            /// An FQL query the bridge does not translate.
            case fqlNotTranslated = "fql-not-translated"
            /// An FQL query that is not known from the source.
            case fqlQueryUnknown = "fql-query-unknown"
        }

        /// The kind.
        var kind: Kind
        /// One sentence: what fails and what to do.
        var message: String
    }

    /// One site in one file.
    struct Site {
        /// The file, as the command line named it (or found below a folder it named).
        var file: String
        /// Where it is.
        var found: CallSiteScanner.Site
    }

    /// A file that could not be read, and why.
    struct Unreadable {
        var file: String
        var reason: String
    }

    /// The files read.
    private(set) var fileCount = 0
    /// Every site, by file, then line and column.
    private(set) var sites: [Site] = []
    /// The files that could not be read.
    private(set) var unreadable: [Unreadable] = []

    /// The largest file read (larger ones are reported as unreadable).
    static let maximumFileSize = 8 << 20

    /// The report on `files` (Swift sources).
    init(files: [String], symbols: LegacySymbols = .table) {
        var lexed: [(String, [SwiftLexer.Token])] = []
        var declarations = CallSiteScanner.Declarations()
        for file in files {
            switch Self.read(file) {
            case .success(let bytes):
                let tokens = SwiftLexer.tokens(of: bytes)
                declarations.add(tokens, symbols: symbols)
                lexed.append((file, tokens))
            case .failure(let reason):
                unreadable.append(Unreadable(file: file, reason: reason.description))
            }
        }
        fileCount = lexed.count
        for (file, tokens) in lexed {
            let scanner = CallSiteScanner(symbols: symbols, declarations: declarations, tokens: tokens)
            sites += scanner.sites().map { Site(file: file, found: $0) }
        }
    }

    /// The sites at each stage.
    func count(_ stage: Stage?) -> Int {
        sites.count { $0.found.stage == stage }
    }

    /// The number of problems.
    var problemCount: Int {
        sites.reduce(0) { $0 + $1.found.problems.count }
    }

    private struct ReadFailure: Error, CustomStringConvertible {
        var description: String
    }

    private static func read(_ file: String) -> Result<[UInt8], ReadFailure> {
        // A pipe or device would block the read or never end: only regular files (through links).
        let resolved = URL(fileURLWithPath: file).resolvingSymlinksInPath().path
        let type = (try? FileManager.default.attributesOfItem(atPath: resolved))?[.type] as? FileAttributeType
        guard type == .typeRegular else {
            return .failure(ReadFailure(description: type == nil ? "cannot be opened" : "is not a regular file"))
        }
        guard let handle = FileHandle(forReadingAtPath: file) else {
            return .failure(ReadFailure(description: "cannot be opened"))
        }
        defer { try? handle.close() }
        do {
            let data = try handle.read(upToCount: maximumFileSize + 1) ?? Data()
            guard data.count <= maximumFileSize else {
                return .failure(ReadFailure(description: "larger than \(maximumFileSize >> 20) MiB"))
            }
            return .success([UInt8](data))
        } catch {
            return .failure(ReadFailure(description: "cannot be read (\(error.localizedDescription))"))
        }
    }
}
