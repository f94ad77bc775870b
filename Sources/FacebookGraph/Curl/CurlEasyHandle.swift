import CCurl
import CFacebookCurlShim
import Glibc

/// Owns one libcurl easy handle (`CURL*`) and its error buffer.
///
/// Threading: a handle belongs to the engine's thread. It is created, configured, added to the
/// multi handle, reset and freed there only; nothing else may touch it.
final class CurlEasyHandle {
    /// The raw `CURL*`.
    let raw: UnsafeMutableRawPointer
    /// libcurl writes its detailed error text here (`CURLOPT_ERRORBUFFER`).
    private let errorBuffer: UnsafeMutablePointer<CChar>
    /// The option profile the handle is configured for; a request with the same profile only sets
    /// its own values (URL, body, header list, callback pointers) instead of resetting every option.
    var profile: CurlHandleProfile?
    /// The header list this handle's last request was given, kept for the next request with the
    /// same fields; freed when replaced and with the handle.
    private(set) var headerList: UnsafeMutablePointer<curl_slist>?
    /// What ``headerList`` was built from; nil when there is none.
    private(set) var headerListKey: HeaderListKey?
    /// The parsed URL (`CURLU*`) handed to libcurl with `CURLOPT_CURLU`, kept for the next request to
    /// the same URL; freed with the handle.
    private var parsedURL: OpaquePointer?
    /// The UTF-8 of the URL ``parsedURL`` holds (a whole URL, or one without its query); empty when it
    /// holds none.
    private var parsedURLText: [UInt8] = []
    /// The path libcurl sends for ``parsedURL`` followed by `?` (``CurlRequestTarget``), read back
    /// when the URL is parsed; nil when it could not be read, which keeps the query in the URL.
    private var parsedURLTargetPrefix: [UInt8]?
    /// The NUL-terminated request target last set, its storage reused from one request to the next.
    private var targetBuffer: [UInt8] = []
    /// True when `CURLOPT_REQUEST_TARGET` is set on the handle.
    private var setsTarget = false

    /// What decides a request's header list.
    struct HeaderListKey: Equatable {
        var headers: HTTPHeaders
        var hasBody: Bool
        var acceptsCompressed: Bool
    }

    /// Creates a handle, or returns nil when libcurl cannot allocate one.
    init?() {
        guard let handle = curl_easy_init() else { return nil }
        raw = handle
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
    }

    deinit {
        curl_easy_cleanup(raw)
        if let headerList { curl_slist_free_all(headerList) }
        if let parsedURL { curl_url_cleanup(parsedURL) }
        errorBuffer.deallocate()
    }

    /// Makes `list` (built from `key`) the handle's header list and frees the previous one. Only
    /// between transfers: libcurl reads the list while a transfer runs.
    func replaceHeaderList(_ list: UnsafeMutablePointer<curl_slist>?, key: HeaderListKey) {
        if let headerList { curl_slist_free_all(headerList) }
        headerList = list
        headerListKey = key
    }

    /// Points the handle at `url`. Given a URL string (`CURLOPT_URL`), libcurl parses it again on
    /// every transfer; given a parsed one (`CURLOPT_CURLU`), it copies the parts. So the handle keeps
    /// the last URL parsed, with the flags libcurl itself parses `CURLOPT_URL` with, and parses only
    /// a different one. A URL libcurl cannot parse goes in as a string, so the transfer fails as it
    /// always did. Only between transfers: libcurl reads the parsed URL when a transfer starts.
    ///
    /// With `originForm` (``CurlRequestTarget/isOriginForm(scheme:bypassesProxy:)``), a query that
    /// ``CurlRequestTarget`` lets travel in the request target does: the handle parses the URL without
    /// it (so one parse serves every query on the same path) and sets `CURLOPT_REQUEST_TARGET` to the
    /// path libcurl would send, `?` and the query.
    func setURL(_ url: String, originForm: Bool) {
        var url = url
        let inTarget = url.withUTF8 { bytes -> Bool? in
            if originForm, let question = CurlRequestTarget.queryStart(in: bytes),
                point(at: UnsafeBufferPointer(rebasing: bytes[..<question])),
                let prefix = parsedURLTargetPrefix
            {
                setTarget(prefix, query: UnsafeBufferPointer(rebasing: bytes[(question + 1)...]))
                return true
            }
            return point(at: bytes) ? false : nil
        }
        if inTarget == true { return }
        if setsTarget { clearTarget() }
        if inTarget == nil {
            set(CURLOPT_CURLU, pointer: nil)
            set(CURLOPT_URL, url)
        }
    }

