/// The block callbacks of seed 002 ("Adding block callbacks to the Facebook iOS SDK"), with the
/// importer's types for an unannotated block (`((FBRequest?, Any?, Error?) -> Void)!`, so legacy code
/// may pass a closure or nil), and with the
/// seed's bugs fixed: ``FBRequest/usesBlockCallback`` is set whenever a callback is given, the
/// callback fires exactly once (network failures included), and every call is its own request —
/// the seed kept one `_request`, so a second call overwrote the first.
///
/// Each returns the ``FBRequest`` it started: keep it to cancel the call with
/// `request?.connection?.cancel()` (nothing is delivered afterwards; ``FBRequest/connection`` is nil
/// once the request has completed, so read it on the callback queue).
extension Facebook {
    /// `requestWithGraphPath:params:method:callback:`: a Graph call whose outcome arrives in one
    /// block, `(request, result, nil)` on success or `(request, nil, error)` on failure, with the same
    /// values the delegate methods would get.
    @discardableResult
    public func request(
        withGraphPath graphPath: String!,
        params: NSMutableDictionary!,
        method: String!,
        callback: ((FBRequest?, Any?, Error?) -> Void)!
    ) -> FBRequest! {
        openGraphPath(graphPath, params: params, httpMethod: method, delegate: nil) { $0.useBlockCallback(callback) }
    }

    /// `requestWithMethodName:andParams:andHttpMethod:callback:`: a REST call whose outcome arrives
    /// in one block.
    @discardableResult
    public func request(
        withMethodName methodName: String!,
        andParams params: NSMutableDictionary!,
        andHttpMethod httpMethod: String!,
        callback: ((FBRequest?, Any?, Error?) -> Void)!
    ) -> FBRequest! {
        openRESTMethod(methodName ?? "", params: params, httpMethod: httpMethod, delegate: nil) {
            $0.useBlockCallback(callback)
        }
    }
}

extension FBRequest {
    /// `+getRequestWithParams:httpMethod:callback:requestURL:` (seed 002): a request set up with a
    /// block instead of a delegate, not yet started.
    public class func getWithParams(
        _ params: NSMutableDictionary!,
        httpMethod: String!,
        callback: ((FBRequest?, Any?, Error?) -> Void)!,
        requestURL url: String!
    ) -> FBRequest! {
        let request: FBRequest = getWithParams(params, httpMethod: httpMethod, delegate: nil, requestURL: url)
        request.useBlockCallback(callback)
        return request
    }

    /// Delivers the outcome to `callback` instead of the delegate (seed 002's fix: the flag is set
    /// whenever a callback is given).
    func useBlockCallback(_ callback: ((FBRequest?, Any?, Error?) -> Void)?) {
        FBRequestCallback = callback
        usesBlockCallback = callback != nil
    }
}
