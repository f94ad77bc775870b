import FacebookGraph
import Foundation
import Testing

@testable import fbgraph

/// `fbgraph` prints bodies through the package's one JSON reader (`GraphJSON`): numbers are printed
/// as the server sent them, whatever their size.
@Suite("JSON printer")
struct JSONPrinterTests {
    @Test("integers beyond 32 and 64 bits and string ids print exactly as sent")
    func bigIntegersExact() {
        let body = Data(
            (#"{"id":"10153000000000001","u":18446744073709551615,"m":-9223372036854775808,"#
                + #""n":123456789012345678901234567890,"x":1.5,"i":9007199254740993}"#).utf8)
        #expect(
            JSONPrinter.render(body, compact: true)
                == #"{"i":9007199254740993,"id":"10153000000000001","m":-9223372036854775808,"#
                + #""n":123456789012345678901234567890,"u":18446744073709551615,"x":1.5}"#)
    }

    @Test("a body that is not JSON prints as its text; a top-level scalar prints as JSON")
    func notJSON() {
        #expect(JSONPrinter.render(Data("{\"a\":1".utf8), compact: true) == "{\"a\":1")
        #expect(JSONPrinter.render(Data("12345678901234567890".utf8), compact: true) == "12345678901234567890")
        #expect(JSONPrinter.render(Data(#""a/b""#.utf8), compact: true) == #""a/b""#)
    }
}
