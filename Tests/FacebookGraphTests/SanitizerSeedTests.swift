import Foundation
import Testing

/// Defects seeded on purpose, for `scripts/sanitizers`' self-test: after each sanitizer's run over
/// the selection, the script runs this suite alone in the same instrumented build with
/// `FACEBOOKSDKSHIM_SANITIZER_SEED` naming the defect (`race` under ThreadSanitizer, `use-after-free`
/// under AddressSanitizer) and requires the run to fail with the sanitizer's report. So a change to
/// the sanitizer flags, options or suppressions that silenced the sanitizer fails CI instead of
/// passing it. Without the variable (every other run) both tests are skipped, with that reason.
@Suite("Seeded defects each sanitizer must report (scripts/sanitizers' self-test)")
struct SanitizerSeedTests {
    static let seed = ProcessInfo.processInfo.environment["FACEBOOKSDKSHIM_SANITIZER_SEED"]

    @Test(
        "A data race: two threads add to one integer with no lock between them",
        .enabled(if: seed == "race", "run only by scripts/sanitizers' self-test under ThreadSanitizer")
    )
    func dataRace() {
        let counter = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        counter.initialize(to: 0)
        defer { counter.deallocate() }
        // The address crosses to the threads as a number: the race is the point.
        let address = Int(bitPattern: counter)
        let finished = DispatchGroup()
        for _ in 0..<2 {
            finished.enter()
            Thread {
                let shared = UnsafeMutablePointer<Int>(bitPattern: address)!
                for _ in 0..<10_000 { shared.pointee += 1 }
                finished.leave()
            }.start()
        }
        finished.wait()
        #expect(counter.pointee > 0)
    }

    @Test(
        "A use after free: a freed buffer is read",
        .enabled(if: seed == "use-after-free", "run only by scripts/sanitizers' self-test under AddressSanitizer")
    )
    func useAfterFree() {
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 64)
        buffer.initialize(repeating: 7, count: 64)
        buffer.deallocate()
        #expect(buffer[3] == 7)
    }
}
