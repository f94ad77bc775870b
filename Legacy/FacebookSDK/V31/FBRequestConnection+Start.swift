import Foundation

/// v3.1's `FBRequestConnection` class helpers, with the importer's spellings: each makes the
/// ``FBRequest`` its factory makes (the active session when open), starts it on a new connection and
/// returns the connection (``FBRequest/start(completionHandler:)``).
extension FBRequestConnection {
    /// `+startForMeWithCompletionHandler:`: `me`.
    @discardableResult
    public class func startForMe(completionHandler handler: FBRequestHandler!) -> FBRequestConnection! {
        FBRequest.forMe().start(completionHandler: handler)
    }

    /// `+startForMyFriendsWithCompletionHandler:`: `me/friends`.
    @discardableResult
    public class func startForMyFriends(completionHandler handler: FBRequestHandler!) -> FBRequestConnection! {
        FBRequest.forMyFriends().start(completionHandler: handler)
    }

    /// `+startForUploadPhoto:completionHandler:`: uploads `photo` to `me/photos`.
    @discardableResult
    public class func start(
        forUploadPhoto photo: UIImage!, completionHandler handler: FBRequestHandler!
    ) -> FBRequestConnection! {
        FBRequest(forUploadPhoto: photo).start(completionHandler: handler)
    }

    /// `+startForPostStatusUpdate:completionHandler:`: posts `message` to `me/feed`.
    @discardableResult
    public class func start(
        forPostStatusUpdate message: String!, completionHandler handler: FBRequestHandler!
    ) -> FBRequestConnection! {
        FBRequest(forPostStatusUpdate: message).start(completionHandler: handler)
    }

    /// `+startForPostStatusUpdate:place:tags:completionHandler:`: posts `message` to `me/feed` at
    /// `place`, tagging `tags`.
    @discardableResult
    public class func start(
        forPostStatusUpdate message: String!, place: Any!, tags: Any!, completionHandler handler: FBRequestHandler!
    ) -> FBRequestConnection! {
        FBRequest(forPostStatusUpdate: message, place: place, tags: tags).start(completionHandler: handler)
    }

    /// `+startForPlacesSearchAtCoordinate:radiusInMeters:resultsLimit:searchText:completionHandler:`.
    @discardableResult
    public class func startForPlacesSearch(
        at coordinate: CLLocationCoordinate2D, radiusInMeters radius: Int, resultsLimit limit: Int,
        searchText: String!, completionHandler handler: FBRequestHandler!
    ) -> FBRequestConnection! {
        FBRequest(forPlacesSearchAt: coordinate, radiusInMeters: radius, resultsLimit: limit, searchText: searchText)
            .start(completionHandler: handler)
    }

    /// `+startWithGraphPath:completionHandler:`: a GET of `graphPath`.
    @discardableResult
    public class func start(
        withGraphPath graphPath: String!, completionHandler handler: FBRequestHandler!
    ) -> FBRequestConnection! {
        start(withGraphPath: graphPath, parameters: nil, httpMethod: nil, completionHandler: handler)
    }

    /// `+startForPostWithGraphPath:graphObject:completionHandler:`: posts `graphObject` to `graphPath`.
    @discardableResult
    public class func startForPost(
        withGraphPath graphPath: String!, graphObject: FBGraphObjectProtocol!,
        completionHandler handler: FBRequestHandler!
    ) -> FBRequestConnection! {
        FBRequest(forPostWithGraphPath: graphPath, graphObject: graphObject).start(completionHandler: handler)
    }

    /// `+startWithGraphPath:parameters:HTTPMethod:completionHandler:`: a call of `graphPath` with
    /// `parameters` and `httpMethod` (nil: GET).
    @discardableResult
    public class func start(
        withGraphPath graphPath: String!, parameters: [AnyHashable: Any]!, httpMethod: String!,
        completionHandler handler: FBRequestHandler!
    ) -> FBRequestConnection! {
        FBRequest(graphPath: graphPath, parameters: parameters, httpMethod: httpMethod)
            .start(completionHandler: handler)
    }
}
