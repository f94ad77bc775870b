import FacebookSDK

/// The shape of one use of a name in a token stream: its parenthesised arguments (labels and token
/// ranges), a trailing closure and how many parameters that closure takes, and whether an `await`
/// comes before the whole expression.
///
/// Every scan is bounded (``limit`` tokens), so a hostile file of unbalanced brackets costs linear
/// time per site, never a hang.
struct CallShape {
    /// One argument between the parentheses.
    struct Argument {
        /// The tokens, label included.
        var range: Range<Int>
        /// The written label (`withGraphPath`), or `_`.
        var label: String
        /// In a declaration's parameter list, the first word (`_` or the label).
        var declaredLabel: String
    }

    /// How far any scan reads.
    static let limit = 2000

    /// The labels of a delegate argument.
    static let delegateLabels: Set<String> = ["andDelegate", "delegate"]

    let tokens: [SwiftLexer.Token]
    /// For each bracket, the index of its partner (``matchingBrackets(_:)``), or -1.
    let partners: [Int]
    let nameIndex: Int
    /// True when parentheses follow the name.
    private(set) var hasParentheses = false
    /// The arguments, when the parentheses close within ``limit``.
    private(set) var arguments: [Argument] = []
    /// The index after the closing parenthesis (or after the name).
    private(set) var end: Int
    /// True when a closure follows.
    private(set) var hasTrailingClosure = false
    /// The trailing closure's parameter count, when its signature (`a, b, c in`) says.
    private(set) var trailingArity: Int?

    init(tokens: [SwiftLexer.Token], partners: [Int], nameIndex: Int) {
        self.tokens = tokens
        self.partners = partners
        self.nameIndex = nameIndex
        end = nameIndex + 1
        if end < tokens.count, tokens[end].isPunctuation("(") {
            readArguments(from: end)
        }
        if end < tokens.count, tokens[end].isPunctuation("{") {
            hasTrailingClosure = true
            trailingArity = Self.closureArity(tokens, openingAt: end)
        }
    }

    private mutating func readArguments(from open: Int) {
        let close = partners[open]
        guard close > open, close - open < Self.limit else { return }
        var start = open + 1
        var cursor = start
        while cursor < close {
            if partners[cursor] > cursor {
                cursor = partners[cursor]  // a nested bracket: its commas are not ours
            } else if tokens[cursor].isPunctuation(",") {
                arguments.append(argument(start..<cursor))
                start = cursor + 1
            }
            cursor += 1
        }
        if close > start { arguments.append(argument(start..<close)) }
        hasParentheses = true
        end = close + 1
    }

    /// Each bracket's partner (`(` and `)`, `[` and `]`, `{` and `}`), or -1 for an unbalanced one
    /// or any other token: one pass over a file, so a site reads its arguments without a search.
    static func matchingBrackets(_ tokens: [SwiftLexer.Token]) -> [Int] {
        var partners = [Int](repeating: -1, count: tokens.count)
        var open: [Int] = []
        for (index, token) in tokens.enumerated() where token.kind == .punctuation {
            switch token.byte {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                open.append(index)
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                guard let last = open.popLast() else { continue }
                partners[last] = index
                partners[index] = last
            default:
                continue
            }
        }
        return partners
    }

    private func argument(_ range: Range<Int>) -> Argument {
        let first = tokens[range.lowerBound]
        let labelled = range.count > 1 && first.kind == .word && tokens[range.lowerBound + 1].isPunctuation(":")
        return Argument(
            range: range, label: labelled ? first.value ?? "_" : "_",
            declaredLabel: first.kind == .word ? first.value ?? "_" : "_")
    }

    /// The parameter count a closure's signature gives (`{ request, result, error in`, `{ (a, b) in`,
    /// `{ [weak self] result in`), or nil without one.
    static func closureArity(_ tokens: [SwiftLexer.Token], openingAt open: Int) -> Int? {
        var cursor = open + 1
        var parentheses = 0
        var inCaptureList = false
        var afterArrow = false
        var names = 0
        var sawName = false
        while cursor < tokens.count, cursor - open < 64 {
            let token = tokens[cursor]
            let previous = tokens[cursor - 1]
            cursor += 1
            if inCaptureList {
                inCaptureList = !token.isPunctuation("]")
            } else if token.isPunctuation("["), parentheses == 0, !afterArrow {
                inCaptureList = true
            } else if token.isPunctuation("(") {
                parentheses += 1
            } else if token.isPunctuation(")") {
                parentheses -= 1
            } else if token.isWord("in"), parentheses == 0 {
                return names + (sawName ? 1 : 0)
            } else if token.isPunctuation("{") || token.isPunctuation("}") {
                return nil
            } else if afterArrow {
                continue
            } else if token.isPunctuation(">"), previous.isPunctuation("-") {
                afterArrow = true
            } else if token.isPunctuation(","), parentheses <= 1 {
                names += sawName ? 1 : 0
                sawName = false
            } else if token.kind == .word, parentheses <= 1, !previous.isPunctuation(":") {
                sawName = true
            }
        }
        return nil
    }

