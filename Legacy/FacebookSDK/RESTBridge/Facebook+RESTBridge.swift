import FacebookGraph

extension Facebook {
    /// The funnel of every REST call (delegate, block, `Result` and `async`): v2's
    /// `openUrl:params:httpMethod:delegate:` with `restBaseURL + methodName`; when ``restBridge``
    /// says so, the request is answered by the REST-to-Graph bridge (Graph calls to
    /// ``graphBaseURL``) instead of the REST host, in the REST result shape.
    func openRESTMethod(
        _ methodName: String,
        params: NSMutableDictionary?,
        httpMethod: String?,
        delegate: FBRequestDelegate?,
        configure: ((FBRequest) -> Void)? = nil
    ) -> FBRequest {
        let bridge =
            restBridge.bridges(restBaseURL: restBaseURL)
            ? RESTBridge(
                methodName: methodName,
                graphBaseURL: graphBaseURL,
                appID: appId,
                appSecret: appSecret,
                friendsPageSize: restBridgeFriendsPageSize
            ) : nil
        return openURL(restBaseURL + methodName, params: params, httpMethod: httpMethod, delegate: delegate) {
            request in
            request.restBridge = bridge
            configure?(request)
        }
    }
}
