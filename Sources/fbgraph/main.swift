// fbgraph: the command-line face of the package. The top level stays synchronous (valgrind and
// some debuggers dislike a top-level `await`); commands block on their own work.
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

let status = CommandLineTool.run(Array(CommandLine.arguments.dropFirst()))
exit(status)
