import FacebookGraph
import Foundation

/// Parses the arguments and dispatches to a subcommand; returns the process exit status.
enum CommandLineTool {
    static func run(_ arguments: [String]) -> Int32 {
        var output = StandardStreams()
        guard let first = arguments.first else {
            output.out(Help.root)
            return ExitCode.success
        }
        switch first {
        case "--help", "-h", "help":
            output.out(Help.root)
            return ExitCode.success
        case "--version":
            output.out("fbgraph \(PackageVersion.current)")
            return ExitCode.success
        case "demo":
            return DemoCommand.run(Array(arguments.dropFirst()), output: &output)
        case "get":
            return GetCommand.run(Array(arguments.dropFirst()), output: &output)
        default:
            output.err("error: unknown subcommand '\(first)'\n\n\(Help.root)")
            return ExitCode.usage
        }
    }
}

/// The process exit codes, after `sysexits.h`.
enum ExitCode {
    static let success: Int32 = 0
    static let failure: Int32 = 1
    static let usage: Int32 = 64
}

/// Writes to standard output and standard error.
struct StandardStreams {
    mutating func out(_ text: String) {
        FileHandle.standardOutput.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }

    mutating func err(_ text: String) {
        FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }
}
