import FacebookGraph
import Foundation
import Testing

@testable import FacebookSDK

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A transport failure as the legacy layer reports it (`TransportError+Legacy.swift`).
@Suite("A transport failure as the legacy NSError")
struct LegacyTransportErrorTests {
    @Test("NSURLErrorDomain with the URLError code, the message, and the failing URL, secrets redacted")
    func shape() {
        let error = TransportError(
            .timedOut, message: "GET ?access_token=EAAB99 timed out", url: "https://x/?access_token=EAAB99")
        let legacy = error.urlError
        #expect(legacy.domain == NSURLErrorDomain)
        #expect(legacy.code == URLError.Code.timedOut.rawValue)
        #expect(legacy.localizedDescription == error.message)
        #expect(!"\(legacy)".contains("EAAB99"))
        let failing = legacy.userInfo[NSURLErrorFailingURLErrorKey] as? URL
        #expect(failing?.absoluteString == "https://x/?access_token=%3Credacted%3E")
    }
}
