import FacebookGraphTestSupport
import Foundation
import Testing

@testable import fbgraph

/// `fbgraph migrate report`: the symbol data is Migration.md's table, each Hackbook stage reports
/// itself, every legacy symbol is found, and what will not work is named.
@Suite("fbgraph migrate report")
struct MigrateReportTests {
    static let root = PackageRoot.url
    static let hackbook = root.appendingPathComponent("Legacy/Samples/Hackbook")

    static func report(_ source: String) throws -> MigrationReport {
        let directory = try TestFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        return MigrationReport(files: [try TestFiles.write(source, to: "Source.swift", in: directory)])
    }

    @Test("The compiled-in table is Migration.md's table, as scripts/migration-table writes it")
    func tableIsMigrationMarkdown() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("Migration.md"), encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        let heading = try #require(lines.firstIndex(of: "## Every legacy spelling and its modern equivalent"))
        let table = lines[(heading + 1)...].drop { !$0.hasPrefix("|") }.prefix { $0.hasPrefix("|") }
        #expect(
            table.joined(separator: "\n") == MigrationTable.markdown,
            "Sources/fbgraph/Migrate/MigrationTable.swift differs from Migration.md: run scripts/migration-table")
        #expect(LegacySymbols.table.symbols.count > 300)
    }

    @Test(
        "Each Hackbook stage reports itself: its own stage's sites outnumber every other stage's",
        arguments: [
            ("Hackbook1Delegates", MigrationReport.Stage.delegate), ("Hackbook2Blocks", .block),
            ("Hackbook3Results", .result), ("Hackbook4Async", .async),
        ])
    func hackbookStage(target: String, stage: MigrationReport.Stage) throws {
        let folder = Self.hackbook.appendingPathComponent(target).path
        let report = MigrationReport(files: SourceFiles.find(at: folder).files)
        #expect(report.fileCount >= 3)
        #expect(report.unreadable.isEmpty)
        for other in MigrationReport.Stage.allCases where other != stage {
            #expect(report.count(stage) > report.count(other), "\(target): \(report.totalsLine)")
        }
        // Its seven API calls (me, me/friends, me/feed, me/photos, fql.query, friends.getAppUsers, me
        // with the saved token) are at the stage.
        let calls = report.sites.filter { $0.found.symbol.name == "request" && $0.found.kind == .call }
        #expect(calls.count == 7, "\(target): \(calls.map(\.found.symbol.spelling))")
        #expect(calls.allSatisfy { $0.found.stage == stage }, "\(target): \(calls.map(\.found))")
    }

    @Test("The Hackbook stages' totals are what each stage uses")
    func hackbookTotals() throws {
        var lines: [String] = []
        for target in ["Hackbook1Delegates", "Hackbook2Blocks", "Hackbook3Results", "Hackbook4Async"] {
            let folder = Self.hackbook.appendingPathComponent(target).path
            lines.append("\(target) " + MigrationReport(files: SourceFiles.find(at: folder).files).totalsLine)
        }
        #expect(
            lines == [
                "Hackbook1Delegates totals: delegate 16, block 0, Result 0, async 0, no stage 11; 27 sites in 3 files, 2 problems",
                "Hackbook2Blocks totals: delegate 6, block 7, Result 0, async 0, no stage 9; 22 sites in 3 files, 2 problems",
                "Hackbook3Results totals: delegate 6, block 0, Result 7, async 0, no stage 9; 22 sites in 3 files, 2 problems",
                "Hackbook4Async totals: delegate 6, block 0, Result 0, async 7, no stage 9; 22 sites in 4 files, 2 problems",
            ])
    }

    @Test("The whole sample: the FQL query is found in HackbookSupport and the bridge translates it")
    func wholeSample() throws {
        let report = MigrationReport(files: SourceFiles.find(at: Self.hackbook.path).files)
        #expect(report.fileCount == 14)
        let rest = report.sites.filter { site in
            site.found.symbol.labels?.contains { $0 == "withMethodName" || $0 == "withParams" } == true
        }
        #expect(rest.count == 8)
        #expect(rest.allSatisfy { $0.found.problems.isEmpty }, "\(rest.map(\.found.problems))")
        // handleOpen(_:), once per stage: the SSO app switch Linux does not have.
        #expect(report.problemCount == 4)
        #expect(report.sites.filter { !$0.found.problems.isEmpty }.allSatisfy { $0.found.symbol.name == "handleOpen" })
    }

    @Test("v3.1 code: sessions, request factories and FBRequestConnection, with their handlers at the block stage")
    func v31Calls() throws {
        let report = try Self.report(
            """
            import FacebookSDK

            let session = FBSession(accessToken: "t", expirationDate: nil, userID: "4")
            FBSession.setActiveSession(session)
            let connection = FBRequestConnection()
            connection.add(FBRequest.forMe()) { connection, result, error in }
            connection.start()
            FBRequestConnection.startForMe { connection, result, error in }
            FBRequest(session: session, graphPath: "me").start { connection, result, error in }
            """)
        let found = report.sites.map {
            "\($0.found.line) \($0.found.symbol.spelling) \($0.found.stage?.rawValue ?? "-")"
        }
        #expect(
            found == [
                "3 FBSession.init(accessToken:expirationDate:userID:) -",
                "4 FBSession.setActiveSession(_:) -",
                "5 FBRequestConnection.init() -",
                "6 FBRequestConnection.add(_:completionHandler:) block",
                "6 FBRequest.forMe() -",
                "7 FBRequestConnection.start() -",
                "8 FBRequestConnection.startForMe(completionHandler:) block",
                "9 FBRequest.init(session:graphPath:) -",
                "9 FBRequest.start(completionHandler:) block",
            ])
    }

    @Test(
        "A closure passed by name has its label's stage; a parameter's type says nothing of another object's property")
    func closuresByNameAndMemberReceivers() throws {
        let report = try Self.report(
            """
            import FacebookSDK

            func blockCall(_ facebook: Facebook, callback: @escaping FBRequest.FBRequestCallback) {
                facebook.request(withGraphPath: "me", params: NSMutableDictionary(), method: "GET", callback: callback)
            }
            func request(_ request: FBRequest!, didLoad result: Any!) {}
            let url = entry.request.url
            let also = self.request.url
            """)
        let found = report.sites.map {
            "\($0.found.line) \($0.found.symbol.spelling) \($0.found.stage?.rawValue ?? "-")"
        }
        #expect(
            found == [
                "3 Facebook -",
                "3 FBRequest.FBRequestCallback -",
                "4 Facebook.request(withGraphPath:params:method:callback:) block",
                "6 FBRequest -",
                "8 FBRequest.url -",
            ])
    }

    /// The sample programs under Legacy/Samples other than Hackbook (the v3.1 sample, once it lands).
    static let otherSamples: [URL] = {
        let samples = root.appendingPathComponent("Legacy/Samples")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: samples.path)) ?? []
        return names.filter { $0 != "Hackbook" && !$0.hasPrefix(".") }.sorted().map {
            samples.appendingPathComponent($0)
        }
    }()

    @Test(
        "Every other sample program (the v3.1 sample) is read whole and its legacy calls are found",
        .enabled(if: !otherSamples.isEmpty, "no sample besides Hackbook under Legacy/Samples yet"))
    func otherSamplePrograms() throws {
        for sample in Self.otherSamples {
            let found = SourceFiles.find(at: sample.path)
            let report = MigrationReport(files: found.files)
            #expect(report.fileCount > 0 && report.unreadable.isEmpty && found.unlisted.isEmpty, "\(sample.path)")
            #expect(
                report.sites.contains { $0.found.kind == .call }, "\(sample.lastPathComponent): \(report.totalsLine)")
        }
    }

    /// A source that uses every spelling of the table once, generated from it, so a new row is covered.
    static func everySymbolSource(_ symbols: [LegacySymbols.Symbol]) -> String {
        func arguments(_ labels: [String]) -> String {
            labels.map { $0 == "_" ? "x" : "\($0): x" }.joined(separator: ", ")
        }
        var lines = ["import FacebookSDK", ""]
        let owners = Set(symbols.compactMap(\.owner)).sorted()
        for owner in owners { lines.append("let v_\(owner): \(owner)! = nil") }
        for symbol in symbols {
            switch (symbol.owner, symbol.labels) {
            case (nil, nil): lines.append("_ = \(symbol.name)")
            case (nil, let labels?): lines.append("_ = \(symbol.name)(\(arguments(labels)))")
            case (let owner?, let labels?) where symbol.name == "init":
                lines.append("_ = \(owner)(\(arguments(labels)))")
            case (let owner?, nil): lines.append("_ = v_\(owner).\(symbol.name)")
            case (let owner?, let labels?): lines.append("_ = v_\(owner).\(symbol.name)(\(arguments(labels)))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test("A file that uses every legacy spelling (generated from the table) reports each one")
    func everySymbol() throws {
        let symbols = LegacySymbols.table.symbols
        let report = try Self.report(Self.everySymbolSource(symbols))
        let found = Set(report.sites.map(\.found.symbol.spelling))
        let missing = symbols.map(\.spelling).filter { !found.contains($0) }
        #expect(missing.isEmpty, "not reported: \(missing)")
    }

    @Test("Comments, strings, multi-line and raw strings hide nothing and invent nothing; interpolated code counts")
    func lexerSkipsCommentsAndStrings() throws {
        let source = #####"""
            import FacebookSDK
            // facebook.request(withGraphPath: "me", andDelegate: self)
            /* facebook.logout() /* nested: facebook.isSessionValid() */ facebook.extendAccessToken() */
            let a = "facebook.request(withGraphPath: \"me\", andDelegate: self)"
            let b = """
                facebook.request(withGraphPath: "me", andDelegate: self)
                """
            let c = #"facebook.request(withGraphPath: "me", andDelegate: self) \(x)"#
            let d = ##"""
                "# facebook.logout() "#
                """##
            let e = "\("nested \("facebook.logout()")")"
            let f = "before \(facebook.isSessionValid()) after"
            let facebook: Facebook! = nil
            """#####
        let report = try Self.report(source)
        #expect(report.sites.map(\.found.symbol.spelling) == ["Facebook.isSessionValid()", "Facebook"])
        #expect(report.sites.first.map { [$0.found.line, $0.found.column] } == [13, 28])
    }

    @Test("Random and truncated input never crashes or hangs the lexer or the scanner", .timeLimit(.minutes(2)))
    func hostileInput() throws {
        var generator = SeededGenerator(seed: 23)
        let sample = try Data(
            contentsOf: Self.hackbook.appendingPathComponent("Hackbook2Blocks/APICallsViewController.swift"))
        let alphabet = Array(##"facebook.request(withGraphPath:andDelegate:){}[]"#"\/*`\n in ,Facebook"##.utf8)
        var inputs: [[UInt8]] = (0..<sample.count).filter { $0 % 13 == 0 }.map { [UInt8](sample.prefix($0)) }
        for _ in 0..<200 {
            let count = Int.random(in: 0..<2000, using: &generator)
            inputs.append((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) })
            inputs.append((0..<count).map { _ in alphabet.randomElement(using: &generator) ?? 0 })
        }
        inputs.append(Array(String(repeating: "Facebook(", count: 20000).utf8))
        inputs.append(Array(String(repeating: "\"\\(", count: 20000).utf8))
        inputs.append(Array(String(repeating: "/*", count: 20000).utf8))
        var declarations = CallSiteScanner.Declarations()
        for input in inputs {
            let tokens = SwiftLexer.tokens(of: input)
            declarations.add(tokens, symbols: .table)
            let sites = CallSiteScanner(symbols: .table, declarations: declarations, tokens: tokens).sites()
            #expect(sites.allSatisfy { $0.line >= 1 && $0.column >= 1 })
        }
    }
}
