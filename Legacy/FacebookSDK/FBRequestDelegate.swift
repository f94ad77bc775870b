/// The v2 `FBRequestDelegate` protocol, with the names and types Swift's importer gave the
/// unannotated header.
///
/// Every method was `@optional` in Objective-C; here each has a no-op default, so a legacy class
/// implements only the ones it needs, with the legacy spelling (`FBRequest!`, `Any!`, `Error!`, …).
///
/// Order of calls for one request: ``requestLoading(_:)`` (inside the call that started the request),
/// then, asynchronously on the callback queue, ``request(_:didReceive:)``,
/// ``request(_:didLoadRawResponse:)`` and exactly one of ``request(_:didLoad:)`` or
/// ``request(_:didFailWithError:)``. A transport failure skips the first two.
///
/// It refines `NSObjectProtocol`, as the importer gave the header's `<NSObject>`: a delegate is an
/// `NSObject` subclass.
public protocol FBRequestDelegate: NSObjectProtocol {
    /// The request is about to be sent (`requestLoading:`).
    func requestLoading(_ request: FBRequest!)
    /// The server answered with a status and headers (`request:didReceiveResponse:`); the status is
    /// not judged here.
    func request(_ request: FBRequest!, didReceive response: URLResponse!)
    /// The request failed: a transport error in `NSURLErrorDomain`, or a response body the v2 rules
    /// judge an error, in `facebookErrDomain` (`request:didFailWithError:`).
    func request(_ request: FBRequest!, didFailWithError error: Error!)
    /// The parsed result: a dictionary, an array, a string, a number or nil (`request:didLoad:`).
    func request(_ request: FBRequest!, didLoad result: Any!)
    /// The raw body, before parsing (`request:didLoadRawResponse:`).
    func request(_ request: FBRequest!, didLoadRawResponse data: Data!)
}

extension FBRequestDelegate {
    /// Does nothing: the method was optional. Called on the request's own delegate, it notes that
    /// the delegate has no `requestLoading` of its own, so nothing touched the parameters and
    /// ``FBRequest/connect()`` need not check them. Called on another object (a delegate forwarding
    /// to this one, which may have changed them first), it notes nothing.
    public func requestLoading(_ request: FBRequest!) {
        guard let request, let delegate = request.delegate, (delegate as AnyObject) === (self as AnyObject) else {
            return
        }
        request.requestLoadingWasTheDefault = true
    }
    /// Does nothing: the method was optional.
    public func request(_ request: FBRequest!, didReceive response: URLResponse!) {}
    /// Does nothing: the method was optional.
    public func request(_ request: FBRequest!, didFailWithError error: Error!) {}
    /// Does nothing: the method was optional.
    public func request(_ request: FBRequest!, didLoad result: Any!) {}
    /// Does nothing: the method was optional.
    public func request(_ request: FBRequest!, didLoadRawResponse data: Data!) {}
}
