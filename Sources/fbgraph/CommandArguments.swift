// The one argument parser of the CLI.
//
// swift-argument-parser cannot be fetched here, so this file gives the commands its habits in a
// few lines: options by short and long name (`-p v`, `--param v`, `--param=v`), flags, repeatable
// options, positional arguments by name (a name ending in `...` takes one or more), `--` to end
// the options, and errors that name the offending argument. Commands declare what they accept and
// read the result by the option's long name; `CommandLineTool` handles `--help` before parsing.

/// One option a command accepts: its spellings and, for an option that takes a value, the value's
/// name (a flag has none).
struct OptionDefinition: Sendable {
    /// The spellings, short first (`-p`, `--param`).
    let names: [String]
    /// The value's name in messages (`key=value`), or nil for a flag.
    let valueName: String?

    /// An option spelled `names`, taking a value called `value` (nil for a flag).
    init(_ names: String..., value: String? = nil) {
        self.names = names
        self.valueName = value
    }

    /// The name results are stored under: the last spelling (the long name).
    var key: String { names[names.count - 1] }
}

/// The arguments of one command once parsed: the positional values by name and every option in
/// the order given.
struct CommandArguments {
    /// Positional values by their declared name (`PATH`); a variadic name holds every value.
    private(set) var positionals: [String: [String]] = [:]
    /// Each option occurrence in order: its long name and its value (nil for a flag).
    private(set) var occurrences: [(key: String, value: String?)] = []

    /// Parses `arguments` against the command's `options` and `positionals`.
    ///
    /// - Throws: ``CommandError/usage(_:)`` naming an unknown option, an option without its value,
    ///   a flag given a value, a missing positional or an unexpected one.
    init(parsing arguments: [String], options: [OptionDefinition], positionals names: [String]) throws(CommandError) {
        var loose: [String] = []
        var index = arguments.startIndex
        var optionsEnded = false
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            guard !optionsEnded, argument.hasPrefix("-"), argument != "-" else {
                loose.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            var spelling = argument
            var attached: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                spelling = String(argument[..<equals])
                attached = String(argument[argument.index(after: equals)...])
            }
            guard let option = options.first(where: { $0.names.contains(spelling) }) else {
                throw .usage("unknown option '\(spelling)'")
            }
            guard let valueName = option.valueName else {
                if attached != nil { throw .usage("\(spelling) takes no value") }
                occurrences.append((option.key, nil))
                continue
            }
            if let attached {
                occurrences.append((option.key, attached))
            } else if index < arguments.endIndex {
                occurrences.append((option.key, arguments[index]))
                index += 1
            } else {
                throw .usage("missing value for \(spelling) \(valueName)")
            }
        }
        for name in names {
            if name.hasSuffix("...") {
                let base = String(name.dropLast(3))
                guard !loose.isEmpty else { throw .usage("missing \(base)") }
                positionals[base] = loose
                loose = []
            } else {
                guard !loose.isEmpty else { throw .usage("missing \(name)") }
                positionals[name] = [loose.removeFirst()]
            }
        }
        if let unexpected = loose.first {
            throw .usage("unexpected argument '\(unexpected)'")
        }
    }

    /// The value of the positional called `name` (for a variadic one, the first).
    func positional(_ name: String) -> String {
        positionals[name]?.first ?? ""
    }

    /// Every value of the variadic positional called `name`.
    func positionalList(_ name: String) -> [String] {
        positionals[name] ?? []
    }

    /// Every value given to the option whose long name is `key`, in order.
    func values(_ key: String) -> [String] {
        occurrences.compactMap { $0.key == key ? $0.value : nil }
    }

    /// The last value given to the option whose long name is `key`, or nil.
    func value(_ key: String) -> String? {
        values(key).last
    }

    /// True when the flag or option whose long name is `key` was given.
    func has(_ key: String) -> Bool {
        occurrences.contains { $0.key == key }
    }

    /// True when `arguments` ask for help (`-h` or `--help` before any `--`).
    static func asksForHelp(_ arguments: [String]) -> Bool {
        for argument in arguments {
            if argument == "--" { return false }
            if argument == "-h" || argument == "--help" { return true }
        }
        return false
    }
}
