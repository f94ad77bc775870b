import FacebookSDK

/// Finds the legacy call sites in lexed Swift sources (``SwiftLexer``), by name and receiver shape,
/// against ``LegacySymbols``.
///
/// What it recognises, in the order a file is read:
/// - a member `receiver.name(label: …) { trailing closure }`, where the receiver is a legacy type
///   (`FBRequest.forMe()`), a name declared with a legacy type anywhere in the report's files
///   (`var facebook: Facebook!`, `let request = FBRequest(…)`), or unknown (`self`, a call's
///   result), in which case only distinctive selectors count: ones with a label, or long names;
/// - `Type(label: …)` (an initialiser) and free functions;
/// - a legacy type or constant named anywhere else, and in a type's inheritance clause (a
///   conformance: `FBRequestDelegate`);
/// - `func name(label …)` in a type that conforms to a legacy type (a delegate method).
///
/// The stage of a call comes from its shape: a delegate label (`andDelegate:`), its closure
/// (`callback:` or a closure taking several arguments: the block stage; `completion:` or one argument:
/// `Result`), or an `await` before it.
struct CallSiteScanner {
    /// One site found in a file.
    struct Site: Equatable {
        /// The token it starts at.
        var line: Int
        var column: Int
        /// The symbol.
        var symbol: LegacySymbols.Symbol
        /// What kind of use it is.
        var kind: MigrationReport.SiteKind
        /// Its migration stage, when it has one.
        var stage: MigrationReport.Stage?
        /// What will not work, if anything.
        var problems: [MigrationReport.Problem]
    }

    /// What the report's files declare: the legacy type of each name declared with one (and of the
    /// names declared with `let` or `var`, which a chain such as `appDelegate.facebook` may reach),
    /// the names declared with another type, and string constants (`static let query = "SELECT …"`).
    struct Declarations {
        var legacyTyped: [String: Set<String>] = [:]
        var legacyProperties: [String: Set<String>] = [:]
        var otherTyped: Set<String> = []
        var constants: [String: String] = [:]

        /// Adds what `tokens` declare.
        mutating func add(_ tokens: [SwiftLexer.Token], symbols: LegacySymbols) {
            for index in tokens.indices.dropLast(2) where tokens[index].kind == .word {
                let name = tokens[index].value ?? ""
                let next = tokens[index + 1]
                let after = tokens[index + 2]
                guard next.isPunctuation(":") || next.isPunctuation("="), after.kind == .word || after.kind == .string
                else { continue }
                let type = after.value ?? ""
                if after.kind == .string, next.isPunctuation("="), index > 0,
                    tokens[index - 1].isWord("let") || tokens[index - 1].isWord("var")
                {
                    constants[name] = type
                } else if after.kind == .word, symbols.typeNames.contains(type) {
                    legacyTyped[name, default: []].insert(type)
                    if index > 0, tokens[index - 1].isWord("let") || tokens[index - 1].isWord("var") {
                        legacyProperties[name, default: []].insert(type)
                    }
                } else if after.kind == .word, next.isPunctuation(":"), type.first?.isUppercase == true {
                    otherTyped.insert(name)
                }
            }
        }
    }

    let symbols: LegacySymbols
    let declarations: Declarations
    let tokens: [SwiftLexer.Token]
    /// Each bracket's partner (``CallShape/matchingBrackets(_:)``).
    private let partners: [Int]
    /// The legacy types the file's own types conform to or extend.
    private var conformances: Set<String> = []
    /// The token indices inside inheritance clauses.
    private var inheritance: Set<Int> = []

    /// Reads `tokens` (one file).
    init(symbols: LegacySymbols, declarations: Declarations, tokens: [SwiftLexer.Token]) {
        self.symbols = symbols
        self.declarations = declarations
        self.tokens = tokens
        partners = CallShape.matchingBrackets(tokens)
        findInheritanceClauses()
    }

    private static let typeKeywords: Set<String> = ["class", "struct", "enum", "extension", "actor", "protocol"]
    private static let declarationKeywords: Set<String> = [
        "class", "struct", "enum", "actor", "protocol", "typealias", "let", "var", "case", "func", "associatedtype",
    ]

