// The legacy layer's NSError for a transport failure: what v2's NSURLConnection handed
// `request:didFailWithError:`, and what v3.1 nests under `FBErrorInnerErrorKey`. The core keeps
// only the code (`TransportError.urlErrorCode`, which modern callers use); the NSError shape is the
// legacy layer's, and lives here.

import FacebookGraph
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension TransportError {
    /// This error as the `NSError` in `NSURLErrorDomain` that Foundation would have produced, with
    /// the redacted URL under `NSURLErrorFailingURLErrorKey` and the message as the localized
    /// description (v2's `request:didFailWithError:`, v3.1's inner error).
    var urlError: NSError {
        var userInfo: [String: Any] = [NSLocalizedDescriptionKey: message]
        let urlSafe = redactedURL.replacingOccurrences(of: "<redacted>", with: "%3Credacted%3E")
        if let url = URL(string: urlSafe) { userInfo[NSURLErrorFailingURLErrorKey] = url }
        return NSError(domain: NSURLErrorDomain, code: urlErrorCode.rawValue, userInfo: userInfo)
    }
}
