// What every fuzz target shares: a reader that turns libFuzzer's bytes into structured values, and
// the one way a target reports a broken invariant (print it, then abort so libFuzzer saves the input).

#if canImport(Glibc)
    import Glibc
#endif

/// Reads libFuzzer's input as a stream of small structured values; past the end it yields zeros and
/// empty strings, so a target never needs to check the length first.
package struct FuzzInput {
    private let bytes: [UInt8]
    private var position = 0

    /// A reader over `data`'s `size` bytes (the arguments of `LLVMFuzzerTestOneInput`).
    package init(_ data: UnsafePointer<UInt8>?, _ size: Int) {
        bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    }

    /// The whole input.
    package var all: [UInt8] { bytes }

    /// True when every byte has been read.
    package var isAtEnd: Bool { position >= bytes.count }

    /// The next byte (0 past the end).
    package mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    /// True when the next byte is odd.
    package mutating func flag() -> Bool { byte() & 1 == 1 }

    /// Up to `limit` bytes: a length byte, then that many bytes (fewer at the end).
    package mutating func chunk(limit: Int = 255) -> [UInt8] {
        let count = min(Int(byte()), limit, bytes.count - min(position, bytes.count))
        defer { position += count }
        return Array(bytes[position..<(position + count)])
    }

    /// A short string: a chunk decoded as UTF-8 (invalid sequences become U+FFFD).
    package mutating func string(limit: Int = 255) -> String {
        String(decoding: chunk(limit: limit), as: UTF8.self)
    }

    /// Everything not read yet.
    package mutating func rest() -> [UInt8] {
        defer { position = bytes.count }
        return position < bytes.count ? Array(bytes[position...]) : []
    }
}

/// Stops the run when `condition` is false: prints which invariant broke, then aborts, so libFuzzer
/// records the input as a crash.
package func fuzzExpect(
    _ condition: @autoclosure () -> Bool,
    _ message: @autoclosure () -> String,
    file: StaticString = #fileID,
    line: UInt = #line
) {
    guard !condition() else { return }
    let text = "fuzz invariant broken at \(file):\(line): \(message())\n"
    _ = text.withCString { write(2, $0, strlen($0)) }
    abort()
}

/// libFuzzer's driver (`int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*)(const uint8_t *, size_t))`).
@_silgen_name("LLVMFuzzerRunDriver")
private func llvmFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

/// Runs libFuzzer over `target` with the process's arguments (the flags and corpus directories of
/// `scripts/fuzz`), then exits with libFuzzer's status. A target's `main.swift` calls only this:
/// SwiftPM links an executable target's entry point under its own name, so the target supplies a
/// `main` instead of relying on libFuzzer's.
package func runFuzzer(_ target: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Never {
    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    exit(llvmFuzzerRunDriver(&argc, &argv, target))
}