    private mutating func findInheritanceClauses() {
        for index in tokens.indices where tokens[index].kind == .word {
            guard Self.typeKeywords.contains(tokens[index].value ?? ""), index + 1 < tokens.count else { continue }
            if tokens[index].isWord("extension"), let extended = tokens[index + 1].value,
                symbols.typeNames.contains(extended)
            {
                conformances.insert(extended)
            }
            var cursor = index + 2
            var angle = 0
            while cursor < tokens.count, tokens[cursor].isPunctuation("<") || angle > 0 {
                if tokens[cursor].isPunctuation("<") { angle += 1 }
                if tokens[cursor].isPunctuation(">") { angle -= 1 }
                cursor += 1
            }
            guard cursor < tokens.count, tokens[cursor].isPunctuation(":") else { continue }
            cursor += 1
            while cursor < tokens.count, !tokens[cursor].isPunctuation("{"), !tokens[cursor].isWord("where") {
                if tokens[cursor].kind == .word, let name = tokens[cursor].value {
                    inheritance.insert(cursor)
                    if symbols.typeNames.contains(name) { conformances.insert(name) }
                }
                cursor += 1
            }
        }
    }

    /// The sites of the file, in order.
    func sites() -> [Site] {
        var sites: [Site] = []
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            defer { index += 1 }
            guard token.kind == .word || token.isPunctuation(".") else { continue }
            if token.isWord("func") {
                if let site = declaration(at: index + 1) { sites.append(site) }
                index += 1
            } else if token.isPunctuation(".") {
                if let site = member(at: index) { sites.append(site) }
                index += 1
            } else if let site = topLevel(at: index) {
                sites.append(site)
            }
        }
        return sites
    }

    // MARK: Shapes

    /// `func name(label …)` in a type conforming to a legacy type.
    private func declaration(at index: Int) -> Site? {
        guard index + 1 < tokens.count, let name = tokens[index].value, tokens[index].kind == .word else { return nil }
        var cursor = index + 1
        if tokens[cursor].isPunctuation("<") {
            while cursor < tokens.count, !tokens[cursor].isPunctuation(">") { cursor += 1 }
            cursor += 1
        }
        guard cursor < tokens.count, tokens[cursor].isPunctuation("(") else { return nil }
        let labels = arguments(openingAt: cursor).arguments.map { $0.declaredLabel }
        for owner in conformances.sorted() {
            guard let symbol = symbols.members(named: name, of: owner).first(where: { $0.labels == labels }) else {
                continue
            }
            return site(
                at: tokens[index], symbol, kind: .implementation, stage: owner.hasSuffix("Delegate") ? .delegate : nil)
        }
        return nil
    }

    /// `receiver.name…` at the `.` at `index`.
    private func member(at index: Int) -> Site? {
        guard index + 1 < tokens.count, tokens[index + 1].kind == .word, let name = tokens[index + 1].value else {
            return nil
        }
        guard let owners = receiverTypes(before: index) else { return nil }
        let candidates =
            owners.isEmpty
            ? symbols.members(named: name, of: nil).filter(Self.isDistinctive)
            : owners.sorted().flatMap { symbols.members(named: name, of: $0) }
        guard !candidates.isEmpty else { return nil }
        return call(named: index + 1, candidates: candidates, kind: .call)
    }

    /// A legacy type, constant or free function named at `index`, not after a `.`.
    private func topLevel(at index: Int) -> Site? {
        guard let name = tokens[index].value else { return nil }
        if index > 0, tokens[index - 1].isPunctuation(".") { return nil }
        if index > 0, tokens[index - 1].kind == .word, Self.declarationKeywords.contains(tokens[index - 1].value ?? "")
        {
            return nil
        }
        let next = index + 1 < tokens.count ? tokens[index + 1] : nil
        if symbols.hasMembers(name) {
            if next?.isPunctuation(".") == true { return nil }  // the member decides
            if next?.isPunctuation("(") == true,
                let site = call(named: index, candidates: symbols.members(named: "init", of: name), kind: .call)
            {
                return site
            }
        }
        let found = symbols.topLevel(named: name)
        if next?.isPunctuation("(") == true, found.contains(where: { $0.labels != nil }),
            let site = call(named: index, candidates: found.filter { $0.labels != nil }, kind: .call)
        {
            return site
        }
        guard let symbol = found.first(where: { $0.labels == nil }) else { return nil }
        let conformance = inheritance.contains(index)
        return site(
            at: tokens[index], symbol, kind: conformance ? .conformance : .reference,
            stage: conformance && name.hasSuffix("Delegate") ? .delegate : nil)
    }

    /// The legacy types a member's receiver may have: empty when unknown, nil when it is known not
    /// to be legacy (or the member is implicit, `.automatic`).
    private func receiverTypes(before dot: Int) -> Set<String>? {
        var cursor = dot - 1
        while cursor >= 0, tokens[cursor].isPunctuation("?") || tokens[cursor].isPunctuation("!") { cursor -= 1 }
        guard cursor >= 0 else { return nil }
        let receiver = tokens[cursor]
        if receiver.isPunctuation(")") || receiver.isPunctuation("]") || receiver.isPunctuation("}") { return [] }
        guard receiver.kind == .word, let name = receiver.value else { return nil }
        // `entry.request` is some object's property: only a `let`/`var` of a legacy type may be it (a
        // parameter `request: FBRequest!` elsewhere says nothing); `self.facebook` is as good as `facebook`.
        let isMember = cursor > 1 && tokens[cursor - 1].isPunctuation(".") && !tokens[cursor - 2].isWord("self")
        if let types = isMember ? declarations.legacyProperties[name] : declarations.legacyTyped[name] {
            return types
        }
        if isMember, declarations.legacyTyped[name] != nil { return [] }
        if symbols.hasMembers(name) { return [name] }
        if declarations.otherTyped.contains(name) || name.first?.isUppercase == true { return nil }
        return []
    }

    /// Only a selector with a label, or a long name, is matched on a receiver of unknown type.
    private static func isDistinctive(_ symbol: LegacySymbols.Symbol) -> Bool {
        guard symbol.name != "init" else { return false }
        return symbol.labels?.contains { $0 != "_" } == true || symbol.name.count >= 12
    }

    /// The site of a use of one of `candidates` named at `index`: a property, or a call with its
    /// arguments and trailing closures.
    private func call(named index: Int, candidates: [LegacySymbols.Symbol], kind: MigrationReport.SiteKind) -> Site? {
        let shape = CallShape(tokens: tokens, partners: partners, nameIndex: index)
        guard let symbol = shape.choose(from: candidates) else { return nil }
        let awaited = shape.isAwaited(receiverEnd: index)
        let stage = Self.stage(of: symbol, shape: shape, awaited: awaited)
        let rest = RESTCheck(shape: shape, symbol: symbol, constants: declarations.constants)
        var problems = rest.problems
        if !rest.isRESTCall, let limitation = symbol.limitation {
            problems.append(MigrationReport.Problem(kind: .unsupported, message: limitation))
        }
        var found = site(at: tokens[index], symbol, kind: kind, stage: stage)
        found.problems = problems
        return found
    }

    private static func stage(
        of symbol: LegacySymbols.Symbol, shape: CallShape, awaited: Bool
    ) -> MigrationReport.Stage? {
        let labels = symbol.labels ?? []
        if labels.contains(where: CallShape.delegateLabels.contains) { return .delegate }
        if let closure = shape.closureLabel(in: symbol) {
            return closure == "completion" ? .result : .block
        }
        if awaited, symbol.labels != nil { return .async }
        return nil
    }

    private func site(
        at token: SwiftLexer.Token, _ symbol: LegacySymbols.Symbol, kind: MigrationReport.SiteKind,
        stage: MigrationReport.Stage?
    ) -> Site {
        var problems: [MigrationReport.Problem] = []
        if kind != .call, let limitation = symbol.limitation {
            problems.append(MigrationReport.Problem(kind: .unsupported, message: limitation))
        }
        return Site(
            line: token.line, column: token.column, symbol: symbol, kind: kind, stage: stage, problems: problems)
    }

    private func arguments(openingAt index: Int) -> CallShape {
        CallShape(tokens: tokens, partners: partners, nameIndex: index - 1)
    }
}
