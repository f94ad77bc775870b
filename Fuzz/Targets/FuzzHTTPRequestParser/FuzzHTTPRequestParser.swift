// Fuzz target: the loopback server's request parser (HTTPRequestParser).
//
// The first input byte picks how many bytes each receive call hands over (1…256); the rest is what
// the peer sent. Invariants:
// - every input ends in requests, then `closed` or `rejected` with one of the parser's statuses;
// - the same bytes delivered all at once give the same requests and the same ending (the parser
//   does not depend on how the peer's bytes were split);
// - a request's body is never longer than what was sent, and matches its Content-Length.

import FacebookGraph
import FacebookGraphReplay
import Foundation
import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzHTTPRequestParser(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    var input = FuzzInput(data, size)
    let step = Int(input.byte()) + 1
    let bytes = input.rest()
    let whole = run(HTTPRequestParser(bytes: bytes))
    var offset = 0
    let split = run(
        HTTPRequestParser { destination in
            let count = min(destination.count, step, bytes.count - offset)
            destination.copyBytes(from: bytes[offset..<(offset + count)])
            offset += count
            return count
        })
    fuzzExpect(whole == split, "the parse depends on how the bytes were split (step \(step))")
    for request in whole.requests {
        fuzzExpect(request.body.count <= bytes.count, "a body longer than the input")
        if let length = request.headers["Content-Length"], let expected = Int(length),
            request.headers["Transfer-Encoding"] == nil
        {
            fuzzExpect(
                request.body.count == expected, "body of \(request.body.count) bytes, Content-Length \(expected)")
        }
    }
    if case .rejected(let status) = whole.end {
        fuzzExpect([400, 413, 431, 501, 505].contains(status), "unexpected rejection status \(status)")
    }
    return 0
}

/// A request as compared between two runs.
private struct Seen: Equatable {
    var method: String
    var target: String
    var version: String
    var headers: HTTPHeaders
    var body: Data
}

/// How a run ended.
private enum End: Equatable {
    case closed
    case rejected(Int)
}

/// What one parser read: its requests, then how it ended.
private struct Run: Equatable {
    var requests: [Seen]
    var end: End
}

private func run(_ parser: HTTPRequestParser) -> Run {
    var requests: [Seen] = []
    for index in 0..<64 {
        switch parser.readRequest(connectionID: 1, index: index, sendContinue: { true }) {
        case .request(let request):
            requests.append(
                Seen(
                    method: request.method, target: request.target, version: request.httpVersion,
                    headers: request.headers, body: request.body))
        case .closed:
            return Run(requests: requests, end: .closed)
        case .rejected(let status, _):
            return Run(requests: requests, end: .rejected(status))
        }
    }
    return Run(requests: requests, end: .closed)
}
