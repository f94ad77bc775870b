import CCurl
import CFacebookCurlShim
import Foundation

/// The state of one request inside the engine, from `execute` to its one completion.
///
/// Threading: `request`, the buffers and `phase` are touched only on the engine's thread. The only
/// member other threads use is ``cancel()``, which posts to the engine's inbox. The object is
/// retained by the multi handle (through `CURLOPT_PRIVATE`) while its easy handle is added.
final class CurlTransfer: TransferCancelling, @unchecked Sendable {
    enum Phase {
        case queued, running, finished
    }

    /// The request of the current hop (it changes when a redirect is followed).
    var request: PreparedRequest
    /// Called exactly once, on the engine's thread, then dropped: a caller's completion usually holds
    /// what holds this transfer's handle (a `GraphTask`, an `FBURLConnection`), and keeping it after
    /// completion would make that a cycle that leaks every finished request.
    private var completion: (@Sendable (Result<RawResponse, TransportError>) -> Void)?
    private weak var engine: CurlEngine?

    var phase: Phase = .queued
    var easy: CurlEasyHandle?
    var resolveList: UnsafeMutablePointer<curl_slist>?
    /// What libcurl's callbacks write into. Held through a pointer, so the callbacks — called for
    /// every header line and body chunk — pay no exclusivity check on a class property.
    let sink: UnsafeMutablePointer<ResponseSink>
    var redirectCount = 0
    /// When ``CurlEngine/execute(_:completion:)`` took the transfer (`DispatchTime` nanoseconds):
    /// its total timeout counts from here, through any wait for a connection slot.
    let acceptedAt = DispatchTime.now().uptimeNanoseconds

    /// The response as the callbacks collected it.
    struct ResponseSink {
        var head: [UInt8] = []
        var body = Data()
        var limit: Int
        var limitExceeded = false

        init(limit: Int) {
            self.limit = limit
            head.reserveCapacity(512)
        }
    }

    var responseBody: Data { sink.pointee.body }
    var responseHead: [UInt8] { sink.pointee.head }
    var bodyLimitExceeded: Bool { sink.pointee.limitExceeded }

    init(
        request: PreparedRequest,
        engine: CurlEngine,
        completion: @escaping @Sendable (Result<RawResponse, TransportError>) -> Void
    ) {
        self.request = request
        self.engine = engine
        self.completion = completion
        sink = .allocate(capacity: 1)
        sink.initialize(to: ResponseSink(limit: request.options.maxResponseBytes))
    }

    deinit {
        freeLists()
        sink.deinitialize(count: 1)
        sink.deallocate()
    }

    func cancel() {
        engine?.cancel(self)
    }

    /// Delivers the result, once; later calls are ignored.
    func complete(_ result: Result<RawResponse, TransportError>) {
        guard phase != .finished else { return }
        phase = .finished
        freeLists()
        let completion = self.completion
        self.completion = nil
        completion?(result)
    }

    /// Prepares for the next hop of a redirect chain.
    func resetResponse() {
        sink.pointee = ResponseSink(limit: request.options.maxResponseBytes)
        freeLists()
    }

    func freeLists() {
        if let list = resolveList {
            curl_slist_free_all(list)
            resolveList = nil
        }
    }

    /// `CURLOPT_WRITEFUNCTION`: appends body bytes, enforcing the size cap. `userdata` is the sink.
    static let writeBody: fbs_write_callback = { data, size, count, userdata in
        guard let data, let userdata else { return 0 }
        let sink = userdata.assumingMemoryBound(to: ResponseSink.self)
        let length = size * count
        if sink.pointee.body.count + length > sink.pointee.limit {
            sink.pointee.limitExceeded = true
            return 0  // libcurl stops the transfer with CURLE_WRITE_ERROR
        }
        sink.pointee.body.append(UnsafeRawBufferPointer(start: data, count: length).assumingMemoryBound(to: UInt8.self))
        return length
    }

    /// `CURLOPT_READFUNCTION`: end of input. Every body is set with `CURLOPT_COPYPOSTFIELDS`, so libcurl
    /// has no reason to read; if it ever asks, it gets nothing rather than the process's stdin.
    static let readNothing: fbs_write_callback = { _, _, _, _ in 0 }

    /// The most header bytes accepted for one response; more fails as ``TransportError/Code/responseTooLarge``.
    static let maxHeadBytes = 1 << 20

    /// `CURLOPT_HEADERFUNCTION`: keeps the header block of the last response (a new status line —
    /// after `100 Continue`, or a proxy's `CONNECT` answer — starts a new block). `userdata` is the sink.
    static let writeHeader: fbs_write_callback = { data, size, count, userdata in
        guard let data, let userdata else { return 0 }
        let sink = userdata.assumingMemoryBound(to: ResponseSink.self)
        let length = size * count
        if sink.pointee.head.count + length > CurlTransfer.maxHeadBytes {
            sink.pointee.limitExceeded = true
            return 0
        }
        let line = UnsafeRawBufferPointer(start: data, count: length)
        if length >= 5, line[0] == UInt8(ascii: "H"), line[1] == UInt8(ascii: "T"), line[2] == UInt8(ascii: "T"),
            line[3] == UInt8(ascii: "P"), line[4] == UInt8(ascii: "/")
        {
            sink.pointee.head.removeAll(keepingCapacity: true)
        }
        sink.pointee.head.append(contentsOf: line)
        return length
    }
}
