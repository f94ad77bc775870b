import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// How response bodies are printed: pretty JSON when standard output is a terminal, one line
/// otherwise; `--pretty` and `--compact` force either.
struct OutputFormat {
    /// The output options.
    static let options = [OptionDefinition("--compact"), OptionDefinition("--pretty")]

    /// True to print JSON on one line.
    let compact: Bool

    /// The format `arguments` ask for.
    ///
    /// - Throws: ``CommandError/usage(_:)`` when both `--compact` and `--pretty` are given.
    init(_ arguments: CommandArguments) throws(CommandError) {
        switch (arguments.has("--compact"), arguments.has("--pretty")) {
        case (true, true): throw .usage("--compact and --pretty contradict each other; give one")
        case (true, false): compact = true
        case (false, true): compact = false
        case (false, false): compact = isatty(STDOUT_FILENO) == 0
        }
    }
}

extension OutputFormat {
    /// The output options' lines of an OPTIONS section.
    static let help = """
          --compact               Print JSON on one line (the default when stdout is not a terminal).
          --pretty                Print JSON indented (the default on a terminal).
        """
}