    /// Hands libcurl the parsed `text` (a URL), parsed again only when it differs from the last; false,
    /// with nothing handed over, when libcurl cannot parse it.
    private func point(at text: UnsafeBufferPointer<UInt8>) -> Bool {
        let same =
            !parsedURLText.isEmpty && parsedURLText.count == text.count
            && parsedURLText.withUnsafeBufferPointer { memcmp($0.baseAddress!, text.baseAddress!, text.count) == 0 }
        if !same {
            parsedURLText = []
            parsedURLTargetPrefix = nil
            if parsedURL == nil { parsedURL = curl_url() }
            guard let parsedURL else { return false }
            let cString = text.map { CChar(bitPattern: $0) } + [0]
            let flags = UInt32(CURLU_GUESS_SCHEME | CURLU_NON_SUPPORT_SCHEME)
            guard curl_url_set(parsedURL, CURLUPART_URL, cString, flags) == CURLUE_OK else { return false }
            parsedURLText = Array(text)
            var path: UnsafeMutablePointer<CChar>?
            if curl_url_get(parsedURL, CURLUPART_PATH, &path, UInt32(CURLU_URLENCODE)) == CURLUE_OK, let path {
                parsedURLTargetPrefix =
                    Array(UnsafeRawBufferPointer(start: path, count: strlen(path)))
                    + [UInt8(ascii: "?")]
                curl_free(path)
            }
        }
        set(CURLOPT_CURLU, pointer: UnsafeRawPointer(parsedURL))
        return true
    }

    /// Sets `CURLOPT_REQUEST_TARGET` to `prefix` (path and `?`) followed by `query`; libcurl copies it.
    /// The handle keeps an option until it is reset, so a target equal to the one set is not set again.
    private func setTarget(_ prefix: [UInt8], query: UnsafeBufferPointer<UInt8>) {
        if setsTarget, targetBuffer.count == prefix.count + query.count + 1 {
            let same = targetBuffer.withUnsafeBufferPointer { target in
                prefix.withUnsafeBufferPointer { memcmp(target.baseAddress!, $0.baseAddress!, prefix.count) == 0 }
                    && (query.isEmpty
                        || memcmp(target.baseAddress! + prefix.count, query.baseAddress!, query.count) == 0)
            }
            if same { return }
        }
        targetBuffer.removeAll(keepingCapacity: true)
        targetBuffer.append(contentsOf: prefix)
        targetBuffer.append(contentsOf: query)
        targetBuffer.append(0)
        targetBuffer.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                _ = fbs_easy_setopt_string(raw, CURLOPT_REQUEST_TARGET, $0.baseAddress)
            }
        }
        setsTarget = true
    }

    /// Clears `CURLOPT_REQUEST_TARGET`: libcurl builds the target from the URL again.
    private func clearTarget() {
        _ = fbs_easy_setopt_string(raw, CURLOPT_REQUEST_TARGET, nil)
        setsTarget = false
    }

    /// Clears every option (the connection cache lives in the multi handle and survives) and
    /// points libcurl at the error buffer again.
    func reset() {
        curl_easy_reset(raw)
        profile = nil
        setsTarget = false
        errorBuffer[0] = 0
        _ = fbs_easy_setopt_ptr(raw, CURLOPT_ERRORBUFFER, errorBuffer)
    }

    /// Clears the error text of the previous transfer.
    func clearError() {
        errorBuffer[0] = 0
    }

    /// libcurl's detail for the last failure, or "" when it left none.
    var errorDetail: String {
        String(cString: errorBuffer)
    }

    @discardableResult
    func set(_ option: CURLoption, _ value: Int) -> CURLcode {
        fbs_easy_setopt_long(raw, option, value)
    }

    @discardableResult
    func set(_ option: CURLoption, _ value: Bool) -> CURLcode {
        fbs_easy_setopt_long(raw, option, value ? 1 : 0)
    }

    @discardableResult
    func set(_ option: CURLoption, offset value: Int64) -> CURLcode {
        fbs_easy_setopt_off_t(raw, option, curl_off_t(value))
    }

    /// Sets a string option; libcurl copies the string.
    @discardableResult
    func set(_ option: CURLoption, _ value: String) -> CURLcode {
        value.withCString { fbs_easy_setopt_string(raw, option, $0) }
    }

    @discardableResult
    func set(_ option: CURLoption, pointer value: UnsafeRawPointer?) -> CURLcode {
        fbs_easy_setopt_ptr(raw, option, value)
    }

    @discardableResult
    func set(_ option: CURLoption, list value: UnsafeMutablePointer<curl_slist>?) -> CURLcode {
        fbs_easy_setopt_slist(raw, option, value)
    }

    @discardableResult
    func set(_ option: CURLoption, callback value: fbs_write_callback) -> CURLcode {
        fbs_easy_setopt_write_callback(raw, option, value)
    }

    /// Sets a blob option; libcurl copies the bytes.
    @discardableResult
    func set(_ option: CURLoption, blob value: [UInt8]) -> CURLcode {
        value.withUnsafeBytes { fbs_easy_setopt_blob_copy(raw, option, $0.baseAddress, $0.count) }
    }

    func info(long info: CURLINFO) -> Int {
        var value = 0
        return fbs_easy_getinfo_long(raw, info, &value) == CURLE_OK ? value : 0
    }

    func info(offset info: CURLINFO) -> Int64 {
        var value: curl_off_t = 0
        return fbs_easy_getinfo_off_t(raw, info, &value) == CURLE_OK ? Int64(value) : 0
    }

    func info(string info: CURLINFO) -> String? {
        var value: UnsafePointer<CChar>?
        guard fbs_easy_getinfo_string(raw, info, &value) == CURLE_OK, let value else { return nil }
        return String(cString: value)
    }

    func info(pointer info: CURLINFO) -> UnsafeMutableRawPointer? {
        var value: UnsafeMutableRawPointer?
        return fbs_easy_getinfo_ptr(raw, info, &value) == CURLE_OK ? value : nil
    }
}
