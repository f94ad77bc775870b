import CCurl
import CFacebookCurlShim

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
    /// The URL ``parsedURL`` holds; nil when it holds none.
    private var parsedURLText: String?

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
    func setURL(_ url: String) {
        if parsedURLText != url {
            parsedURLText = nil
            if parsedURL == nil { parsedURL = curl_url() }
            let flags = UInt32(CURLU_GUESS_SCHEME | CURLU_NON_SUPPORT_SCHEME)
            guard let parsedURL,
                url.withCString({ curl_url_set(parsedURL, CURLUPART_URL, $0, flags) }) == CURLUE_OK
            else {
                set(CURLOPT_CURLU, pointer: nil)
                set(CURLOPT_URL, url)
                return
            }
            parsedURLText = url
        }
        set(CURLOPT_CURLU, pointer: UnsafeRawPointer(parsedURL))
    }

    /// Clears every option (the connection cache lives in the multi handle and survives) and
    /// points libcurl at the error buffer again.
    func reset() {
        curl_easy_reset(raw)
        profile = nil
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