    /// The symbol among `candidates` this use names, or nil.
    func choose(from candidates: [LegacySymbols.Symbol]) -> LegacySymbols.Symbol? {
        guard hasParentheses || hasTrailingClosure else {
            return candidates.first { $0.labels == nil }
        }
        let written = arguments.map(\.label)
        let withClosure = candidates.filter { symbol in
            guard let labels = symbol.labels, labels.count == written.count + (hasTrailingClosure ? 1 : 0) else {
                return false
            }
            // A trailing closure is never the delegate argument.
            if hasTrailingClosure, let last = labels.last, Self.delegateLabels.contains(last) { return false }
            return Array(labels.prefix(written.count)) == written
        }
        if withClosure.count > 1, let arity = trailingArity {
            let preferred = withClosure.first { ($0.labels?.last == "completion") == (arity == 1) }
            if let preferred { return preferred }
        }
        if let first = withClosure.first { return first }
        // A brace after the call that is a statement's body (`if facebook.isSessionValid() {`).
        guard hasTrailingClosure, hasParentheses else { return nil }
        return candidates.first { $0.labels == written }
    }

    /// The label of `symbol`'s parameter that receives a closure here, or nil.
    func closureLabel(in symbol: LegacySymbols.Symbol) -> String? {
        guard let labels = symbol.labels else { return nil }
        if hasTrailingClosure, labels.count == arguments.count + 1 { return labels.last }
        // A closure written in place, or passed by name (`callback: callback`).
        return arguments.first { argument in
            Self.closureLabels.contains(argument.label)
                || argument.range.count > 2 && tokens[argument.range.lowerBound + 2].isPunctuation("{")
        }?.label
    }

    /// The labels of the legacy parameters that take a closure.
    static let closureLabels: Set<String> = ["callback", "completion", "completionHandler", "handler"]

    /// True when an `await` (after `try`, `try?`, `try!`) comes before the expression that ends in
    /// the name at `receiverEnd`.
    func isAwaited(receiverEnd: Int) -> Bool {
        var cursor = receiverEnd
        var steps = 0
        while cursor > 1, tokens[cursor - 1].isPunctuation("."), steps < 64 {
            steps += 1
            cursor -= 2
            while cursor > 0, tokens[cursor].isPunctuation("?") || tokens[cursor].isPunctuation("!") { cursor -= 1 }
            if tokens[cursor].isPunctuation(")") || tokens[cursor].isPunctuation("]") {
                guard partners[cursor] >= 0 else { return false }
                cursor = max(partners[cursor] - 1, 0)
            }
        }
        cursor -= 1
        while cursor >= 0,
            tokens[cursor].isWord("try") || tokens[cursor].isPunctuation("?")
                || tokens[cursor].isPunctuation("!")
        {
            cursor -= 1
        }
        return cursor >= 0 && tokens[cursor].isWord("await")
    }

    /// The text of the argument labelled `label`, when it is a string literal or a name declared as
    /// one (`Hackbook.appFriendsQuery`).
    func literal(ofArgument label: String, constants: [String: String]) -> String? {
        guard let argument = arguments.first(where: { $0.label == label }) else { return nil }
        return Self.literal(tokens, in: (argument.range.lowerBound + 2)..<argument.range.upperBound, constants)
    }

    /// The text of a dictionary entry `"key": value` written before this use (back to the enclosing
    /// `func`) or in its arguments, when the value is a literal or a string constant.
    func literal(forKey key: String, constants: [String: String]) -> String? {
        var cursor = min(end, tokens.count) - 1
        while cursor >= 0, end - cursor < Self.limit, !tokens[cursor].isWord("func") {
            defer { cursor -= 1 }
            guard tokens[cursor].kind == .string, tokens[cursor].value == key, cursor + 2 < tokens.count,
                tokens[cursor + 1].isPunctuation(":")
            else { continue }
            var stop = cursor + 2
            while stop < tokens.count, stop - cursor < 16, !tokens[stop].isPunctuation(","),
                !tokens[stop].isPunctuation("]"), !tokens[stop].isPunctuation(")")
            {
                stop += 1
            }
            return Self.literal(tokens, in: (cursor + 2)..<stop, constants)
        }
        return nil
    }

    /// A lone string literal's text, or the constant a dotted name (`Hackbook.query`) ends in.
    private static func literal(
        _ tokens: [SwiftLexer.Token], in range: Range<Int>, _ constants: [String: String]
    ) -> String? {
        guard !range.isEmpty, range.upperBound <= tokens.count else { return nil }
        if range.count == 1, tokens[range.lowerBound].kind == .string { return tokens[range.lowerBound].value }
        let names = tokens[range]
        guard names.allSatisfy({ $0.kind == .word || $0.isPunctuation(".") }), let last = names.last?.value else {
            return nil
        }
        return constants[last]
    }
}
