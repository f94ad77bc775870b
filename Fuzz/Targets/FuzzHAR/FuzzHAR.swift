// Fuzz target: the HAR reader and writer (HARArchive).
//
// Invariants:
// - any bytes either read as an archive or throw a HARReadError whose description is one line;
// - an archive read → written → read is equal to the first read, and writing it again gives the
//   same bytes (the writer is deterministic).

import FacebookGraphReplay
import Foundation
import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzHAR(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = FuzzInput(data, size)
    let archive: HARArchive
    do {
        archive = try HARArchive(data: Data(input.all))
    } catch {
        let line = error.description
        fuzzExpect(!line.contains("\n") && !line.contains("\r"), "a HAR read error spans lines: \(line)")
        return 0
    }
    let written: Data
    do {
        written = try archive.encoded()
    } catch {
        // Not every value read can be written (a non-finite number has no JSON form); that is an
        // error, not a trap.
        return 0
    }
    let reread: HARArchive
    do {
        reread = try HARArchive(data: written)
    } catch {
        fuzzExpect(false, "a written archive does not read back: \(error)")
        return 0
    }
    fuzzExpect(reread == archive, "HAR read → write → read changed the archive")
    let rewritten = try? reread.encoded()
    fuzzExpect(rewritten == written, "writing the archive twice gave different bytes")
    return 0
}
