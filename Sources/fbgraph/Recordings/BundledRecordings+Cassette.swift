import FacebookGraphReplay
import Foundation

/// How the bundled recordings replay: ``demoCassette()`` and the tokens their requests carry.
extension BundledRecordings {
    /// The token the replay expects. Placeholders pass redaction unchanged, so a client sending
    /// `<TOKEN-1>` matches the entries recorded with the stand-in's fake token (and would match
    /// entries recorded with any real one).
    static let token = "<TOKEN-1>"

    /// The token of the expired-token entry (Graph error 190, subcode 463): the second token the
    /// recording saw.
    static let expiredToken = "<TOKEN-2>"

    /// A fresh cassette of ``demoHAR`` each call: held in memory, replayed strictly (a request
    /// without an entry fails with `noRecordedResponse`; nothing reaches the network), its
    /// `once` entries unplayed.
    ///
    /// - Throws: When the embedded text is not HAR (a broken regeneration).
    static func demoCassette() throws -> Cassette {
        Cassette(archive: try HARArchive(data: Data(demoHAR.utf8)))
    }
}
